# SPDX-License-Identifier: GPL-3.0-or-later
"""Your chances and the strong fair hint in a real PySolFC window under
Xvfb, on every host, for both games: every key is an xdotool key press.

C (pysol/chances.py) estimates the chances of the position in the search
process: the table text says "Counting your chances...", then the
estimate, which is the sampler's outside PySolFC (core/fair_hint.py, the
same orders) and is spoken where the host speaks (3.4 and later; the test
plugin tests/host/speech_recorder.py writes it to a file); a move clears
it.  H asks the fair hint (the strong fair player in the search
process): the hint comes, and PySolFC's event loop is never held up
(the probe's ticker, tests/host/probe.py), neither then nor while the
chances are counted.  Screenshots in artifacts/<test>/."""
import os
import time

import pytest

import hostenv as H
from gui import Pysol
from pysolfc_camelot import camelot, games, plot
from pysolfc_camelot.core import fair_hint
from pysolfc_camelot.pysol.chances import CHANCE_KEY, chance_texts
from pysolfc_camelot.texts import tr
from tables import PLOT_DECK, WIN_DECK
from test_keyboard_speech import Table as SpeakingTable

RECORDER = H.REPO / "tests" / "host" / "speech_recorder.py"
# The longest the event loop may stall while searches run off it: on
# this loaded machine (2 cores, a load of 5 to 20) PySolFC's own ticker
# misses half a second now and then; a search on the event loop would
# stall it for the whole search (seconds: Camelot's solver is paced).
MAX_GAP = 1.0


def flat(text):
    return " ".join(text.split())


class Table(Pysol):
    """A PySolFC on one of our games with the probe, its speech going to
    a file."""

    def __init__(self, host_dir, tmp_path, artifacts, display, game, deck):
        from host.known_deals import search_pause_env
        self.spoken = tmp_path / "speech.txt"
        super().__init__(
            host_dir, tmp_path, artifacts, display, game.GAME_ID, deck=deck,
            plugins={"zz_speech_recorder.py": RECORDER},
            # Camelot's solver paced: its chances take seconds
            extra_env=dict(search_pause_env(),
                           CAMELOT_TEST_SPEECH_FILE=str(self.spoken)),
            # No arrow: PySolFC shows it by holding its own event loop for
            # the hint timeout (Tk's blocking after); the hint is still
            # counted, and the stall measured is ours alone.
            sections={"timeouts": {"demo": 0.2, "hint": 0.0}})
        self.chance_file = str(self.state_file) + ".chance"

    said = SpeakingTable.said       # what was spoken, one text a line

    def chance(self, predicate, what, timeout=30):
        return H.wait_state(self.chance_file, predicate, timeout=timeout,
                            what=what)

    def reset_gap(self):
        """Start the probe's longest event-loop stall afresh."""
        open(self.probe_file + ".reset", "w").close()
        self.probe(lambda p: not os.path.exists(self.probe_file +
                                                ".reset"), "the reset")

    def shot(self, name):
        H.screenshot(self.artifacts / (name + ".png"), display=self.display)


@pytest.mark.parametrize("game", [camelot, plot], ids=["camelot", "plot"])
def test_the_chance_key_and_the_fair_hint(pysolfc_host, display, artifacts,
                                          tmp_path, game):
    version, host_dir = pysolfc_host
    name = "camelot" if game is camelot else "plot"
    spec = games.spec(name)
    deck = WIN_DECK if game is camelot else " ".join(PLOT_DECK)
    start = spec.new_game(spec.notation.parse_deck(deck))
    t = Table(host_dir, tmp_path, artifacts, display, game, deck)
    with t.watched():
        wid = t.window(game.GAME_NAME)
        t.game(game.GAME_ID)
        H.wait_settled(t.state_file)
        c = t.chance(lambda c: True, "the chance text")
        assert c["text"] == "" and not c["running"], c
        # -- C: the chances, counted off the event loop
        t.reset_gap()
        t0 = time.monotonic()
        H.key(CHANCE_KEY, display=display, wid=wid)
        c = t.chance(lambda c: c["running"] or c["current"], "counting", 10)
        if c["running"]:
            assert flat(c["text"]).startswith(flat(tr(
                "game.chance.working", seconds="")).split()[0]), c
        c = t.chance(lambda c: c["current"] and not c["running"],
                     "the chances", 180)
        counted = time.monotonic() - t0
        gap = t.probe()["max_gap"]
        print("chances counted in %.1f s, the longest stall %.3f s"
              % (counted, gap))
        assert gap < MAX_GAP and gap < counted / 2, (gap, counted)
        t.shot("chances")
        hidden = tr(spec.part("hidden").CHANCE_TEXT)
        full, short = chance_texts(c["result"], hidden)
        assert flat(c["text"]) in (flat(full), flat(short)), c
        assert not c["hidden"], c
        assert "%" in c["text"], c
        # the sampler's answer outside PySolFC: the same orders
        outside = fair_hint.chance_answer(name, start, seconds=600)
        result = c["result"]
        assert 0 < result["samples"] <= outside["samples"], result
        if not result["stopped"]:
            assert (result["chance"], result["samples"]) == \
                (outside["chance"], outside["samples"]), (result, outside)
        if (host_dir / "pysollib" / "speech.py").is_file():
            H.wait_for(lambda: flat(full) in t.said(), timeout=10,
                       what="the chances spoken")
        # -- H: the fair hint comes, the window never stalls
        t.reset_gap()
        hints = t.probe()["game"]["hints"]
        t0 = time.monotonic()
        H.key("h", display=display, wid=wid)
        t.probe(lambda p: p["game"]["hints"] == hints + 1, "the hint", 30)
        took = time.monotonic() - t0
        gap = t.probe()["max_gap"]
        print("the hint came in %.2f s, the longest stall %.3f s"
              % (took, gap))
        assert gap < MAX_GAP and took < 10, (gap, took)
        # -- a move clears the chances
        moves = t.probe()["game"]["moves"]
        H.key("d", display=display, wid=wid)            # PySolFC's Deal
        t.probe(lambda p: p["game"]["moves"] > moves, "the deal")
        c = t.chance(lambda c: c["text"] == "", "the chances cleared")
        assert not c["current"] and not c["running"], c
        t.shot("cleared")
