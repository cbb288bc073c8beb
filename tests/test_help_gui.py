# SPDX-License-Identifier: GPL-3.0-or-later
"""Help > Rules (F1) in a real PySolFC window under Xvfb, every host version.

The plugin is installed with our installer into a fresh HOME and PySolFC is
started on one of our games.  F1 must open PySolFC's help window on our
page, in the language PySolFC is set to: the window title is the page's
<title> (each language has its own), and the goal picture must be on
screen pixel for pixel (PySolFC's viewer leaves out a picture it cannot
load).  The screenshots are kept in artifacts/<test>/.
``check_f1_opens_rules_page`` takes the game, its id and its picture, so
each game's test is a few lines.
"""
from gui import check_f1_opens_rules_page
from pysolfc_camelot import camelot


# The other languages of CASES: test_texts.py's
# test_table_speaks_the_players_language checks F1 in the same PySolFC as
# the table's texts (one start-up for both).
def test_f1_opens_our_rules_page(pysolfc_host, display, artifacts,
                                 tmp_path):
    check_f1_opens_rules_page(pysolfc_host, display, artifacts, tmp_path,
                              "camelot", camelot.GAME_ID, "goal.png")
