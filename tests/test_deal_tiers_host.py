# SPDX-License-Identifier: GPL-3.0-or-later
"""The tier of the deal played, inside real PySolFC on every host
(tests/host/camelot_scenarios.py ``deal_tier_after_game``: the table's
text after a lost and after a won game, and asked at once), the tiers it
showed checked outside PySolFC with fair_player.tier (``solve --tier``'s
function) on the same decks."""
import hostenv

from pysolfc_camelot import camelot
from pysolfc_camelot.core import fair_player
from pysolfc_camelot.camelot import rules
from pysolfc_camelot.core.cards import parse_deck


def test_the_table_says_the_tier_of_the_deal(pysolfc_host, display,
                                             tmp_path):
    _version, host_dir = pysolfc_host
    name = "deal_tier_after_game"
    results, log = hostenv.run_scenarios(host_dir, tmp_path, camelot.GAME_ID,
                                         "camelot_scenarios.py", [name])
    r = hostenv.check_scenario(results, log, name)
    for what, (deck, shown) in r["detail"].items():
        assert shown == fair_player.tier(
            "camelot", rules.Position.new_game(parse_deck(deck))), what
    assert r["detail"]["lost"][1] == "lost"
