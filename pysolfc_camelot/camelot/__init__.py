"""Camelot: rules model (rules.py), notation, exact solver, hints and the
PySolFC adapter (game.py)."""

# Our own id and name: PySolFC's built-in Camelot is id 280 and must stay
# untouched, so neither may clash with anything PySolFC registers.
GAME_ID = 28080
GAME_NAME = "Camelot Plus"
RULES_NAME = "Camelot"   # the patience these rules are of
DECKS = 1           # 52-card decks in play
# The figures its rules pages show (html-src/camelot/*.html; rulespages.py
# writes them each language's way).  Measured on 1,000 fresh random deals,
# `stats --deals 1000 --seed 942312 --budget 10` (2026-12-01): 513 can be
# won with the order of the stock known, 487 cannot, none undecided; 95%
# interval 48.2% .. 54.4%.  (On the public set, bench/deals-1000.txt: 503.)
PAGE_FIGURES = {"WINNABLE_SHARE": 0.513}
