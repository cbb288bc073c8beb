# SPDX-License-Identifier: GPL-3.0-or-later
"""Both games by keyboard alone, and what they say, in a real PySolFC
under Xvfb: every key is an xdotool key press.

PySolFC 3.4 and later play by keyboard (arrows and Tab pick a pile,
Return picks a card up or puts it down, q speaks the game, v the picked
pile) and speak through the player's screen reader.  The test plugin
tests/host/speech_recorder.py replaces the speech engine, so what would
be spoken is written to a file: each pile of ours must say its name and
state (accessibility.py), in the player's language.  The hint-mode key
(M) works on every host, 3.2 included, which has no keyboard play.
"""
import re
import time

import pytest

import hostenv as H
from conftest import selected_hosts
from pysolfc_camelot import camelot, plot
from pysolfc_camelot.pysol.accessibility import (HINT_MODE_KEY, card_speech,
                                                 rank_speech)
from pysolfc_camelot.texts import tr
from gui import Launch
from tables import PLOT_DECK, WIN_DECK

RECORDER = H.REPO / "tests" / "host" / "speech_recorder.py"
RANKS, SUITS = "A23456789TJQK", "CSHD"       # PySolFC's suit order


def spoken(card, lang=None):
    """A card ("QS", "TC") as our speech names it in lang: "queen of
    spades", «дама пик», not PySolFC's half-English "Дама - Spades"."""
    return card_speech(RANKS.index(card[0]) + 1, SUITS.index(card[1]),
                       lang=lang)


def any_card(lang=None):
    """A regular expression for any card as spoken in lang."""
    return "(?:%s)" % "|".join(re.escape(spoken(r + s, lang))
                               for r in RANKS for s in SUITS)


def speaking(host_dir):
    """Has this PySolFC keyboard play and speech (3.4 and later)?"""
    return (host_dir / "pysollib" / "speech.py").is_file()


def pytest_generate_tests(metafunc):
    if "speaking_host" in metafunc.fixturenames:
        hosts = [h for h in selected_hosts(metafunc.config)
                 if speaking(h[1])]
        metafunc.parametrize("speaking_host", hosts,
                             ids=["pysolfc-" + v for v, _ in hosts])


class Table(Launch):
    """A PySolFC on one of our games, its speech going to a file."""

    def __init__(self, host_dir, tmp_path, artifacts, display, game_id,
                 deck, **options):
        self.spoken = tmp_path / "speech.txt"
        super().__init__(
            host_dir, tmp_path, artifacts, display, game_id, deck=deck,
            plugins={"zz_speech_recorder.py": RECORDER},
            extra_env={"CAMELOT_TEST_SPEECH_FILE": str(self.spoken)},
            **options)
        self.wid = None
        self.heard = []

    def ready(self, name):
        self.wid = self.window(name)
        return H.wait_settled(self.state_file)

    def said(self):
        import json
        try:
            lines = self.spoken.read_text(encoding="utf-8").splitlines()
        except OSError:
            lines = []
        return [json.loads(x) for x in lines]

    def press(self, key, what="speech", timeout=10):
        """Press key; return what was said because of it (waits for it)."""
        before = len(self.said())
        H.key(key, display=self.display, wid=self.wid)
        H.wait_for(lambda: len(self.said()) > before, timeout=timeout,
                   what="%s after %s" % (what, key))
        time.sleep(0.1)
        said = self.said()[before:]
        self.heard += said
        return said[-1]

    def shot(self, name):
        H.screenshot(self.artifacts / (name + ".png"), display=self.display)


def pattern(key, lang=None, **fields):
    """A regular expression for tr(key): {card} is any card, spoken."""
    hole = "\x00"
    text = tr(key, lang=lang, **dict(fields, card=hole))
    return re.escape(text).replace(re.escape(hole), any_card(lang))


def walk(table, keys, wanted, what):
    """Press keys (one at a time) until one makes the game say something
    matching wanted; return that text."""
    for key in keys:
        said = table.press(key)
        if re.fullmatch(wanted, said):
            return said
    raise AssertionError("%s: never said %r; heard %r"
                         % (what, wanted, table.heard))


# A card as a player of each language says it: rank and suit in the
# language's order, the language's words (PySolFC's de, it, pl and pt_BR
# catalogs have suit names, but as a pile's plural: "Piki", not "pik").
CARDS_SAID = {
    "en": ("queen of spades", "10 of clubs", "ace of hearts"),
    "de": ("Pik Dame", "Kreuz 10", "Herz Ass"),
    "fr": ("dame de pique", "10 de trèfle", "as de cœur"),
    "it": ("regina di picche", "10 di fiori", "asso di cuori"),
    "pl": ("dama pik", "10 trefl", "as kier"),
    "pt_BR": ("dama de espadas", "10 de paus", "ás de copas"),
    "ru": ("дама пик", "10 треф", "туз червей"),
    "el": ("ντάμα μπαστούνι", "10 σπαθί", "άσσος κούπα"),
}
SPEAKING = list(CARDS_SAID)


def test_cards_are_spoken_in_each_language():
    from pysolfc_camelot.texts.languages import LANGUAGES
    assert set(CARDS_SAID) == set(LANGUAGES)
    for lang, said in CARDS_SAID.items():
        assert tuple(spoken(c, lang) for c in ("QS", "TC", "AH")) == said


@pytest.mark.parametrize("language", SPEAKING)
def test_camelot_by_keyboard_speaks_every_pile(speaking_host, display,
                                               artifacts, tmp_path,
                                               language):
    version, host_dir = speaking_host
    first = WIN_DECK.split()[12]            # "TC": the 13th card dealt
    deck = " ".join(WIN_DECK.split()[12:] + WIN_DECK.split()[:12])
    t = Table(host_dir, tmp_path, artifacts, display, camelot.GAME_ID,
              deck, language=language, autodeal=False)

    def say(key, **kw):
        return re.escape(tr(key, lang=language, **kw))
    with t.watched():
        t.ready(camelot.GAME_NAME)
        # -- the stock: picked by the first arrow, dealt by Return -------
        assert t.press("Right") == tr("game.speech.stock", n=52,
                                      lang=language)
        H.key("Return", display=display, wid=t.wid)
        t.state(lambda s: s["waste"] == first, "a card dealt by Return")
        # -- Tab: the waste, with its card -------------------------------
        said = t.press("Tab")
        assert said == tr("camelot.speech.waste", lang=language,
                          card=spoken(first, language)), said
        H.key("Return", display=display, wid=t.wid)     # pick it up
        # -- the grid: each slot by its class, then the card put down ----
        walk(t, ["Tab"], say("camelot.speech.empty.king"), "slot 0")
        walk(t, ["Right"], say("camelot.speech.empty.queen"), "slot 1")
        walk(t, ["Down"], say("camelot.speech.empty.middle"), "slot 5")
        H.key("Return", display=display, wid=t.wid)
        s = t.state(lambda s: s["tableau"][5] == first,
                    "%s put on slot 5 by Return" % first)
        assert s["waste"] is None
        said = t.press("v")                 # the picked pile, on request
        assert said == spoken(first, language) + " - " + tr(
            "camelot.speech.slot.middle", lang=language), said
        walk(t, ["Left"], say("camelot.speech.empty.jack"), "slot 4")
        # -- the removed cards, and the game as a whole ------------------
        walk(t, ["Tab"] * 4, say("camelot.speech.removed", n=0),
             "the discard pile")
        said = t.press("q")
        assert said == "%s. %s. %s" % (
            tr("camelot.phase.1", lang=language).replace("\n", " "),
            tr("game.speech.score", score=0, max=40, lang=language),
            tr("game.speech.stock", n=51, lang=language)), said
        # -- the hint switch by its key ------------------------------------
        said = t.press(HINT_MODE_KEY)
        mode = tr("game.hints.perfect", lang=language)
        assert said == tr("game.hints.label", mode=mode,
                          lang=language).split("\n")[0]
        t.state(lambda s: s["hints"] == "perfect", "perfect hints")
        t.shot("keyboard-%s" % language)
        generic = {"Empty stack", "Foundation", "Talon"}
        assert not generic & set(t.heard), t.heard
        # Cards in the player's words only: no PySolFC "Ten - Clubs".
        assert not re.search(r"Clubs|Spades|Hearts|Diamonds| - Ten\b",
                             " ".join(t.heard)), t.heard
        (artifacts / "heard.txt").write_text("\n".join(t.heard) + "\n",
                                             encoding="utf-8")


# Russian and Greek plot speech: test_texts.py's catalog checks only.
@pytest.mark.parametrize("language", ["en", "fr", "de", "it", "pl", "pt_BR"])
def test_the_plot_by_keyboard_speaks_every_pile(speaking_host, display,
                                                artifacts, tmp_path,
                                                language):
    version, host_dir = speaking_host
    t = Table(host_dir, tmp_path, artifacts, display, plot.GAME_ID,
              " ".join(PLOT_DECK), game_geometry="1100, 820",
              language=language)
    CARD = any_card(language)

    def tr_(key, **kw):
        return tr(key, lang=language, **kw)

    def say(key, **kw):
        return re.escape(tr_(key, **kw))
    with t.watched():
        s = t.ready(plot.GAME_NAME)
        # The base rank in words where the table shows a letter ("Q").
        base = rank_speech(RANKS.index(s["base"]) + 1, language)
        # -- every pile says itself: stock, waste, reserve, F0, F1, piles -
        assert t.press("Right") == tr_("game.speech.stock", n=78)
        walk(t, ["Tab"], say("plot.speech.waste", n=0), "the waste")
        said = walk(t, ["Tab"], CARD + " - " + say("plot.speech.pile", i=1),
                    "T0")
        walk(t, ["Right"] * 3, CARD + " - " + say("plot.speech.pile", i=4),
             "T3")
        H.key("Return", display=display, wid=t.wid)    # pick up T3's 8D
        walk(t, ["Tab"], say("plot.speech.reserve", n=13) + ", " +
             pattern("plot.speech.top", language), "the reserve")
        walk(t, ["Tab"], say("plot.speech.first_foundation", rank=base,
                             count=1) + ", " +
             pattern("plot.speech.top", language), "F0")
        H.key("Return", display=display, wid=t.wid)    # 8D onto F0
        s = t.state(lambda s: len(s["foundations"][0]) == 2,
                    "8D moved to the first foundation by keyboard")
        assert s["tableau"][3] == [] and s["foundations"][0][-1] == "8D"
        said = t.press("v")
        assert said == tr_("plot.speech.first_foundation", rank=base,
                           count=2) + ", " + tr_("plot.speech.top",
                                                 card=spoken("8D", language))
        # F1 is spoken "F1", as the pages and What went wrong name it.
        walk(t, ["Right"], say("plot.speech.foundation_closed", i=1), "F1")
        # -- an empty space during the restriction ------------------------
        walk(t, ["Tab", "Tab", "Tab", "Right", "Right", "Right"],
             say("plot.speech.space_restricted", i=4, rank=base), "T3")
        said = t.press("q")
        assert said.startswith(tr_("plot.base_rank", rank=base).replace(
            "\n", " ")), said
        assert tr_("plot.speech.reserve", n=13) in said, said
        # The restriction in words, not the table's "2/13".
        assert tr_("plot.speech.restricted", count=2) in said, said
        assert "/13" not in said, said
        said = t.press(HINT_MODE_KEY)
        assert said == tr_("game.hints.label", mode=tr_(
            "game.hints.perfect")).split("\n")[0]
        t.state(lambda s: s["hints"] == "perfect", "perfect hints")
        t.shot("keyboard")
        assert not {"Empty stack", "Foundation", "Talon"} & set(t.heard)
        assert not re.search(r"Clubs|Spades|Hearts|Diamonds",
                             " ".join(t.heard)), t.heard
        (artifacts / "heard.txt").write_text("\n".join(t.heard) + "\n",
                                             encoding="utf-8")


@pytest.mark.parametrize("game", [camelot, plot], ids=["camelot", "plot"])
def test_the_hint_mode_key_on_every_host(pysolfc_host, display, artifacts,
                                         tmp_path, game):
    """M switches fair/perfect and back on every host (3.2 too), as a
    click on the label does, and the label says the key."""
    version, host_dir = pysolfc_host
    deck = WIN_DECK if game is camelot else " ".join(PLOT_DECK)
    t = Table(host_dir, tmp_path, artifacts, display, game.GAME_ID, deck)
    with t.watched():
        s = t.ready(game.GAME_NAME)
        assert s["hints"] == "fair"
        label = s["texts"]["hints"] if game is camelot else s["hint_text"]
        assert HINT_MODE_KEY.upper() in label, label
        H.key(HINT_MODE_KEY, display=display, wid=t.wid)
        t.state(lambda s: s["hints"] == "perfect", "perfect after M")
        H.key(HINT_MODE_KEY, display=display, wid=t.wid)
        t.state(lambda s: s["hints"] == "fair", "fair after M again")
