# SPDX-License-Identifier: GPL-3.0-or-later
"""pytest set-up shared by all tests.

Fixtures:
  display        (session) an X display for PySolFC: a private Xvfb, or the
                 current DISPLAY when CAMELOT_USE_DISPLAY=1.  Sets DISPLAY
                 in os.environ while the session runs.
  pysolfc_host   parametrized over every host (version, data dir) from
                 hostenv.host_dirs(); a test that asks for it runs once per
                 PySolFC version.  No host is a collection error, not a skip.
                 The hosts: the Debian builds (3.2.0, 3.6.1) and upstream's
                 newest source ("upstream-<commit>").
  replay_host    the same, over the hosts that have Edit > Replay.
  artifacts      a fresh artifacts/<test id>/ folder kept after the run.

Parallel runs (`make test` uses pytest-xdist, ``-n N --dist loadscope``):
  the tests of one module on one host form one group and run in one
  worker, because several modules run a host's scenarios once in one
  PySolFC process and let each test read its result.  Each worker has its
  own Xvfb (the session fixture ``display``).

Host tests and unit tests (`make unit`):
  a test is a *host test*, marked ``host``, when it needs a PySolFC host or
  an X display: it asks for a fixture that gives one (pysolfc_host,
  replay_host, display), directly or through its fixtures, or its code, the
  code of its fixtures or of the module's own helpers it calls reaches one
  of hostenv's or gui.py's entry points (HOST_ENTRY_POINTS).  A test that
  reaches PySolFC another way says so with ``@pytest.mark.host``: through
  the package (PySolFC's deal numbers, which its random module deals:
  `stats` without --seed, winnable deals), or reading a PySolFC's own
  files in .host (its catalogs).  ``--unit`` runs every other test, with
  no PySolFC and no display to be found: hostenv's host and display
  functions raise, so does opening or listing anything in .host, DISPLAY
  is unset and PYSOLFC_DIR names a folder that does not exist, so a test
  the rule missed fails loudly in `make unit` instead of quietly running
  a host.

Options:
  --host PREFIX  only the hosts whose version starts with PREFIX
                 (repeatable), e.g. --host 3.2, --host upstream
  --unit         only the tests that need no PySolFC and no display
"""
import os
import re
import sys
import types
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostenv  # noqa: E402

# The checkout itself must be importable (pysolfc_camelot), whatever the cwd.
if str(hostenv.REPO) not in sys.path:
    sys.path.insert(0, str(hostenv.REPO))


def pytest_addoption(parser):
    parser.addoption(
        "--host", action="append", default=[], metavar="PREFIX",
        help="run host tests only on PySolFC versions starting with PREFIX "
             "(repeatable)")
    parser.addoption(
        "--unit", action="store_true",
        help="only the tests that need no PySolFC host and no display "
             "(`make unit`)")
    parser.addoption(
        "--slow", action="store_true",
        help="with --unit, the unit tests marked slow too (`make unit "
             "SLOW=1`; a run without --unit always has them)")


# The fixtures that give a test a PySolFC host or an X display.
HOST_FIXTURES = {"pysolfc_host", "replay_host", "display"}
# hostenv's and gui.py's functions that find a host, start PySolFC or an
# Xvfb, or talk to a window: code that names one is a host test's.
HOST_ENTRY_POINTS = {
    "host_dirs", "upstream_host", "newest_debian_host", "run_scenarios",
    "run_in_plugin_folder", "start_pysol", "start_xvfb", "private_display",
    "find_window", "xdotool", "screenshot", "Launch", "Pysol",
    "build_frozen",     # tools/build_frozen.py freezes a .host PySolFC
}
# The checkout's folder of PySolFC hosts, which `make setup` fills (a
# unit test may make a folder of that name elsewhere, so the name alone
# does not make a host test).
HOST_FOLDER = ".host"
# What a unit run puts in their place: the ones that find a host or a
# display, and start PySolFC, raise (the others need one of these first).
UNIT_GUARDED = ("host_dirs", "start_pysol", "start_xvfb", "private_display")
NO_PYSOLFC = "/nonexistent/make-unit-has-no-PySolFC"


def _reaches_a_host(code, module, seen):
    """Whether this code, its nested code (lambdas, comprehensions) or the
    functions and classes of `module` it names, reach HOST_ENTRY_POINTS."""
    if code in seen:
        return False
    seen.add(code)
    if HOST_ENTRY_POINTS & set(code.co_names):
        return True
    for const in code.co_consts:
        if isinstance(const, types.CodeType) and \
                _reaches_a_host(const, module, seen):
            return True
    for name in code.co_names:
        obj = vars(module).get(name)
        if getattr(obj, "__module__", None) != module.__name__:
            continue
        funcs = list(vars(obj).values()) if isinstance(obj, type) else [obj]
        for func in funcs:
            func = getattr(func, "__func__", func)
            inner = getattr(func, "__code__", None)
            if inner is not None and _reaches_a_host(inner, module, seen):
                return True
    return False


def needs_a_host(item):
    """The rule of the docstring above, for one collected test (a hand
    mark aside)."""
    if HOST_FIXTURES & set(item.fixturenames):
        return True
    funcs = [getattr(item, "function", None)]
    for defs in item._fixtureinfo.name2fixturedefs.values():
        funcs.extend(d.func for d in defs)
    for func in funcs:
        func = getattr(func, "__func__", func)
        module = sys.modules.get(getattr(func, "__module__", None))
        code = getattr(func, "__code__", None)
        if module is not None and code is not None and \
                _reaches_a_host(code, module, set()):
            return True
    return False


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "host: needs a PySolFC host or an X display (set by "
                   "conftest.py's rule, never by hand); `make unit` leaves "
                   "these out")
    config.addinivalue_line(
        "markers", "slow: a unit test of more than about 10 s on an idle "
                   "core (it plays whole games, or builds fresh venvs or a "
                   "cluster); `make unit` leaves it out "
                   "unless SLOW=1, `make test` and CI always run it")
    if config.getoption("--unit"):
        for name in UNIT_GUARDED:
            setattr(hostenv, name, _unit_guard(name))
        os.environ.pop("DISPLAY", None)
        os.environ["PYSOLFC_DIR"] = NO_PYSOLFC
        sys.addaudithook(_no_host_files(hostenv.REPO / HOST_FOLDER))


def _no_host_files(host_folder):
    """An audit hook for a unit run: opening or listing anything in the
    checkout's .host (a PySolFC's own files) raises, as hostenv's host
    functions do."""
    roots = {os.path.abspath(str(host_folder)),
             os.path.realpath(str(host_folder))}

    def hook(event, args):
        if event not in ("open", "os.listdir", "os.scandir") or not args:
            return
        path = args[0]
        if not isinstance(path, (str, bytes, os.PathLike)):
            return                      # a file descriptor, or None
        path = os.fsdecode(path)
        if not os.path.isabs(path):
            # Maybe relative to a dir_fd (shutil.rmtree's), which the
            # event does not give; the tests name the checkout absolutely.
            return
        path = os.path.normpath(path)
        if any(path == r or path.startswith(r + os.sep) for r in roots):
            raise RuntimeError(
                "%s in a unit run (--unit, `make unit`): this test reads a "
                "PySolFC's own files, but tests/conftest.py's rule did not "
                "see it; mark it @pytest.mark.host" % path)
    return hook


def _unit_guard(name):
    def guard(*args, **kwargs):
        raise RuntimeError(
            "hostenv.%s() in a unit run (--unit, `make unit`): this test "
            "needs a PySolFC host or a display, but tests/conftest.py's "
            "rule did not see it; make it ask for a host fixture, mark it "
            "@pytest.mark.host, or add "
            "the function it reaches to HOST_ENTRY_POINTS" % name)
    return guard


def pytest_collection_modifyitems(config, items):
    unit = config.getoption("--unit")
    kept, left_out = [], []
    for item in items:
        if item.get_closest_marker("host") or needs_a_host(item):
            item.add_marker(pytest.mark.host)
            left_out.append(item)
        elif unit and item.get_closest_marker("slow") and \
                not config.getoption("--slow"):
            left_out.append(item)       # the fast loop: make test has it
        else:
            kept.append(item)
    if unit:
        items[:] = kept
        config.hook.pytest_deselected(items=left_out)


def selected_hosts(config):
    if config.getoption("--unit"):
        return []       # no host is looked for: host tests are left out
    hosts = hostenv.host_dirs()      # RuntimeError says to run make setup
    prefixes = config.getoption("--host")
    if prefixes:
        hosts = [(v, d) for v, d in hosts
                 if any(v.startswith(p) for p in prefixes)]
        if not hosts:
            raise RuntimeError("--host %s matches none of the PySolFC hosts "
                               "%s" % (prefixes, [v for v, _ in
                                                  hostenv.host_dirs()]))
    return hosts


def pytest_generate_tests(metafunc):
    if metafunc.config.getoption("--unit"):
        # No host is looked for: these tests are host tests, left out.
        for name in ("pysolfc_host", "replay_host"):
            if name in metafunc.fixturenames:
                metafunc.parametrize(name, [None], ids=["no-host"])
        return
    if "pysolfc_host" in metafunc.fixturenames:
        hosts = selected_hosts(metafunc.config)
        metafunc.parametrize("pysolfc_host", hosts,
                             ids=["pysolfc-" + v for v, _ in hosts])
    if "replay_host" in metafunc.fixturenames:
        hosts = [(v, d) for v, d in selected_hosts(metafunc.config)
                 if hostenv.has_replay(d)]
        if not hosts and not metafunc.config.getoption("--host"):
            raise RuntimeError("none of the PySolFC hosts %s has Edit > "
                               "Replay" % [v for v, _ in hostenv.host_dirs()])
        metafunc.parametrize("replay_host", hosts,
                             ids=["pysolfc-" + v for v, _ in hosts])


# A host's id in a test id: pysolfc-3.2.0, pysolfc-upstream-7a3d146a.
HOST_ID = re.compile(r"pysolfc-(\d+\.\d+\.\d+|upstream-[0-9a-f]+)")


def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist, one work unit per module and host (see above)."""
    from xdist.scheduler import LoadScopeScheduling

    class ModuleAndHost(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            host = HOST_ID.search(nodeid)
            return nodeid.split("::", 1)[0] + (
                "@" + host.group(0) if host else "")

    return ModuleAndHost(config, log)


@pytest.fixture(scope="session")
def display():
    """The X display (":N") PySolFC windows go to."""
    if os.environ.get("CAMELOT_USE_DISPLAY") == "1":
        current = os.environ.get("DISPLAY")
        if not current:
            raise RuntimeError("CAMELOT_USE_DISPLAY=1 but DISPLAY is not set")
        yield current
        return
    with hostenv.private_display() as name:
        yield name


@pytest.fixture
def artifacts(request):
    """artifacts/<test id>/, emptied at the start of the test and kept."""
    module = getattr(request.node.module, "__name__", "tests")
    return hostenv.artifacts_dir(module + "." + request.node.name)

