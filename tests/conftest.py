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

Option:
  --host PREFIX  only the hosts whose version starts with PREFIX
                 (repeatable), e.g. --host 3.2, --host upstream
"""
import os
import re
import sys
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


def selected_hosts(config):
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

