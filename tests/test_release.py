# SPDX-License-Identifier: GPL-3.0-or-later
"""The release a player downloads: the zip kept in release/ is what the
tree builds, README.md's first lines link it, the version is one number
(CHANGELOG.md has its section, every earlier release its file list), and
`make release` gives the same bytes twice: the zip, a wheel and an sdist
that carry the whole package (RULES.md, the rules page sources and their
pictures, no README screenshots) with the metadata a pip user expects."""
import hashlib
import re
import subprocess
import tarfile
import zipfile

import pytest

from helpers import REPO, run_cli
from pysolfc_camelot import __version__, camelot, plot

ZIP = "pysolfc-camelot-%s.zip" % __version__
KEPT = REPO / "release" / ZIP


def entries(path):
    """A zip as a player unzips it: names, bytes, times and modes."""
    with zipfile.ZipFile(str(path)) as z:
        return [(i.filename, i.date_time, i.external_attr >> 16, z.read(i))
                for i in z.infolist()]


def test_the_kept_zip_is_what_the_tree_builds(tmp_path):
    assert KEPT.is_file(), "no %s: run `make release-zip`" % KEPT
    r = run_cli("bundle", "--output", str(tmp_path / ZIP))
    assert r.returncode == 0, r.stderr
    fresh = entries(tmp_path / ZIP)
    kept = entries(KEPT)
    differ = sorted(set(n for n, *_ in kept) ^ set(n for n, *_ in fresh)) \
        or [a[0] for a, b in zip(kept, fresh) if a != b]
    assert kept == fresh, ("%s differs from what the tree builds (%s): "
                           "run `make release-zip`" % (KEPT, differ[:5]))
    assert [e[0] for e in kept] == sorted(e[0] for e in kept)
    assert {e[2] for e in kept} == {0o100644}
    names = [e[0] for e in kept]
    assert {"pysolfc_camelot/LICENSE", "pysolfc_camelot/README.txt",
            "pysolfc_camelot/.installed.json"} <= set(names)
    # Only this version's zip is kept.
    assert sorted(p.name for p in KEPT.parent.iterdir()) == [ZIP]


def test_readme_links_the_zip_in_its_first_lines():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    first = "\n".join(lines[:30])
    assert "](release/%s)" % ZIP in first, first
    # The table of plugin folders is right there, under the heading the
    # docs link to (docs/install.md: README.md#install-into-your-pysolfc).
    assert "## Install into your PySolFC" in first
    assert "| Your PySolFC | Unzip into |" in first
    assert "`%APPDATA%\\PySolFC\\plugins`" in "\n".join(lines[:40])


def test_one_version_and_its_changelog():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", text, re.M)
    assert versions[0] == __version__, versions
    for v in versions[1:]:
        listed = REPO / "pysolfc_camelot/install/releases" / (v + ".sha256")
        assert listed.is_file(), \
            "no file list of release %s: `make release-zip` with its zip " \
            "in release/ writes it" % v
    # pyproject.toml reads the one number from the package.
    meta = (REPO / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in meta
    assert 'version = {attr = "pysolfc_camelot.__version__"}' in meta


def test_the_release_workflow_uses_make_release():
    text = (REPO / ".github/workflows/release.yml").read_text()
    assert re.search(r"tags:\s*\[\"v\*\"\]", text)
    assert ".ci/run" in text and "make release" in text
    assert "dist/*" in text


@pytest.fixture(scope="module")
def dist():
    """`make release`, twice: {name: bytes} of dist/ after each."""
    runs = []
    for _ in range(2):
        r = subprocess.run(["make", "-s", "release"], cwd=str(REPO),
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        runs.append({p.name: p.read_bytes()
                     for p in (REPO / "dist").iterdir()})
    return runs


def test_make_release_gives_the_same_bytes_twice(dist):
    first, second = dist
    wheel = "pysolfc_camelot-%s-py3-none-any.whl" % __version__
    sdist = "pysolfc_camelot-%s.tar.gz" % __version__
    assert sorted(first) == sorted([ZIP, wheel, sdist, "SHA256SUMS"])
    assert first == second
    sums = first["SHA256SUMS"].decode().splitlines()
    assert sums == ["%s  %s" % (hashlib.sha256(first[n]).hexdigest(), n)
                    for n in sorted((ZIP, wheel, sdist))]


def test_the_wheel_and_sdist_carry_the_package(dist):
    files = dist[0]
    dist_dir = REPO / "dist"
    wheel = next(dist_dir.glob("*.whl"))
    sdist = next(dist_dir.glob("*.tar.gz"))
    with zipfile.ZipFile(str(wheel)) as z:
        names = set(z.namelist())
        meta = z.read("pysolfc_camelot-%s.dist-info/METADATA"
                      % __version__).decode()
    pictures = {n for n in names if n.endswith(".png")}
    assert pictures == {"pysolfc_camelot/images/%s" % p for p in
                        ("goal.png", "slots.png", "plot-goal.png",
                         "plot-layout.png")}, pictures
    tracked = subprocess.run(["git", "ls-files", "pysolfc_camelot"],
                             cwd=str(REPO), capture_output=True, text=True,
                             check=True).stdout.split()
    for rel in tracked + ["pysolfc_camelot/html_src/camelot/en.html",
                          "pysolfc_camelot/html_src/plot/ru.html"]:
        assert rel in names, rel
    assert "pysolfc_camelot/camelot/RULES.md" in names
    assert "License-Expression: GPL-3.0-or-later" in meta
    assert re.search(r"^Project-URL: Homepage, https://", meta, re.M)
    summary = re.search(r"^Summary: (.*)$", meta, re.M).group(1)
    assert "Camelot" in summary and "The Plot" in summary, summary
    assert "Requires-Python: >=3.7" in meta
    assert len(files[wheel.name]) < 600000      # no screenshots
    with tarfile.open(str(sdist)) as tf:
        top = "pysolfc_camelot-%s/" % __version__
        snames = set(tf.getnames())
    for rel in ("pysolfc_camelot/camelot/RULES.md",
                "pysolfc_camelot/plot/RULES.md", "html-src/camelot/en.html",
                "images/goal.png", "LICENSE", "CHANGELOG.md", "setup.py"):
        assert top + rel in snames, rel
    assert top + "images/screenshot.png" not in snames
    # dist's zip is the one kept for players.
    assert entries(dist_dir / ZIP) == entries(KEPT)
    print(camelot.GAME_NAME, plot.GAME_NAME, len(names), len(snames))
