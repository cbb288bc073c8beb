# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers for every test that runs a real PySolFC ("host").

The hosts come from ``PYSOLFC_DIR`` (colon separated data dirs) or from
``.host/pysolfc-<version>/`` as made by ``make setup``
(``tools/setup_host.py``), plus upstream PySolFC's newest source,
``.host/upstream-<commit>/`` (also made by ``make setup``).  No host is an
error, never a silent skip.  Each host keeps its settings and plugins in
its own folder in HOME (Debian's build ``~/.pysolfc``, upstream's
``~/.PySolFC``): ``fresh_home(tmp_path, host_dir)`` makes that one.

GUI helpers drive an X server (Xvfb in tests) with ``xdotool`` and take
screenshots with ImageMagick's ``import``.
"""

import contextlib
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ARTIFACTS = REPO / "artifacts"

_VERSION_RE = re.compile(r"VERSION_TUPLE\s*=\s*\(([\d,\s]+)\)")


# ------------------------------------------------------------------ hosts --

def _version_of(datadir):
    try:
        text = (Path(datadir) / "pysollib" / "settings.py").read_text()
    except OSError:
        return None
    m = _VERSION_RE.search(text)
    if not m:
        return None
    return ".".join(p.strip() for p in m.group(1).split(",") if p.strip())


def _version_key(version):
    return tuple(int(p) if p.isdigit() else 0 for p in version.split("."))


def host_dirs():
    """[(version, data dir)] of the PySolFC installs to test against.

    From PYSOLFC_DIR if set, else every .host/pysolfc-*/ holding pysol.py;
    sorted oldest first; then the upstream host, .host/upstream-<commit>/,
    whose "version" is that name.  Raises RuntimeError when there is none
    of the first kind or no upstream host.
    """
    found = []
    env = os.environ.get("PYSOLFC_DIR", "")
    if env.strip():
        for part in env.split(":"):
            if not part:
                continue
            d = Path(part).expanduser().resolve()
            if not (d / "pysol.py").is_file():
                raise RuntimeError(
                    f"PYSOLFC_DIR names {d}, which has no pysol.py; it must "
                    "be a PySolFC data dir such as /usr/share/games/pysolfc")
            found.append((_version_of(d) or d.name, d))
    else:
        for d in sorted((REPO / ".host").glob("pysolfc-*")):
            if (d / "pysol.py").is_file():
                found.append((_version_of(d) or d.name[len("pysolfc-"):], d))
    if not found:
        raise RuntimeError(
            "no PySolFC host found: run `make setup` (it fetches PySolFC into "
            ".host/), or set PYSOLFC_DIR to an installed PySolFC data dir, "
            "e.g. PYSOLFC_DIR=/usr/share/games/pysolfc")
    found.sort(key=lambda vd: _version_key(vd[0]))
    upstream = [(d.name, d) for d in sorted((REPO / ".host").glob(
        UPSTREAM_PREFIX + "*")) if (d / "pysol.py").is_file()]
    if not upstream:
        raise RuntimeError(
            "no upstream PySolFC host (.host/%s<commit>/): run `make setup`; "
            "it unpacks shared/hosts/pysolfc-master-*.tar.gz from beside "
            "the checkout (or $PYSOLFC_UPSTREAM_TARBALL)" % UPSTREAM_PREFIX)
    return found + upstream


UPSTREAM_PREFIX = "upstream-"       # tools/setup_host.py names it so


def upstream_host():
    """(id, data dir) of the upstream host (see host_dirs)."""
    return next(vd for vd in host_dirs() if vd[0].startswith(UPSTREAM_PREFIX))


def setup_host():
    """tools/setup_host.py as a module (it is a script, not a package)."""
    import importlib.util
    mod = sys.modules.get("setup_host")
    if mod is None:
        spec = importlib.util.spec_from_file_location(
            "setup_host", REPO / "tools" / "setup_host.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        sys.modules["setup_host"] = mod
    return mod


# Where PySolFC keeps its settings in HOME when no host is named: Debian's.
DEFAULT_CONFIG_FOLDER = ".pysolfc"
CONFIG_FOLDERS = (".pysolfc", ".PySolFC")


def config_folder_name(host_dir):
    """".pysolfc" (Debian's build) or ".PySolFC" (upstream's): the folder
    in HOME this host reads its options.cfg and plugins from."""
    return setup_host().config_folder_name(host_dir)


def has_replay(host_dir):
    """True when this PySolFC has Edit > Replay (3.6.1 on, upstream): the
    game restarts the deal and redoes the recorded moves."""
    try:
        text = (Path(host_dir) / "pysollib" / "game" / "__init__.py") \
            .read_text()
    except OSError:
        return False
    return "def startReplay(" in text


def host_python():
    """The interpreter that runs PySolFC: .venv's if present."""
    venv = REPO / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


# ---------------------------------------------------------- environments --

def fresh_home(tmp_path, host_dir=None, splash=False, animations=0,
               **options):
    """An environment whose HOME and XDG dirs live under tmp_path.

    DISPLAY is kept, LANG is C.UTF-8.  A minimal PySolFC options.cfg is
    written, in the config folder host_dir's PySolFC reads (Debian's
    ~/.pysolfc without host_dir), so that the first start shows no About
    box (splash=False) and cards move without animation; further [general]
    options of PySolFC's options.cfg may be given as keywords (e.g.
    autodeal=False).  That folder is the only one in HOME: config_dir(env)
    finds it again.
    """
    home = Path(tmp_path) / "home"
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "XDG_")) and k not in (
               "LANGUAGE", "PYTHONPATH", "PYTHONHOME",
               "CAMELOT_TEST_STATE_FILE", "CAMELOT_TEST_DECK")}
    xdg = {"XDG_CONFIG_HOME": home / ".config",
           "XDG_CACHE_HOME": home / ".cache",
           "XDG_DATA_HOME": home / ".local" / "share",
           "XDG_STATE_HOME": home / ".local" / "state",
           "XDG_RUNTIME_DIR": Path(tmp_path) / "runtime"}
    for d in [home] + list(xdg.values()):
        d.mkdir(parents=True, exist_ok=True)
    os.chmod(xdg["XDG_RUNTIME_DIR"], 0o700)
    env.update({k: str(v) for k, v in xdg.items()})
    env["HOME"] = str(home)
    env["LANG"] = "C.UTF-8"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    cfgdir = home / (config_folder_name(host_dir) if host_dir
                     else DEFAULT_CONFIG_FOLDER)
    cfgdir.mkdir(exist_ok=True)
    (cfgdir / "options.cfg").write_text(
        "# -*- coding: utf-8 -*-\n[general]\n"
        f"splashscreen = {bool(splash)}\n"
        f"animations = {int(animations)}\n"
        + "".join(f"{k} = {v}\n" for k, v in options.items()))
    return env


def install_plugin(env, host_dir=None):
    """Run our installer (`python -m pysolfc_camelot install`) in env.

    With host_dir, that PySolFC's pysollib is importable too, so the
    installer can ask pysollib.mfxutil.getprefdir like a real user's would.
    Returns the CompletedProcess; raises AssertionError on failure, or
    when the loader is not in the plugin folder of the config folder
    fresh_home made (the one that host reads).
    """
    env = dict(env)
    paths = [str(REPO)] + ([str(host_dir)] if host_dir else [])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    r = subprocess.run([host_python(), "-m", "pysolfc_camelot", "install"],
                       cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=120)
    if r.returncode != 0:
        raise AssertionError(
            f"`python -m pysolfc_camelot install` exited {r.returncode}:\n"
            + r.stdout)
    from pysolfc_camelot.install.installer import LOADER_NAME
    loader = plugin_dir(env) / LOADER_NAME
    if not loader.is_file():
        raise AssertionError(f"the installer wrote no {loader}:\n" + r.stdout)
    return r


def run_scenarios(host_dir, tmp_path, game_id, scenario_file, names,
                  options=None, extra_env=None):
    """Run scenario functions (tests/host/<scenario_file>) in one live
    PySolFC process started on game_id, with the plugin installed by our
    installer into a fresh HOME (``options``: PySolFC options.cfg
    [general] settings, as fresh_home takes them; ``extra_env``: more
    environment); returns (results by name, PySolFC's output)."""
    env = fresh_home(tmp_path, host_dir, **(options or {}))
    install_plugin(env, host_dir)
    # All scenarios run in one process: room for a busy machine.
    return run_in_plugin_folder(
        host_dir, env, game_id, names, scenario_file=scenario_file,
        extra_env=dict({"CAMELOT_SCENARIO_TIMEOUT": env.get(
            "CAMELOT_SCENARIO_TIMEOUT", "800")}, **(extra_env or {})),
        timeout=900)


def run_in_plugin_folder(host_dir, env, game_id, names, extra_env=None,
                         scenario_file="bundle_scenarios.py", timeout=600):
    """Run scenarios (tests/host/<scenario_file>) in one live PySolFC
    started on game_id, with whatever env's plugin folder already holds
    (an unzipped bundle, a pip user's install): run_scenarios without its
    install step.  Returns (results by name, PySolFC's output)."""
    env = dict(env, CAMELOT_GAME_ID=str(game_id),
               CAMELOT_SCENARIO_TIMEOUT="300")
    env.update(extra_env or {})
    env.pop("PYTHONPATH", None)     # the plugin's installed copy only
    out = Path(env["HOME"]).parent / ("results-%s.json" % game_id)
    proc = subprocess.run(
        [host_python(), str(REPO / "tests/host/runner.py"), str(host_dir),
         str(REPO / "tests/host" / scenario_file), ",".join(names),
         str(out)],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=timeout)
    assert out.exists(), "PySolFC run failed:\n" + proc.stdout[-5000:]
    return json.loads(out.read_text()), proc.stdout


def newest_debian_host():
    """(version, data dir) of the newest Debian build among the hosts."""
    return max((vd for vd in host_dirs()
                if not vd[0].startswith(UPSTREAM_PREFIX)),
               key=lambda vd: _version_key(vd[0]))


def check_scenario(results, log, name):
    """Fail with the scenario's error and PySolFC's output unless the
    scenario ran and passed; returns its result."""
    assert name in results, "not run (watchdog?): %s\n%s" % (
        results.get("watchdog"), log[-5000:])
    r = results[name]
    assert r["ok"], r.get("error", "") + "\n--- PySolFC output ---\n" + log
    assert "Traceback" not in log, log
    return r


def config_dir(env):
    """PySolFC's config folder in this environment's HOME, the one
    fresh_home made (Debian's ~/.pysolfc or upstream's ~/.PySolFC)."""
    home = Path(env["HOME"])
    found = [home / n for n in CONFIG_FOLDERS
             if (home / n / "options.cfg").is_file()]
    if len(found) != 1:
        raise AssertionError(f"expected one PySolFC config folder with an "
                             f"options.cfg in {home}, found {found}")
    return found[0]


def plugin_dir(env):
    """PySolFC's user plugin folder for this environment (Linux)."""
    return config_dir(env) / "plugins"


def start_pysol(host_dir, env, args=(), log_path=None):
    """Start `pysol.py --nosound ARGS` from host_dir; returns the Popen.

    Output goes to log_path (or is discarded).  Stop it with stop_process.
    """
    out = open(log_path, "wb") if log_path else subprocess.DEVNULL
    try:
        return subprocess.Popen(
            [host_python(), "pysol.py", "--nosound"] + [str(a) for a in args],
            cwd=str(host_dir), env=env, stdin=subprocess.DEVNULL,
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        if log_path:
            out.close()


def stop_process(proc, timeout=5):
    """Terminate a process we started (and its process group)."""
    if proc is None or proc.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            try:
                proc.send_signal(sig)
            except ProcessLookupError:
                return
        try:
            proc.wait(timeout)
            return
        except subprocess.TimeoutExpired:
            continue


# ------------------------------------------------------------------ Xvfb --

def require_tools(*tools):
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        raise RuntimeError(
            "missing programs: " + ", ".join(missing) + ". Run `make setup` "
            "as root, or: sudo apt-get install xvfb xdotool imagemagick")


def start_xvfb(size="1280x1024x24", timeout=15):
    """Start Xvfb on a free display; returns (":N", Popen) once it is ready.

    Xvfb picks the display number itself (-displayfd) and reports it only
    when it accepts connections.
    """
    require_tools("Xvfb")
    # Xvfb's messages go to a file: a pipe nobody reads could fill up and
    # stall it, a closed one could kill it.
    errlog = tempfile.TemporaryFile()
    rfd, wfd = os.pipe()
    try:
        proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(wfd), "-screen", "0", size,
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(wfd,), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=errlog,
            start_new_session=True)
    finally:
        os.close(wfd)
    data = b""
    deadline = time.monotonic() + timeout
    try:
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or proc.poll() is not None:
                break
            ready, _, _ = select.select([rfd], [], [], left)
            if not ready:
                break
            chunk = os.read(rfd, 64)
            if not chunk:
                break
            data += chunk
    finally:
        os.close(rfd)
    if not data.strip().isdigit():
        stop_process(proc)
        errlog.seek(0)
        err = errlog.read().decode(errors="replace")
        errlog.close()
        raise RuntimeError(f"Xvfb did not start within {timeout}s:\n{err}")
    errlog.close()      # Xvfb keeps writing to its own copy of the file
    return ":" + data.strip().decode(), proc


@contextlib.contextmanager
def private_display(size="1280x1024x24"):
    """An Xvfb of its own; DISPLAY names it while the block runs."""
    old = os.environ.get("DISPLAY")
    name, proc = start_xvfb(size=size)
    os.environ["DISPLAY"] = name
    try:
        yield name
    finally:
        stop_process(proc)
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old


# ---------------------------------------------------------------- xdotool --

def _xenv(display=None):
    env = dict(os.environ)
    if display:
        env["DISPLAY"] = display
    if not env.get("DISPLAY"):
        raise RuntimeError("no DISPLAY")
    return env


def xdotool(*args, display=None, timeout=20, check=True):
    """Run xdotool; returns its stdout (stripped)."""
    r = subprocess.run(["xdotool"] + [str(a) for a in args],
                       env=_xenv(display), stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=timeout)
    if check and r.returncode != 0:
        raise RuntimeError(f"xdotool {' '.join(map(str, args))} failed "
                           f"({r.returncode}): {r.stderr.strip()}")
    return r.stdout.strip()


def find_window(name_regex, display=None, timeout=30, proc=None):
    """Wait for a visible window whose title matches name_regex.

    Returns the first window id (an int).  Gives up after timeout seconds,
    or as soon as proc (if given) has exited.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            # check=False: a window that vanishes while xdotool walks the
            # tree (PySolFC's start-up makes and drops some) is a BadWindow
            # error, not a reason to give up.
            out = xdotool("search", "--sync", "--onlyvisible", "--name",
                          name_regex, display=display, timeout=1.5,
                          check=False)
            ids = [int(x) for x in out.split() if x.isdigit()]
            if ids:
                return ids[0]
        except subprocess.TimeoutExpired:
            pass
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the program exited ({proc.returncode}) "
                               f"before a window matching {name_regex!r} "
                               "appeared")
        if time.monotonic() > deadline:
            raise RuntimeError(f"no window matching {name_regex!r} within "
                               f"{timeout}s; windows: "
                               f"{list_windows(display)}")


def list_windows(display=None):
    """[(window id, title)] of the visible named windows."""
    out = xdotool("search", "--onlyvisible", "--name", ".",
                  display=display, check=False, timeout=5)
    result = []
    for wid in out.split():
        name = xdotool("getwindowname", wid, display=display, check=False,
                       timeout=5)
        result.append((int(wid), name))
    return result


def window_name(wid, display=None):
    return xdotool("getwindowname", wid, display=display)


def window_geometry(wid, display=None):
    """(x, y, width, height) of a window in root coordinates."""
    out = xdotool("getwindowgeometry", "--shell", wid, display=display)
    vals = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return (int(vals["X"]), int(vals["Y"]),
            int(vals["WIDTH"]), int(vals["HEIGHT"]))


def move_mouse(x, y, display=None):
    xdotool("mousemove", int(x), int(y), display=display)


def _at(x, y, display, wid):
    if wid is not None:
        wx, wy, _, _ = window_geometry(wid, display)
        x, y = wx + x, wy + y
    return int(round(x)), int(round(y))


def click(x, y, display=None, wid=None, button=1, pause=0.05):
    """Click at (x, y): root coordinates, or relative to window wid."""
    x, y = _at(x, y, display, wid)
    xdotool("mousemove", x, y, "sleep", pause, "click", button,
            display=display)


def drag(x0, y0, x1, y1, display=None, wid=None, steps=8, pause=0.03,
         button=1):
    """Press at (x0, y0), move there to (x1, y1) in steps, release.

    Coordinates are root coordinates, or relative to window wid.  One
    xdotool run does it all, pausing between the steps so that the
    application sees every motion event.  (No "mousemove --sync": it waits
    for the pointer to move, and stalls when the pointer is already there.)
    """
    x0, y0 = _at(x0, y0, display, wid)
    x1, y1 = _at(x1, y1, display, wid)
    args = ["mousemove", x0, y0, "sleep", pause,
            "mousedown", button, "sleep", pause]
    for i in range(1, steps + 1):
        args += ["mousemove", round(x0 + (x1 - x0) * i / steps),
                 round(y0 + (y1 - y0) * i / steps), "sleep", pause]
    args += ["mouseup", button]
    xdotool(*args, display=display)


def key(keys, display=None, wid=None):
    """Press keys (xdotool names, e.g. "ctrl+z"), focusing wid first."""
    if wid is not None:
        # No --sync: it waits for a focus change, which never comes when
        # the window has the focus already.
        xdotool("windowfocus", wid, "sleep", 0.1, display=display,
                check=False)
    xdotool("key", "--clearmodifiers", *keys.split(), display=display)


def save_failure(artifacts, display, error):
    """Keep what a failing GUI test saw: the error, the open windows and a
    screenshot.  Never raises: the test's own error is what matters."""
    try:
        (Path(artifacts) / "failure.txt").write_text(
            "%r\nwindows: %r\n" % (error, list_windows(display)))
        screenshot(Path(artifacts) / "failure.png", display=display)
    except Exception:
        pass


@contextlib.contextmanager
def watched(proc, log, artifacts, display):
    """The body of a GUI test against a started PySolFC: keep what it saw
    if it fails, stop PySolFC in any case, then refuse a traceback or a
    plugin error in PySolFC's output."""
    try:
        yield
        assert proc.poll() is None, "PySolFC exited during the test"
    except BaseException as e:
        save_failure(artifacts, display, e)
        raise
    finally:
        stop_process(proc)
    output = Path(log).read_text(errors="replace")
    assert "Traceback" not in output, "PySolFC printed a traceback:\n" + output
    assert "error loading plugin" not in output, output


def menu_names(host_dir, language=None):
    """A function giving a PySolFC menu label ("Assist", "Solver...") as
    PySolFC shows it in ``language``, from its own catalog in the host's
    locale/ (as a player's Debian install shows it); unchanged for English
    or a label the catalog lacks."""
    import gettext
    if not language or language == "en":
        return lambda label: label
    t = gettext.translation("pysol", str(Path(host_dir) / "locale"),
                            languages=[language], fallback=True)
    catalog = getattr(t, "_catalog", {})
    shown = {str(k).replace("&", ""): str(v).replace("&", "")
             for k, v in catalog.items() if isinstance(k, str) and v}
    return lambda label: shown.get(label, label)


def screenshot(path, display=None):
    """Save the whole screen (import -window root) to path; returns path."""
    require_tools("import")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["import", "-window", "root", str(path)],
                       env=_xenv(display), stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=30)
    if r.returncode != 0:
        raise RuntimeError(f"screenshot failed: {r.stdout}")
    return path


def artifacts_dir(name):
    """A fresh artifacts/<name>/ folder (gitignored) for one test."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "test"
    d = ARTIFACTS / safe
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    return d


# ------------------------------------------------------------ game state --

def read_json(path):
    """The JSON in path, or None while it is missing or half written.

    A game's state file (CAMELOT_TEST_STATE_FILE) says whether the rules
    position the game keeps is the one its stacks hold (test_hooks.py):
    every GUI test reading it fails the moment it is not."""
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and data.get("kept_position", "ok") != "ok":
        raise AssertionError("the kept rules position drifted from the "
                             "table: %s" % data["kept_position"])
    return data


def wait_for(predicate, timeout=10, interval=0.05, what="condition"):
    """Poll predicate() until it returns something truthy; returns that."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for "
                                 f"{what}")
        time.sleep(interval)


def wait_settled(path, quiet=1.0, timeout=30):
    """Wait until path exists and has not changed for `quiet` seconds.

    PySolFC lays the game out again once its window has its final size
    (stack positions change), so a state file written during start-up
    is only trustworthy once it stops changing.  Returns the JSON.
    """
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while True:
        try:
            st = os.stat(path)
            sig = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            sig = None
        now = time.monotonic()
        if sig != last:
            last, since = sig, now
        elif sig is not None and now - since >= quiet:
            state = read_json(path)
            if state is not None:
                return state
        if now > deadline:
            raise AssertionError(f"{path} did not settle within {timeout}s")
        time.sleep(0.05)


def wait_state(path, predicate=lambda s: True, timeout=10, what="state"):
    """Wait until the JSON state file satisfies predicate; returns it."""
    last = {}

    def check():
        state = read_json(path)
        if state is not None:
            last["state"] = state
            try:
                if predicate(state):
                    return state
            except (KeyError, IndexError, TypeError):
                return None
        return None
    try:
        return wait_for(check, timeout=timeout, what=what)
    except AssertionError as e:
        raise AssertionError(f"{e}; last state: {last.get('state')}") from None
