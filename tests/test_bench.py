# SPDX-License-Identifier: GPL-3.0-or-later
"""The benchmarks' deals: fresh random ones from a printed seed, the
public sets on request (bench/deal_source.py); a tiny run of each."""
import json
import lzma
import os
import re
import subprocess
import sys

import pytest

from pysolfc_camelot.core.cards import parse_deck
from pysolfc_camelot.plot.notation import parse_deck as parse_plot_deck

from helpers import REPO, dask_cluster

sys.path.insert(0, str(REPO / "bench"))
import deal_source                                          # noqa: E402


class Args:
    deals = seed = deals_file = None
    public = False
    default_deals = 1000


@pytest.mark.parametrize("game, parse", [("camelot", parse_deck),
                                         ("plot", parse_plot_deck)])
def test_the_public_set_is_its_seed(game, parse):
    public = Args()
    public.public = True
    fresh = Args()
    fresh.seed = deal_source.PUBLIC_SEED[game]
    a, which = deal_source.choose(public, game, parse)
    b, said = deal_source.choose(fresh, game, parse)
    assert len(a) == 1000 and a == b
    assert "from bench/" in which or "deals-1000.txt" in which
    assert "seed %d (pass --seed %d to repeat" % (fresh.seed,
                                                   fresh.seed) in said


def bench(script, *args):
    return subprocess.run([sys.executable, os.path.join("bench", script),
                           *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def test_bench_plot_picks_a_seed_and_repeats_it():
    r = bench("bench_plot.py", "--deals", "3", "--jobs", "1",
              "--policies", "greedy")
    assert r.returncode == 0, r.stderr
    seed = re.search(r"seed (\d+) \(pass --seed \1 to repeat", r.stdout)
    assert seed, r.stdout
    again = bench("bench_plot.py", "--deals", "3", "--jobs", "1",
                  "--policies", "greedy", "--seed", seed.group(1))

    def counts(out):
        # the greedy policy is deterministic; solver times are not
        return [line for line in out.splitlines()
                if "greedy" in line or line.startswith("deals:")]
    assert counts(again.stdout) == counts(r.stdout)
    assert "95% Wilson interval" in r.stdout
    # the current solver against the frozen baseline, on the same deals
    assert "old = bench/baseline_plot (commit " in r.stdout
    assert "verdicts that differ where both decide: none" in r.stdout
    assert re.search(r"undecided within 10 s .*\| \d+ \(", r.stdout)
    assert "the tail: the 3 slowest deals" in r.stdout


def test_bench_plot_cpu_budgets_and_results_resume(tmp_path):
    out = tmp_path / "results.jsonl"
    args = ("--only", "solver", "--deals", "2", "--seed", "1", "--jobs",
            "1", "--budget", "5", "--cpu", "--results", str(out))
    r = bench("bench_plot.py", *args)
    assert r.returncode == 0, r.stderr
    assert "budgets in CPU seconds" in r.stdout
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted((x["deal"], x["solver"]) for x in lines) == [
        (1, "new"), (1, "old"), (2, "new"), (2, "old")]
    assert all(x["cpu"] and x["budget"] == 5 for x in lines)
    again = bench("bench_plot.py", *args)
    assert again.returncode == 0, again.stderr
    assert "4 results read from" in again.stdout
    assert len(out.read_text().splitlines()) == 4    # nothing solved again

    def table(text):
        return [x for x in text.splitlines() if x.startswith("| decided")
                or x.startswith("| winnable")]
    assert table(again.stdout) == table(r.stdout)


def test_bench_camelot_on_fresh_deals():
    # seed 1: the first five deals of `stats --seed 1`, all quick
    r = bench("bench.py", "--deals", "5", "--seed", "1", "--jobs", "1",
              "--skip", "2,3", "--games", "2", "--policies",
              "greedy,perfect")
    assert r.returncode == 0, r.stderr
    assert "deals: 5 fresh random deals, seed 1 (pass --seed 1" in r.stdout
    assert "decided 5/5" in r.stdout
    assert re.search(r"perfect wins \d/2 .*\(95% ", r.stdout)
    # the baseline ran on the same deals: speed-up, tail and verdicts
    assert re.search(r"speed-up, ratio of mean times: [\d.]+x \(95% paired"
                     r" bootstrap", r.stdout), r.stdout
    assert "slowest deals" in r.stdout and "over 1 s: " in r.stdout
    assert "verdicts agree on 5 of 5 deals decided by both" in r.stdout


def test_bench_fails_on_a_verdict_mismatch(capsys):
    import speedup

    class Args:
        resamples = 50
        seed = 1
    # (current (winnable, states, seconds, cpu), baseline's, maxrss)
    res = [((True, 10, 0.01, 0.01), (True, 30, 0.03, 0.03), 0),
           ((False, 5, 0.02, 0.02), (True, 9, 0.05, 0.05), 0),
           ((None, 99, 1.0, 1.0), (False, 7, 0.04, 0.04), 0)]
    assert speedup.versus_baseline(res, Args()) == 1
    out = capsys.readouterr().out
    assert "VERDICT MISMATCH on deal 1: current not winnable, baseline" \
        " winnable" in out
    assert "verdicts agree on 1 of 2 deals decided by both" in out


# -- the fair-play measurement (bench_fair.py) --------------------------------

@pytest.mark.slow               # a scheduler and a worker started
def test_bench_fair_plays_on_a_dask_cluster_and_resumes(tmp_path):
    """The measurement joins a scheduler and a worker started apart
    (--scheduler), writes one line per deal and policy, goes on from its
    file with more deals, and its report counts the deals every policy
    finished; a seed other than the file's is refused."""
    with dask_cluster(tmp_path) as (address, _):
        f = tmp_path / "fair.jsonl"
        common = ("--game", "camelot", "--seed", "17", "--samples", "2",
                  "--budget", "5", "--scheduler", address, "--results",
                  str(f))
        r = bench("bench_fair.py", "--deals", "2", *common)
        assert r.returncode == 0, r.stderr
        assert "playing on the Dask cluster at %s" % address in r.stderr
        recs = [json.loads(t) for t in f.read_text().splitlines()]
        assert sorted((x["deal"], x["policy"]) for x in recs) == [
            (d, p) for d in (1, 2) for p in ("fair", "full", "simple")]
        assert {x["seed"] for x in recs} == {17}
        assert all(isinstance(x["won"], bool) for x in recs)
        assert "2 deals played by every policy" in r.stdout
        r = bench("bench_fair.py", "--deals", "3", *common)
        assert r.returncode == 0, r.stderr
        assert "3 plays to go" in r.stderr      # only deal 3's
        again = [json.loads(t) for t in f.read_text().splitlines()]
        assert again[:6] == recs and len(again) == 9
        r = bench("bench_fair.py", "--report", str(f))
        assert "3 deals played by every policy" in r.stdout
        r = bench("bench_fair.py", "--deals", "3", "--results", str(f),
                  "--seed", "18")
        assert r.returncode == 2 and "deals of seed 17" in r.stderr


@pytest.mark.slow               # two runs of the engine, about 10 s
def test_bench_fair_adds_the_player_dealing_first_on_the_same_deals(
        tmp_path):
    """--deal-first on a results file plays only the policy fair-first on
    its deals (the others are there) and the report has both players;
    Camelot has no moves that commute with a deal, so both play the same
    games."""
    f = tmp_path / "fair.jsonl"
    common = ("--game", "camelot", "--seed", "17", "--samples", "2",
              "--budget", "5", "--deals", "2", "--jobs", "1",
              "--results", str(f))
    r = bench("bench_fair.py", *common)
    assert r.returncode == 0, r.stderr
    r = bench("bench_fair.py", "--deal-first", *common)
    assert r.returncode == 0, r.stderr
    assert "2 plays to go" in r.stderr          # fair-first's alone
    recs = [json.loads(t) for t in f.read_text().splitlines()]
    by = {(x["deal"], x["policy"]): x for x in recs}
    assert sorted(by) == [(d, p) for d in (1, 2) for p in (
        "fair", "fair-first", "full", "simple")]
    for d in (1, 2):
        assert by[d, "fair-first"]["samples"] == 2
        assert (by[d, "fair-first"]["won"], by[d, "fair-first"]["moves"]) \
            == (by[d, "fair"]["won"], by[d, "fair"]["moves"])
    assert "| strong fair player, dealing first, 2 samples |" in r.stdout
    assert "| strong fair player, 2 samples |" in r.stdout
    assert "fair-first2: rescued" in r.stdout


def test_bench_fair_publishes_a_run_in_progress(tmp_path):
    """--report FILE --into DOC --xz OUT: the table goes between DOC's
    markers of the file's game (the rest of DOC as it was, and again the
    same on a second run), OUT holds the file's whole lines, a torn last
    line left out; a DOC without the markers is refused, unchanged."""
    def line(deal, policy, samples, won):
        return json.dumps({"game": "plot", "seed": 5, "deal": deal,
                           "policy": policy, "samples": samples,
                           "won": won, "moves": 200, "seconds": [0.01],
                           "cpu": [0.01]}) + "\n"
    lines = [line(d, p, k, w) for d in (1, 2) for p, k, w in (
        ("simple", None, d == 1), ("fair", 6, True), ("full", None, True))]
    results = tmp_path / "run.jsonl"
    results.write_text("".join(lines) + '{"game": "plot", "se')
    doc = tmp_path / "page.md"
    before, after = "# Page\n\nbefore\n", "\nafter\n"
    doc.write_text(before + "<!-- plot-run -->\nold table\n"
                   "<!-- /plot-run -->" + after)
    out = tmp_path / "run.jsonl.xz"
    for _ in range(2):
        r = bench("bench_fair.py", "--report", str(results), "--into",
                  str(doc), "--xz", str(out))
        assert r.returncode == 0, r.stderr
        text = doc.read_text()
        assert text.startswith(before + "<!-- plot-run -->\n\nplot, ")
        assert text.endswith("\n\n<!-- /plot-run -->" + after)
        assert "old table" not in text
        assert "2 deals played by every policy" in text
        assert "| 1 / 2 (50.0%" in text         # simple won deal 1 only
        assert lzma.open(out, "rt").read() == "".join(lines)
    other = tmp_path / "other.md"
    other.write_text("<!-- camelot-run --><!-- /camelot-run -->\n")
    r = bench("bench_fair.py", "--report", str(results), "--into",
              str(other))
    assert r.returncode != 0 and "<!-- plot-run -->" in r.stderr
    assert other.read_text() == "<!-- camelot-run --><!-- /camelot-run -->\n"


def test_bench_fair_settles_the_deals_left_undecided(tmp_path):
    """--settle SECONDS (the file's game) solves again only the deals
    full knowledge left undecided and no player won, appends their new
    lines with that budget, and the table takes them (the solver's
    verdict, the same as solve's on the deck) and says which budget
    decided them."""
    from pysolfc_camelot import games
    from pysolfc_camelot.cli.solve import random_decks

    def line(deal, policy, samples, won):
        return {"game": "plot", "seed": 17, "deal": deal,
                "policy": policy, "samples": samples, "won": won,
                "moves": 200, "seconds": [0.01], "cpu": [0.01],
                "budget": 10 if policy == "full" else None}
    # deal 1 undecided, no player won it: settled; deal 2 undecided but
    # a player won it, and deal 3 decided: left alone
    lines = [line(d, p, k, None if p == "full" and d < 3 else w)
             for d, w in ((1, False), (2, True), (3, False))
             for p, k in (("simple", None), ("fair", 2), ("full", None))]
    results = tmp_path / "run.jsonl"
    results.write_text("".join(json.dumps(x) + "\n" for x in lines))
    r = bench("bench_fair.py", "--settle", "30", "--jobs", "1",
              "--results", str(results))
    assert r.returncode == 0, r.stderr
    assert "1 plays to go" in r.stderr
    recs = [json.loads(t) for t in results.read_text().splitlines()]
    assert recs[:9] == lines and len(recs) == 10
    new = recs[9]
    assert (new["deal"], new["policy"], new["budget"]) == (1, "full", 30)
    game = games.Game("plot")
    deck = random_decks(1, 17, "plot")[0]
    assert new["won"] is game.solve(game.new_game(deck),
                                    budget_seconds=30).winnable
    assert new["won"] is not None
    assert "(the solver, 10 s a deal; 30 s for 1 it left undecided at " \
        "10 s), 1 won only by a player" in r.stdout
    r = bench("bench_fair.py", "--settle", "30", "--results", str(results))
    assert r.returncode == 0 and "0 plays to go" in r.stderr


def test_paired_compares_two_players_deal_by_deal(tmp_path):
    """bench/paired.py FILE:POLICY FILE:POLICY: the wins of each over the
    deals both finished, the deals only one won, McNemar's exact
    two-sided p on them (splits 0/6: 2/64, 2/2: 1, 0/4: 2/16); files
    of other deals are refused."""
    def write(name, policy, samples, won, seed=5):
        path = tmp_path / name
        path.write_text("".join(json.dumps(
            {"game": "plot", "seed": seed, "deal": d, "policy": policy,
             "samples": samples, "won": w, "moves": 1, "seconds": [],
             "cpu": []}) + "\n" for d, w in enumerate(won, 1)))
        return str(path)
    a = write("a.jsonl", "fair", 12, [True] * 4 + [False] * 6 + [True])
    b = write("b.jsonl", "fair-first", 12, [True] * 10)
    r = bench("paired.py", a + ":fair12", b + ":fair-first12")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert (out["deals"], out["a_won"], out["b_won"]) == (10, 4, 10)
    assert out["a_only"] == [] and out["b_only"] == [5, 6, 7, 8, 9, 10]
    assert out["p_two_sided"] == round(2 / 64, 6)
    c = write("c.jsonl", "fair", 12, [True, True, False, False, True, True])
    d = write("d.jsonl", "fair", 12, [False, False, True, True, True, True])
    out = json.loads(bench("paired.py", c + ":fair12", d + ":fair12").stdout)
    assert (out["a_only"], out["b_only"]) == ([1, 2], [3, 4])
    assert out["p_two_sided"] == 1.0
    e = write("e.jsonl", "fair", 12, [False] * 4 + [True] * 2)
    out = json.loads(bench("paired.py", e + ":fair12", b + ":fair-first12")
                     .stdout)
    assert (out["a_only"], out["b_only"]) == ([], [1, 2, 3, 4])
    assert out["p_two_sided"] == round(2 / 16, 6)
    other = write("o.jsonl", "fair", 12, [True], seed=6)
    r = bench("paired.py", a + ":fair12", other + ":fair12")
    assert r.returncode != 0 and "seed 6" in r.stderr
    r = bench("paired.py", a + ":fair6", b + ":fair-first12")
    assert r.returncode != 0 and "no deal played by fair6" in r.stderr


def test_fair_ab_plays_both_checkouts_and_compares_their_games():
    """bench/fair_ab.py against this checkout itself: every game the
    same move for move (exit 0), the deals' seed printed, a speed-up."""
    r = bench("fair_ab.py", "--old", str(REPO), "--game", "camelot",
              "--deals", "1", "--samples", "2", "--seed", "5")
    assert r.returncode == 0, r.stderr
    assert "1 fresh deal of seed 5" in r.stdout
    assert r.stdout.count("the same game") == 1
    assert "games the same move for move: 1 of 1" in r.stdout
    assert "speed-up: " in r.stdout


def test_where_lost_finds_the_move_that_threw_the_win_away():
    """bench/where_lost.py on a Camelot deal full knowledge wins and the
    strong fair player (12 samples) loses: the position it names is
    winnable and the move played there loses the real deal (both checked
    by the solver here); the move is among those the player considers,
    each scored over the orders; the moves said to keep the win do, and
    the considered mark is the player's candidates."""
    from pysolfc_camelot import games
    from pysolfc_camelot.cli.solve import random_decks
    from pysolfc_camelot.core import fair_player
    from pysolfc_camelot.core.policies import play_out, policy_function
    r = bench("where_lost.py", "--game", "camelot", "--seed", "429696",
              "--deals", "2", "--orders", "30", "--sizes", "6,12")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    game = games.Game("camelot")
    deck = random_decks(2, 429696, "camelot")[1]
    pos = game.new_game(deck)
    moves, _ = play_out(game, pos, policy_function(game, "fair", 12))
    assert not pos.is_won() and out["won"] is False
    k = out["lost_after"]
    assert out["moves"] == len(moves) and 0 <= k < len(moves)
    at, failed, _ = game.rules.replay(deck, moves[:k])
    assert failed is None
    assert game.solve(at, budget_seconds=60).winnable is True
    assert game.solve(at.after(moves[k]),
                      budget_seconds=60).winnable is False
    name = {game.name_move(at, m): m for m in at.legal_moves()}
    assert out["played"] == game.name_move(at, moves[k])
    hidden = fair_player.hidden_part("camelot")
    considered = {game.name_move(at, m)
                  for m in fair_player.candidates(hidden, at)}
    assert set(out["scores"]) == considered and out["played"] in considered
    for s in out["scores"].values():
        assert 0 <= s["won"] + s["undecided"] <= out["orders"] == 30
    assert out["keeping_the_win"]
    for keep in out["keeping_the_win"]:
        assert game.solve(at.after(name[keep["move"]]),
                          budget_seconds=60).winnable is True
        assert keep["considered"] == (keep["move"] in considered)
    assert set(out["picks"]) == {"6", "12"}
    assert set(out["picks"].values()) <= considered
    # Camelot has no moves that commute with a deal (no hidden.commutes)
    assert out["picks_dealing_first"] == out["picks"]


def test_bench_fair_counts_a_player_s_win_as_winnable(tmp_path):
    """A deal the solver left undecided but a player won is winnable (a
    win is a witness): full knowledge counts it and says so, and it is
    among the winnable deals simple lost; one nobody won stays
    undecided."""
    def line(deal, policy, samples, won):
        return json.dumps({"game": "plot", "seed": 5, "deal": deal,
                           "policy": policy, "samples": samples,
                           "won": won, "moves": 200, "seconds": [0.01],
                           "cpu": [0.01], "budget": 10}) + "\n"
    lines = [line(1, "simple", None, True), line(1, "fair", 6, True),
             line(1, "full", None, True),
             line(2, "simple", None, False), line(2, "fair", 6, True),
             line(2, "full", None, None),
             line(3, "simple", None, False), line(3, "fair", 6, False),
             line(3, "full", None, None)]
    results = tmp_path / "run.jsonl"
    results.write_text("".join(lines))
    r = bench("bench_fair.py", "--report", str(results))
    assert r.returncode == 0, r.stderr
    assert "| full knowledge (the solver, 10 s a deal), 1 won only by a " \
        "player (the solver left it undecided), 1 undecided | 2 / 3 " \
        in r.stdout
    assert "| strong fair player, 6 samples | 2 / 3 (66.7%" in r.stdout
    assert "| 1.000 |" in r.stdout              # 2 of the 2 winnable
    assert "fair6: rescued 1 of the 1 winnable deals simple lost" \
        in r.stdout
