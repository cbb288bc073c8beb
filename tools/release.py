#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Build a release of pysolfc-camelot from the tree.

    python3 tools/release.py dist     (make release)
        dist/pysolfc-camelot-VERSION.zip (the plugin zip, as
        ``python3 -m pysolfc_camelot bundle`` writes it), the sdist, the
        wheel (built from the sdist, so the sdist is known complete) and
        SHA256SUMS.  The same tree gives the same bytes: fixed times,
        sorted entries, one owner, modes 0644/0755.

    python3 tools/release.py keep     (make release-zip)
        release/pysolfc-camelot-VERSION.zip, the zip kept in the
        repository for players (README.md links it); test_release.py
        fails when it differs from what the tree builds.  A zip of an
        earlier version found there is replaced, its file list kept as
        pysolfc_camelot/install/releases/OLD.sha256, by which the
        installer knows that release's files.

    python3 tools/release.py record COMMIT VERSION
        pysolfc_camelot/install/releases/VERSION.sha256 from the zip that
        COMMIT's own ``bundle`` writes (from ``git archive``): how
        1.0.0's list, from before zips carried a manifest, was made.

Standard library and the venv's setuptools only.
"""
import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DIST = REPO / "dist"
KEPT = REPO / "release"
RELEASES = REPO / "pysolfc_camelot" / "install" / "releases"
# Every archive entry's time: 1980-01-01, the earliest a zip can say.
EPOCH = 315532800
# What a copy of the tree for building leaves out.
NOT_BUILT = (".git", ".venv", ".host", "artifacts", "build", "dist",
             "release", "*.egg-info", "__pycache__", "*.pyc", ".pytest_cache")


class ReleaseError(Exception):
    """A failure with a message meant for the user."""


def version(tree=REPO):
    text = (Path(tree) / "pysolfc_camelot" / "__init__.py").read_text()
    m = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if not m:
        raise ReleaseError("no __version__ in pysolfc_camelot/__init__.py")
    return m.group(1)


def zip_name(v):
    return "pysolfc-camelot-%s.zip" % v


def _run(cmd, cwd, env=None):
    r = subprocess.run([str(c) for c in cmd], cwd=str(cwd), env=env,
                       stdin=subprocess.DEVNULL, capture_output=True,
                       text=True)
    if r.returncode != 0:
        raise ReleaseError("%s failed:\n%s%s" % (" ".join(map(str, cmd)),
                                                 r.stdout, r.stderr))
    return r


def bundle(tree, output, python=sys.executable):
    """The plugin zip of the package in tree, by its own bundle command."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    _run([python, "-m", "pysolfc_camelot", "bundle", "--output", output],
         cwd=tree, env=env)
    return Path(output)


def commit_tree(commit, into):
    """COMMIT's files (``git archive``) unpacked into a new folder."""
    into = Path(into)
    into.mkdir(parents=True)
    archive = _run_bytes(["git", "-C", str(REPO), "archive", "--format=tar",
                          commit])
    with tarfile.open(fileobj=io.BytesIO(archive)) as tf:
        tf.extractall(str(into))
    return into


def _run_bytes(cmd):
    r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True)
    if r.returncode != 0:
        raise ReleaseError("%s failed: %s" % (
            " ".join(cmd), r.stderr.decode(errors="replace")))
    return r.stdout


def bundle_of_commit(commit, output):
    """The zip COMMIT's own bundle command writes."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = commit_tree(commit, Path(tmp) / "tree")
        return bundle(tree, output)


def zip_files(path):
    with zipfile.ZipFile(str(path)) as z:
        return {i.filename: z.read(i) for i in z.infolist()
                if not i.is_dir()}


def table_of(files):
    sys.path.insert(0, str(REPO))
    from pysolfc_camelot.install.installer import release_table
    return release_table(files)


def record(commit, v):
    with tempfile.TemporaryDirectory() as tmp:
        files = zip_files(bundle_of_commit(commit, Path(tmp) / "old.zip"))
    RELEASES.mkdir(exist_ok=True)
    path = RELEASES / ("%s.sha256" % v)
    path.write_text(table_of(files), encoding="utf-8")
    print("wrote %s (%d files of %s at %s)" % (path.relative_to(REPO),
                                               len(files), v, commit))


def keep():
    """release/ holds this version's zip only (see the docstring)."""
    v = version()
    KEPT.mkdir(exist_ok=True)
    for old in sorted(KEPT.glob(zip_name("*"))):
        old_v = old.name[len("pysolfc-camelot-"):-len(".zip")]
        if old_v == v:
            continue
        table = RELEASES / ("%s.sha256" % old_v)
        if not table.exists():
            table.write_text(table_of(zip_files(old)), encoding="utf-8")
            print("wrote %s" % table.relative_to(REPO))
        old.unlink()
        print("removed %s (replaced by %s)" % (old.relative_to(REPO), v))
    out = bundle(REPO, KEPT / zip_name(v))
    print("wrote %s" % out.relative_to(REPO))


# ---------------------------------------------------------------- dist --

def copy_tree(dest):
    shutil.copytree(str(REPO), str(dest), symlinks=False,
                    ignore=shutil.ignore_patterns(*NOT_BUILT))
    return dest


def _pep517(hook, source, out):
    """setuptools' build hook (build_sdist, build_wheel) run in source."""
    code = ("import sys; from setuptools import build_meta as b; "
            "print(b.%s(sys.argv[1]))" % hook)
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH))
    env.pop("PYTHONPATH", None)
    r = _run([sys.executable, "-c", code, out], cwd=source, env=env)
    return Path(out) / r.stdout.strip().splitlines()[-1]


def normal_zip(path):
    """Rewrite a zip (the wheel) with fixed times and modes, entries in
    the order they have (the wheel puts its RECORD last)."""
    with zipfile.ZipFile(str(path)) as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist()]
    with zipfile.ZipFile(str(path), "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            z.writestr(info, data)


def normal_tar_gz(path):
    """Rewrite a .tar.gz (the sdist) sorted, with fixed times, owner and
    modes, and no time in the gzip header."""
    with tarfile.open(str(path)) as tf:
        members = [(m, tf.extractfile(m).read() if m.isfile() else None)
                   for m in tf.getmembers()]
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tf:
        for m, data in sorted(members, key=lambda md: md[0].name):
            m.mtime = EPOCH
            m.uid = m.gid = 0
            m.uname = m.gname = ""
            m.mode = 0o644 if m.isfile() else 0o755
            m.pax_headers = {}
            tf.addfile(m, io.BytesIO(data) if data is not None else None)
    with open(str(path), "wb") as f, \
            gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0) as g:
        g.write(buf.getvalue())


def sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def dist():
    v = version()
    if DIST.exists():
        shutil.rmtree(str(DIST))
    DIST.mkdir()
    made = [bundle(REPO, DIST / zip_name(v))]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        source = copy_tree(tmp / "tree")
        sdist = _pep517("build_sdist", source, tmp / "out")
        # The wheel from the unpacked sdist, as pip builds one.
        with tarfile.open(str(sdist)) as tf:
            tf.extractall(str(tmp / "sdist"))
        unpacked = next((tmp / "sdist").iterdir())
        wheel = _pep517("build_wheel", unpacked, tmp / "out")
        for built, normal in ((sdist, normal_tar_gz), (wheel, normal_zip)):
            normal(built)
            made.append(Path(shutil.copy(str(built), str(DIST))))
    sums = "".join("%s  %s\n" % (sha256(p), p.name) for p in sorted(made))
    (DIST / "SHA256SUMS").write_text(sums)
    for p in sorted(made) + [DIST / "SHA256SUMS"]:
        print("%s  (%d bytes)" % (p.relative_to(REPO), p.stat().st_size))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv == ["dist"]:
            dist()
        elif argv == ["keep"]:
            keep()
        elif len(argv) == 3 and argv[0] == "record":
            record(argv[1], argv[2])
        else:
            print(__doc__)
            return 2
    except ReleaseError as e:
        print("release: error: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
