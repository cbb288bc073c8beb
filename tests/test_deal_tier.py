# SPDX-License-Identifier: GPL-3.0-or-later
"""A deal's tier on a budget of states, as PySolFC asks it
(core/deal_tier.py): the search worker's ``tier`` request answers what
fair_player.tier (``solve --tier``) says, in a search process and in a
thread; an easy-only screening stops after the simple play; a stop
request ends the plays; screen_job deals only the tier asked for; and
the texts of every tier exist."""
import pytest

from pysolfc_camelot import games
from pysolfc_camelot.core import deal_tier, fair_player
from pysolfc_camelot.cli.solve import random_decks
from pysolfc_camelot.pysol import background_search, deal_tiers, \
    winnable_deals
from test_fair_player import TIER_CASES, on_solver_line


def tier_request(game, pos, wanted=None):
    spec = games.spec(game)
    return spec.search_worker.WORKER.position_request(
        pos, spec.winnable_states, **deal_tier.request_fields(game, wanted))


def camelot_case(label):
    index, k, _ = next(c for c in TIER_CASES if c[2] == label)
    return on_solver_line(random_decks(10, 440870)[index], k)[0]


@pytest.mark.parametrize("label", ["easy", "medium", "hard"])
def test_the_search_worker_rates_as_solve_tier_does(label):
    """Camelot's constructed positions of each tier (test_fair_player's):
    the worker's answer, in a thread and in the game's search process,
    is fair_player.tier's."""
    pos = camelot_case(label)
    assert fair_player.tier("camelot", pos) == label
    worker = games.spec("camelot").search_worker.WORKER
    request = tier_request("camelot", pos)
    here = worker.answer(request, lambda *a: None)
    assert here == {"winnable": True, "tier": label}
    server = background_search.SearchServer(
        games.spec("camelot").search_worker.__name__)
    try:
        assert server.ask(request, lambda: False) == here
        # again: the same deal, the same tier (a fixed seed, states)
        assert server.ask(request, lambda: False) == here
    finally:
        server.close()


def test_a_lost_deal_and_an_easy_only_screening():
    g = games.Game("camelot")
    worker = g.spec.search_worker.WORKER
    lost = next(g.new_game(d) for d in random_decks(40, 7)
                if g.solve(g.new_game(d), budget_seconds=10).winnable
                is False)
    assert worker.answer(tier_request("camelot", lost), None) == \
        {"winnable": False, "tier": "lost"}
    # wanting easy: a medium or hard position is only "not easy"
    for label in ("medium", "hard"):
        assert worker.answer(tier_request("camelot", camelot_case(label),
                                          "easy"), None) == \
            {"winnable": True, "tier": deal_tier.NOT_EASY}


def test_a_stop_request_ends_the_plays():
    pos = camelot_case("hard")
    asked = []

    def stop_soon():
        asked.append(1)
        return len(asked) > 5       # a few moves into the simple play
    with pytest.raises(deal_tier.Stopped):
        deal_tier.classify("camelot", pos, True, should_stop=stop_soon)
    worker = games.spec("camelot").search_worker.WORKER
    assert worker.answer(tier_request("camelot", pos), None,
                         lambda: True) is None


def test_matches():
    yes = {"winnable": True, "tier": "hard"}
    assert deal_tier.matches("any", yes) and deal_tier.matches("hard", yes)
    assert not deal_tier.matches("easy", yes)
    assert not deal_tier.matches("any", {"winnable": None, "tier": None})
    assert not deal_tier.matches("hard", None)


def test_every_tier_has_its_texts():
    from pysolfc_camelot.texts import tr
    for tier in deal_tier.TIERS:
        for ended in (True, False):
            text = deal_tiers.tier_text(tier, ended)
            assert tr(deal_tiers.TIER_NAME[tier]) in text
            assert tr(deal_tiers.TIER_WHY[tier]) in text
    assert deal_tiers.tier_text(None, True) == tr("winnable.tier.undecided")
    for tier in winnable_deals.CYCLE:
        assert winnable_deals.mode_text(tier)
    assert set(winnable_deals.LOOKING_TEXT) == set(deal_tier.CHOICES)
    assert set(winnable_deals.DEAL_TEXT) == set(deal_tier.CHOICES[1:])


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
@pytest.mark.parametrize("game,tier", [("camelot", "easy"),
                                       ("camelot", "hard"),
                                       ("plot", "easy")])
def test_screening_deals_only_the_tier(game, tier):
    """screen_job with a tier, in the game's search process: the deal it
    chooses has that tier by fair_player.tier outside it (solve --tier's
    function); every winnable deal it passed over is of another tier."""
    from pysolfc_camelot.core import deals
    spec = games.spec(game)
    search = (spec.search_worker, spec.new_game, spec.winnable_states)
    seeds = [10 ** 16 + 777 + i for i in range(60)]
    server = background_search.SearchServer(spec.search_worker.__name__)
    seen = []
    try:
        found = winnable_deals.screen_job(seeds, spec.decks, search, server,
                                          tier, game, seen)(
            lambda: False, lambda n: None)
    finally:
        server.close()
    seed, tried = found
    assert seed is not None, (tier, seen)
    pos = spec.new_game(deals.deck_for_deal(seed, spec.decks))
    assert fair_player.tier(game, pos) == tier
    assert seen[-1] == (seed, {"winnable": True, "tier": tier})
    for other, answer in seen[:-1]:
        assert answer["tier"] != tier, other
