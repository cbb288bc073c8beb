# SPDX-License-Identifier: GPL-3.0-or-later
"""Winnable deals of one tier, and the T key, in a real PySolFC under
Xvfb on every host, driven by xdotool keys only (tests/test_winnable_
deals.py's launcher; Camelot Plus in English, The Plot Classic in
Russian):

* O pressed until the tier (off -> any -> easy -> medium -> hard): the
  label says it, the settings file keeps it.
* A new game (N): the deal dealt is of that tier by fair_player.tier
  (``solve --tier``'s function) outside PySolFC on the deal number's
  cards, and the label says "Hard deal" / "Easy deal".
* T: the label says "This deal is: <tier> - ..." at once.
* Medium, with a budget of a few seconds (CAMELOT_TEST_TIER_SECONDS;
  the first tier above has the same): a medium deal is dealt, found in
  time or else one of the game's rated deals (<game>/rated_deals.py),
  and the label says "Medium deal"; medium by fair_player.tier outside
  PySolFC.  (A game without rated deals deals the first deal proven
  winnable instead, "none of this tier in time", the solver agreeing
  outside PySolFC; both games have them now.)

Screenshots go to artifacts/<test>/.
"""
import json

import pytest

from pysolfc_camelot import games
from pysolfc_camelot.core import deals, fair_player
from pysolfc_camelot.pysol.deal_tiers import TIER_KEY, TIER_NAME, TIER_WHY
from pysolfc_camelot.pysol.winnable_deals import (
    CYCLE, DEAL_TEXT, MODE_TEXT, TEST_TIER_SECONDS, WINNABLE_KEY)
from test_winnable_deals import GAMES, Winnable

CASES = {"camelot": "hard", "plot": "easy"}


def deal_of(number):
    """A deal number as PySolFC shows it ("ms1100" below 32000) -> int."""
    return int(number[2:] if number.startswith("ms") else number)


def tier_outside(game, number):
    spec = games.spec(game)
    pos = spec.new_game(deals.deck_for_deal(deal_of(number), spec.decks))
    return fair_player.tier(game, pos)


def winnable_outside(game, number):
    spec = games.spec(game)
    pos = spec.new_game(deals.deck_for_deal(deal_of(number), spec.decks))
    return spec.solve(pos, budget_seconds=120).winnable


def choose(ps, tier):
    """O until the option deals ``tier``; the state then."""
    now = None
    for want in CYCLE[CYCLE.index(now) + 1:CYCLE.index(tier) + 1]:
        ps.key(WINNABLE_KEY)
        s = ps.state(lambda s: s["winnable"]["on"] and
                     s["winnable"]["tier"] == want, "the choice %s" % want)
    return s


def label(ps, tier, line=None):
    """The label in the player's language: the choice, then ``line``."""
    text = ps.tr("winnable.label", mode=ps.tr(MODE_TEXT[tier]))
    return text if line is None else text + "\n" + line


def same(a, b):
    """The same words (the table wraps a long line where room is short)."""
    return a.split() == b.split()


def new_deal_of(ps, before, statuses, timeout):
    ps.key("n")
    return ps.state(lambda s: s["winnable"]["deal"] != before and
                    s["winnable"]["status"] in statuses,
                    "a new deal, %s" % (statuses,), timeout=timeout)


@pytest.mark.parametrize("game", list(CASES))
def test_winnable_deals_of_one_tier(pysolfc_host, display, artifacts,
                                    tmp_path, game, monkeypatch):
    _version, host_dir = pysolfc_host
    tier = CASES[game]
    monkeypatch.setenv(TEST_TIER_SECONDS, "8")
    ps = Winnable(game, host_dir, tmp_path, artifacts, display)
    with ps.watched():
        ps.start()
        s = choose(ps, tier)
        assert same(s["winnable"]["text"], label(
            ps, tier, ps.tr("winnable.deal.unscreened"))), s["winnable"]
        assert json.loads(ps.settings.read_text()) == {
            "winnable_deals": True, "winnable_tier": tier}
        ps.shot("chosen-" + tier)

        # -- a new game: a deal of that tier ------------------------------
        before = s["winnable"]["deal"]
        s = new_deal_of(ps, before, ("winnable",), timeout=300)
        deal = s["winnable"]["deal"]
        ps.game(GAMES[game][0].GAME_ID)
        s = ps.state(lambda s: same(s["winnable"]["text"], label(
            ps, tier, ps.tr(DEAL_TEXT[tier]))), "the deal's tier said")
        assert s["winnable"]["deal"] == deal
        ps.shot("dealt-" + tier)
        assert tier_outside(game, deal) == tier, deal

        # -- T: the tier at once -------------------------------------------
        ps.key(TIER_KEY)
        line = ps.tr("winnable.tier.is", tier=ps.tr(TIER_NAME[tier]),
                     why=ps.tr(TIER_WHY[tier]))
        # (the tier in place of the key's reminder, under the choice)
        s = ps.state(lambda s: same(s["winnable"]["text"],
                                    label(ps, tier).split("\n")[0] + "\n" +
                                    line),
                     "the tier on T", timeout=120)
        assert s["tier"]["asked"] and s["tier"]["tier"] == tier
        ps.shot("asked")

        if games.spec(game).rated_deals:
            # -- medium within seconds: found, or a rated one ------------
            for want in CYCLE[CYCLE.index(tier) + 1:] + \
                    CYCLE[:CYCLE.index("medium") + 1]:
                s = choose_next(ps, want)
            before = s["winnable"]["deal"]
            s = new_deal_of(ps, before, ("winnable",), timeout=120)
            deal = s["winnable"]["deal"]
            ps.state(lambda s: same(s["winnable"]["text"], label(
                ps, "medium", ps.tr(DEAL_TEXT["medium"]))),
                "a medium deal said")
            ps.shot("medium-dealt")
            assert tier_outside(game, deal) == "medium", deal
            if deal_of(deal) < 10 ** 6:     # not a fresh draw: rated
                assert deal_of(deal) in games.spec(game).rated_deals_of(
                    "medium"), deal
            return
        # -- medium within seconds: none found, a winnable deal instead ------
        s = choose_next(ps, "medium")
        before = s["winnable"]["deal"]
        s = new_deal_of(ps, before, ("winnable", "fallback"), timeout=120)
        deal, status = s["winnable"]["deal"], s["winnable"]["status"]
        ps.shot("medium-" + status)
        if status == "fallback":
            # the first deal proven winnable, its tier not yet known
            assert same(s["winnable"]["text"], label(
                ps, "medium", ps.tr("winnable.deal.fallback")))
            assert winnable_outside(game, deal) is True, deal
        else:
            assert tier_outside(game, deal) == "medium", deal


def choose_next(ps, want):
    """O once: the choice ``want`` (None: off) then."""
    ps.key(WINNABLE_KEY)
    return ps.state(lambda s: not s["winnable"]["on"] if want is None else
                    s["winnable"]["on"] and s["winnable"]["tier"] == want,
                    "the choice %s" % want)

