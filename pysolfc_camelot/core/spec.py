# SPDX-License-Identifier: GPL-3.0-or-later
"""What a game is to the rest of the package: one ``GameSpec``.

Each game's ``__init__.py`` builds its one spec (``SPEC = GameSpec(...)``)
and the registry (games.py) hands it out: ``games.spec(name)``.  The
shared code (the command line, the analysis, What went wrong, the
installer, the rules pages, the pictures, and on the PySolFC side the
hints, the demo, the Solver dialog, winnable deals and the history)
reads ``spec.*`` and nothing else of a game, so a game never needs a
branch of its own outside its folder.

A spec is cheap to build: it holds names, numbers and small functions,
and imports a part of the game (``rules``, ``solver``, ...) only when it
is first asked for.  Pure: no PySolFC import (the PySolFC side of a game
is its ``game.py``, see pysol/game_base.py for the few methods it adds).

tests/test_game_spec.py checks every game's spec: every field present,
of its kind, and the functions working on the game's new deal.
"""
import importlib
from typing import Callable, Mapping, Optional

from .budget import Budget
from .intervals import wilson


class StudyFigure:
    """A figure of the study (docs/study.md): of ``deals`` consecutive
    PySolFC deals, ``share`` proved winnable, with the 95% interval
    ``low``..``high`` that counts each undecided deal both ways.  A rules
    page shows it as the sentence rules_pages.STUDY says in its
    language."""

    def __init__(self, deals, share, low, high):
        self.deals, self.share, self.low, self.high = deals, share, low, high


class TierFigure:
    """How hard the deals are (issue 22, docs/fair-play.md): of PySolFC's
    deals 1 to ``deals``, how many are of each tier (``counts``: easy,
    medium, hard, lost, and ``unknown`` for deals whose tier is not
    known, counted both ways in the intervals).  A rules page shows it
    as the sentence rules_pages.TIERS says in its language."""

    TIERS = ("easy", "medium", "hard", "lost")

    def __init__(self, deals, counts):
        unknown = set(counts) - set(self.TIERS) - {"unknown"}
        if unknown or sum(counts.values()) != deals:
            raise ValueError("tier counts %r do not add up to %d deals"
                             % (counts, deals))
        self.deals, self.counts = deals, dict(counts)

    def share(self, tier):
        """(share, low, high) of ``tier``: the 95% Wilson interval with
        each deal of unknown tier counted out, then in."""
        k, u, n = self.counts.get(tier, 0), self.counts.get("unknown", 0), \
            self.deals
        return k / n, wilson(k, n)[0], wilson(k + u, n)[1]


class GameSpec:
    """One game.  What is given:

    name              the registry's and the command line's name ("plot")
    package           the game's package (its ``__name__``)
    game_id           PySolFC's game id (ours, clear of PySolFC's own)
    game_name         PySolFC's name of the game ("The Plot Classic")
    rules_name        the patience these rules are of ("The Plot")
    decks             52-card decks in play
    deck_of           position -> the deck (card ids, first dealt first)
                      whose deal is that position (PySolFC's history is
                      read back to it)
    position_key      position -> what identifies it for a hint's answer
    quick_move        "module:function" of a move without a search
                      (position -> move or None): a hint's fallback
    winnable_states   the solver's budget (canonical states) of a deal
                      screened by winnable deals only
    rated_deals       "module:name" of {tier: PySolFC deal numbers} known
                      to be of that tier (made by tools/rated_deals.py
                      from a study of the tiers), which winnable deals
                      only deals when its screening finds none in time;
                      None while the game's tiers are not studied
    page_figures      {placeholder: measured share} of its rules pages
    pictures          the file names of its rules pages' pictures, drawn
                      by its ``pictures.py`` (``PICTURES``)
    texts             the namespace of its own text keys ("plot" for
                      ``plot.*``, in its ``texts.py``, ``TEXTS``)

    and what is read from its parts, on first use: ``rules`` (its
    ``Position``, ``new_game``), ``notation``, ``solver`` (``solve``),
    ``hints``, ``hint_modes`` (``choose_move``, ``hint_setting``,
    ``settings_file``, ``perfect_budget``), ``search_worker`` (and its
    module name, ``search_worker_module``) and ``part(module)`` for any
    other (``hidden``, ``perfect``, ``game``, ``pictures``)."""

    # The fields given, and the kind each must be (tests/test_game_spec.py).
    FIELDS = {"name": str, "package": str, "game_id": int,
              "game_name": str, "rules_name": str, "decks": int,
              "deck_of": Callable, "position_key": Callable,
              "quick_move": str,
              "winnable_states": int, "rated_deals": (str, type(None)),
              "page_figures": Mapping, "pictures": tuple, "texts": str}

    def __init__(self, *, name, package, game_id, game_name, rules_name,
                 decks, deck_of, position_key, quick_move, winnable_states,
                 rated_deals, page_figures, pictures, texts=None):
        self.name, self.package = name, package
        self.game_id, self.game_name = game_id, game_name
        self.rules_name, self.decks = rules_name, decks
        self.deck_of, self.position_key = deck_of, position_key
        self.quick_move = quick_move
        self.winnable_states = winnable_states
        self.rated_deals = rated_deals
        self.page_figures = page_figures
        self.pictures = tuple(pictures)
        self.texts = texts or name

    def __repr__(self):
        return "GameSpec(%r, %d %r)" % (self.name, self.game_id,
                                        self.game_name)

    # -- the game's parts, imported when first asked for -------------------

    def part(self, module):
        """One part of the game, e.g. ``spec.part("hidden")``."""
        return importlib.import_module(self.package + "." + module)

    def function(self, ref):
        """The function a "module:function" reference names."""
        module, _, attr = ref.partition(":")
        return getattr(self.part(module), attr)

    @property
    def rules(self):
        return self.part("rules")

    @property
    def notation(self):
        return self.part("notation")

    @property
    def solver(self):
        return self.part("solver")

    @property
    def hints(self):
        return self.part("hints")

    @property
    def hint_modes(self):
        return self.part("hint_modes")

    @property
    def search_worker(self):
        return self.part("search_worker")

    @property
    def search_worker_module(self):
        """What ``python -m`` runs as the game's search process."""
        return self.package + ".search_worker"

    @property
    def position_class(self):
        return self.rules.Position

    def new_game(self, deck):
        """The rules position dealt from ``deck`` (card ids, first dealt
        first)."""
        return self.rules.Position.new_game(deck)

    @property
    def solve(self):
        """The exact solver: ``solve(position, budget_seconds)``."""
        return self.solver.solve

    @property
    def choose_move(self):
        """The hint policy: ``choose_move(position, mode, for_demo, ...)``
        (the game's hint_modes.choose_move, whatever its signature)."""
        return self.hint_modes.choose_move

    @property
    def hint_setting(self):
        """The player's hint mode and its settings file
        (game_settings.HintSetting)."""
        return self.hint_modes.SETTING

    @property
    def settings_file(self):
        """The settings file's name in PySolFC's config folder."""
        return self.hint_modes.SETTINGS_FILE

    @property
    def perfect_budget(self):
        """Seconds of a perfect hint, by use ("hint", "demo", ...)."""
        return dict(self.hint_modes.PERFECT_BUDGET)

    def choose_move_here(self, position, mode, for_demo,
                         should_stop: Optional[Callable] = None):
        """The hint policy's move, searched in this thread (where no
        search process can start); a stopped search gives up at once."""
        return self.choose_move(position, mode, for_demo=for_demo,
                                budget=Budget(should_stop=should_stop))

    def quick_move_of(self, position):
        """A move without a search (a hint's fallback), or None."""
        return self.function(self.quick_move)(position)

    def rated_deals_of(self, tier):
        """The deal numbers known to be of ``tier`` (none when the game's
        tiers are not studied)."""
        if self.rated_deals is None:
            return ()
        return tuple(self.function(self.rated_deals).get(tier, ()))

    def random_deck(self, rng):
        """Card ids 0..51, once per deck, shuffled by ``rng``."""
        deck = list(range(52)) * self.decks
        rng.shuffle(deck)
        return deck
