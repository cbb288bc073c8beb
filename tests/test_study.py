# SPDX-License-Identifier: GPL-3.0-or-later
"""The study (issue 21): `stats` over consecutive PySolFC deals with a
results file that survives a kill, a budget ladder, Blake & Gent's
interval, on Dask distributed (a local cluster, or a scheduler and
workers started apart) and without it; `stats --check`; and the plugin
inside PySolFC importing none of it.

Deals are PySolFC's own (the .host PySolFC that `make setup` fetched
shuffles them); budgets are tiny where a test wants undecided deals and
large (60 s, against deals that take at most a second or two) where it
compares two runs, so that both decide every deal the same way."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import hostenv
from helpers import REPO, dask_cluster, kill_group, run_cli
from pysolfc_camelot import study

PY = sys.executable
# Batches of 0.2 s of solving instead of 5 s: a kill lands mid-run in a
# run of a few hundred deals.
ENV = dict(os.environ, PYTHONPATH=str(REPO),
           CAMELOT_STUDY_BATCH_SECONDS="0.2")
EXTRAS = ("dask", "distributed", "tqdm", "rich")


def lines(path):
    return [json.loads(t) for t in open(path, encoding="utf-8")]


def without_seconds(path):
    """The file's lines without the timing, sorted: what must not depend on
    the run."""
    return sorted(json.dumps({k: v for k, v in rec.items()
                              if k != "seconds"}, sort_keys=True)
                  for rec in lines(path))


def _as_from_a_terminal():
    # A command typed at a terminal gets Ctrl-C's default action.  A test
    # run started in the background of a script (`make test &`) has
    # SIGINT ignored, which its children inherit, and Python then never
    # raises KeyboardInterrupt: the Ctrl-C tests would test the launcher.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args, env=ENV):
    """`python -m pysolfc_camelot ARGS` in its own process group, as
    typed at a terminal."""
    return subprocess.Popen([PY, "-m", "pysolfc_camelot", *args], cwd=REPO,
                            env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=_as_from_a_terminal)


def wait_for_lines(path, n, proc, seconds=120):
    """Until the results file holds n lines (the run is mid-way)."""
    end = time.time() + seconds
    while time.time() < end:
        if os.path.exists(path) and sum(1 for _ in open(path, "rb")) >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    raise AssertionError("no %d lines in %s within %d s" % (n, path, seconds))


# -- the interval -------------------------------------------------------------

def test_the_interval_is_blake_and_gents():
    """Their Klondike figures: 819,371 won, 180,472 lost, 157 unknown of
    1,000,000 deals, published as 81.945% +- 0.084%."""
    lo, hi = study.interval(819371, 180472, 157)
    assert lo == pytest.approx(study.wilson(819371, 10 ** 6)[0])
    assert hi == pytest.approx(study.wilson(819371 + 157, 10 ** 6)[1])
    assert (round(100 * lo, 4), round(100 * hi, 4)) == (81.8616, 82.0281)
    assert study.as_published(lo, hi) == (81.945, 0.084)
    # Wilson's interval itself, against published values (z = 1.96)
    assert study.wilson(10, 100, z=1.96) == pytest.approx(
        (0.05522854161313612, 0.1743673043676654))
    assert study.wilson(0, 100, z=1.96) == pytest.approx(
        (0.0, 0.03699480747600191))
    # undecided deals widen it on both sides
    lo2, hi2 = study.interval(819371 + 157, 180472, 0)
    assert lo < study.interval(819371, 180472 + 157, 0)[0] + 1e-12 and \
        hi == pytest.approx(hi2) and lo < lo2


# -- the results file ---------------------------------------------------------

@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_a_torn_last_line_is_redone_and_done_deals_are_skipped(tmp_path):
    """--resume keeps every whole line as it is (deal 2's planted line is
    not solved again) and cuts off the torn one, whose deal is solved."""
    f = tmp_path / "r.jsonl"
    planted = [{"deal": d, "status": "lost", "moves": None, "states": 7,
                "seconds": 0.5, "budget": 60.0} for d in (1, 2, 3)]
    f.write_text("".join(study.dumps(r) for r in planted) +
                 '{"deal": 4, "status": "winn')
    r = run_cli("stats", "--deals", "5", "--results", str(f), "--resume",
                "--budget", "60", "--json", timeout=300)
    assert r.returncode == 0, r.stderr
    assert "torn last line" in r.stderr
    got = lines(f)
    assert got[:3] == planted
    assert sorted(rec["deal"] for rec in got[3:]) == [4, 5]
    assert all(rec["states"] != 7 for rec in got[3:])
    s = json.loads(r.stdout)
    assert s["deals"] == 5 and s["lost"] >= 3
    assert (s["engine"], s["workers"]) == ("dask", 1)   # the default
    # a damaged line that is not the last: refused, the file untouched
    text = f.read_text()
    f.write_text(text.replace('"states": 7', '"states": "x"', 1))
    before = f.read_bytes()
    r = run_cli("stats", "--deals", "5", "--results", str(f), "--resume")
    assert r.returncode == 2 and "line 1: states" in r.stderr
    assert f.read_bytes() == before
    # and an existing file without --resume is never overwritten
    r = run_cli("stats", "--deals", "5", "--results", str(f))
    assert r.returncode == 2 and "--resume" in r.stderr
    assert f.read_bytes() == before


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_resume_after_kill_9_gives_the_uninterrupted_file(tmp_path):
    """Kill -9 the command (and its local cluster) mid-run, resume, and
    the results file holds the same lines as a run never stopped."""
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    args = ["--deals", "160", "--jobs", "2", "--budget", "60"]
    r = run_cli("stats", *args, "--results", str(whole), "--json",
                timeout=600)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert (s["engine"], s["workers"], s["deals"]) == ("dask", 2, 160)
    assert s["undecided"] == 0
    proc = start("stats", *args, "--results", str(resumed))
    try:
        wait_for_lines(resumed, 40, proc)
        kill_group(proc)
        proc.communicate(timeout=60)
    finally:
        kill_group(proc)
    assert proc.returncode == -signal.SIGKILL
    assert 40 <= len(lines(resumed)) < 160 or \
        study.torn_tail(resumed)            # stopped mid-way
    r = run_cli("stats", *args, "--results", str(resumed), "--resume",
                "--json", timeout=600)
    assert r.returncode == 0, r.stderr
    assert without_seconds(resumed) == without_seconds(whole)
    assert json.loads(r.stdout)["winnable"] == s["winnable"]


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_ctrl_c_stops_with_the_summary_and_the_command_that_resumes(
        tmp_path):
    f = tmp_path / "r.jsonl"
    # (30,000 deals once did not end within 60 s of the Ctrl-C in CI,
    # and 3,000 once ended before it: both what a run whose SIGINT is
    # ignored does, as a test run started in the background of a script
    # has it; start() now gives the child Ctrl-C's default action)
    deals = 3000
    proc = start("stats", "--deals", str(deals), "--jobs", "2", "--results",
                 str(f))
    try:
        wait_for_lines(f, 20, proc)
        kill_group(proc, signal.SIGINT)     # Ctrl-C reaches the group
        out, err = proc.communicate(timeout=60)
    finally:
        kill_group(proc)
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    assert "interrupted:" in err and "not yet solved" in out
    resume = err.split("resume with: ", 1)[1].splitlines()[0]
    assert resume.endswith("--deals %d --results %s --resume --jobs 2"
                           % (deals, f))
    n = len(lines(f))
    assert "%d deals (PySolFC deals 1 to %d, %d not yet solved)" % (
        n, deals, deals - n) in out


def test_a_deals_tier_stays_when_a_bigger_rung_counts():
    """A study's deal decided on its 100 s rung, its tier found later at
    10 s (a tier run over the study's file): the line that counts is the
    100 s one, with the tier; compact writes the same."""
    import io
    recs = [{"deal": 7, "status": "undecided", "moves": None, "states": 9,
             "seconds": 10.0, "budget": 10.0},
            {"deal": 7, "status": "winnable", "moves": 271, "states": 6853,
             "seconds": 0.8, "budget": 100.0},
            {"deal": 7, "status": "winnable", "moves": 247, "states": 679,
             "seconds": 0.06, "budget": 10.0, "tier": "medium"},
            {"deal": 8, "status": "undecided", "moves": None, "states": 5,
             "seconds": 10.0, "budget": 10.0, "tier": None}]
    best = study.final_records(recs)
    assert best[7] == dict(recs[1], tier="medium")
    assert best[8] == recs[3]
    tally = study.Tally(7, 2)         # --resume's view: the same tiers
    for rec in recs:
        tally.add(rec)
    assert not tally.needs(0, 10.0, tiers=True)
    out = io.StringIO()
    assert study.compact(recs, out) == 2
    assert [json.loads(t) for t in out.getvalue().splitlines()] == [
        best[7], best[8]]


# -- batch sizes --------------------------------------------------------------

def test_batches_are_sized_by_the_workers_time_not_the_verdicts():
    """A tier batch: each deal's verdict took 20 ms, its whole work (the
    tier's games) 10 s; the next batches hold about BATCH_SECONDS of that
    work, not of the verdicts (which made batches of minutes)."""
    from pysolfc_camelot.study import engine
    sizer = engine.Sizer()
    for _ in range(6):
        n = sizer.size()
        sizer.observe([{"seconds": 0.02}] * n, busy=10.0 * n)
    assert sizer.size() <= max(1, int(engine.BATCH_SECONDS / 10.0))
    quick = engine.Sizer()
    for _ in range(12):
        n = quick.size()
        quick.observe([{"seconds": 0.001}] * n, busy=0.001 * n)
    assert quick.size() > 100       # and fast deals still go in big ones


# -- the ladder ---------------------------------------------------------------

@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_the_ladder_reruns_only_the_undecided_deals(tmp_path):
    f = tmp_path / "r.jsonl"
    r = run_cli("stats", "--deals", "40", "--budget", "0.0005", "--ladder",
                "60", "--results", str(f), "--json", "--jobs", "2",
                timeout=600)
    assert r.returncode == 0, r.stderr
    first = [rec for rec in lines(f) if rec["budget"] == 0.0005]
    second = [rec for rec in lines(f) if rec["budget"] == 60.0]
    assert len(first) + len(second) == len(lines(f))
    assert sorted(rec["deal"] for rec in first) == list(range(1, 41))
    undecided = sorted(rec["deal"] for rec in first
                       if rec["status"] == "undecided")
    assert undecided, "a 0.5 ms budget leaves deals undecided"
    assert sorted(rec["deal"] for rec in second) == undecided
    s = json.loads(r.stdout)
    assert s["undecided"] == 0 and s["deals"] == 40
    assert s["ladder"] == [
        {"budget": 0.0005, "reached": 40, "decided": 40 - len(undecided)},
        {"budget": 60.0, "reached": len(undecided),
         "decided": len(undecided)}]
    # the summary counts each deal once, by its deciding line
    best = study.final_records(lines(f))
    assert s["winnable"] == sum(rec["status"] == "winnable"
                                for rec in best.values())
    assert s["left"] == []
    # without the ladder the deals left are named, with their states
    g = tmp_path / "short.jsonl"
    r = run_cli("stats", "--deals", "40", "--budget", "0.0005",
                "--results", str(g), "--json")
    assert r.returncode == 0, r.stderr
    left = [{"deal": rec["deal"], "states": rec["states"],
             "budget": rec["budget"]} for rec in sorted(
                 lines(g), key=lambda rec: rec["deal"])
            if rec["status"] == "undecided"]
    assert left and json.loads(r.stdout)["left"] == left
    r = run_cli("stats", "--deals", "40", "--results", str(g), "--resume",
                "--budget", "0.0005")
    assert "left undecided (deal: states at its last budget): %d: %d at" % (
        left[0]["deal"], left[0]["states"]) in r.stdout


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_a_study_of_the_tiers_resumes_a_file_without_them(tmp_path):
    """--tier over a finished file solves and plays its winnable deals
    again (a lost deal's tier is lost), each line's tier is solve --tier's
    for that deal, the summary counts them, and a tier that does not fit
    its line's status is refused."""
    f = tmp_path / "t.jsonl"
    r = run_cli("stats", "--deals", "8", "--results", str(f), "--json")
    assert r.returncode == 0, r.stderr
    before = lines(f)
    assert all("tier" not in rec for rec in before)
    r = run_cli("stats", "--deals", "8", "--results", str(f), "--resume",
                "--tier", "--json", timeout=600)
    assert r.returncode == 0, r.stderr
    added = lines(f)[len(before):]
    winnable = sorted(rec["deal"] for rec in before
                      if rec["status"] == "winnable")
    assert winnable and len(winnable) < 8
    assert sorted(rec["deal"] for rec in added) == winnable
    tiers = {}
    for rec in added:
        one = json.loads(run_cli("solve", "--deal", str(rec["deal"]),
                                 "--tier", "--json").stdout)
        assert rec["tier"] == one["tier"] in ("easy", "medium", "hard")
        tiers[rec["tier"]] = tiers.get(rec["tier"], 0) + 1
    s = json.loads(r.stdout)["tiers"]
    assert s["lost"]["deals"] == 8 - len(winnable) and s["unknown"] == 0
    for name in ("easy", "medium", "hard"):
        assert s[name]["deals"] == tiers.get(name, 0)
        lo, hi = s[name]["interval"]
        assert lo <= s[name]["share"] <= hi
    # the compacted file keeps the tiers (a lost deal's old line has
    # none: its tier is its status); a wrong one is refused
    out = tmp_path / "t.xz"
    assert study.main(["compact", str(f), str(out)]) == 0
    kept = {rec["deal"]: rec.get("tier") for rec in study.read(out)}
    expected = {d: None for d in range(1, 9) if d not in winnable}
    expected.update((rec["deal"], rec["tier"]) for rec in added)
    assert kept == expected
    bad = tmp_path / "bad.jsonl"
    rec = dict(before[0], status="lost", moves=None, tier="easy")
    bad.write_text(json.dumps(rec) + "\n")
    r = run_cli("stats", "--deals", "8", "--results", str(bad), "--resume",
                "--tier")
    assert r.returncode == 2 and "does not fit status lost" in r.stderr


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_a_cpu_budget_is_work_not_waiting(tmp_path):
    """A search made to wait at every stop check (the tests' pacing hook,
    as a busy machine makes it wait) runs out of a wall budget, not of
    the same budget in CPU seconds; --cpu is in the command that resumes.
    The budget is ten times the CPU time deal 16 (the slowest of 1..40)
    takes, so a busy CI machine still decides it; paced, its 1,900 states
    wait longer than that."""
    env = dict(ENV, CAMELOT_TEST_SEARCH_PAUSE="0.05")
    verdicts = {}
    for clock in ("wall", "cpu"):
        f = tmp_path / (clock + ".jsonl")
        r = run_cli("stats", "--deals", "40", "--budget", "1", "--results",
                    str(f), "--json", *(["--cpu"] if clock == "cpu" else []),
                    env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        verdicts[clock] = {rec["deal"]: rec["status"] for rec in lines(f)}
    assert "undecided" in verdicts["wall"].values()
    assert "undecided" not in verdicts["cpu"].values()
    decided = {d: v for d, v in verdicts["wall"].items() if v != "undecided"}
    assert all(verdicts["cpu"][d] == v for d, v in decided.items())
    f = tmp_path / "stop.jsonl"
    proc = start("stats", "--deals", "2000", "--budget", "5", "--cpu",
                 "--results", str(f))
    try:
        wait_for_lines(f, 4, proc)
        kill_group(proc, signal.SIGINT)     # Ctrl-C reaches the group
        err = proc.communicate(timeout=60)[1]
    finally:
        kill_group(proc)
    resume = err.split("resume with: ", 1)[1].splitlines()[0]
    assert resume.endswith("--results %s --resume --budget 5 --cpu" % f)


# -- the engine: a separate scheduler and workers, one killed -----------------

@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_a_killed_dask_worker_loses_no_deal_and_duplicates_none(tmp_path):
    """`dask scheduler` and two `dask worker`s started apart on 127.0.0.1;
    stats joins them with --scheduler; one worker is killed with -9 while
    deals remain: every deal is in the file once."""
    with dask_cluster(tmp_path, workers=2, env=ENV) as (address, workers):
        assert address.startswith("tcp://127.0.0.1:")
        f = tmp_path / "r.jsonl"
        run = start("stats", "--deals", "300", "--budget", "60",
                    "--scheduler", address, "--results", str(f), "--json")
        try:
            wait_for_lines(f, 30, run)
            workers[0].kill()
            killed_at = len(lines(f))
            out, err = run.communicate(timeout=600)
        finally:
            kill_group(run)
            run.wait(timeout=30)
    assert run.returncode == 0, err
    assert killed_at < 300
    deals = [rec["deal"] for rec in lines(f)]
    assert sorted(deals) == list(range(1, 301))     # once each
    s = json.loads(out)
    assert s["deals"] == 300 and s["engine"] == "dask"


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_without_dask_and_tqdm_stats_runs_on_multiprocessing(tmp_path):
    """A Python without the extra: the same results from two local
    processes as from one Dask worker, progress lines without tqdm, and
    --scheduler refused with a message."""
    hide = tmp_path / "hide"
    for name in ("distributed", "tqdm"):
        (hide / name).mkdir(parents=True)
        (hide / name / "__init__.py").write_text(
            "raise ImportError('hidden by the test')\n")
    env = dict(ENV, PYTHONPATH=os.pathsep.join([str(hide), str(REPO)]))
    plain, fallback = tmp_path / "dask.jsonl", tmp_path / "mp.jsonl"
    for f, e, jobs in ((plain, ENV, "1"), (fallback, env, "2")):
        r = run_cli("stats", "--deals", "30", "--jobs", jobs, "--budget",
                    "60", "--results", str(f), "--json", env=e,
                    pythonpath=e["PYTHONPATH"], timeout=300)
        assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["engine"] == "multiprocessing"
    assert "30/30 deals" in r.stderr and "/s" in r.stderr
    assert without_seconds(plain) == without_seconds(fallback)
    r = run_cli("stats", "--deals", "3", "--scheduler", "tcp://127.0.0.1:1",
                env=env, pythonpath=env["PYTHONPATH"])
    assert r.returncode == 2 and "--scheduler needs Dask" in r.stderr


# -- --check ------------------------------------------------------------------

@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_check_re_solves_a_sample_and_finds_a_wrong_line(tmp_path):
    import lzma
    f = tmp_path / "r.jsonl"
    r = run_cli("stats", "--deals", "12", "--budget", "60", "--results",
                str(f), timeout=300)
    assert r.returncode == 0, r.stderr
    xz = tmp_path / "r.jsonl.xz"
    c = subprocess.run([PY, "-m", "pysolfc_camelot.study", "compact", str(f),
                        str(xz)], cwd=REPO, env=ENV, capture_output=True,
                       text=True, timeout=60)
    assert c.returncode == 0 and "12 deals, one line each" in c.stdout
    with lzma.open(xz, "rt", encoding="utf-8") as packed:
        assert [json.loads(t) for t in packed] == sorted(
            lines(f), key=lambda rec: rec["deal"])
    r = run_cli("stats", "--check", str(xz), "--sample", "5", "--seed", "3",
                "--json", timeout=300)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert (s["checked"], s["agree"], s["contradict"]) == (5, 5, [])
    assert s["identical"] == 5
    # one line made wrong: the check that samples it says so, exit 1
    recs = lines(f)
    wrong = recs[0]
    flipped = dict(wrong, status="lost" if wrong["status"] == "winnable"
                   else "winnable", moves=None if wrong["status"] ==
                   "winnable" else 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(study.dumps(x) for x in [flipped] + recs[1:]))
    r = run_cli("stats", "--check", str(bad), "--sample", "12", "--json",
                timeout=300)
    assert r.returncode == 1, r.stderr
    assert json.loads(r.stdout)["contradict"] == [wrong["deal"]]
    assert "another game" not in r.stderr
    # Camelot's study checked as The Plot's: not the solver's fault, said so
    r = run_cli("stats", "--game", "plot", "--check", str(xz), "--json",
                timeout=300)
    assert r.returncode == 1 and len(json.loads(r.stdout)["contradict"]) > 3
    assert "is %s a study of another game than plot? (--game)" % xz \
        in r.stderr, r.stderr


# -- the plugin inside PySolFC imports none of it -----------------------------

def _modules_reached(entry_code, tmp_path):
    """Every module an import statement reaches from ``entry_code``.  The
    extras and the standard library are reached, not followed (their own
    imports are many and say nothing here: the standard library imports
    no extra): a reached one is among the finder's bad modules."""
    import modulefinder
    entry = tmp_path / "entry.py"
    entry.write_text(entry_code)
    finder = modulefinder.ModuleFinder(
        path=[str(REPO)] + sys.path,
        excludes=["pysollib", *EXTRAS, *sys.stdlib_module_names])
    finder.run_script(str(entry))
    return set(finder.modules) | set(finder.badmodules)


def test_the_plugin_s_import_graph_has_no_study_extras(tmp_path):
    """Every module the plugin can reach, by any import statement, even
    one inside a function (what modulefinder follows), from the loader
    PySolFC runs: none of Dask, tqdm, rich, nor the command line."""
    from pysolfc_camelot.install.installer import LOADER
    reached = _modules_reached(LOADER + "".join(
        "import pysolfc_camelot.%s.game\n"
        "import pysolfc_camelot.%s.search_worker\n" % (g, g)
        for g in ("camelot", "plot")), tmp_path)
    ours = {m for m in reached if m.startswith("pysolfc_camelot")}
    assert {"pysolfc_camelot.pysol.plugin", "pysolfc_camelot.camelot.solver",
            "pysolfc_camelot.plot.solver",
            "pysolfc_camelot.core.deals"} <= ours
    assert not {m for m in reached if m.split(".")[0] in EXTRAS}
    assert not ours & {"pysolfc_camelot.study", "pysolfc_camelot.study.cli",
                       "pysolfc_camelot.study.engine",
                       "pysolfc_camelot.cli.solve", "pysolfc_camelot.cli"}
    # the same finder does see Dask behind the study's engine
    assert "distributed" in _modules_reached(
        "import pysolfc_camelot.study.engine\n", tmp_path)


def test_a_running_pysolfc_has_imported_no_study_extras(display, tmp_path):
    """Real PySolFC (the newest host), our game on the table and a hint
    shown: its sys.modules holds our plugin and none of the extras,
    though the Python it runs on has them installed."""
    from pysolfc_camelot.camelot import GAME_ID
    version, host_dir = hostenv.host_dirs()[-1]
    results, log = hostenv.run_scenarios(host_dir, tmp_path, GAME_ID,
                                         "import_scenarios.py", ["modules"])
    r = hostenv.check_scenario(results, log, "modules")
    modules = r["detail"]["modules"]
    assert "pysolfc_camelot.camelot.game" in modules
    assert not str(REPO) in r["detail"]["plugin"], "the installed copy"
    assert not [m for m in modules if m.split(".")[0] in EXTRAS]
    assert not [m for m in modules if m.startswith("pysolfc_camelot.study")]
    probe = subprocess.run([hostenv.host_python(), "-c", "import "
                            "distributed, tqdm"], capture_output=True)
    assert probe.returncode == 0, "the host's Python has the extras"


def test_make_setup_installs_the_extra_study():
    """The package's extra `study` (pyproject.toml's optional dependencies)
    is what tools/setup_host.py puts in .venv (and checks by importing)."""
    import tomllib
    with open(REPO / "pyproject.toml", "rb") as f:
        project = tomllib.load(f).get("project", {})
    extra = project.get("optional-dependencies", {}).get("study")
    assert extra == ["dask[distributed]", "tqdm"]
    setup_host = hostenv.setup_host()
    assert extra == setup_host.STUDY_PACKAGES
    assert set(extra) <= set(setup_host.PIP_PACKAGES)
    assert {"distributed", "tqdm"} <= set(setup_host.PIP_IMPORTS)
