#!/usr/bin/env python3
# Camelot for PySolFC - host set-up.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prepare a machine to play and test Camelot for PySolFC.

Standard library only; run from anywhere as ``python3 tools/setup_host.py``
(``make setup`` does exactly that).  Steps, each skipped when already done:

1. system packages for the tests (xvfb, xdotool, imagemagick, gettext;
   python3-tk only if tkinter is missing), installed with apt-get when
   running as root, otherwise the exact command to run is printed;
2. a virtual environment in ``.venv`` with PySolFC's Python dependencies and
   pytest;
3. PySolFC itself: the Debian builds from trixie (3.2.0) and from sid
   (whatever sid carries now).  The .deb files are fetched with apt's own
   client, using a private sources list and private state directories (the
   system's apt configuration is not touched), kept in
   ``${XDG_CACHE_HOME:-~/.cache}/pysolfc-camelot/`` and unpacked into
   ``.host/pysolfc-<version>/`` (the data dir, holding ``pysol.py``);
4. upstream PySolFC's newest source, a third host: the tarball
   ``shared/hosts/pysolfc-master-<commit>.tar.gz`` beside the checkout
   (or beside the main checkout of a git worktree), unpacked into
   ``.host/upstream-<commit>/`` with the data of the newest Debian build
   (cardsets, html, images, sound, tiles, locale, ...) linked in beside
   its ``pysol.py``.  It keeps its settings in ``~/.PySolFC``.  No tarball
   is an error, never a silent skip.

``--play [--host 3.2|3.6|upstream] [--game plot]`` (``make play``, ``make play
GAME=plot``) then installs the plugin into a fresh HOME under
``.host/play-home`` and starts PySolFC on one of our games: Camelot Plus
(``camelot``, the default) or The Plot Classic (``plot``).

``PYSOLFC_DIR`` (a colon separated list of PySolFC data dirs, e.g.
``/usr/share/games/pysolfc``) replaces step 3: nothing is downloaded and
those installs are used instead (the upstream host then takes its data
from the newest of them).

Other environment variables:
  PYSOLFC_REFRESH=1        look for a new sid release even if the cached
                           package index is less than a day old
  PYSOLFC_DEBIAN_MIRROR    Debian mirror URL (default: the one the system's
                           apt sources use, else http://deb.debian.org/debian)
  CAMELOT_SKIP_SYSTEM=1    do not check or install system packages
  PYSOLFC_UPSTREAM_TARBALL the upstream source tarball to use (default:
                           shared/hosts/pysolfc-master-*.tar.gz as above)

The Release files of trixie and sid are verified against
/usr/share/keyrings/debian-archive-keyring.gpg (bookworm's keyring already
carries the trixie/sid signing keys).  There is no fall-back to unverified
downloads: if verification fails, update debian-archive-keyring or point
PYSOLFC_DIR at an installed PySolFC.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV = REPO / ".venv"
HOST = REPO / ".host"
MARKER = ".camelot-setup.json"     # written into every dir we unpack

# PySolFC's dependencies, pytest (with pytest-xdist: `make test` runs the
# suite in parallel workers, each with its own Xvfb), and our package's
# build requirements (pyproject.toml), which a test uses to build and
# pip-install the plugin.
# setuptools 77 is the first to write the SPDX license expression that
# pyproject.toml gives (`make release` and the pip tests build with it).
PIP_PACKAGES = ["pysol-cards", "configobj", "attrs", "pillow", "pytest",
                "pytest-xdist", "setuptools>=77", "wheel"]
PIP_IMPORTS = ["pysol_cards", "configobj", "attr", "PIL", "pytest",
               "xdist", "setuptools", "wheel"]
# What `make play` needs: PySolFC's own dependencies, no test tools.
PLAY_PACKAGES = PIP_PACKAGES[:4]
PLAY_IMPORTS = PIP_IMPORTS[:4]

SUITES = ["trixie", "sid"]
KEYRING = Path("/usr/share/keyrings/debian-archive-keyring.gpg")
INDEX_MAX_AGE = 24 * 3600   # seconds until the package index is refreshed
# The command line's optional extra `study` (Dask distributed and tqdm,
# for `stats`: docs/study.md), in .venv too; the plugin needs neither.
STUDY_PACKAGES = ["dask[distributed]", "tqdm"]
PIP_PACKAGES += STUDY_PACKAGES
PIP_IMPORTS += ["distributed", "tqdm"]

# command -> Debian package that provides it
SYSTEM_TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick",
                # tests/test_texts.py checks our catalog compiler against it
                "msgfmt": "gettext"}

FALLBACK_HELP = """\
Instead, you can use a PySolFC you install yourself:
  * Debian trixie or newer (or a distribution built on it):
        sudo apt install pysolfc
  * or unpack a PySolFC release (https://pysolfc.sourceforge.io/) anywhere
then run again with its data dir (the folder holding pysol.py), e.g.
  PYSOLFC_DIR=/usr/share/games/pysolfc make setup
(several installs: PYSOLFC_DIR=/path/one:/path/two)."""


class SetupError(Exception):
    """A failure with a message meant for the user."""


_T0 = time.monotonic()


def say(msg):
    print(f"[setup {time.monotonic() - _T0:5.1f}s] {msg}", flush=True)


def run(cmd, **kw):
    """Run a command, echoing it; returns CompletedProcess (never raises)."""
    say("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], **kw)


def run_quiet(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, **kw)


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return Path(base) / "pysolfc-camelot"


def is_root():
    return hasattr(os, "geteuid") and os.geteuid() == 0


# ---------------------------------------------------------------- system --

def tk_works(python):
    r = run_quiet([python, "-c", "import tkinter, _tkinter"])
    return r.returncode == 0


def apt_install(packages):
    """apt-get install as root; retries once after apt-get update."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "-q", "--no-install-recommends"]
    cmd += packages
    if run(cmd, env=env, stdin=subprocess.DEVNULL).returncode == 0:
        return
    say("apt-get install failed; refreshing the package lists and retrying")
    run(["apt-get", "update", "-q"], env=env, stdin=subprocess.DEVNULL)
    if run(cmd, env=env, stdin=subprocess.DEVNULL).returncode != 0:
        raise SetupError("could not install system packages: "
                         + " ".join(packages)
                         + "\nTry it yourself: apt-get install "
                         + " ".join(packages))


def ensure_system_packages():
    if os.environ.get("CAMELOT_SKIP_SYSTEM") == "1":
        say("system packages: skipped (CAMELOT_SKIP_SYSTEM=1)")
        return
    missing = sorted({pkg for tool, pkg in SYSTEM_TOOLS.items()
                      if shutil.which(tool) is None})
    if not tk_works(sys.executable):
        if Path(sys.executable).resolve().parent == Path("/usr/bin"):
            missing.append("python3-tk")
        else:
            raise SetupError(
                f"{sys.executable} has no working tkinter, which PySolFC "
                "needs. Install Tk support for this Python (for pyenv: the "
                "tk-dev package, then rebuild the Python), or run this script "
                "with the system's /usr/bin/python3 after "
                "'apt-get install python3-tk python3-venv'.")
    if not missing:
        say("system packages: Xvfb, xdotool, ImageMagick and tkinter present")
        return
    if is_root() and shutil.which("apt-get"):
        say("installing system packages: " + " ".join(missing))
        apt_install(missing)
        still = [t for t in SYSTEM_TOOLS if shutil.which(t) is None]
        if still:
            raise SetupError("installed, yet still missing: "
                             + " ".join(still))
        return
    # Not root (or not Debian-like): playing works without these; the GUI
    # tests do not, and they will say so.
    cmd = "sudo apt-get install --no-install-recommends " + " ".join(missing)
    say("WARNING: missing system packages needed by the GUI tests: "
        + " ".join(missing) + "\n    install them with:  " + cmd)


# ------------------------------------------------------------------ venv --

def venv_python():
    return VENV / "bin" / "python"


def ensure_venv(packages=PIP_PACKAGES, imports=PIP_IMPORTS):
    py = venv_python()
    probe = ["-c", "import " + ", ".join(imports)]
    if py.exists() and run_quiet([py] + probe).returncode == 0:
        say(f"venv: {VENV.relative_to(REPO)} ready")
        return
    if not py.exists():
        say(f"venv: creating {VENV.relative_to(REPO)} with {sys.executable}")
        r = run([sys.executable, "-m", "venv", VENV])
        if (r.returncode != 0 or not py.exists()) and is_root() \
                and shutil.which("apt-get") \
                and Path(sys.executable).resolve().parent == Path("/usr/bin"):
            # Debian's own Python keeps venv/ensurepip in python3-venv.
            shutil.rmtree(VENV, ignore_errors=True)
            apt_install(["python3-venv"])
            r = run([sys.executable, "-m", "venv", VENV])
        if r.returncode != 0 or not py.exists():
            raise SetupError(
                "could not create the virtual environment. On Debian/Ubuntu: "
                "apt-get install python3-venv")
    say("venv: installing " + " ".join(packages))
    r = run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
            + packages, stdin=subprocess.DEVNULL)
    if r.returncode != 0 or run_quiet([py] + probe).returncode != 0:
        raise SetupError("pip install failed (is PyPI reachable?); remove "
                         ".venv and try again")
    if not tk_works(str(py)):
        raise SetupError(f"{py} cannot import tkinter")


# ------------------------------------------------------------------ kivy --
# PySolFC's Kivy front end (Android's, `pysol.py --kivy`), run on the
# desktop by tests/test_kivy.py: Kivy from PyPI (its wheel brings SDL2) in
# .venv, and the system libraries its window needs under Xvfb: Mesa's
# software OpenGL, and libmtdev, without which Kivy prints a traceback
# while it looks for touch screens.

KIVY_PIP = "kivy>=2.3,<3"       # PySolFC's Kivy layer is written for Kivy 2
KIVY_LIBS = {"libGL.so.1": "libgl1", "libEGL.so.1": "libegl1",
             "swrast_dri.so": "libgl1-mesa-dri", "libmtdev.so.1": "libmtdev1"}


def missing_kivy_libs():
    """Debian packages of KIVY_LIBS whose library is nowhere to be found."""
    names = run_quiet(["/sbin/ldconfig", "-p"]).stdout \
        if Path("/sbin/ldconfig").exists() else ""
    dri = {p.name for p in Path("/usr/lib").glob("*/dri/*")} | \
        {p.name for p in Path("/usr/lib/dri").glob("*")}
    return sorted(pkg for lib, pkg in KIVY_LIBS.items()
                  if lib not in dri and not re.search(
                      r"^\s*" + re.escape(lib) + r"\s", names, re.M))


def ensure_kivy():
    if os.environ.get("CAMELOT_SKIP_SYSTEM") != "1":
        missing = missing_kivy_libs()
        if missing and is_root() and shutil.which("apt-get"):
            say("installing the libraries Kivy needs: " + " ".join(missing))
            apt_install(missing)
        elif missing:
            say("WARNING: missing system packages needed by the Kivy test: "
                + " ".join(missing) + "\n    install them with:  sudo "
                "apt-get install --no-install-recommends " + " ".join(missing))
    py = venv_python()
    probe = ["-c", "import importlib.util, sys; "
             "sys.exit(importlib.util.find_spec('kivy') is None)"]
    if run_quiet([py] + probe).returncode == 0:
        say("kivy: in .venv")
        return
    say("venv: installing " + KIVY_PIP)
    r = run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check",
             KIVY_PIP], stdin=subprocess.DEVNULL)
    if r.returncode != 0 or run_quiet([py] + probe).returncode != 0:
        raise SetupError("pip install kivy failed (is PyPI reachable?)")


# --------------------------------------------------------------- PySolFC --

def upstream_version(debver):
    """'1:3.6.1+dfsg-1' -> '3.6.1'."""
    v = re.sub(r"^\d+:", "", debver)
    v = re.sub(r"-[^-]*$", "", v)
    return re.split(r"[+~]", v)[0]


def installed_version(datadir):
    """Version of the PySolFC in a data dir, from pysollib/settings.py."""
    try:
        text = (Path(datadir) / "pysollib" / "settings.py").read_text()
    except OSError:
        return None
    m = re.search(r"VERSION_TUPLE\s*=\s*\(([\d,\s]+)\)", text)
    if m:
        return ".".join(p.strip() for p in m.group(1).split(",") if p.strip())
    m = re.search(r"^VERSION\s*=\s*['\"]([^'\"]+)", text, re.M)
    return m.group(1) if m else None


def use_pysolfc_dir(value):
    found = []
    for part in value.split(":"):
        if not part:
            continue
        d = Path(part).expanduser()
        if not (d / "pysol.py").is_file() or not (d / "pysollib").is_dir():
            raise SetupError(f"PYSOLFC_DIR: {d} is not a PySolFC data dir "
                             "(no pysol.py and pysollib/ there)")
        found.append((installed_version(d) or "unknown", d))
    if not found:
        raise SetupError("PYSOLFC_DIR is set but empty")
    for ver, d in found:
        say(f"PySolFC {ver}: using {d} (from PYSOLFC_DIR)")
    return found


def system_mirror():
    env = os.environ.get("PYSOLFC_DEBIAN_MIRROR")
    if env:
        return env.rstrip("/")
    texts = []
    for p in [Path("/etc/apt/sources.list")] + sorted(
            Path("/etc/apt/sources.list.d").glob("*")):
        try:
            texts.append(p.read_text())
        except OSError:
            pass
    for m in re.finditer(r"(?:https?)://[^\s\]]+", "\n".join(texts)):
        url = m.group(0).rstrip("/")
        if url.endswith("/debian"):       # not debian-security, not others
            return url
    return "http://deb.debian.org/debian"


class AptSandbox:
    """apt-get/apt-cache with a private sources list and state dirs."""

    def __init__(self, root):
        self.root = root
        self.lists = root / "apt" / "lists"
        self.cache = root / "apt" / "cache"
        self.sources = root / "apt" / "sources.list"
        self.debs = root / "debs"
        self.manifest = root / "versions.json"
        for d in (self.lists / "partial", self.cache / "archives" / "partial",
                  self.debs):
            d.mkdir(parents=True, exist_ok=True)

    def opts(self):
        opts = ["-o", f"Dir::State::Lists={self.lists}",
                "-o", f"Dir::Etc::SourceList={self.sources}",
                "-o", "Dir::Etc::SourceParts=/dev/null",
                "-o", f"Dir::Cache={self.cache}",
                "-o", "Dir::State::Status=/dev/null"]
        if is_root():
            # apt would drop to the _apt user, who cannot write into root's
            # private cache folder; these files are only data to unpack.
            opts += ["-o", "APT::Sandbox::User=root"]
        return opts

    def write_sources(self, mirror):
        if not KEYRING.is_file():
            raise SetupError(f"{KEYRING} is missing (package "
                             "debian-archive-keyring); cannot verify Debian "
                             "downloads.\n" + FALLBACK_HELP)
        text = "".join(f"deb [signed-by={KEYRING}] {mirror} {s} main\n"
                       for s in SUITES)
        if not self.sources.exists() or self.sources.read_text() != text:
            self.sources.write_text(text)

    def update(self):
        r = run_quiet(["apt-get"] + self.opts() + ["update"],
                      stdin=subprocess.DEVNULL)
        bad = re.compile(r"^E: |^Err:|^W: .*(GPG error|NO_PUBKEY|not signed|"
                         r"Failed to fetch|index files failed)", re.M)
        if r.returncode != 0 or bad.search(r.stdout):
            lines = [ln for ln in r.stdout.splitlines()
                     if ln.startswith(("E:", "W:", "Err"))]
            return False, "\n".join(lines) or r.stdout[-2000:]
        return True, ""

    def versions(self):
        """{suite: (debian version, sha256)} from the downloaded index."""
        r = run_quiet(["apt-cache"] + self.opts() + ["madison", "pysolfc"])
        out = {}
        for line in r.stdout.splitlines():
            parts = [p.strip() for p in line.split("|")]
            if len(parts) != 3:
                continue
            for suite in SUITES:
                if re.search(rf"\s{suite}/main\b", parts[2]):
                    out.setdefault(suite, parts[1])
        result = {}
        for suite, ver in out.items():
            r = run_quiet(["apt-cache"] + self.opts()
                          + ["show", f"pysolfc={ver}"])
            m = re.search(r"^SHA256:\s*([0-9a-f]{64})", r.stdout, re.M)
            result[suite] = {"version": ver,
                             "sha256": m.group(1) if m else None}
        return result

    def download(self, debver):
        """Fetch pysolfc=<debver> into the cache; returns its path."""
        r = subprocess.run(["apt-get"] + self.opts()
                           + ["download", f"pysolfc={debver}"],
                           cwd=self.debs, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        deb = self.deb_path(debver)
        if r.returncode != 0 or deb is None:
            raise SetupError(f"downloading pysolfc {debver} failed:\n"
                             + r.stdout[-2000:] + "\n" + FALLBACK_HELP)
        return deb

    def deb_path(self, debver):
        # apt names the file pysolfc_<version with ':' as %3a>_all.deb
        name = f"pysolfc_{debver.replace(':', '%3a')}_all.deb"
        p = self.debs / name
        return p if p.is_file() else None


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def resolve_versions(apt):
    """Return {suite: {"version", "sha256"}}, refreshing the index if due."""
    manifest = {}
    if apt.manifest.exists():
        try:
            manifest = json.loads(apt.manifest.read_text())
        except ValueError:
            manifest = {}
    age = time.time() - manifest.get("checked", 0)
    fresh = (age < INDEX_MAX_AGE and os.environ.get("PYSOLFC_REFRESH") != "1"
             and all(s in manifest.get("suites", {}) for s in SUITES))
    if fresh:
        say(f"package index checked {age / 3600:.1f} h ago; not refreshing "
            "(PYSOLFC_REFRESH=1 forces it)")
        return manifest["suites"]
    apt.write_sources(system_mirror())
    say("fetching the trixie and sid package indexes (about 20 MB)")
    ok, err = apt.update()
    if ok:
        suites = apt.versions()
        missing = [s for s in SUITES if s not in suites]
        if not missing:
            apt.manifest.write_text(json.dumps(
                {"checked": time.time(), "suites": suites}, indent=1))
            return suites
        err = "no pysolfc package found in: " + ", ".join(missing)
    if "NO_PUBKEY" in err or "not signed" in err or "signature" in err.lower():
        err += ("\nThe Release files did not verify with " + str(KEYRING)
                + "; a newer debian-archive-keyring package may be needed.")
    if manifest.get("suites") and all(s in manifest["suites"] for s in SUITES):
        say("WARNING: could not refresh the package index; using the "
            "versions found earlier:\n" + err)
        return manifest["suites"]
    raise SetupError("could not get the Debian package index for PySolFC:\n"
                     + err + "\n" + FALLBACK_HELP)


def unpack(deb, debver, dest):
    """dpkg -x the .deb; its usr/share/games/pysolfc becomes dest, its
    usr/share/locale dest/locale."""
    if shutil.which("dpkg-deb") is None:
        raise SetupError("dpkg-deb is needed to unpack " + deb.name
                         + "\n" + FALLBACK_HELP)
    tmp = HOST / f".unpack-{dest.name}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        r = run_quiet(["dpkg-deb", "-x", deb, tmp])
        src = tmp / "usr" / "share" / "games" / "pysolfc"
        if r.returncode != 0 or not (src / "pysol.py").is_file():
            raise SetupError(f"unpacking {deb} failed (delete it from the "
                             f"cache and retry):\n{r.stdout[-1500:]}")
        shutil.rmtree(dest, ignore_errors=True)
        src.rename(dest)
        # PySolFC's menus speak the player's language from the catalogs in
        # locale/ beside pysol.py (Debian's install reads /usr/share/locale).
        catalogs = tmp / "usr" / "share" / "locale"
        if catalogs.is_dir():
            catalogs.rename(dest / "locale")
        (dest / MARKER).write_text(json.dumps(
            {"debian_version": debver, "deb": str(deb)}, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def ensure_pysolfc(suites_wanted=SUITES):
    env = os.environ.get("PYSOLFC_DIR")
    if env:
        return use_pysolfc_dir(env)
    HOST.mkdir(exist_ok=True)
    # With a fresh index and everything unpacked this does no network I/O.
    apt = AptSandbox(cache_dir())
    suites = resolve_versions(apt)
    result = []
    wanted = set()
    for suite in SUITES:
        debver = suites[suite]["version"]
        ver = upstream_version(debver)
        dest = HOST / f"pysolfc-{ver}"
        wanted.add(dest.name)
        if suite not in suites_wanted:
            continue
        if (dest / "pysol.py").is_file() and (dest / MARKER).is_file() \
                and (dest / "locale").is_dir():
            say(f"PySolFC {ver} ({suite}): {dest.relative_to(REPO)} ready")
            result.append((ver, dest))
            continue
        deb = apt.deb_path(debver)
        expect = suites[suite].get("sha256")
        if deb is not None and expect and sha256(deb) != expect:
            say(f"cached {deb.name} is damaged; fetching it again")
            deb.unlink()
            deb = None
        if deb is None:
            say(f"PySolFC {ver} ({suite}): downloading pysolfc {debver} "
                f"(about 55 MB) into {apt.debs}")
            if not apt.sources.exists():
                apt.write_sources(system_mirror())
            try:
                deb = apt.download(debver)
            except SetupError:
                # The cached index may name a version the mirror dropped.
                if os.environ.get("PYSOLFC_REFRESH") == "1":
                    raise
                say("download failed; refreshing the package index once")
                os.environ["PYSOLFC_REFRESH"] = "1"
                return ensure_pysolfc(suites_wanted)
        else:
            say(f"PySolFC {ver} ({suite}): using cached {deb}")
        say(f"PySolFC {ver}: unpacking into {dest.relative_to(REPO)}")
        unpack(deb, debver, dest)
        result.append((ver, dest))
    # Versions sid has since replaced: remove their unpacked copies (only the
    # ones this script made), so tests run on exactly trixie's and sid's.
    for old in HOST.glob("pysolfc-*"):
        if old.name not in wanted and (old / MARKER).is_file():
            say(f"removing {old.relative_to(REPO)} (no longer in trixie/sid)")
            shutil.rmtree(old, ignore_errors=True)
    return result


# -------------------------------------------------------- upstream PySolFC --
# Upstream's newest source (pysollib and pysol.py only, no data), shipped
# beside the repository in shared/hosts/.  It is a third test host: config
# and plugins under ~/.PySolFC as upstream has them (Debian patches that to
# ~/.pysolfc), and the newest code.  Its settings.py gives the same version
# as sid's build, so it goes by an id of its own: upstream-<commit>.

UPSTREAM_ENV = "PYSOLFC_UPSTREAM_TARBALL"
UPSTREAM_GLOB = "pysolfc-master-*.tar.gz"
UPSTREAM_PREFIX = "upstream-"
# What a data dir holds besides the data: the code comes from the tarball.
NOT_DATA = {"pysollib", "pysol.py", MARKER}


def upstream_places():
    """Where the tarball is looked for: shared/hosts beside the checkout
    (CI puts a copy of shared/ there), and beside the main checkout when
    this one is a git worktree of it."""
    places = [REPO.parent / "shared" / "hosts"]
    r = run_quiet(["git", "-C", REPO, "rev-parse", "--path-format=absolute",
                   "--git-common-dir"]) if shutil.which("git") else None
    if r is not None and r.returncode == 0 and r.stdout.strip():
        main = Path(r.stdout.strip().splitlines()[-1]).parent
        if main != REPO:
            places.append(main.parent / "shared" / "hosts")
    return places


def upstream_tarball():
    """The upstream source tarball: $PYSOLFC_UPSTREAM_TARBALL, else the
    newest shared/hosts/pysolfc-master-*.tar.gz found."""
    env = os.environ.get(UPSTREAM_ENV, "").strip()
    if env:
        p = Path(env).expanduser()
        if not p.is_file():
            raise SetupError(f"{UPSTREAM_ENV}={env}: no such file")
        return p
    places = upstream_places()
    for d in places:
        found = sorted(d.glob(UPSTREAM_GLOB), key=lambda p: p.stat().st_mtime)
        if found:
            return found[-1]
    raise SetupError(
        "upstream PySolFC's source (the third test host) was not found: no "
        + UPSTREAM_GLOB + " in " + ", ".join(str(p) for p in places)
        + f".\nPut it there, or set {UPSTREAM_ENV}=/path/to/"
        "pysolfc-master-COMMIT.tar.gz")


def upstream_id(tarball):
    """'pysolfc-master-7a3d146a.tar.gz' -> 'upstream-7a3d146a'."""
    name = tarball.name
    commit = name[len("pysolfc-master-"):-len(".tar.gz")] \
        if name.startswith("pysolfc-master-") and name.endswith(".tar.gz") \
        else ""
    if not re.fullmatch(r"[0-9A-Za-z._-]+", commit):
        raise SetupError(f"{tarball}: expected a name like "
                         "pysolfc-master-COMMIT.tar.gz")
    return UPSTREAM_PREFIX + commit


def upstream_data_source(hosts):
    """The data dir whose cardsets, pages, images, sounds, tiles and
    catalogs the upstream host uses: the newest Debian build's."""
    for version, d in sorted(hosts, key=lambda vd: version_key(vd[0]),
                             reverse=True):
        if any(Path(d).glob("cardset-*")) and (Path(d) / "html").is_dir():
            return Path(d)
    raise SetupError("no PySolFC data dir with cardsets and html/ among "
                     + ", ".join(str(d) for _, d in hosts)
                     + "; the upstream host needs one")


def data_entries(datadir):
    """The data dir's entries the upstream host links to: everything but
    the code (cardset-*, html, images, sound, tiles, locale, ...)."""
    return sorted(p for p in Path(datadir).iterdir()
                  if p.name not in NOT_DATA and not p.name.startswith(".")
                  and not p.name.endswith(".egg-info"))


def upstream_ready(dest, stamp):
    try:
        marker = json.loads((dest / MARKER).read_text())
    except (OSError, ValueError):
        return False
    links = marker.get("links", [])
    return (marker.get("stamp") == stamp and (dest / "pysol.py").is_file()
            and links and all((dest / n).exists() for n in links))


def extract_tarball(tarball, into):
    """Unpack into `into`; returns the one top folder holding pysol.py."""
    import tarfile
    try:
        with tarfile.open(tarball) as tf:
            if hasattr(tarfile, "data_filter"):
                tf.extractall(into, filter="data")
            else:                       # Python < 3.8.17: check by hand
                for m in tf.getmembers():
                    if m.name.startswith("/") or ".." in Path(m.name).parts \
                            or not (m.isfile() or m.isdir()):
                        raise SetupError(f"{tarball}: unsafe member {m.name}")
                tf.extractall(into)
    except (OSError, tarfile.TarError) as e:
        raise SetupError(f"unpacking {tarball} failed: {e}")
    tops = [p for p in into.iterdir() if (p / "pysol.py").is_file()
            and (p / "pysollib").is_dir()]
    if len(tops) != 1:
        raise SetupError(f"{tarball} holds no pysolfc-master-*/pysol.py "
                         "with pysollib/ beside it")
    return tops[0]


def ensure_upstream(hosts):
    """Unpack upstream's source into .host/upstream-<commit>/ with the data
    of a Debian build linked in beside pysol.py (where upstream's own
    checkout keeps it); returns (host id, dir)."""
    tarball = upstream_tarball()
    host_id = upstream_id(tarball)
    dest = HOST / host_id
    data = upstream_data_source(hosts).resolve()
    st = tarball.stat()
    stamp = {"tarball": tarball.name, "size": st.st_size,
             "mtime": int(st.st_mtime), "data": str(data)}
    if upstream_ready(dest, stamp):
        say(f"PySolFC {host_id} (upstream): {dest.relative_to(REPO)} ready")
    else:
        say(f"PySolFC {host_id}: unpacking {tarball} into "
            f"{dest.relative_to(REPO)}, data from {data}")
        HOST.mkdir(exist_ok=True)
        tmp = HOST / f".unpack-{host_id}"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        try:
            top = extract_tarball(tarball, tmp)
            links = []
            for entry in data_entries(data):
                link = top / entry.name
                if link.exists() or link.is_symlink():
                    continue            # the tarball's own file wins
                # Relative inside .host/, so the checkout can move.
                target = os.path.relpath(entry, dest) \
                    if HOST.resolve() in entry.parents else str(entry)
                link.symlink_to(target)
                links.append(entry.name)
            (top / MARKER).write_text(json.dumps(
                {"stamp": stamp, "sha256": sha256(tarball),
                 "links": links}, indent=1))
            shutil.rmtree(dest, ignore_errors=True)
            top.rename(dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if not upstream_ready(dest, stamp):
            raise SetupError(f"{dest}: the data links do not resolve")
    # Older snapshots this script unpacked: gone, so tests run on this one.
    for old in HOST.glob(UPSTREAM_PREFIX + "*"):
        if old.name != host_id and (old / MARKER).is_file():
            say(f"removing {old.relative_to(REPO)} (replaced by {host_id})")
            shutil.rmtree(old, ignore_errors=True)
    return host_id, dest


def config_folder_name(datadir):
    """The folder in HOME where this PySolFC keeps its settings and
    plugins, from its pysollib/mfxutil.py getprefdir (Linux): Debian's
    build says .pysolfc, upstream's .PySolFC."""
    try:
        text = (Path(datadir) / "pysollib" / "mfxutil.py").read_text()
    except OSError as e:
        raise SetupError(f"{datadir}: cannot read pysollib/mfxutil.py: {e}")
    m = re.search(r"def getprefdir\b.*?os\.path\.join\(\s*home\s*,\s*"
                  r"['\"]([^'\"]+)['\"]\s*\)", text, re.S)
    if not m:
        raise SetupError(f"{datadir}: pysollib/mfxutil.py's getprefdir "
                         "names no folder in HOME")
    return m.group(1)


# ------------------------------------------------------------------ play --

def version_key(version):
    return tuple(int(p) if p.isdigit() else 0 for p in version.split("."))


def choose_host(hosts, wanted):
    """The host whose version starts with `wanted` (newest if several);
    the newest host when `wanted` is empty."""
    hosts = sorted(hosts, key=lambda vd: version_key(vd[0]))
    if wanted:
        match = [vd for vd in hosts
                 if vd[0] == wanted or vd[0].startswith((wanted + ".",
                                                         wanted + "-"))]
        if not match:
            raise SetupError(f"HOST={wanted} matches none of the PySolFC "
                             "versions here: "
                             + ", ".join(v for v, _ in hosts))
        return match[-1]
    return hosts[-1]


def check_display():
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise SetupError(
            "no display: DISPLAY is not set, so PySolFC cannot open its "
            "window.\nRun `make play` inside a graphical session (or with ssh "
            "-X); a virtual one works too: xvfb-run -a make play")


# Our games, as the package's registry lists them (it imports nothing).
sys.path.insert(0, str(REPO))
from pysolfc_camelot.games import DEFAULT as DEFAULT_GAME  # noqa: E402
from pysolfc_camelot.games import GAMES  # noqa: E402


def play(hosts, wanted, game=DEFAULT_GAME):
    """Install the plugin into a fresh HOME (.host/play-home) and start
    PySolFC on our game (a name in GAMES); returns PySolFC's exit
    status."""
    if game not in GAMES:
        raise SetupError(f"GAME={game!r} is none of our games: "
                         + ", ".join(GAMES))
    version, datadir = choose_host(hosts, wanted)
    home = HOST / "play-home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    # A fresh HOME would show the About box on every start (and start a
    # demo if it is not closed within 20 s): switch it off, as a player can.
    prefs = home / config_folder_name(datadir)
    prefs.mkdir()
    (prefs / "options.cfg").write_text(
        "# -*- coding: utf-8 -*-\n[general]\nsplashscreen = False\n")
    env = dict(os.environ, HOME=str(home), LANG=os.environ.get(
        "LANG") or "C.UTF-8")
    for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
              "XDG_STATE_HOME"):
        env.pop(k, None)
    py = str(venv_python())
    # pysollib importable, so the installer asks PySolFC for its folder.
    env_install = dict(env, PYTHONPATH=os.pathsep.join([str(REPO),
                                                       str(datadir)]))
    r = run([py, "-m", "pysolfc_camelot", "install"], cwd=REPO,
            env=env_install, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        raise SetupError("installing the plugin failed (see above)")
    r = run_quiet([sys.executable, "-c",
                   f"import pysolfc_camelot.{game} as p; print(p.GAME_ID)"],
                  cwd=REPO, env=dict(env, PYTHONPATH=str(REPO)))
    game_id = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    if r.returncode != 0 or not game_id.isdigit():
        raise SetupError("cannot read GAME_ID from pysolfc_camelot:\n"
                         + r.stdout)
    say(f"starting PySolFC {version} on game {game_id} "
        f"(HOME={home.relative_to(REPO)}); close its window to finish")
    rc = run([py, "pysol.py", "--nosound", "-i", game_id], cwd=datadir,
             env=env).returncode
    return 128 - rc if rc < 0 else rc        # killed by a signal: 128+N


def set_up_to_play(wanted):
    """Only what playing needs: tkinter, PySolFC's Python dependencies in
    .venv, and the one PySolFC `wanted` names (HOST=3.2: trixie's build;
    upstream: its source with sid's data; else sid's build); the GUI
    test tools, kivy, pytest and the other builds are `make test`'s."""
    if not tk_works(sys.executable):
        raise SetupError(f"{sys.executable} has no working tkinter, which "
                         "PySolFC needs (Debian, Ubuntu: apt-get install "
                         "python3-tk)")
    ensure_venv(PLAY_PACKAGES, PLAY_IMPORTS)
    if wanted and "upstream".startswith(wanted):
        hosts = ensure_pysolfc(["sid"])
        return hosts + [ensure_upstream(hosts)]
    if wanted and not os.environ.get("PYSOLFC_DIR"):
        # Which suite carries the version asked for: trixie has 3.2.
        return ensure_pysolfc(["trixie"] if wanted.startswith("3.2")
                              else ["sid"])
    return ensure_pysolfc(SUITES if os.environ.get("PYSOLFC_DIR")
                          else ["sid"])


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(
        description="Set up PySolFC hosts, a venv and system packages for "
                    "Camelot for PySolFC (see the module docstring).")
    ap.add_argument("--play", action="store_true",
                    help="after setting up, install the plugin into a fresh "
                         "HOME under .host/play-home and start PySolFC on "
                         "our game")
    ap.add_argument("--host", default="",
                    help="with --play: the PySolFC version to use, e.g. 3.2 "
                         "or 3.6, or upstream (default: the newest Debian "
                         "build)")
    ap.add_argument("--game", default=DEFAULT_GAME,
                    help="with --play: the game to start, one of %s "
                         "(default %s)" % (", ".join(GAMES), DEFAULT_GAME))
    args = ap.parse_args(argv)
    try:
        if args.play:
            check_display()
            if (args.game.strip().lower() or DEFAULT_GAME) not in GAMES:
                raise SetupError(f"GAME={args.game!r} is none of our games: "
                                 + ", ".join(GAMES))
        if args.play:
            hosts = set_up_to_play(args.host.strip())
        else:
            ensure_system_packages()
            ensure_venv()
            ensure_kivy()
            hosts = ensure_pysolfc()
            hosts.append(ensure_upstream(hosts))
        say("done. PySolFC hosts: "
            + ", ".join(f"{v} ({d})" for v, d in hosts))
        if args.play:
            return play(hosts, args.host.strip(),
                        args.game.strip().lower() or DEFAULT_GAME)
    except SetupError as e:
        print(f"\nsetup_host: ERROR: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nsetup_host: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
