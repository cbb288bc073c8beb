# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules pages: well-formed, inside what PySolFC's viewer renders, links
and pictures resolving, translations complete, language choice, pictures
equal to a fresh render."""
import functools
import io
import os
import re
import shutil
import subprocess
import sys
import types
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pysolfc_camelot.install import pictures, rules_pages as rulespages
from pysolfc_camelot.install.rules_pages import LANGUAGES

from helpers import REPO
VOID = {"br", "hr", "img", "meta", "link"}
# Tags PySolFC's viewer (pysollib/htmllib2.py + tkhtml.py, 3.2 and 3.6)
# renders; anything else is dropped silently, and the text of <style> or
# <script> would even show up as page text.
SUPPORTED = VOID | {"html", "head", "title", "body", "h1", "h2", "h3", "h4",
                    "p", "ul", "ol", "li", "b", "i", "em", "strong", "tt",
                    "code", "a", "pre", "blockquote", "dl", "dt", "dd"}


class PageParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.ids = [], [], []
        self.links, self.images, self.text = [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag not in SUPPORTED:
            self.errors.append("unsupported tag <%s>" % tag)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))
        if tag in ("h3", "h4") and "id" in attrs:
            self.ids.append((tag, attrs["id"]))
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs.get("src"))
            if not attrs.get("alt"):
                self.errors.append("img without alt at %s" % (self.getpos(),))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            self.errors.append("end tag of void <%s>" % tag)
        elif not self.stack or self.stack[-1][0] != tag:
            self.errors.append("</%s> at %s does not close %s"
                               % (tag, self.getpos(), self.stack[-1:]))
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(text):
    p = PageParser()
    p.feed(text)
    p.close()
    p.errors += ["unclosed <%s> from %s" % t for t in p.stack]
    return p


def source(game, lang):
    return rulespages.source_file(game, lang).read_text(encoding="utf-8")


GAMES = list(rulespages.GAMES)
PAGES = [(game, lang) for game in GAMES for lang in LANGUAGES]
# What each game's pages must show, in every language.
PICTURES = {"camelot": ["goal.png", "slots.png"],
            "plot": ["plot-goal.png", "plot-layout.png"]}
MEASURED = {"camelot": functools.partial(rulespages.figure, "camelot",
                                         "WINNABLE_SHARE"),
            "plot": functools.partial(rulespages.figure, "plot",
                                      "SIMPLE_WIN_RATE")}
MUST_SAY = {"camelot": ["Rosanna Yuen", "40"],
            "plot": ["104", "13", "5/13", "896"]}


@pytest.mark.parametrize("game, lang", PAGES)
def test_source_well_formed(game, lang):
    assert parse(source(game, lang)).errors == []


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages")
    return out, rulespages.build_pages(out)


@pytest.mark.parametrize("game, lang", PAGES)
def test_built_page_well_formed_and_complete(built, game, lang):
    out, pages = built
    page = pages[game][lang]
    assert page == rulespages.rules_file(out, game, lang)
    assert page.is_absolute()
    assert page.relative_to(out).as_posix() == "html/%s/%s.html" % (game,
                                                                    lang)
    text = page.read_text(encoding="utf-8")
    p = parse(text)
    assert p.errors == []
    assert "{{" not in text and "}}" not in text
    # a BCP 47 tag: "pt-BR" for the page pt_BR.html
    assert '<html lang="%s">' % {"pt_BR": "pt-BR"}.get(lang, lang) in text
    name = rulespages.GAMES[game]["name"]
    assert "<title>%s</title>" % (rulespages.TITLE[lang] % name) in text
    assert "<h1>%s</h1>" % name in text
    body = "".join(p.text)
    assert MEASURED[game](lang) in body
    for words in MUST_SAY[game]:
        assert words in body, words


@pytest.mark.parametrize("game, lang", PAGES)
def test_links_and_images_resolve(built, game, lang):
    out, pages = built
    page = pages[game][lang]
    p = parse(page.read_text(encoding="utf-8"))
    for name in PICTURES[game]:                     # the goal picture first
        assert "../../images/" + name in p.images
    assert len(p.links) == len(LANGUAGES) - 1
    for ref in p.links + p.images:
        assert not re.match(r"[a-z]+:", ref) and "#" not in ref, ref
        # resolved as PySolFC's viewer does: relative to the page's folder
        target = Path(os.path.normpath(os.path.join(page.parent, ref)))
        assert target.is_file(), (ref, target)
        assert out in target.parents
    for ref in p.images:
        from PIL import Image
        with Image.open(page.parent / ref) as img:
            assert img.format == "PNG" and 300 <= img.width <= 600


@pytest.mark.parametrize("game, lang", [(game, lang) for game in GAMES
                                        for lang in LANGUAGES[1:]])
def test_translation_has_every_section(game, lang):
    english = parse(source(game, "en")).ids
    assert len(english) >= 9
    assert parse(source(game, lang)).ids == english
    # and the same lists, pictures and bold terms, in the same numbers
    for tag in ("<li>", "<img ", "<ul>", "<b>"):
        assert source(game, lang).count(tag) == \
            source(game, "en").count(tag), tag


FRENCH_TERMS = {"camelot": {"pioche", "défausse", "figures"},
                "plot": {"pioche", "défausse", "fondation", "réserve"}}


@pytest.mark.parametrize("game", GAMES)
def test_translations_are_translated(game):
    english = set(re.findall(r"[a-z]{6,}", source(game, "en")))
    for lang in ("ru", "el"):
        assert len(re.findall(r"[а-яё]|[α-ωά-ώ]", source(game, lang))) > 2000
    french = set(re.findall(r"\w+", source(game, "fr")))
    assert FRENCH_TERMS[game] <= french
    # Latin-script pages share few long English words (names, "Tableau").
    for lang in ("fr", "de", "it", "pl", "pt_BR"):
        assert len(english & set(re.findall(r"[a-z]{6,}",
                                            source(game, lang)))) < 40, lang


def section_text(text, section_id):
    """The text of the section whose heading has this id: its heading and
    everything up to the next heading of the same or a higher level (or
    the page's footer)."""
    m = re.search(r'<h([1-6]) id="%s">' % section_id, text)
    assert m, section_id
    body = re.split(r"<h[1-%s][ >]|<hr>" % m.group(1), text[m.start() + 4:])[0]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plot_pages_explain_restriction_and_differences(built, lang):
    out, pages = built
    text = pages["plot"][lang].read_text(encoding="utf-8")
    restriction = section_text(text, "restriction")
    assert "F0" in restriction and "13" in restriction
    assert "5/13" in restriction                  # as the table shows it
    differences = section_text(text, "differences")
    assert "The Plot" in differences and "896" in differences
    assert len(differences) > 400


def test_build_is_idempotent(tmp_path):
    first = rulespages.build_pages(tmp_path)
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert [p.relative_to(tmp_path).as_posix() for p in files] == sorted(
        ["html/%s/%s.html" % page for page in PAGES]
        + ["images/" + name for names in PICTURES.values()
           for name in names])
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files}
    assert rulespages.build_pages(tmp_path) == first
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files} == before
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == files


def test_build_one_game(tmp_path):
    pages = rulespages.build_pages(tmp_path, games=["camelot"])
    assert list(pages) == ["camelot"]
    assert sorted(p.name for p in (tmp_path / "images").iterdir()) == \
        PICTURES["camelot"]


def test_winnable_share(monkeypatch):
    from pysolfc_camelot import camelot

    def share(lang):
        return rulespages.figure("camelot", "WINNABLE_SHARE", lang)
    assert share("en") == "%.1f%%" % (
        100 * camelot.PAGE_FIGURES["WINNABLE_SHARE"])   # the measured share
    monkeypatch.setitem(camelot.PAGE_FIGURES, "WINNABLE_SHARE", "about half")
    assert share("ru") == "около половины"
    monkeypatch.setitem(camelot.PAGE_FIGURES, "WINNABLE_SHARE", 0.4832)
    assert share("en") == "48.3%"
    assert share("fr") == "48,3\u00a0%"
    assert share("el") == "48,3%"
    assert share("de") == "48,3\u00a0%"
    for lang in ("it", "pl", "pt_BR"):
        assert share(lang) == "48,3%"
    monkeypatch.setitem(camelot.PAGE_FIGURES, "WINNABLE_SHARE", "47–50%")
    assert share("ru") == "47–50%"


def test_demo_win_rate(monkeypatch):
    from pysolfc_camelot import plot
    monkeypatch.setitem(plot.PAGE_FIGURES, "SIMPLE_WIN_RATE", 0.9124)
    assert rulespages.figure("plot", "SIMPLE_WIN_RATE", "en") == "91.2%"
    assert rulespages.figure("plot", "SIMPLE_WIN_RATE", "ru") == "91,2\u00a0%"
    page = rulespages.render_page("plot", "el", "<p>{{SIMPLE_WIN_RATE}}</p>")
    assert "<p>91,2%</p>" in page
    # A half is rounded up, as a person rounds it, whether the float lies
    # on it (91.25) or just under it (6.05 and 48.95 are held as
    # 6.0499... and 48.9499...).
    for share, text in ((0.9125, "91.3%"), (121 / 2000, "6.1%"),
                        (979 / 2000, "49.0%"), (0.0604, "6.0%")):
        monkeypatch.setitem(plot.PAGE_FIGURES, "SIMPLE_WIN_RATE", share)
        assert rulespages.figure("plot", "SIMPLE_WIN_RATE", "en") == text


@pytest.mark.parametrize("game, figure", [
    ("camelot", "WINNABLE_SHARE"), ("plot", "SIMPLE_WIN_RATE"),
    ("plot", "GREEDY_WIN_RATE"), ("plot", "PLOT_WINNABLE_SHARE")])
def test_an_unmeasured_figure_stops_the_build(monkeypatch, tmp_path, game,
                                              figure):
    """The pages' sentences are written around a number ("wins 88.3% of
    them"): no stand-in phrase could read right in all of them, so a
    figure reset to None fails the build instead of breaking a sentence."""
    from pysolfc_camelot import games
    monkeypatch.setitem(games.package(game).PAGE_FIGURES, figure, None)
    with pytest.raises(ValueError, match="not measured"):
        rulespages.build_pages(tmp_path)


@pytest.mark.parametrize("game", list(rulespages.GAMES))
def test_every_figure_on_the_pages_is_a_number(game):
    for lang in rulespages.LANGUAGES:
        for key, text in rulespages.GAMES[game]["placeholders"].items():
            value = text(lang)
            if key == "STUDY_SHARE":
                check_study_sentence(game, lang, value)
                continue
            if key == "TIER_SHARES":
                check_tier_sentence(game, lang, value)
                continue
            assert re.fullmatch(r"\d+([.,]\d)?(\u00a0)?%", value), \
                (game, lang, key, value)
            assert ("," in value) == (lang != "en"), (lang, value)


def check_tier_sentence(game, lang, value):
    """The tiers' sentence: per tier, in the order easy, medium, hard,
    lost, its name and meaning as the table says them in the language,
    then its share and interval (low <= share <= high, the shares adding
    up to 100% give or take the rounding); the deals grouped the
    language's way."""
    from pysolfc_camelot import games
    from pysolfc_camelot.texts import tr
    figure = games.spec(game).page_figures["TIER_SHARES"]
    at = 0
    for tier in figure.TIERS:
        name = "%s (%s)" % (tr("winnable.tier." + tier, lang=lang),
                            tr("winnable.tier.why_" + tier, lang=lang))
        found = value.find(name, at)
        assert found > at, (lang, tier, value)
        at = found + len(name)
    shares = re.findall(r"(\d+)[.,](\d)(?:\u00a0)?%", value)
    got = [float("%s.%s" % s) for s in shares]
    assert len(got) == 12, (lang, value)
    for i, tier in enumerate(figure.TIERS):
        share, low, high = got[3 * i:3 * i + 3]
        want = [round(100 * v + 1e-9, 1) for v in figure.share(tier)]
        assert [share, low, high] == want and low <= share <= high, \
            (lang, tier, value)
    unknown = figure.counts.get("unknown", 0)
    assert abs(sum(got[0::3]) + 100 * unknown / figure.deals - 100) < 0.25, \
        (lang, value)
    tail = rulespages.TIERS_UNKNOWN[lang].format(
        count=rulespages.grouped(unknown, lang))
    assert (tail + ".") in value if unknown else \
        not any(t.split("}")[1] in value
                for t in rulespages.TIERS_UNKNOWN.values()), (lang, value)
    grouped = re.sub(r"(?<=\d)[,.\u00a0\u202f](?=\d{3}\b)", "", value)
    assert "1" in grouped and str(figure.deals) in grouped, (lang, value)
    assert value.endswith(".") and "{" not in value, (lang, value)


def check_study_sentence(game, lang, value):
    """The study's sentence: its deals, its share and both ends of its
    interval, each written the language's way, low <= share <= high."""
    from pysolfc_camelot import games
    figure = games.spec(game).page_figures["STUDY_SHARE"]
    shares = re.findall(r"(\d+)[.,](\d\d)(?:\u00a0)?%", value)
    assert len(shares) == 3, (lang, value)
    got = [float("%s.%s" % s) for s in shares]
    want = [round(100 * v, 2) for v in (figure.share, figure.low,
                                        figure.high)]
    assert got == want and got[1] <= got[0] <= got[2], (lang, value)
    decimal_mark = "." if lang == "en" else ","
    assert all(decimal_mark in m.group(0) for m in re.finditer(
        r"\d+[.,]\d\d(?:\u00a0)?%", value)), (lang, value)
    grouped = re.sub(r"(?<=\d)[,.\u00a0\u202f](?=\d{3}\b)", "", value)
    assert str(figure.deals) in grouped, (lang, value)
    assert value.endswith(".") and "{" not in value, (lang, value)

def test_placeholders_are_declared_per_game():
    page = rulespages.render_page("camelot", "en", "{{GAME_NAME}}")
    assert rulespages.GAMES["camelot"]["name"] in page
    with pytest.raises(ValueError, match="SIMPLE_WIN_RATE"):
        rulespages.render_page("camelot", "en", "{{SIMPLE_WIN_RATE}}")
    with pytest.raises(ValueError, match="WINNABLE_SHARE"):
        rulespages.render_page("plot", "en", "{{WINNABLE_SHARE}}")
    with pytest.raises(ValueError):
        rulespages.rules_file("/tmp", "klondike", "en")


@pytest.mark.parametrize("game", GAMES)
def test_rules_file_falls_back_to_english(tmp_path, game):
    assert rulespages.rules_file(tmp_path, game, "nl") == \
        rulespages.rules_file(tmp_path, game, "en")
    assert rulespages.rules_file(tmp_path, game, "ru") == \
        (tmp_path / "html" / game / "ru.html").resolve()


def test_plugin_rules_filename(monkeypatch, tmp_path):
    from pysolfc_camelot.pysol import plugin
    monkeypatch.setattr(plugin, "PAGES_DIR", tmp_path / "html")
    assert plugin.rules_filename("camelot") is None     # not built yet
    rulespages.build_pages(tmp_path / "html")
    monkeypatch.setattr(rulespages, "pysol_language", lambda: "fr")
    for game in GAMES:
        assert plugin.rules_filename(game) == str(
            tmp_path / "html" / "html" / game / "fr.html")
    with pytest.raises(ValueError):
        plugin.rules_filename("klondike")


@pytest.mark.parametrize("pysol, env, expected", [
    ("", {}, "en"),
    ("", {"LANG": "ru_RU.UTF-8"}, "ru"),
    ("", {"LANG": "el_GR.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
    ("", {"LANG": "fr_FR", "LC_MESSAGES": "el_GR"}, "el"),
    ("", {"LANGUAGE": "nl:ru", "LANG": "fr_FR"}, "ru"),
    ("", {"LANGUAGE": "nl", "LANG": "fr_FR"}, "en"),    # as gettext reads it
    ("", {"LC_ALL": "C", "LANG": "ru_RU"}, "en"),
    ("", {"LANG": "C.UTF-8"}, "en"),
    ("", {"LANG": "pt_BR.UTF-8"}, "pt_BR"),
    ("", {"LANG": "pt_PT.UTF-8"}, "en"),    # as PySolFC's own gettext
    ("", {"LANG": "de_AT.UTF-8"}, "de"),
    ("pl", {"LANG": "it_IT"}, "pl"),
    ("ru", {"LANG": "fr_FR"}, "ru"),                     # PySolFC's first
    ("en", {"LANG": "fr_FR"}, "en"),
    ("el_GR.UTF-8", {}, "el"),
    ("nl", {"LANG": "fr_FR"}, "fr"),                     # no Dutch page
])
def test_choose_language(pysol, env, expected):
    assert rulespages.choose_language(pysol, environ=env) == expected


def test_pysol_language_outside_pysolfc(monkeypatch):
    monkeypatch.delitem(sys.modules, "pysollib.mygettext", raising=False)
    monkeypatch.delitem(sys.modules, "pysollib.mfxutil", raising=False)
    assert rulespages.pysol_language() is None
    assert rulespages.choose_language(environ={"LANG": "el_GR"}) == "el"


def test_pysol_language_inside_pysolfc(monkeypatch, tmp_path):
    mygettext = types.ModuleType("pysollib.mygettext")
    mygettext.myGettext = types.SimpleNamespace(language="")
    mfxutil = types.ModuleType("pysollib.mfxutil")
    mfxutil.getprefdir = lambda package: str(tmp_path)
    monkeypatch.setitem(sys.modules, "pysollib.mygettext", mygettext)
    monkeypatch.setitem(sys.modules, "pysollib.mfxutil", mfxutil)
    assert rulespages.pysol_language() is None          # no options.cfg
    (tmp_path / "options.cfg").write_text(
        "# -*- coding: utf-8 -*-\nlanguage = de\n[general]\nplayer = x\n"
        "language = 'fr'\n[fonts]\nlanguage = el\n", encoding="utf-8")
    assert rulespages.pysol_language() == "fr"          # [general] only
    mygettext.myGettext.language = "ru"                 # options loaded
    assert rulespages.pysol_language() == "ru"
    assert rulespages.choose_language(environ={"LANG": "el_GR"}) == "ru"
    app = types.SimpleNamespace(opt=types.SimpleNamespace(language="el"))
    assert rulespages.pysol_language(app) == "el"


def test_pictures_are_the_committed_ones_and_render_alike(tmp_path):
    """`pictures DIR` writes every picture there; each has the committed
    picture's pixels; a second render in the same process gives the same
    bytes (the release is reproducible)."""
    from PIL import Image, ImageChops
    assert pictures.main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        name for names in PICTURES.values() for name in names)
    for name, render in pictures.PICTURES.items():
        fresh = tmp_path / name
        committed = REPO / "images" / name
        assert committed.is_file(), "run: python -m pysolfc_camelot pictures"
        if committed.read_bytes() != fresh.read_bytes():
            # another zlib may pack the same pixels differently
            with Image.open(committed) as a, Image.open(fresh) as b:
                assert a.size == b.size and a.mode == b.mode
                assert ImageChops.difference(a, b).getbbox() is None, name
        again = io.BytesIO()
        render().save(again, format="PNG", optimize=False)
        assert fresh.read_bytes() == again.getvalue(), name


def test_installed_layout(tmp_path):
    """As in a wheel: html-src/ and images/ inside the package."""
    pkg = tmp_path / "site" / "pysolfc_camelot"
    shutil.copytree(REPO / "pysolfc_camelot", pkg,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "html-src", pkg / "html_src")
    shutil.copytree(REPO / "images", pkg / "images")
    out = tmp_path / "plugin-data"
    code = ("import sys; "
            "from pysolfc_camelot.install import rules_pages as r; "
            "assert r.source_dir() == r.PACKAGE_DIR / 'html_src'; "
            "assert r.images_dir() == r.PACKAGE_DIR / 'images'; "
            "print(r.build_pages(sys.argv[1])['camelot']['ru'])")
    res = subprocess.run([sys.executable, "-c", code, str(out)],
                         cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(
                             tmp_path / "site")),
                         capture_output=True, text=True, check=True)
    page = Path(res.stdout.strip())
    assert page == out.resolve() / "html" / "camelot" / "ru.html"
    assert (out / "images" / "goal.png").read_bytes() == \
        (REPO / "images" / "goal.png").read_bytes()
