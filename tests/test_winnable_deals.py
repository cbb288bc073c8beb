# SPDX-License-Identifier: GPL-3.0-or-later
"""Winnable deals only (pysolfc_camelot/pysol/winnable_deals.py) in a real
PySolFC under Xvfb, every host, each game, driven by xdotool keys and
clicks only; Camelot Plus in English, The Plot Classic in Russian.

One PySolFC per game and host does all of it:

* Camelot, the option off (its default): new games (the N key) deal
  unwinnable deals too; each deal number is checked outside PySolFC with
  the solver, and the cards on the table are the deal number's
  (deals.deck_for_deal, PySolFC's shuffle).
* The option switched on by a click on its label (Camelot) or its key (O)
  (The Plot): the settings file says so and keeps the hint mode.
* New games by the N key, File > New game and the toolbar's New button:
  every deal the solver proves winnable (outside PySolFC, and once by
  ``python -m pysolfc_camelot solve --deal N``), the table says
  "Winnable deal", its cards are the deal number's.
* Restart (Ctrl+G) keeps the deal.  Select game by number... with a
  winnable deal's number deals its cards again ("Winnable deal"); with
  an unwinnable deal's number (Camelot) deals it, unscreened.
* A second PySolFC on the same settings: the option is still on, and its
  first game is being screened at start-up.  With a budget of no state
  per deal (CAMELOT_TEST_WINNABLE_STATES=0, a test hook) no deal is
  decided, so the search goes on: past half a second the label counts
  the deals tried; U (Camelot) or a click on the label (The Plot) skips:
  the deal on the table stays, "Unscreened deal", and no undecided deal
  was dealt as winnable.

Screenshots and PySolFC's output go to artifacts/<test>/.
"""
import json
import re
import subprocess
import sys

import pytest

import hostenv as H
from pysolfc_camelot import camelot, plot
from pysolfc_camelot.core import deals
from pysolfc_camelot.camelot import hint_modes as camelot_hintmode
from pysolfc_camelot.core.cards import format_card
from pysolfc_camelot.plot import hint_modes as plot_hintmode
from pysolfc_camelot.texts import tr
from pysolfc_camelot.pysol.winnable_deals import SKIP_KEY, WINNABLE_KEY
from gui import Pysol
from tables import PLOT_WINDOW_SIZE

GAMES = {
    # game: (its package, decks, language, how the option goes on and how
    # a search is skipped)
    "camelot": (camelot, 1, "en", "click", "key"),
    "plot": (plot, 2, "ru", "key", "click"),
}
SETTINGS_FILE = {"camelot": camelot_hintmode.SETTINGS_FILE,
                 "plot": plot_hintmode.SETTINGS_FILE}


def solve(game, number):
    """The solver's verdict on a deal number, outside PySolFC."""
    pkg, decks = GAMES[game][:2]
    from importlib import import_module
    rules = import_module(pkg.__name__ + ".rules")
    solver = import_module(pkg.__name__ + ".solver")
    pos = rules.Position.new_game(deals.deck_for_deal(int(number), decks))
    return solver.solve(pos, budget_seconds=120).winnable


def cards_of_deal(game, number):
    """The table a deal number deals, as the state file lists it."""
    pkg, decks = GAMES[game][:2]
    deck = [format_card(c) for c in deals.deck_for_deal(int(number), decks)]
    if game == "camelot":
        return {"deck": deck}
    from pysolfc_camelot.plot import rules
    pos = rules.Position.new_game(deals.deck_for_deal(int(number), decks))
    return table_cards_of(pos)


def table_cards_of(pos):
    return {"reserve": [format_card(c) for c in pos.reserve],
            "foundations": [[format_card(c) for c in f]
                            for f in pos.foundations],
            "tableau": [[format_card(c) for c in t] for t in pos.tableau],
            "stock": [format_card(c) for c in pos.stock]}


def table_cards(game, s):
    """The cards on the table from the state file: Camelot's deal in the
    order dealt (the waste's card came first), The Plot's piles."""
    if game == "camelot":
        assert not s["removed"] and not any(s["tableau"]), s
        return {"deck": ([s["waste"]] if s["waste"] else []) + s["stock"]}
    return {k: s[k] for k in ("reserve", "foundations", "tableau", "stock")}


class Winnable(Pysol):
    def __init__(self, game, host_dir, tmp_path, artifacts, display,
                 **options):
        pkg, _decks, self.lang = GAMES[game][:3]
        self.name = game
        for old in ("state.json", "probe.json"):    # of a PySolFC before
            (tmp_path / old).unlink(missing_ok=True)
        options["language"] = self.lang
        if game == "plot":              # room for its table (as its tests)
            options["game_geometry"] = PLOT_WINDOW_SIZE
        super().__init__(host_dir, tmp_path, artifacts, display,
                         pkg.GAME_ID, **options)
        self.settings = (tmp_path / "home" / H.config_folder_name(host_dir)
                         / SETTINGS_FILE[game])
        self.wid = None

    def start(self, settle=True):
        """The window up, the game current; settled unless a search that
        counts its deals on the table keeps the state file changing."""
        pkg = GAMES[self.name][0]
        self.wid = H.find_window(re.escape(pkg.GAME_NAME),
                                 display=self.display, timeout=60,
                                 proc=self.proc)
        if settle:
            H.wait_settled(self.state_file)
        self.game(pkg.GAME_ID)

    def tr(self, key, **fields):
        return tr(key, lang=self.lang, **fields)

    def state(self, predicate=lambda s: True, what="state", timeout=20):
        return H.wait_state(self.state_file, predicate, timeout=timeout,
                            what=what)

    def key(self, keys):
        H.key(keys, display=self.display, wid=self.wid)

    def click_label(self):
        """A click on the label's first line (Tk takes a click on a text
        only on its lines, not in the rest of its box)."""
        s = self.state()
        x0, y0, x1, y1 = s["winnable"]["bbox"]
        line = (y1 - y0) / (s["winnable"]["text"].count("\n") + 1)
        ox, oy = s["canvas_origin"]
        self.click(ox + x0 + min(40, (x1 - x0) // 2), oy + y0 + line / 2)

    def label(self, on, status=None):
        text = self.tr("winnable.label", mode=self.tr(
            "winnable.mode.on" if on else "winnable.mode.off"))
        if status:
            text += "\n" + self.tr("winnable.deal." + status)
        return text

    def settled_deal(self, before, status):
        """The state once a new deal other than ``before`` is on the table
        with this status, PySolFC idle."""
        s = self.state(lambda s: s["winnable"]["deal"] != before and
                       s["winnable"]["status"] == status,
                       "a new deal, %s" % status, timeout=60)
        self.game(GAMES[self.name][0].GAME_ID)
        return self.state(lambda s: s["winnable"]["status"] == status)

    def click_stock(self, s):
        xy = s["stacks"]["talon"]
        x, y = xy["stack"] if isinstance(xy, dict) else xy
        (ox, oy), (w, h) = s["canvas_origin"], s["card_size"]
        self.click(ox + x + w // 2, oy + y + h // 2)

    def new_game(self, how, before):
        if how == "key":
            self.key("n")
        elif how == "menu":
            self.choose("File", "New game")
        else:
            p = self.probe(lambda p: p.get("toolbar", {}).get("new"),
                           "the toolbar's New button")
            b = p["toolbar"]["new"]
            self.click(b["x"], b["y"])

    def dialog_window(self, keys, title):
        """Press keys until PySolFC's dialog titled ``title`` (PySolFC's
        English, shown in the player's language) opens; its window id."""
        title = self.menu_names(title)
        for attempt in range(3):
            self.key(keys)
            try:
                # (xdotool's --name misses a title in Cyrillic: not Python)
                return H.wait_for(lambda: next(
                    (w for w, name in H.list_windows(self.display)
                     if name == title), None), timeout=8, interval=0.2,
                    what="the %r dialog" % title)
            except AssertionError:
                if attempt == 2:
                    raise

    def by_number(self, number):
        """Select game by number... (Ctrl+M), the number typed, Return."""
        wid = self.dialog_window("ctrl+m", "Select new game number")
        H.key("End " + "BackSpace " * 30, display=self.display, wid=wid)
        H.xdotool("type", str(number), display=self.display)
        H.key("Return", display=self.display, wid=wid)
        # After a restart PySolFC asks first whether to discard the game
        # (a dialog of the same title): OK.
        title = self.menu_names("Select new game number")
        for _ in range(3):
            try:
                return self.state(lambda s: s["winnable"]["deal"] == number,
                                  "deal %s by number" % number, timeout=6)
            except AssertionError:
                asks = [w for w, name in H.list_windows(self.display)
                        if name == title]
                if asks:
                    H.key("Return", display=self.display, wid=asks[0])
        return self.state(lambda s: s["winnable"]["deal"] == number,
                          "deal %s by number" % number)


@pytest.mark.parametrize("game", list(GAMES))
def test_winnable_deals_only(pysolfc_host, display, artifacts, tmp_path,
                             game, monkeypatch):
    version, host_dir = pysolfc_host
    _pkg, _decks, lang, switch_by, skip_by = GAMES[game]
    ps = Winnable(game, host_dir, tmp_path, artifacts, display)
    checked = {}                # deal number -> the solver's verdict

    def verdict(number):
        if number not in checked:
            checked[number] = solve(game, number)
        return checked[number]

    with ps.watched():
        ps.start()
        s = ps.state()
        assert s["winnable"]["on"] is False, s["winnable"]
        assert s["winnable"]["status"] is None
        assert s["winnable"]["text"] == ps.label(False)
        ps.shot("off")
        unwinnable = None
        if game == "camelot":
            # -- off: any deal, lost ones too (about half of them) ----------
            deal = s["winnable"]["deal"]
            for _ in range(16):
                assert table_cards(game, s) == cards_of_deal(game, deal)
                if verdict(deal) is False:
                    unwinnable = deal
                    break
                ps.new_game("key", deal)
                s = ps.state(lambda s: s["winnable"]["deal"] != deal,
                             "a new deal")
                deal = s["winnable"]["deal"]
            assert unwinnable, "16 new games, none unwinnable: %s" % checked

        # -- the option on: by a click on the label or its key (O) -----------
        settings = {"winnable_deals": True, "winnable_tier": "any"}
        if switch_by == "click":
            ps.click_label()
        else:
            # The hint mode first (M): the option's key keeps it.
            ps.key("m")
            ps.state(lambda s: s["hints"] == "perfect", "perfect hints")
            settings["hints"] = "perfect"
            ps.key(WINNABLE_KEY)
        s = ps.state(lambda s: s["winnable"]["on"], "the option on")
        assert s["winnable"]["text"] == ps.label(True, "unscreened"), s
        assert json.loads(ps.settings.read_text()) == settings
        ps.shot("on")

        # -- new games: every one winnable -------------------------------
        dealt = []
        for how in ("key", "menu", "toolbar", "key", "menu", "toolbar"):
            before = s["winnable"]["deal"]
            ps.new_game(how, before)
            s = ps.settled_deal(before, "winnable")
            deal = s["winnable"]["deal"]
            assert s["winnable"]["text"] == ps.label(True, "winnable")
            assert table_cards(game, s) == cards_of_deal(game, deal)
            assert verdict(deal) is True, (how, deal)
            assert len(deal) >= 17, deal
            dealt.append(deal)
            if game == "plot" and len(dealt) == 3:
                break
        ps.shot("winnable")
        assert len(set(dealt)) == len(dealt), dealt
        cli = subprocess.run(
            [sys.executable, "-m", "pysolfc_camelot", "solve", "--game",
             game, "--deal", dealt[-1], "--json"], cwd=str(H.REPO),
            capture_output=True, text=True, timeout=300)
        assert cli.returncode == 0, cli.stderr
        assert json.loads(cli.stdout)["winnable"] is True, cli.stdout

        # -- restart keeps the deal: a card dealt, Ctrl+G, confirmed ----------
        here = table_cards(game, s)
        ps.click_stock(s)
        ps.probe(lambda p: p["game"]["moves"] == 1, "a card dealt")
        wid = ps.dialog_window("ctrl+g", "Restart game")
        H.key("Return", display=display, wid=wid)
        ps.probe(lambda p: p["game"]["moves"] == 0, "the game restarted")
        s = ps.state(lambda s: s["winnable"]["deal"] == dealt[-1] and
                     table_cards(game, s) == here, "the same deal again")
        assert s["winnable"]["status"] == "winnable"

        # -- the deal number round-trips -----------------------------------
        s = ps.by_number(dealt[0])
        assert table_cards(game, s) == cards_of_deal(game, dealt[0])
        assert s["winnable"]["text"] == ps.label(True, "winnable")
        if unwinnable:
            s = ps.by_number(unwinnable)
            assert table_cards(game, s) == cards_of_deal(game, unwinnable)
            assert s["winnable"]["text"] == ps.label(True, "unscreened")
            ps.shot("unscreened-by-number")
    assert json.loads(ps.settings.read_text()) == settings

    # -- a second PySolFC: still on; a search that cannot decide, skipped --
    monkeypatch.setenv("CAMELOT_TEST_WINNABLE_STATES", "0")
    ps = Winnable(game, host_dir, tmp_path, artifacts, display)
    with ps.watched():
        ps.start(settle=False)
        s = ps.state(lambda s: s["winnable"]["tried"] >= 3 and
                     s["winnable"]["text"].startswith(
                         ps.tr("winnable.looking", n=0).split("0")[0]),
                     "the search shown, deals tried", timeout=30)
        assert s["winnable"]["on"] and s["winnable"]["status"] == "looking"
        first = s["winnable"]["deal"]
        ps.shot("looking")
        if skip_by == "key":
            ps.key(SKIP_KEY)
        else:
            ps.click_label()
        s = ps.state(lambda s: s["winnable"]["status"] == "unscreened",
                     "the search skipped")
        assert s["winnable"]["deal"] == first
        assert s["winnable"]["proven"] == []
        assert s["winnable"]["text"] == ps.label(True, "unscreened")
        tried = s["winnable"]["tried"]
        assert table_cards(game, s) == cards_of_deal(game, first)
        ps.shot("skipped")
        # Skipped for good: the search ends, nothing more is tried.
        ps.probe(lambda p: not [t for t in p["threads"] if "winnable" in t],
                 "the search's thread ended")
        s = ps.state()
        assert s["winnable"]["tried"] == tried
        assert s["winnable"]["deal"] == first


# ------------------------------------------------ outside PySolFC, quick --

FIRST_TEST_DEAL = 10 ** 16 + 12345


class _App:
    """What the settings file asks of PySolFC's app: its config folder."""

    def __init__(self, folder):
        self.dn = type("dn", (), {"config": str(folder)})()


def test_the_settings_file_keeps_both_settings(tmp_path, monkeypatch):
    from pysolfc_camelot.core.game_settings import WINNABLE_DEALS
    monkeypatch.delenv("CAMELOT_HINTS", raising=False)
    app, setting = _App(tmp_path), camelot_hintmode.SETTING
    path = tmp_path / camelot_hintmode.SETTINGS_FILE
    assert setting.load(app) == "fair" and setting.file.read(app) == {}
    # A file written before the option existed loads as it did: off.
    path.write_text('{"hints": "perfect"}')
    assert setting.load(app) == "perfect"
    assert setting.file.read(app).get(WINNABLE_DEALS) is None
    setting.file.update(app, winnable_deals=True)
    assert json.loads(path.read_text()) == {"hints": "perfect",
                                            "winnable_deals": True}
    assert setting.toggle(app, "perfect") == "fair"
    assert json.loads(path.read_text()) == {"hints": "fair",
                                            "winnable_deals": True}
    # Damaged files read as no settings; the next write replaces them.
    for bad in ("[1, 2]", "{not json", ""):
        path.write_text(bad)
        assert setting.file.read(app) == {} and setting.load(app) == "fair"
    setting.file.update(app, winnable_deals=False)
    assert json.loads(path.read_text()) == {"winnable_deals": False}
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
@pytest.mark.parametrize("game", list(GAMES))
def test_screening_deals_the_first_winnable_deal(game):
    """screen_job, with the game's real search process: lost deals are
    passed over, the first winnable one is chosen; a budget that decides
    nothing chooses none; a stop ends it."""
    import importlib
    from pysolfc_camelot.pysol import (background_search as search_process,
                                       winnable_deals)
    pkg, decks = GAMES[game][:2]
    worker = importlib.import_module(pkg.__name__ + ".search_worker")
    rules = importlib.import_module(pkg.__name__ + ".rules")
    search = (worker, rules.Position.new_game, 50000)
    n = FIRST_TEST_DEAL
    if game == "camelot":       # a lost deal first (about one in two)
        while solve(game, n) is not False:
            n += 1
    seeds = [n]
    while solve(game, seeds[-1]) is not True:
        seeds.append(seeds[-1] + 1)
    assert game == "plot" or len(seeds) >= 2, seeds
    server = search_process.SearchServer(worker.__name__)
    try:
        for srv in (server, None):      # a search process, and in-thread
            job = winnable_deals.screen_job(seeds, decks, search, srv)
            counted = []
            assert job(lambda: False, counted.append) == (seeds[-1],
                                                          len(seeds))
            assert counted == list(range(1, len(seeds) + 1))
        undecided = winnable_deals.screen_job(
            seeds, decks, search[:2] + (0,), server)
        assert undecided(lambda: False, lambda n: None) == (None,
                                                            len(seeds))
        assert job(lambda: True, lambda n: None) is None
    finally:
        server.close()
