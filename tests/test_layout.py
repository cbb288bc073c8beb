# SPDX-License-Identifier: GPL-3.0-or-later
"""Our texts read right at any window and card size, measured in the real
PySolFC (issue 14, item 1).

One PySolFC process per host and language (PySolFC's own language
setting) runs tests/host/layout_scenarios.py: for each cardset (Neo, 2000,
Standard), both games, card auto-scaling on and off, and each window size
(the first-start size PySolFC opens with on a fresh configuration, then
1024x700, 1280x800, 1920x1080), every text on the canvas is measured
(canvas.bbox) against every other text, every card and pile bottom, the
room a tableau pile may fan into, and the area the player can see or
scroll to.  Not one overlap, not one text cut off.  The measuring is
checked too: on synthetic boxes here, and on the live table, where it must
flag a text laid over another, one over a card and one off the table.

Screenshots (first-start size of both games in every language, and a few
more) are kept in artifacts/<test>/.
"""
import json
import time

import pytest

import hostenv as H
from host import layout_scenarios as L
from pysolfc_camelot.pysol import table_texts as T
from pysolfc_camelot.texts import tr

LANGUAGES = ("en", "de", "fr", "it", "pl", "pt_BR", "ru", "el")


@pytest.fixture(scope="module")
def big_display():
    """An X display as large as the largest window measured."""
    with H.private_display(size="1920x1200x24") as name:
        yield name


def test_the_measuring_flags_what_is_wrong():
    area = (0, 0, 100, 100)
    piles = [("card", (10, 10, 30, 40)), ("pile", (50, 10, 70, 40))]
    clean = [("a", (0, 45, 20, 55)), ("b", (20, 45, 40, 55))]   # touching
    assert L.problems(clean, piles, area) == []
    found = L.problems(clean + [("c", (15, 50, 25, 60)),   # over a and b
                                ("d", (25, 30, 35, 42)),   # over the card
                                ("e", (90, 90, 110, 95))],  # off the edge
                       piles, area)
    assert any("c " in p and "overlaps" in p for p in found), found
    assert any(p.startswith("d ") and "lies over card" in p
               for p in found), found
    assert any(p.startswith("e ") and "cut off" in p for p in found), found
    # A mark on an empty pile: fine inside it, wrong outside it.
    assert L.problems([("m", (55, 20, 65, 30))], piles, area,
                      {"m": "pile"}) == []
    assert L.problems([("m", (45, 20, 55, 30))], piles, area,
                      {"m": "pile"})


class FixedMeasure:
    """Every character as wide as the size, lines 1.5 sizes high."""
    pixels_per_point = 1.0

    def width(self, size, text):
        return size * len(text)

    def linespace(self, size):
        return int(size * 1.5)

    def font(self, size):
        return ("test", size)


def test_wrap_breaks_at_spaces_and_keeps_the_lines_given():
    width = len
    assert T.wrap("Hints: fair\n(click to change)", 11, width) == \
        ["Hints: fair", "(click to", "change)"]
    assert T.wrap("Hints: fair\n(click to change)", 30, width, join=True) \
        == ["Hints: fair (click to change)"]
    assert T.wrap("Base rank:\u00a0K", 5, width) is None    # no break
    assert T.wrap("Stock: 78", 9, width) == ["Stock: 78"]


def test_a_band_takes_the_largest_size_then_shorter_forms():
    m = FixedMeasure()
    text = T.Text("count", [["Reserve: 13"], ["13"]], x=50)
    # Room for the full text at 9 (99 wide), not at 10.
    band = T.Band(0, 0, 100, 20, [text], shorten=("count",))
    p = T.fit_band(m, band, largest=12)["count"]
    assert (p.size, p.form, p.render("Reserve: 13")) == (9, 0, "Reserve: 13")
    # Two lines of room: the largest size that wraps it.
    band = T.Band(0, 0, 100, 40, [text], shorten=("count",))
    p = T.fit_band(m, band, largest=12)["count"]
    assert (p.size, p.render("Reserve: 13")) == (12, "Reserve:\n13")
    # Too narrow for the full text at the readable size: the short form.
    band = T.Band(0, 0, 40, 12, [text], shorten=("count",))
    p = T.fit_band(m, band, largest=12)["count"]
    assert p.form == 1 and p.size >= T.READABLE


def test_texts_of_a_band_stand_side_by_side_inside_it():
    m = FixedMeasure()
    texts = [T.Text("a", [["aaaa"]], x=10), T.Text("b", [["bbbb"]], x=12),
             T.Text("c", [["cc"]], x=100, align="left")]
    band = T.Band(0, 0, 104, 10, texts, gap=4)
    placed = T.fit_band(m, band, largest=6)
    boxes = []
    for key in "abc":
        p = placed[key]
        w = p.block[0]
        left = p.x if p.anchor == "nw" else p.x - w / 2
        boxes.append((left, left + w))
    assert boxes[0][0] >= 0 and boxes[-1][1] <= 104
    assert all(a[1] + 4 <= b[0] for a, b in zip(boxes, boxes[1:])), boxes


def test_a_column_shortens_the_text_above_before_the_one_below_shrinks():
    m = FixedMeasure()
    label = ("label", [["Deals: any\n(click or O)"], ["Deals: any"]])
    offer = ("offer", [["What went wrong?\n(click or W)"],
                       ["What went wrong?"]])
    # 16 characters at 6 take 96 pixels; four lines at 6 take 36, three 27.
    placed = T.fit_column(m, 12, (0, 0, 100, 30), 0, [label, offer], pad=1)
    assert (placed["label"].form, placed["offer"].form) == (1, 0), placed
    assert placed["offer"].size >= T.READABLE
    assert placed["offer"].y >= placed["label"].y + placed["label"].block[1]
    # Room for both whole: neither shortened, both at one size.
    placed = T.fit_column(m, 12, (0, 0, 100, 60), 0, [label, offer], pad=1)
    assert [placed[k].form for k in ("label", "offer")] == [0, 0]
    assert placed["label"].size == placed["offer"].size >= T.READABLE


def test_status_help_keeps_whole_clauses():
    text = "Tableau pile: down by one; a base-rank card stands alone"

    def fits(n):
        return lambda t: len(t) <= n
    assert T.shortened(text, fits(100)) == text
    assert T.shortened(text, fits(30)) == "Tableau pile: down by one\u2026"
    assert T.shortened(text, fits(20)) == "Tableau pile: down\u2026"
    assert T.shortened(text, fits(3)) == "\u2026"


def our_help_texts(lang):
    """Every pile help our games give, in lang."""
    from pysolfc_camelot.texts import EN
    out = {tr(key, lang=lang, slot=slot) for key in EN
           if key.startswith(("camelot.help.", "plot.help."))
           for slot in range(16)}
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_overlaps_or_is_cut_off(pysolfc_host, big_display, tmp_path,
                                        language, request):
    version, host_dir = pysolfc_host
    artifacts = H.artifacts_dir("test_layout.%s" % request.node.name)
    t0 = time.time()
    results, log = H.run_scenarios(
        host_dir, tmp_path, 28081, "layout_scenarios.py",
        ["layout", "status_help", "pile_descriptions"],
        options={"language": language},
        extra_env={"CAMELOT_LAYOUT_ARTIFACTS": str(artifacts)})
    r = H.check_scenario(results, log, "layout")["detail"]
    (artifacts / "measures.json").write_text(json.dumps(r, indent=1))
    combos = r["combos"]
    assert len(combos) == len(L.CARDSETS) * len(L.GAMES) * 2 * (
        len(L.SIZES) + 1)
    # PySolFC's first start on a fresh configuration: a small window.
    assert r["first_start"][0] <= 800 and r["first_start"][1] <= 450, r
    assert r["self_check"] and all(r["self_check"].values()), r
    bad = ["%(game)s %(cardset)s %(size)s auto_scale=%(auto_scale)s: "
           % m + p for m in combos for p in m["problems"]]
    assert not bad, "%d problems, e.g.:\n%s" % (len(bad),
                                                 "\n".join(bad[:30]))
    # Every text of ours was there to be measured.
    for m in combos:
        assert len(m["texts"]) >= (13 if m["game"] == "plot" else 7), m
    # The status bar: each pile's help whole or by whole clauses, and
    # whole where the window is wide.
    helps = H.check_scenario(results, log, "status_help")["detail"]
    assert all(h["full"] for h in helps if h["window"][0] >= 1920), helps
    # F2: every pile's description whole and inside the table.
    descs = H.check_scenario(results, log, "pile_descriptions")["detail"]
    assert all(d["descriptions"] >= 3 for d in descs), descs
    # ...and each one ours, whole: no PySolFC "Talon. 0 redeals" for
    # Camelot's stock, no "Base card - any card." line under a foundation
    # (translation review 3, G5 and G6).
    ours = our_help_texts(language)
    for d in descs:
        assert d["texts"] and set(d["texts"]) <= ours, (d, ours)
    assert {tr("camelot.help.stock", lang=language),
            tr("camelot.help.waste", lang=language)} <= {
        t for d in descs if d["game"] == "camelot" for t in d["texts"]}
    print("%s %s: %d combinations measured in %.0f s" % (
        version, language, len(combos), time.time() - t0))
