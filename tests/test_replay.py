# SPDX-License-Identifier: GPL-3.0-or-later
"""Edit > Replay on our games, in a real PySolFC window under Xvfb, on
every host that has it (3.6.1 and upstream; 3.2.0 has no Replay).

Replay restarts the deal and redoes the recorded moves one by one
(pysollib/game: startReplay, replayEvent), so it must bring back exactly
the position the player had, including what our games keep besides the
cards: Camelot's phase (saved with saveStateMove), The Plot's restriction
(F1..F7 closed until F0 is full, read off the cards).

The player plays with the mouse on a constructed deal (CAMELOT_TEST_DECK,
kept for the whole process, so Replay's restart deals it again), then
chooses Edit > Replay and confirms PySolFC's "Replay this game?" with
Return.  The test watches the replay pass through the start of the deal
and each side of the phase or restriction boundary, waits for it to end
where the player was, and then undoes and redoes the last move: the
history is whole.
"""
import re
import time

import hostenv as H
from pysolfc_camelot.core.cards import format_card
from gui import Pysol
from host import known_deals
from tables import CAMELOT_DECK, PLACE_ORDER, CamelotTable, PlotTable
from tables import PLOT_WINDOW_SIZE as WINDOW_SIZE

# What a position is, in each game's state file (test_hooks.write_game_state,
# the fields each game.py names in test_state_position).
CAMELOT_KEYS = ("stock", "waste", "tableau", "removed", "phase", "score",
                "status")
PLOT_KEYS = ("reserve", "foundations", "tableau", "stock", "waste",
             "restricted", "score", "status")


def position(state, keys):
    return {k: state[k] for k in keys}


def replay_from_the_menu(p, before, moves, keys, what, timeout=180):
    """Edit > Replay by clicks, Return on the confirmation; returns the
    positions seen on the way, until the game is back at ``before`` after
    ``moves`` moves with the replay (PySolFC's demo) over."""
    p.probe(lambda q: q["game"]["moves"] == moves, "%d moves made" % moves)
    p.shot("before-replay")
    p.choose("Edit", "Replay")
    ask = H.find_window("^%s$" % re.escape(p.menu_names("Replay")),
                        display=p.display, timeout=30, proc=p.proc)
    p.shot("replay-asked")
    H.key("Return", display=p.display, wid=ask)
    seen, last = [], None
    deadline = time.monotonic() + timeout
    while True:
        state = H.read_json(p.state_file)
        if state is not None:
            pos = position(state, keys)
            if pos != last:
                seen.append(pos)
                last = pos
            probe = H.read_json(p.probe_file) or {}
            g = probe.get("game", {})
            if pos == before and len(seen) > 1 and not g.get("demo") \
                    and g.get("moves") == moves:
                break
        if time.monotonic() > deadline:
            raise AssertionError("%s: the replay did not come back to the "
                                 "position within %d s; last: %r, probe: "
                                 "%r" % (what, timeout, last, g))
        time.sleep(0.02)
    p.shot("replayed")
    # It stays there: nothing plays on by itself.
    time.sleep(1.0)
    assert position(H.read_json(p.state_file), keys) == before
    return seen


def from_the_deal(seen, start):
    """Where the replay is seen at the deal or one card dealt from it (a
    deal is replayed without a pause, so the deal itself may flash by
    unseen): the index in seen."""
    for i, x in enumerate(seen):
        if len(x["stock"]) >= len(start["stock"]) - 1:
            return i
    raise AssertionError("the replay was never seen at the start of the "
                         "deal: %r" % seen[:3])


def undo_redo_last(p, wid, before, previous, keys):
    """Z undoes the last move, R redoes it (PySolFC's keys)."""
    H.key("z", display=p.display, wid=wid)
    H.wait_state(p.state_file, lambda s: position(s, keys) == previous,
                 timeout=10, what="the last move undone after the replay")
    H.key("r", display=p.display, wid=wid)
    H.wait_state(p.state_file, lambda s: position(s, keys) == before,
                 timeout=10, what="the last move redone after the replay")


def test_replay_camelot_across_its_phases(replay_host, display, artifacts,
                                          tmp_path):
    from pysolfc_camelot.camelot import GAME_ID, GAME_NAME
    version, host_dir = replay_host
    p = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID,
              deck=" ".join(CAMELOT_DECK))
    with p.watched():
        wid = H.find_window(re.escape(GAME_NAME), display=display,
                            timeout=60, proc=p.proc)
        p.game(GAME_ID)
        H.wait_settled(p.state_file)
        t = CamelotTable(p.state_file, display)
        start = position(t.state(lambda s: len(s["stock"]) == 52,
                                 "the start of the deal"), CAMELOT_KEYS)
        # Phase 1: deal and place until the tableau is full.
        for i, (card, slot) in enumerate(zip(CAMELOT_DECK, PLACE_ORDER)):
            t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == card, "deal #%d (%s)" % (i, card))
            s = t.act(lambda s: t.drag(s, "waste", slot),
                      lambda s: s["tableau"][slot] == card,
                      "%s placed in slot %d" % (card, slot))
        assert s["phase"] == 2, s
        # Phase 2: the ten by a click, a pair by a drag.
        ten = s["tableau"].index("TD")
        s = t.act(lambda s: t.click(s, "rows", ten),
                  lambda s: "TD" in s["removed"], "TD removed")
        a, b = s["tableau"].index("AC"), s["tableau"].index("9C")
        s = t.act(lambda s: t.drag_rows(s, a, b),
                  lambda s: s["tableau"][a] is None
                  and s["tableau"][b] is None, "AC+9C removed")
        # A deal in phase 2 brings phase 1 back: its card goes to a space.
        card = CAMELOT_DECK[16]
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == card and s["phase"] == 1,
                  "a deal in phase 2 (%s)" % card)
        previous = position(s, CAMELOT_KEYS)
        s = t.act(lambda s: t.drag(s, "waste", ten),
                  lambda s: s["tableau"][ten] == card,
                  "%s placed in the ten's slot" % card)
        before = position(s, CAMELOT_KEYS)
        assert before["phase"] == 1 and before["score"] == 3

        seen = replay_from_the_menu(p, before, 2 * 16 + 2 + 2, CAMELOT_KEYS,
                                    "Camelot")
        phases = [x["phase"] for x in seen[from_the_deal(seen, start):]]
        runs = [ph for i, ph in enumerate(phases)
                if i == 0 or ph != phases[i - 1]]
        assert runs == [1, 2, 1], runs
        # Every step of the replay is a position the player had: the
        # score only grows, the cards are all there.
        for x in seen:
            cards = x["stock"] + x["removed"] + [c for c in x["tableau"]
                                                 if c]
            assert len(cards) + (x["waste"] is not None) == 52, x
        undo_redo_last(p, wid, before, previous, CAMELOT_KEYS)


def test_replay_the_plot_across_its_restriction(replay_host, display,
                                                artifacts, tmp_path):
    from pysolfc_camelot.plot import GAME_ID, GAME_NAME, rules
    from pysolfc_camelot.plot.notation import DEAL, RESERVE, WASTE, format_deck
    version, host_dir = replay_host
    # The banking line of the won deal: twelve deals, each card to F0,
    # complete F0 (move 24); then the reserve opens F1 and play goes on.
    WIN_DECK = known_deals.plot_win_deck()
    line = known_deals.plot_win_line(WIN_DECK)[:30]
    p = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID,
              deck=format_deck(WIN_DECK), game_geometry=WINDOW_SIZE)

    def pile(name):
        if name == WASTE:
            return "waste"
        if name == RESERVE:
            return "reserve"
        kind, index = name[0], int(name[1:])
        return ("foundations/%d" if kind == "F" else "rows/%d") % index

    def expected(pos):
        def cards(xs):
            return [format_card(c) for c in xs]
        return {"reserve": cards(pos.reserve),
                "foundations": [cards(f) for f in pos.foundations],
                "tableau": [cards(t) for t in pos.tableau],
                "stock": cards(pos.stock), "waste": cards(pos.waste),
                "restricted": pos.restricted, "score": pos.score,
                "status": pos.status()}

    with p.watched():
        wid = H.find_window(re.escape(GAME_NAME), display=display,
                            timeout=60, proc=p.proc)
        p.game(GAME_ID)
        H.wait_settled(p.state_file)
        t = PlotTable(p.state_file, display)
        pos = rules.Position.new_game(WIN_DECK)
        start = expected(pos)
        t.state(lambda s: position(s, PLOT_KEYS) == start, "the deal")
        previous = None
        for i, m in enumerate(line):
            want = expected(pos.after(m))
            if m == DEAL:
                def action(s):
                    t.click(s, "talon")
            else:
                def action(s, m=m):
                    t.drag(s, pile(m.src), pile(m.dst))
            previous = position(t.state(), PLOT_KEYS)
            t.act(action, lambda s: position(s, PLOT_KEYS) == want,
                  "move %d (%s)" % (i + 1, m))
            pos = pos.after(m)
        before = position(t.state(), PLOT_KEYS)
        assert not before["restricted"] and len(before["foundations"][0]) \
            == rules.FULL and before["foundations"][1], before

        seen = replay_from_the_menu(p, before, len(line), PLOT_KEYS,
                                    "The Plot")
        flags = [x["restricted"] for x in seen[from_the_deal(seen, start):]]
        runs = [f for i, f in enumerate(flags) if i == 0 or f != flags[i - 1]]
        assert runs == [True, False], runs
        for x in seen:
            n = (len(x["reserve"]) + sum(map(len, x["foundations"]))
                 + sum(map(len, x["tableau"])) + len(x["stock"])
                 + len(x["waste"]))
            assert n == 104, x
        undo_redo_last(p, wid, before, previous, PLOT_KEYS)
