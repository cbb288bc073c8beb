# SPDX-License-Identifier: GPL-3.0-or-later
"""What went wrong (pysolfc_camelot/pysol/post_mortem.py, review.py), for both
games.

* Outside PySolFC: the search process's answer is analysis.analyse's, and
  the dialog's words name the right move and number in every language.
* Inside a real PySolFC (every host, tests/host/post_mortem_scenarios.py):
  the game read back from PySolFC's history is the deal and the moves
  played, after undo, redo, save and load, and with Autodeal's own moves.
* In a real PySolFC window under Xvfb (every host), as a player: a lost
  game of each game (the deal of a known mistake, its moves played by a
  test-only plugin, tests/host/autoplay.py, the last one by the mouse),
  then W: the dialog names the move and the number analysis.analyse
  finds; its first button takes the game back there (state file) and
  shows PySolFC's hint arrow on the better move (screenshot pixels); Redo
  (the R key) returns to where the player was.  A deal never winnable
  says so.  In English and in Russian.  Screenshots in artifacts/<test>/.
"""
import json
import os
import re
import subprocess
import sys
import time

import pytest

import hostenv as H
from gui import PROBE, Launch
from tables import CamelotTable, PlotTable
from pysolfc_camelot.core import analysis, review
from pysolfc_camelot.camelot import notation as camelot_notation
from pysolfc_camelot.plot import notation as plot_notation
from pysolfc_camelot import games, texts
from pysolfc_camelot.texts import tr

from helpers import (camelot_lost_deal, camelot_mistake,  # noqa: F401
                     plot_mistake, positions)

NOTATION = {"camelot": camelot_notation, "plot": plot_notation}


# ---------------------------------------------------------- outside PySolFC --

@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_the_search_process_answers_as_analyse(name, request):
    g = request.getfixturevalue(name + "_mistake")
    req = review.request(name, g.deck, g.moves, budget=60)
    r = subprocess.run([sys.executable, "-m", "pysolfc_camelot.core.review"],
                       input=json.dumps(req), capture_output=True, text=True,
                       cwd=H.REPO, env=dict(os.environ, PYTHONPATH=str(
                           H.REPO)), timeout=120)
    assert r.returncode == 0, r.stderr
    results = [line for line in r.stdout.splitlines()
               if line.startswith("result ")]
    assert len(results) == 1, r.stdout
    out = json.loads(results[0][len("result "):])
    a = analysis.analyse(name, g.deck, g.moves, budget_seconds=60)
    assert {k: out[k] for k in a.contract()} == a.contract()
    assert out["last_winnable"] == g.k and out["mistake"] == str(g.mistake)
    assert (out["winnable_through"], out["lost_from"]) == (g.k, g.k + 1)


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_the_dialog_names_the_move_and_its_number(name, lang, request):
    g = request.getfixturevalue(name + "_mistake")
    a = analysis.analyse(name, g.deck, g.moves, budget_seconds=60)
    v = review.verdict(name, review.answer(review.request(
        name, g.deck, g.moves, 60)), 60)
    assert (v.last_winnable, v.mistake, v.better) == \
        (a.last_winnable, a.mistake, a.better)
    pos = positions(name, g.deck, g.moves)
    numbers = list(range(len(g.moves) + 1))
    lines = review.describe(name, v, pos, numbers, lang=lang)
    text = " ".join(" ".join(lines).split())
    mistake = NOTATION[name].name_move(pos[g.k], g.mistake, lang=lang)
    better = NOTATION[name].name_move(pos[g.k], a.better, lang=lang)
    said = tr("solver.review.lost_after", lang=lang, k=g.k, n=g.k + 1,
              move=mistake)
    assert " ".join(said.split()) in text
    assert " ".join(tr("solver.review.instead", lang=lang,
                       move=better).split()) in text
    assert all(len(line) <= review.LINE_WIDTH or " " not in line
               for p in lines for line in p.splitlines())
    if lang != "en":
        assert mistake != NOTATION[name].name_move(pos[g.k], g.mistake)


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_the_table_text_has_room_for_the_longest_move_name(name, lang,
                                                           monkeypatch):
    """The table text's room is measured on the game's longest move name
    in the player's language (review 3 G10), and the short form of "A
    better move here:" is the move itself (G9), not the heading."""
    from pysolfc_camelot.pysol.post_mortem import PostMortemGame
    monkeypatch.setenv("LANGUAGE", lang)
    monkeypatch.delitem(sys.modules, "pysollib.mygettext", raising=False)
    game = PostMortemGame.__new__(PostMortemGame)
    game.spec = games.spec(name)
    full, short = game.review_forms()
    longest = NOTATION[name].longest_name()
    assert full[-1] == tr("solver.review.better_here", move=longest)
    assert short[-1] == longest
    # As long as any name of a move between tableau piles or slots.
    if name == "plot":
        from pysolfc_camelot.plot.notation import TABLEAU, pile_name
        names = [tr("plot.name.onto", what=tr(
            "plot.name.from_pile", card="10\u2663", pile=pile_name(a, "from",
                                                                   None)),
            card="10\u2663", pile=pile_name(b, "of", None))
            for a in TABLEAU for b in TABLEAU if a != b]
    else:
        names = [tr("camelot.name.place", card="10\u2663", slot=tr(
            "camelot.name.slot.%d" % i)) for i in range(16)]
    assert len(longest) >= max(len(n) for n in names)
    assert len(longest) >= (60 if name == "plot" else 25)
    game._review_better = (None, "7\u2663 to the top-left corner")
    text = tr("solver.review.better_here", move=game._review_better[1])
    assert game._review_short(text) == game._review_better[1]
    assert game._review_short(tr("solver.review.offer")) == tr(
        "solver.review.offer").split("\n")[0]


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_the_progress_text_writes_the_languages_decimals(lang, monkeypatch):
    """"Looking back... 12.3 s" as the Solver dialog writes its seconds:
    12,3 in Russian, Greek and French (review 3 G7, RU-24, EL-18)."""
    from pysolfc_camelot.pysol import background_search as search_process
    from pysolfc_camelot.pysol.post_mortem import PostMortemGame
    monkeypatch.setenv("LANGUAGE", lang)
    monkeypatch.delitem(sys.modules, "pysollib.mygettext", raising=False)
    task = search_process.Task(lambda should_stop, progress: None)
    H.wait_for(lambda: task.done, what="the task's end")
    task.started = task.finished - 12.34
    game = PostMortemGame.__new__(PostMortemGame)
    game._review_run = (None, None, task)
    seconds = "12.3" if lang == "en" else "12,3"
    assert game._review_offer() == (tr("solver.review.working",
                                       seconds=seconds), "stop")
    if lang != "en":
        assert seconds + "\u00a0" in game._review_offer()[0]
    assert review.budget_text(0.3, lang) == ("0.3" if lang == "en" else "0,3")
    assert review.budget_text(30, lang) == "30"


def test_numbers_follow_pysolfc_s_move_count(camelot_mistake):
    """One PySolFC move may hold two rules moves (Autodeal): the dialog
    counts PySolFC's moves, and goes back to the last one at k."""
    g = camelot_mistake
    v = review.verdict("camelot", review.answer(review.request(
        "camelot", g.deck, g.moves, 60)), 60)
    # PySolFC moves of two rules moves each, up to the mistake's.
    n = len(g.moves)
    numbers = [0] + list(range(2, g.k + 1, 2)) + \
        list(range(g.k + (g.k % 2) + 1, n + 1))
    k_move = review.moment(numbers, g.k)
    assert numbers[k_move] == g.k or numbers[k_move] < g.k < \
        numbers[k_move + 1]
    lines = " ".join(review.describe("camelot", v, positions(
        "camelot", g.deck, g.moves), numbers, lang="en"))
    assert "after move %d;" % k_move in " ".join(lines.split())


def test_never_winnable_and_undecided_are_said(camelot_lost_deal,
                                               camelot_mistake):
    v = review.verdict("camelot", review.answer(review.request(
        "camelot", camelot_lost_deal, [], 30)), 30)
    lines = review.describe("camelot", v, positions(
        "camelot", camelot_lost_deal, []), [0], lang="ru")
    assert [" ".join(p.split()) for p in lines] == [
        tr("solver.review.never", lang="ru")]
    g = camelot_mistake
    v = review.verdict("camelot", review.answer(review.request(
        "camelot", g.deck, g.moves, 0)), 0)
    lines = review.describe("camelot", v, positions(
        "camelot", g.deck, g.moves), list(range(len(g.moves) + 1)),
        lang="en")
    assert " ".join(lines[0].split()) == tr("solver.review.undecided",
                                            lang="en", seconds="0")
    assert v.last_winnable is None and v.better is None


# ----------------------------------------------------- inside PySolFC --

@pytest.mark.parametrize("game", ["camelot", "plot"])
def test_the_record_follows_pysolfc_s_history(pysolfc_host, display,
                                              tmp_path, game):
    from pysolfc_camelot.camelot import GAME_ID as CAMELOT_ID
    from pysolfc_camelot.plot import GAME_ID as PLOT_ID
    version, host_dir = pysolfc_host
    game_id = CAMELOT_ID if game == "camelot" else PLOT_ID
    name = game + "_record"
    results, log = H.run_scenarios(host_dir, tmp_path, game_id,
                                   "post_mortem_scenarios.py", [name])
    r = H.check_scenario(results, log, name)
    print(version, name, r["seconds"], "s", r["detail"])


# ------------------------------------------------------------ the window --

AUTOPLAY = H.REPO / "tests" / "host" / "autoplay.py"
HINT_SECONDS = 4            # the player's hint timeout: how long the arrow
ARROW_COLOUR = (0x30, 0x30, 0x30)   # PySolFC's default 'hintarrow' colour
# What the state file says of a position, per game.
POSITION_KEYS = {"camelot": ("stock", "waste", "tableau", "removed"),
                 "plot": ("reserve", "foundations", "tableau", "stock",
                          "waste")}


def shown(pos, game):
    """A rules position as the game's state file writes it."""
    from pysolfc_camelot.core.cards import format_card

    def cards(pile):
        return [format_card(c) for c in pile]
    if game == "camelot":
        return {"stock": cards(pos.stock),
                "waste": None if pos.waste is None
                else format_card(pos.waste),
                "tableau": [None if c is None else format_card(c)
                            for c in pos.tableau],
                "removed": cards(pos.removed)}
    return {"reserve": cards(pos.reserve),
            "foundations": [cards(f) for f in pos.foundations],
            "tableau": [cards(t) for t in pos.tableau],
            "stock": cards(pos.stock), "waste": cards(pos.waste)}


def at(state, game):
    return {k: state[k] for k in POSITION_KEYS[game]}


class Window(Launch):
    """One PySolFC for a test: our plugin, the probe and the autoplayer in
    a fresh HOME, the deal fixed, the first moves played for us."""

    def __init__(self, host_dir, tmp_path, artifacts, display, game, deck,
                 moves, lang, budget=None, paced=False):
        from pysolfc_camelot.camelot import GAME_ID as CAMELOT_ID
        from pysolfc_camelot.plot import GAME_ID as PLOT_ID
        self.game = game
        self.lang = lang
        self.pysol_text = H.menu_names(host_dir, lang)
        options = {"autodeal": False, "stuck_notification": True}
        if lang != "en":
            options["language"] = lang
        self.probe_file = str(tmp_path / "probe.json")
        extra_env = {"CAMELOT_TEST_PROBE_FILE": self.probe_file}
        if moves:
            extra_env["CAMELOT_TEST_PLAY"] = "; ".join(str(m) for m in moves)
        if budget is not None:
            extra_env["CAMELOT_TEST_REVIEW_BUDGET"] = str(budget)
        if paced:                       # Camelot's solver slowed down
            from host.known_deals import search_pause_env
            extra_env.update(search_pause_env())
        deck_text = NOTATION[game].format_deck(deck) if game == "plot" \
            else " ".join("A23456789TJQK"[c // 4] + "CDHS"[c % 4]
                          for c in deck)
        super().__init__(
            host_dir, tmp_path, artifacts, display,
            CAMELOT_ID if game == "camelot" else PLOT_ID, deck=deck_text,
            plugins={"zz_test_probe.py": PROBE,
                     "zz_test_autoplay.py": AUTOPLAY}, extra_env=extra_env,
            sections={"timeouts": {"hint": HINT_SECONDS}}, **options)
        self.review_file = str(self.state_file) + ".review"

    def probe(self, predicate, what, timeout=30):
        return H.wait_state(self.probe_file, predicate, timeout=timeout,
                            what=what)

    def review(self, predicate, what, timeout=30):
        return H.wait_state(self.review_file, predicate, timeout=timeout,
                            what=what)

    def state(self, predicate, what, timeout=30):
        return H.wait_state(self.state_file, predicate, timeout=timeout,
                            what=what)

    def window(self, title, timeout=60):
        p = self.probe(lambda p: any(w["title"] == title
                                     for w in p.get("windows", ())),
                       "the window %r" % title, timeout)
        return next(w for w in p["windows"] if w["title"] == title)

    def no_window(self, title, timeout=30):
        return self.probe(lambda p: all(w["title"] != title
                                        for w in p.get("windows", ())),
                          "the window %r closed" % title, timeout)

    def button(self, title, text):
        """Where a window's button is, once the window's layout has
        settled (the same place in two probes in a row)."""
        last = {}

        def settled(p):
            window = next((w for w in p.get("windows", ())
                           if w["title"] == title), None)
            b = window and next((b for b in window["buttons"]
                                 if b["text"] == text), None)
            if b is None:
                return False
            here = (b["x"], b["y"], p["time"])
            seen, last["b"] = last.get("b"), here
            return seen is not None and seen[:2] == here[:2] and \
                seen[2] != here[2]
        self.probe(settled, "the button %r of %r" % (text, title), 60)
        return {"x": last["b"][0], "y": last["b"][1]}

    def press_button(self, title, text, tries=3):
        """Click a button of a window until the window closes (a click as
        the window maps is lost)."""
        for attempt in range(tries):
            button = self.button(title, text)
            H.click(button["x"], button["y"], display=self.display)
            try:
                return self.no_window(title, timeout=5)
            except AssertionError:
                if attempt == tries - 1:
                    raise

    def press(self, key):
        """A key for the table: with no window manager, the keyboard goes
        to the window under the pointer, so the pointer goes there first
        (the table's top left corner, where nothing is)."""
        r = H.read_json(self.review_file)
        if r is not None:
            ox, oy = r["canvas_origin"]
            H.move_mouse(ox + 3, oy + 3, display=self.display)
        H.key(key, display=self.display)

    def click_text(self, review_state):
        """A click on the table text of post_mortem.py."""
        x0, y0, x1, y1 = review_state["bbox"]
        ox, oy = review_state["canvas_origin"]
        # On its first line: a small window may hide its last.
        H.click(ox + x0 + 12, oy + y0 + 8, display=self.display)


def play_by_mouse(w, move, before):
    """The player's click or drag for one rules move."""
    if w.game == "camelot":
        t = CamelotTable(w.state_file, w.display)
        if move.kind == "deal":
            t.click(before, "talon")
        elif move.kind == "place":
            t.drag(before, "waste", move.a)
        elif move.kind == "remove":
            t.click(before, "rows", move.a)
        else:
            t.drag_rows(before, move.a, move.b)
        return
    t = PlotTable(w.state_file, w.display)
    pile = {"stock": "talon", "waste": "waste", "reserve": "reserve"}

    def stack(p):
        if p in pile:
            return pile[p]
        return ("foundations/%s" if p[0] == "F" else "rows/%s") % p[1:]
    if move.is_deal:
        t.click(before, "talon")
    else:
        t.drag(before, stack(move.src), stack(move.dst))


def arrow_midpoint(w, state, arrow):
    """Where on the screen the middle of the hint arrow lies: halfway
    between the cards it joins (their top cards' middles)."""
    if w.game == "camelot":
        names = {0: ("talon", None), 1: ("waste", None), 18: ("discard",
                                                              None)}
        names.update({2 + i: ("rows", i) for i in range(16)})
        t = CamelotTable(w.state_file, w.display)
        a = t.center(state, *names[arrow["from"]])
        b = t.center(state, *names[arrow["to"]])
    else:
        names = {0: "talon", 1: "waste", 2: "reserve"}
        names.update({3 + i: "foundations/%d" % i for i in range(8)})
        names.update({11 + i: "rows/%d" % i for i in range(12)})
        t = PlotTable(w.state_file, w.display)
        a = t.center(state, names[arrow["from"]])
        b = t.center(state, names[arrow["to"]])
    return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2


def arrow_pixels(shot, xy, half=6):
    """Pixels of the hint arrow's colour around xy in a screenshot."""
    from PIL import Image
    x, y = xy
    with Image.open(shot) as img:
        box = img.convert("RGB").crop((x - half, y - half, x + half + 1,
                                       y + half + 1))
        return sum(1 for i in range(box.width) for j in range(box.height)
                   if box.getpixel((i, j)) == ARROW_COLOUR)


def dialog_text(window):
    return " ".join(" ".join(window["labels"]).split())


def flat(text):
    return " ".join(text.split())


def to_the_end(game, deck, moves, limit=400):
    """``moves`` played on to a lost position (no legal move left): the
    first legal moves that reach one, by a depth-first search without
    repeating a position (the play after a mistake may stop where moves
    are still left, e.g. between two tableau piles of The Plot)."""
    start = positions(game, deck, moves)[-1]
    seen = set()
    todo = [(start, [])]
    while todo:
        pos, path = todo.pop()
        if pos.status() == "lost":
            return list(moves) + path
        key = repr(pos)
        if key in seen or len(path) > limit:
            continue
        seen.add(key)
        for m in reversed(pos.legal_moves()):
            todo.append((pos.after(m), path + [m]))
    raise AssertionError("no lost position after the moves")


GUI_CASES = [("camelot", "en"), ("camelot", "ru"), ("camelot", "el"),
             ("plot", "en"), ("plot", "ru"), ("plot", "fr")]


@pytest.mark.parametrize("game, lang", GUI_CASES,
                         ids=["-".join(c) for c in GUI_CASES])
def test_what_went_wrong_after_a_lost_game(pysolfc_host, display, artifacts,
                                           tmp_path, request, game, lang):
    version, host_dir = pysolfc_host
    g = request.getfixturevalue(game + "_mistake")
    moves = to_the_end(game, g.deck, g.moves)
    # The answer, outside PySolFC.
    a = analysis.analyse(game, g.deck, moves, budget_seconds=60)
    assert a.status == "lost" and a.last_winnable == g.k, a
    pos = positions(game, g.deck, moves)
    name = NOTATION[game].name_move
    mistake, better = name(pos[g.k], a.mistake, lang=lang), \
        name(pos[g.k], a.better, lang=lang)
    n = len(moves)
    (artifacts / "game.txt").write_text(
        "deck: %s\nmoves (%d): %s\nlast winnable after %d; mistake %s (%s);"
        " better %s (%s)\n" % (" ".join(map(str, g.deck)), n, "; ".join(
            map(str, moves)), g.k, a.mistake, mistake, a.better, better))

    w = Window(host_dir, tmp_path, artifacts, display, game, g.deck,
               moves[:-1], lang)
    with w.watched():
        # -- the moves up to the last one, played for us; the last by mouse
        w.probe(lambda p: p.get("game", {}).get("moves") == n - 1 and
                not p["game"]["busy"], "%d moves played" % (n - 1), 120)
        before = w.state(lambda s: at(s, game) == shown(pos[n - 1], game),
                         "the position before the last move")
        assert flat(w.review(lambda r: True, "the table text")["text"]) == \
            flat(tr("solver.review.offer", lang=lang))
        w.shot("before-the-last-move")
        for attempt in range(3):
            play_by_mouse(w, moves[-1], before)
            try:
                w.probe(lambda p: p["game"]["moves"] == n, "the last move",
                        5)
                break
            except AssertionError:
                if attempt == 2:
                    raise

        # -- PySolFC's stuck notice; Cancel; the table offers the analysis
        stuck = w.window(w.pysol_text("You are Stuck"))
        w.shot("stuck-notice")
        w.press_button(w.pysol_text("You are Stuck"),
                       stuck["buttons"][-1]["text"])
        r = w.review(lambda r: flat(r["text"]) == flat(tr(
            "solver.review.offer_stuck", lang=lang)),
                     "the offer on the table")
        w.shot("offer")

        # -- W: the analysis, then its dialog ---------------------------------
        w.press("w")
        title = tr("solver.review.title", lang=lang)
        d = w.window(title, timeout=90)
        w.shot("what-went-wrong")
        text = dialog_text(d)
        assert flat(tr("solver.review.start", lang=lang)) in text, text
        assert flat(tr("solver.review.lost_after", lang=lang, k=g.k,
                       n=g.k + 1, move=mistake)) in text, text
        assert flat(tr("solver.review.instead", lang=lang,
                       move=better)) in text, text
        r = H.read_json(w.review_file)
        assert r["verdict"]["last_winnable"] == g.k
        assert r["verdict"]["mistake"] == str(a.mistake)
        assert r["verdict"]["better"] == str(a.better)
        back = d["buttons"][0]
        assert back["text"] == tr("solver.review.back", lang=lang, k=g.k)

        # -- back to that moment: Edit > Undo, and the hint arrow -------------
        # (While the arrow shows, PySolFC's event loop sleeps as for Assist
        # > Hint: the probe is silent, our state file says it.)
        for attempt in range(3):        # a click as the window maps is lost
            where = w.button(title, back["text"])
            H.click(where["x"], where["y"], display=display)
            try:
                r = w.review(lambda r: r["arrow"] is not None, "the arrow",
                             10 if attempt < 2 else 60)
                break
            except AssertionError:
                if attempt == 2 or H.read_json(w.review_file)["moves"] != n:
                    raise
        shot = w.shot("back-with-the-arrow")
        assert time.time() < r["arrow"]["until"], \
            "the screenshot came after the arrow was gone"
        assert r["arrow"]["move"] == str(a.better)
        s = w.state(lambda s: at(s, game) == shown(pos[g.k], game),
                    "the position after move %d" % g.k)
        p = w.probe(lambda p: p["game"]["moves"] == g.k,
                    "PySolFC's move count back at %d" % g.k)
        mid = arrow_midpoint(w, s, r["arrow"])
        assert arrow_pixels(shot, mid) >= 5, ("no arrow at", mid)
        r = w.review(lambda r: r["arrow"] is None, "the arrow gone", 30)
        assert flat(r["text"]) == flat(tr("solver.review.better_here",
                                          lang=lang, move=better))
        # the window repaints when Tk is next idle: later under load
        H.wait_for(lambda: arrow_pixels(w.shot("arrow-gone"), mid) < 5,
                   timeout=20, interval=0.3, what="the arrow gone on screen")
        assert not p["windows"] or all(x["title"] != title
                                       for x in p["windows"])

        # -- Redo returns to where the player was -------------------------
        for i in range(n - g.k):
            w.press("r")
            w.probe(lambda p: p["game"]["moves"] == g.k + i + 1,
                    "redo %d" % (i + 1), 10)
        w.state(lambda s: at(s, game) == shown(pos[n], game) and
                s["status"] == "lost", "the lost position again")
        # The answer is still known there: the table offers the way back.
        r = w.review(lambda r: r["back_to"] == g.k, "the way back offered")
        assert flat(r["text"]) == flat(tr("solver.review.back_offer",
                                          lang=lang, k=g.k))
        w.shot("redone")


def test_a_deal_never_winnable_says_so(pysolfc_host, display, artifacts,
                                       tmp_path, camelot_lost_deal):
    """At the deal, a click on the table text (the mouse's way in)."""
    version, host_dir = pysolfc_host
    w = Window(host_dir, tmp_path, artifacts, display, "camelot",
               camelot_lost_deal, [], "ru")
    with w.watched():
        w.probe(lambda p: p.get("game", {}).get("id") and
                not p["game"]["busy"], "the game", 60)
        H.wait_settled(w.state_file)
        r = w.review(lambda r: r["bbox"], "the table text")
        title = tr("solver.review.title", lang="ru")
        for attempt in range(3):        # a click as the window maps is lost
            w.click_text(r)
            try:
                d = w.window(title, timeout=20)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        w.shot("never-winnable")
        assert dialog_text(d) == flat(tr("solver.review.never", lang="ru"))
        assert [b["text"] for b in d["buttons"]] == [
            tr("solver.review.close", lang="ru")]
        w.press_button(title, d["buttons"][0]["text"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_undecided_analysis_says_so(pysolfc_host, display, artifacts,
                                       tmp_path, lang):
    """A deal the solver needs seconds for, and a budget shorter than
    that: the table shows the analysis at work, then the dialog says it
    could not be decided, and offers no way back."""
    from host.known_deals import camelot_slow_deck as slow_deck
    from pysolfc_camelot.core.cards import parse_deck
    version, host_dir = pysolfc_host
    seconds, text = slow_deck()
    deck = parse_deck(text)
    budget = 0.3
    if seconds < 2 * budget:
        pytest.fail("the slowest deal took %.2f s: SLOW_CANDIDATES needs a "
                    "slower one" % seconds)
    w = Window(host_dir, tmp_path, artifacts, display, "camelot", deck, [],
               lang, budget=budget, paced=True)
    with w.watched():
        w.probe(lambda p: p.get("game", {}).get("id") and
                not p["game"]["busy"], "the game", 60)
        H.wait_settled(w.state_file)
        working = tr("solver.review.working", lang=lang,
                     seconds="X").split("X")[0]
        for attempt in range(3):        # a key as the window maps is lost
            w.press("w")
            try:
                r = w.review(lambda r: r["running"] and
                             flat(r["text"]).startswith(flat(working)),
                             "at work", 5)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        w.shot("at-work")
        # The seconds as the language writes them (review 3 G7).
        comma = r"\d+,\d\u00a0s" if lang == "fr" else r"\d+\.\d s"
        assert re.search(comma, r["text"]), r["text"]
        title = tr("solver.review.title", lang=lang)
        d = w.window(title, timeout=60)
        w.shot("undecided")
        assert dialog_text(d) == flat(tr("solver.review.undecided", lang=lang,
                                         seconds=review.budget_text(
                                             budget, lang)))
        assert [b["text"] for b in d["buttons"]] == [
            tr("solver.review.close", lang=lang)]
        w.press_button(title, d["buttons"][0]["text"])
        r = w.review(lambda r: not r["running"], "the analysis over")
        assert flat(r["text"]) == flat(tr("solver.review.offer", lang=lang))
