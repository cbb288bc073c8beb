# SPDX-License-Identifier: GPL-3.0-or-later
"""Keyboard and speech: our games for a player without a mouse, or
without sight, through PySolFC's own hooks.

PySolFC 3.4 and later let the keyboard pick piles (arrows, Tab) and move
cards (Return), and speak through the player's screen reader: the pile
picked, ``q`` for the game and ``v`` for the picked pile.  What it says by
itself fits a plain game ("10 - Diamonds", "Empty stack", "Foundation");
ours have piles whose meaning is their class or their count.  So each of
our stacks says itself with ``speech()`` (beside ``getHelp()``, which
writes the same kind of thing on the status bar), and the game says its
state with ``game_speech()``.  Hosts without these hooks (3.2) never call
them.

The hint label's fair/perfect switch also has a key, ``HINT_MODE_KEY``
(named on the label), so it needs no mouse.
"""

from ..texts import tr

HINT_MODE_KEY = "m"


def bind_keys(game, key, handler):
    """Bind ``key`` (a letter, either case) on the game's window to
    handler(event) while the game lives; returns what ``unbind_keys``
    needs.  Nothing where the front end has no Tk bindings."""
    top = getattr(game, "top", None)
    bindings = []
    for letter in (key.lower(), key.upper()):
        sequence = "<KeyPress-%s>" % letter
        try:
            bindings.append((sequence, top.bind(sequence, handler,
                                                add="+")))
        except Exception:               # a front end without Tk bindings
            break
    return tuple(bindings)


def unbind_keys(game, bindings):
    for sequence, funcid in bindings:
        try:
            game.top.unbind(sequence, funcid)
        except Exception:
            pass


def game_key(game, event, action):
    """A key of ours pressed: action(), unless a demo runs or the game is
    paused or a preview, where PySolFC's own key handler (which our
    binding replaces for this key) gets it, e.g. to stop the demo."""
    if game.demo or game.pause or getattr(game, "preview", 0) > 1:
        menubar = getattr(game.app, "menubar", None)
        handler = getattr(menubar, "_keyPressHandler", None)
        if handler is None or not getattr(event, "keysym", None):
            return None                 # (a call without a key event)
        return handler(event)
    action()
    return "break"


class AccessibleGame:
    """Mixin of our Game classes (game_base.OurGame).  It reads the
    game's ``game_speech()`` (game_base.py lists it), ``hint_label()``
    and ``_toggle_hint_mode()`` (AssistedGame's); each stack may provide
    ``speech()``."""

    _key_bindings = ()

    # -- the hint-mode key, bound while the game lives ---------------------

    def create(self, app):
        result = super().create(app)
        self._key_bindings = bind_keys(self, HINT_MODE_KEY,
                                       self._hint_mode_key)
        return result

    def destruct(self):
        unbind_keys(self, self._key_bindings)
        self._key_bindings = ()
        super().destruct()

    def _hint_mode_key(self, event=None):
        return game_key(self, event, self._hint_mode_switch)

    def _hint_mode_switch(self):
        self._toggle_hint_mode()
        self.speak(self.hint_label().split("\n")[0])

    # -- speech ------------------------------------------------------------

    def speak(self, text):
        speech = getattr(self.app, "speech", None)
        if speech is not None and text:
            speech.speak(text)

    def getStackSpeech(self, stack, cardindex):
        says = getattr(stack, "speech", None)
        if says is None:
            return super().getStackSpeech(stack, cardindex)
        return says()

    def parseStackInfo(self, stack):
        return self.getStackSpeech(stack, -1)

    def parseGameInfo(self):
        return self.game_speech()

    def card_speech(self, card):
        """A card as speech names it ("queen of spades", "7 of hearts"),
        in the player's language: our own words, since PySolFC's
        ``parseCard`` gives "Queen - Spades" and its catalogs have no
        suit names (no Greek catalog at all)."""
        if not card.face_up or not 0 <= card.suit <= 3:
            return self.parseCard(card)        # PySolFC's "Face-down"
        return card_speech(card.rank + 1, card.suit)


# PySolFC's suit numbers (pysollib.acard: club, spade, heart, diamond).
_SUIT_SPEECH = ("game.speech.suit.clubs", "game.speech.suit.spades",
                "game.speech.suit.hearts", "game.speech.suit.diamonds")
_RANK_SPEECH = {1: "game.speech.rank.1", 11: "game.speech.rank.11",
                12: "game.speech.rank.12", 13: "game.speech.rank.13"}


def rank_speech(rank, lang=None):
    """A rank (1 ace ... 13 king) as speech says it: a word for the ace
    and the faces, the number for the others (the table shows the
    letters of the cards' corners instead)."""
    key = _RANK_SPEECH.get(rank)
    return tr(key, lang=lang) if key else str(rank)


def card_speech(rank, suit, lang=None):
    """A card (rank 1..13, PySolFC's suit 0..3) as speech says it."""
    return tr("game.speech.card", lang=lang, rank=rank_speech(rank, lang),
              suit=tr(_SUIT_SPEECH[suit], lang=lang))
