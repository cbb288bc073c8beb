# SPDX-License-Identifier: GPL-3.0-or-later
"""What the unit tests share (no PySolFC needed): the checkout's folder,
the command line run as a user runs it, The Plot's cards, decks and
hand-built positions, and games with a known mistake (fixtures: a test
module imports the ones it asks for).  Test modules import this, never
each other."""
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from hostenv import REPO  # noqa: F401  (the checkout: one definition)
from pysolfc_camelot.camelot import rules as camelot_rules
from pysolfc_camelot.camelot import solver as camelot_solver
from pysolfc_camelot.core.cards import format_card, parse_card
from pysolfc_camelot.plot import hints as plot_hints
from pysolfc_camelot.plot import rules as plot_rules
from pysolfc_camelot.plot import solver as plot_solver
from pysolfc_camelot.plot.rules import DEAL, FOUNDATIONS, Position
from pysolfc_camelot.cli.solve import random_decks


def run_cli(*args, timeout=120, env=None, cwd=REPO, pythonpath=REPO,
            python=sys.executable):
    """``python -m pysolfc_camelot ARGS`` in a separate process, the
    checkout importable (``pythonpath``), as a user runs it (with
    ``python``, another interpreter)."""
    e = dict(os.environ if env is None else env)
    e["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([str(python), "-m", "pysolfc_camelot", *args],
                          env=e, cwd=str(cwd), capture_output=True,
                          text=True, timeout=timeout)


def kill_group(proc, sig=signal.SIGKILL):
    """``sig`` to ``proc``'s process group (it was started in its own)."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def _scheduler_address(sched_file, scheduler, seconds=60):
    """The address in the scheduler's file, once it is whole: the file
    appears before the scheduler has finished writing it, so an empty or
    torn file means "not yet", not an error."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            with open(sched_file, encoding="utf-8") as f:
                return json.load(f)["address"]
        except (OSError, ValueError, KeyError):
            if scheduler.poll() is not None:
                raise RuntimeError("the Dask scheduler exited (status %s)"
                                   % scheduler.returncode)
            time.sleep(0.1)
    raise RuntimeError("no whole scheduler file in %d s: %s"
                       % (seconds, sched_file))


@contextlib.contextmanager
def dask_cluster(folder, workers=1, env=None):
    """A Dask scheduler and ``workers`` workers started apart on
    127.0.0.1, as a user starts them (``python -m dask``, in ``folder``),
    each in its own process group: yields (the scheduler's address, the
    worker processes); every one is killed on the way out."""
    env = dict(os.environ if env is None else env,
               PYTHONPATH=str(REPO))
    procs = []

    def spawn(*args):
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "dask", *args], cwd=str(folder),
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
        return procs[-1]
    sched_file = os.path.join(str(folder), "scheduler.json")
    try:
        spawn("scheduler", "--host", "127.0.0.1", "--port", "0",
              "--no-dashboard", "--scheduler-file", sched_file)
        address = _scheduler_address(sched_file, procs[0])
        yield address, [spawn("worker", address, "--nthreads", "1",
                              "--no-nanny", "--host", "127.0.0.1",
                              "--no-dashboard", "--name", "w%d" % i)
                        for i in range(1, workers + 1)]
    finally:
        for p in procs:
            kill_group(p)
            p.wait(timeout=30)


# -- The Plot's cards and positions, written as text ------------------------

def c(text):
    return parse_card(text)


def cs(text):
    return [parse_card(w) for w in text.split()]


def random_deck(seed):
    """The Plot's two decks shuffled by random.Random(seed)."""
    deck = list(range(52)) * 2
    random.Random(seed).shuffle(deck)
    return deck


def up(rank, n, suit="C"):
    """``n`` cards of one suit going up from ``rank``, round the corner."""
    return [c("A23456789TJQK"[(rank - 1 + i) % 13] + suit) for i in range(n)]


def P(reserve="", found=(), tab=(), stock="", waste="", base=None):
    """A position from text: ``found`` and ``tab`` are lists of card
    strings (or card lists), missing piles empty."""
    def pile(x):
        return cs(x) if isinstance(x, str) else list(x)
    found = [pile(f) for f in found] + [[]] * (8 - len(found))
    tab = [pile(t) for t in tab] + [[]] * (12 - len(tab))
    return Position(reserve=cs(reserve), foundations=found, tableau=tab,
                    stock=cs(stock), waste=cs(waste), base=base)


def hand_built_win():
    """A deck and a move list that wins it, using every kind of move."""
    def names(cards):
        return [format_card(x) for x in cards]
    reserve = names(reversed(up(1, 13, "D")))           # AD on top
    tableau = names(up(2, 12, "C"))                     # 2C .. KC
    stock = (names(up(1, 13, "H")) + names(up(1, 13, "S")) +
             names(up(1, 13, "C")) + names(up(1, 13, "D")) +
             names(reversed(up(2, 12, "H"))) + ["AH"] +
             names(up(1, 13, "S")))
    deck = reserve + ["AC"] + tableau + stock
    moves = ["T%d>F0" % i for i in range(12)]           # F0 full
    moves += ["reserve>F1"] * 13
    moves += ["stock>F2"] * 13                          # hearts
    moves += ["deal; waste>F3"] * 13                    # spades
    moves += ["deal; waste>F4"] + ["stock>F4"] * 12     # clubs
    moves += ["stock>F5"] * 13                          # diamonds
    moves += ["deal; waste>T0"] * 12                    # KH down to 2H
    moves += ["stock>F6"] + ["T0>F6"] * 12              # AH, then T0
    moves += ["stock>F7"] * 13
    return " ".join(deck), "; ".join(moves)


def greedy_line(deck):
    """Bank anything (reserve first), else play the waste to the tableau,
    else deal: wins most deals."""
    p = Position.new_game(deck)
    line = []
    while True:
        moves = p.legal_moves()
        banks = [m for m in moves if m.dst in FOUNDATIONS]
        banks.sort(key=lambda m: m.src != "reserve")
        waste = [m for m in moves if m.src == "waste"]
        move = (banks or waste or [m for m in moves if m == DEAL] or
                [None])[0]
        if move is None:
            return p, line
        p.play(move)
        line.append(move)


# -- games with a known mistake (analyse, What went wrong) -----------------

GAMES = {"camelot": (camelot_rules, camelot_solver),
         "plot": (plot_rules, plot_solver)}


def positions(game, deck, moves):
    rules = GAMES[game][0]
    out = [rules.Position.new_game(deck)]
    for m in moves:
        out.append(out[-1].after(m))
    return out


def play_on(pos, policy, limit=400):
    """Moves of ``policy`` from ``pos`` (changed in place) until it has
    none: the game goes on after the mistake, as a player's would."""
    moves = []
    while len(moves) < limit:
        m = policy(pos)
        if m is None:
            break
        pos.play(m)
        moves.append(m)
    return moves


def first_legal(pos):
    legal = pos.legal_moves()
    return legal[0] if legal else None


class Mistake:
    """A game with a known mistake: moves[k] throws the win away."""

    def __init__(self, game, deck, winning, k, mistake, after):
        self.game, self.deck, self.k, self.mistake = game, deck, k, mistake
        self.winning = winning          # the solver's line from the deal
        self.moves = winning[:k] + [mistake] + after


def find_mistake(game, deck, ks, budget):
    """The solver's line for ``deck`` and the first k of ``ks`` where a
    legal move other than the line's is proved losing; None if none."""
    rules, solver = GAMES[game]
    res = solver.solve(rules.Position.new_game(deck), budget_seconds=10)
    if not res.winnable:
        return None
    line = res.moves
    pos = positions(game, deck, line)
    for k in ks(len(line)):
        for m in pos[k].legal_moves():
            if m != line[k] and solver.solve(
                    pos[k].after(m), budget_seconds=budget).winnable is False:
                rest = pos[k].after(m)
                policy = first_legal if game == "camelot" \
                    else plot_hints.greedy_move
                return Mistake(game, deck, line, k, m, play_on(rest, policy))
    return None


@pytest.fixture(scope="module")
def camelot_mistake():
    # a mistake well into the game, so the binary search has work to do
    for deck in random_decks(40, 7):
        found = find_mistake("camelot", deck, lambda n: range(20, n), 5)
        if found:
            return found
    raise AssertionError("no Camelot deal with a losing move found")


@pytest.fixture(scope="module")
def plot_mistake():
    # Losing moves are rare in The Plot and come late (a tableau card
    # banked where the reserve's copy was needed): look from the end back,
    # where positions are small.  Seed 3's deal has one (checked below).
    for seed in (3, 6) + tuple(range(7, 30)):
        deck = random_decks(1, seed, "plot")[0]
        found = find_mistake("plot", deck,
                             lambda n: range(n - 1, max(-1, n - 60), -1), 1)
        if found:
            return found
    raise AssertionError("no Plot deal with a losing move found")


@pytest.fixture(scope="module")
def camelot_lost_deal():
    """A Camelot deal the solver proves lost (about half of them are)."""
    for deck in random_decks(40, 7):
        res = camelot_solver.solve(camelot_rules.Position.new_game(deck))
        if res.winnable is False:
            return deck
    raise AssertionError("no lost Camelot deal found")
