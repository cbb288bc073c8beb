# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/setup_host.py: the choice of game and host for `make play` (the
play itself is tried by hand: it opens a window and waits for it), and
the upstream host it unpacks from shared/hosts (on fake trees)."""
import importlib

import hostenv

setup_host = hostenv.setup_host()     # a script, loaded as a module once


def test_every_game_has_an_id():
    assert setup_host.GAMES == ("camelot", "plot")
    ids = {importlib.import_module("pysolfc_camelot." + g).GAME_ID
           for g in setup_host.GAMES}
    assert ids == {28080, 28081}


def test_an_unknown_game_is_refused_before_any_setup(monkeypatch, capsys):
    monkeypatch.setenv("DISPLAY", ":99")
    calls = []
    for step in ("ensure_system_packages", "ensure_venv", "ensure_pysolfc"):
        monkeypatch.setattr(setup_host, step,
                            lambda *a, step=step: calls.append(step))
    assert setup_host.main(["--play", "--game", "klondike"]) == 1
    err = capsys.readouterr().err
    assert "klondike" in err and "camelot, plot" in err, err
    assert calls == []


# -- the upstream host (make setup's step 4) ----------------------------------

def fake_upstream_tarball(folder, commit="abc123"):
    """A tarball laid out as upstream's snapshot: pysol.py, pysollib/ (with
    upstream's getprefdir) and a README, in pysolfc-master-<commit>/."""
    import io
    import tarfile
    top = "pysolfc-master-%s/" % commit
    files = {
        "pysol.py": "print('upstream')\n",
        "README.md": "upstream's own readme\n",
        "pysollib/__init__.py": "",
        "pysollib/mfxutil.py": (
            "import os\n\ndef getprefdir(package):\n"
            "    home = os.environ.get('HOME', '')\n"
            "    return os.path.join(home, \".PySolFC\")\n"),
    }
    path = folder / ("pysolfc-master-%s.tar.gz" % commit)
    with tarfile.open(path, "w:gz") as tf:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(top + name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def fake_debian_data(folder):
    """A Debian build's data dir: code and data side by side."""
    for d in ("cardset-neo", "html", "images", "locale/fr/LC_MESSAGES",
              "sound", "tiles", "pysollib", "PySolFC-3.6.1.egg-info"):
        (folder / d).mkdir(parents=True)
    (folder / "pysol.py").write_text("print('debian')\n")
    (folder / "README.md").write_text("debian's readme\n")
    (folder / "html" / "index.html").write_text("<html></html>\n")
    return folder


def in_tmp_checkout(monkeypatch, tmp_path):
    repo = tmp_path / "checkout"
    (repo / ".host").mkdir(parents=True)
    monkeypatch.setattr(setup_host, "REPO", repo)
    monkeypatch.setattr(setup_host, "HOST", repo / ".host")
    return repo / ".host"


def test_upstream_unpacks_with_the_debian_data_linked_beside_it(
        monkeypatch, tmp_path):
    host = in_tmp_checkout(monkeypatch, tmp_path)
    data = fake_debian_data(host / "pysolfc-3.6.1")
    tarball = fake_upstream_tarball(tmp_path)
    monkeypatch.setenv("PYSOLFC_UPSTREAM_TARBALL", str(tarball))
    old = host / "upstream-0ld"            # an older snapshot setup made
    old.mkdir()
    (old / setup_host.MARKER).write_text("{}")
    host_id, dest = setup_host.ensure_upstream([("3.6.1", data)])
    assert (host_id, dest) == ("upstream-abc123", host / "upstream-abc123")
    # The code is upstream's, the data the Debian build's (links).
    assert (dest / "pysol.py").read_text() == "print('upstream')\n"
    assert not (dest / "pysollib").is_symlink()
    assert (dest / "README.md").read_text() == "upstream's own readme\n"
    for name in ("cardset-neo", "html", "images", "locale", "sound",
                 "tiles"):
        assert (dest / name).is_symlink(), name
        assert (dest / name).resolve() == (data / name).resolve(), name
    assert (dest / "html" / "index.html").is_file()
    assert not (dest / "PySolFC-3.6.1.egg-info").exists()
    assert not old.exists()
    assert setup_host.config_folder_name(dest) == ".PySolFC"
    # A second run finds it ready and leaves it alone.
    marker = (dest / setup_host.MARKER).stat().st_mtime_ns
    assert setup_host.ensure_upstream([("3.6.1", data)]) == (host_id, dest)
    assert (dest / setup_host.MARKER).stat().st_mtime_ns == marker
    # A broken link (the data dir replaced) is made again.
    (dest / "sound").unlink()
    setup_host.ensure_upstream([("3.6.1", data)])
    assert (dest / "sound").is_symlink()


def test_no_upstream_tarball_is_a_clear_error(monkeypatch, tmp_path):
    import pytest
    in_tmp_checkout(monkeypatch, tmp_path)
    monkeypatch.delenv("PYSOLFC_UPSTREAM_TARBALL", raising=False)
    nowhere = tmp_path / "shared" / "hosts"
    monkeypatch.setattr(setup_host, "upstream_places", lambda: [nowhere])
    with pytest.raises(setup_host.SetupError) as e:
        setup_host.upstream_tarball()
    msg = str(e.value)
    assert "pysolfc-master-*.tar.gz" in msg and str(nowhere) in msg
    assert "PYSOLFC_UPSTREAM_TARBALL" in msg
    monkeypatch.setenv("PYSOLFC_UPSTREAM_TARBALL", str(tmp_path / "no.tgz"))
    with pytest.raises(setup_host.SetupError) as e:
        setup_host.upstream_tarball()
    assert "no such file" in str(e.value)
    # make setup stops there with that message (exit status 1).
    for step in ("ensure_system_packages", "ensure_venv"):
        monkeypatch.setattr(setup_host, step, lambda: None)
    monkeypatch.setattr(setup_host, "ensure_pysolfc",
                        lambda: [("3.6.1", tmp_path)])
    assert setup_host.main([]) == 1


def test_the_shared_tarball_is_found_beside_the_checkout(monkeypatch,
                                                         tmp_path):
    in_tmp_checkout(monkeypatch, tmp_path)
    monkeypatch.delenv("PYSOLFC_UPSTREAM_TARBALL", raising=False)
    shared = tmp_path / "shared" / "hosts"
    shared.mkdir(parents=True)
    tarball = fake_upstream_tarball(shared, "7a3d146a")
    assert setup_host.upstream_places()[0] == shared
    assert setup_host.upstream_tarball() == tarball
    assert setup_host.upstream_id(tarball) == "upstream-7a3d146a"


def test_each_host_s_config_folder():
    versions = {v: setup_host.config_folder_name(d)
                for v, d in hostenv.host_dirs()}
    assert versions.pop(hostenv.upstream_host()[0]) == ".PySolFC"
    assert set(versions.values()) == {".pysolfc"}, versions


def test_make_play_host_upstream_picks_it():
    hosts = [("3.2.0", "a"), ("3.6.1", "b"), ("upstream-7a3d146a", "c")]
    assert setup_host.choose_host(hosts, "upstream") == hosts[2]
    assert setup_host.choose_host(hosts, "3.6") == hosts[1]
    assert setup_host.choose_host(hosts, "") == hosts[1]    # newest Debian


def test_play_sets_up_only_what_playing_needs(monkeypatch):
    """`make play`: PySolFC's own Python packages (no pytest, no kivy),
    one PySolFC (sid's build; trixie's for HOST=3.2; upstream's with
    sid's data), no GUI test tools."""
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("PYSOLFC_DIR", raising=False)
    calls = []
    monkeypatch.setattr(setup_host, "tk_works", lambda python: True)
    for step in ("ensure_system_packages", "ensure_kivy"):
        monkeypatch.setattr(setup_host, step,
                            lambda *a, step=step: calls.append((step,)))
    monkeypatch.setattr(setup_host, "ensure_venv",
                        lambda *a: calls.append(("venv",) + a))
    monkeypatch.setattr(setup_host, "ensure_pysolfc", lambda suites=None:
                        calls.append(("pysolfc", suites)) or
                        [("3.6.1", "/x")])
    monkeypatch.setattr(setup_host, "ensure_upstream", lambda hosts:
                        calls.append(("upstream",)) or ("upstream-1", "/u"))
    monkeypatch.setattr(setup_host, "play", lambda hosts, wanted, game:
                        calls.append(("play", wanted, hosts)) or 0)
    for host, suites, upstream in (("", ["sid"], False),
                                   ("3.2", ["trixie"], False),
                                   ("upstream", ["sid"], True)):
        del calls[:]
        assert setup_host.main(["--play", "--host", host]) == 0
        assert calls[0] == ("venv", setup_host.PLAY_PACKAGES,
                            setup_host.PLAY_IMPORTS)
        assert "pytest" not in setup_host.PLAY_PACKAGES
        assert not any("kivy" in p for p in setup_host.PLAY_PACKAGES)
        assert calls[1] == ("pysolfc", suites)
        assert (("upstream",) in calls) == upstream
        assert ("ensure_system_packages",) not in calls
        assert ("ensure_kivy",) not in calls
        assert calls[-1][:2] == ("play", host)
