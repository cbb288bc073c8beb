# Camelot for PySolFC.  `make play` to play, `make test` to run every test,
# `make unit` for the tests that need no PySolFC and no display.
# HOST=3.2, HOST=3.6 or HOST=upstream picks the PySolFC for `make play`
# (default: the newest Debian build); GAME=plot plays The Plot Classic instead of Camelot Plus.  PYSOLFC_DIR=/usr/share/games/pysolfc uses an installed
# PySolFC instead of the Debian builds that `make setup` fetches.

PYTHON ?= python3
VENV_PY := .venv/bin/python
HOST ?=
GAME ?= camelot

.PHONY: setup play test unit bench pictures catalogs release release-zip

setup:
	$(PYTHON) tools/setup_host.py

# Checks DISPLAY first, then sets up only what playing needs (one PySolFC
# and its Python dependencies; `make test` sets up the rest), installs the
# plugin into a fresh HOME (.host/play-home) and starts PySolFC on our game.
play:
	$(PYTHON) tools/setup_host.py --play --host "$(HOST)" --game "$(GAME)"

# Screenshots of the GUI tests stay in artifacts/; the 15 slowest tests
# (over 5 s) are listed at the end of the run.  pytest's exit status 5
# (no tests collected) fails like any other.  TEST_JOBS pytest-xdist
# workers share the tests (each its own Xvfb; most of a GUI test's time
# is waiting for a window, so more workers than cores pays); TEST_JOBS=0
# runs them all in this process.
TEST_JOBS ?= 3
test: setup
	@rc=0; $(VENV_PY) -m pytest -q -n $(TEST_JOBS) --dist loadscope \
	    --durations=15 --durations-min=5 tests || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests" >&2; fi; \
	exit $$rc

# The fast loop (CONTRIBUTING.md): every test that needs no PySolFC and no
# display, as tests/conftest.py's rule sorts them (--unit: a host test it
# missed fails instead of running).  Needs only .venv, made here (PyPI
# packages, no apt-get, no PySolFC) when missing.  UNIT_JOBS workers.
# The unit tests marked slow (whole games played, fresh venvs or a Dask
# cluster started: each over 10 s) are left out unless SLOW=1; `make test`
# runs them always.
UNIT_JOBS ?= 2
SLOW ?=
unit:
	@test -x $(VENV_PY) || $(PYTHON) -c 'import sys; sys.path.insert(0, "tools"); \
	    import setup_host; setup_host.ensure_venv()'
	@rc=0; $(VENV_PY) -m pytest -q -n $(UNIT_JOBS) --unit $(if $(SLOW),--slow) \
	    --durations=5 --durations-min=5 tests || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make unit: pytest collected no tests" >&2; fi; \
	exit $$rc

# Both set up first, so they work on a fresh clone.  Fresh random deals
# from a seed each prints; BENCH_ARGS="--seed S" repeats a run,
# BENCH_ARGS=--public takes the fixed public sets, --quick 100 deals.
# bench_drag.py: what a drag costs in PySolFC (Xvfb), this tree against
# branch layers, on PySolFC's deals 1..10.
BENCH_ARGS ?=
bench: setup
	$(VENV_PY) bench/bench.py $(BENCH_ARGS)
	$(VENV_PY) bench/bench_plot.py $(BENCH_ARGS)
	$(VENV_PY) bench/bench_drag.py

pictures: setup
	$(VENV_PY) -m pysolfc_camelot pictures

# The gettext catalogs (docs/translating.md): the template extracted from
# pysolfc_camelot/texts/english.py, every language's .po brought up to date
# with it (as msgmerge does), every .po compiled into its .mo.
catalogs:
	$(PYTHON) tools/catalogs.py all

# dist/: the plugin zip, the sdist, the wheel and SHA256SUMS, from the tree
# (the same tree gives the same bytes).  The release workflow
# (.github/workflows/release.yml) runs this on a v* tag.
release:
	@test -x $(VENV_PY) || { echo "make release: no .venv; run make setup" >&2; exit 1; }
	$(VENV_PY) tools/release.py dist

# release/pysolfc-camelot-VERSION.zip, the zip players download from the
# repository: refresh it after any change to the package (a test fails
# while it differs from what the tree builds).
release-zip:
	@test -x $(VENV_PY) || { echo "make release-zip: no .venv; run make setup" >&2; exit 1; }
	$(VENV_PY) tools/release.py keep
