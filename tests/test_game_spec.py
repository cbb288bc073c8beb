# SPDX-License-Identifier: GPL-3.0-or-later
"""The game spec (core/spec.py): every game's is complete, and no shared
module branches on a game's name.  No PySolFC needed."""
import ast
import random
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from pysolfc_camelot import games
from pysolfc_camelot.core.outcome import PLAYING
from pysolfc_camelot.core.spec import GameSpec
from pysolfc_camelot.texts import EN
from pysolfc_camelot.texts.english import EN as SHARED

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pysolfc_camelot"
KINDS = {Callable: callable, Mapping: lambda v: isinstance(v, Mapping)}


@pytest.fixture(params=games.GAMES)
def spec(request):
    return games.spec(request.param)


@pytest.fixture
def deal(spec):
    """A seeded deck of the game and its new game."""
    deck = spec.random_deck(random.Random(20))
    return deck, spec.new_game(deck)


def test_every_field_is_there_and_of_its_kind(spec):
    assert isinstance(spec, GameSpec)
    for field, kind in GameSpec.FIELDS.items():
        value = getattr(spec, field)
        check = KINDS.get(kind, lambda v: isinstance(v, kind))
        assert check(value), (spec.name, field, value)
    assert spec is games.package(spec.name).SPEC
    assert spec.package == games.PACKAGES[spec.name]
    assert spec.decks >= 1 and spec.winnable_states > 0
    # The function references name functions of the game's own parts.
    assert callable(spec.function(spec.quick_move))


def test_rated_deals_are_of_their_tier(spec):
    """The deals a game lists by tier are what tools/rated_deals.py
    makes of its study of the tiers (the file it names), no deal twice or
    in two tiers.  (That a rated deal is of its tier by fair_player.tier
    here and now is test_deal_tiers_gui's check of the medium deal it is
    dealt: the decks of deals below 32000 need PySolFC's own random.)"""
    sys.path.insert(0, str(ROOT / "tools"))
    import rated_deals
    from pysolfc_camelot import study
    from pysolfc_camelot.core import deal_tier
    listed = {t: spec.rated_deals_of(t) for t in deal_tier.TIERS}
    if spec.rated_deals is None:
        assert not any(listed.values())
        return
    module = spec.part(spec.rated_deals.partition(":")[0])
    records = study.final_records(study.read(ROOT / module.SOURCE))
    assert (ROOT / "pysolfc_camelot" / spec.name / "rated_deals.py"
            ).read_text(encoding="utf-8") == rated_deals.module_text(
                spec.name, module.SOURCE, list(records.values()))
    numbers = [n for t in listed.values() for n in t]
    assert numbers and len(numbers) == len(set(numbers))
    assert all(listed[t] for t in ("easy", "medium", "hard"))
    assert all(records[n].get(study.TIER) == t
               for t in ("easy", "medium", "hard") for n in listed[t])


def test_ids_names_and_files_are_each_games_own():
    specs = games.specs()
    for field in ("name", "game_id", "game_name", "settings_file",
                  "search_worker_module", "texts"):
        values = [getattr(s, field) for s in specs]
        assert len(set(values)) == len(values), field
    assert [(s.game_name, s.game_id) for s in specs] == games.names_and_ids()
    # The public contract: ids, names and settings files as released.
    assert {s.name: (s.game_id, s.game_name, s.settings_file)
            for s in specs if s.name in ("camelot", "plot")} == {
        "camelot": (28080, "Camelot Plus", "camelot-plus.json"),
        "plot": (28081, "The Plot Classic", "plot-classic.json")}


def test_the_deal_order_and_the_position_key(spec, deal):
    deck, pos = deal
    assert len(deck) == 52 * spec.decks
    assert isinstance(pos, spec.position_class)
    assert spec.deck_of(pos) == deck            # the history reads it back
    again = spec.new_game(list(deck))
    key = spec.position_key(pos)
    hash(key)
    assert key == spec.position_key(again)
    moved = pos.after(pos.legal_moves()[0])
    assert spec.position_key(moved) != key


def test_the_hint_functions_play_the_new_deal(spec, deal):
    _deck, pos = deal
    assert pos.status() == PLAYING
    quick = spec.quick_move_of(pos)
    assert quick is None or pos.is_legal(quick)
    for mode in spec.hint_modes.MODES:
        move = spec.choose_move(pos, mode, for_demo=False)
        assert move is None or pos.is_legal(move), (mode, move)
        here = spec.choose_move_here(pos, mode, False, lambda: False)
        assert here is None or pos.is_legal(here), (mode, here)
    budget = spec.perfect_budget
    assert {"hint", "demo"} <= set(budget) and all(
        isinstance(v, float) and v > 0 for v in budget.values())
    setting = spec.hint_setting
    assert setting.settings_file == spec.settings_file
    assert callable(setting.load) and callable(setting.toggle)


def test_the_solver_and_the_search_worker(spec, deal):
    _deck, pos = deal
    result = spec.solve(pos, 30)
    assert result.winnable in (True, False)
    worker = spec.search_worker.WORKER
    assert worker.position_of(worker.position_request(pos)) == pos
    assert spec.search_worker.__name__ == spec.search_worker_module
    answer = worker.answer(worker.position_request(pos, None),
                           lambda *a: None)
    assert answer["winnable"] == result.winnable


def test_the_notation(spec, deal):
    deck, pos = deal
    notation = spec.notation
    line = [pos.legal_moves()[0]]
    text = notation.format_moves(line)
    assert notation.parse_moves(text) == line
    assert notation.parse_move(str(line[0])) == line[0]
    from pysolfc_camelot.core.cards import format_cards
    assert notation.parse_deck(format_cards(deck)) == deck
    name = notation.name_move(pos, line[0])
    assert isinstance(name, str) and name
    assert len(notation.longest_name()) >= len(name)


def test_the_pages_pictures_and_texts(spec):
    from pysolfc_camelot.core.spec import StudyFigure, TierFigure
    for key, value in spec.page_figures.items():
        if isinstance(value, StudyFigure):
            assert value.deals > 0 and \
                0 < value.low <= value.share <= value.high < 1, key
            continue
        if isinstance(value, TierFigure):
            assert sum(value.counts.values()) == value.deals > 0, key
            for tier in value.TIERS:
                share, low, high = value.share(tier)
                assert 0 <= low <= share <= high <= 1, (key, tier)
            continue
        assert key.isupper() and 0 < value < 1
    assert (ROOT / "html-src" / spec.name / "en.html").is_file()
    assert tuple(spec.part("pictures").PICTURES) == spec.pictures
    for picture in spec.pictures:
        assert (ROOT / "images" / picture).is_file()
    # its own texts are in its folder, in the table tr reads, and none in
    # the shared file
    own = spec.part("texts").TEXTS
    assert own and all(k.startswith(spec.texts + ".") for k in own)
    assert all(EN[k] == v for k, v in own.items())
    assert not [k for k in SHARED if k.startswith(spec.name + ".")]


def _shared_modules():
    """Every module of the package outside the game folders."""
    folders = {Path(games.spec(n).package.replace(".", "/")).name
               for n in games.GAMES if games.spec(n).package.startswith(
                   "pysolfc_camelot.")}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] not in folders:
            yield path


def test_no_shared_module_branches_on_a_game():
    """A comparison with a game's name (``game == "camelot"``, ``name in
    ("plot", ...)``) or a game found through ``sys.modules`` outside the
    game folders: each is a spec field instead."""
    names = set(games.GAMES)
    found = []
    for path in _shared_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                for side in [node.left] + node.comparators:
                    for c in ast.walk(side):
                        if isinstance(c, ast.Constant) and c.value in names:
                            found.append((path.name, node.lineno))
            if isinstance(node, ast.Subscript) and "sys.modules[type(" in \
                    ast.unparse(node):
                found.append((path.name, node.lineno))
    assert found == []
    assert list(_shared_modules())          # (the scan saw the modules)


def test_the_registry_refuses_an_unknown_game_and_a_clash(monkeypatch):
    with pytest.raises(ValueError, match="unknown game 'nosuch'"):
        games.spec("nosuch")
    assert games.register_package("pysolfc_camelot.plot") == "plot"
    assert games.GAMES[:2] == ("camelot", "plot")
    monkeypatch.setitem(games.PACKAGES, "plot", "elsewhere.plot")
    with pytest.raises(ValueError, match="already elsewhere.plot"):
        games.register_package("pysolfc_camelot.plot")
