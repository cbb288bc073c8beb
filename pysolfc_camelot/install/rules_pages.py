# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules pages that PySolFC shows for our games under Help > Rules (F1).

Every game of games.GAMES has pages (``GAMES`` below): its name and the
placeholders its pages use besides ``{{GAME_NAME}}``, its measured
figures (its spec's ``page_figures``), each written the way
the page's language writes numbers.  Sources: ``html-src/<game>/<lang>.html``,
page bodies without the page frame; pictures in ``images/``.  In a built
wheel both folders live inside the package (``html_src/`` and
``images/``), so they are looked for in either place.

``build_pages(out)`` writes ``out/html/<game>/<lang>.html`` for every game
(each source wrapped in a header and a footer with links to the other
languages, as PySolFC wraps its own pages) and the pictures they show,
``out/images/*.png``.  The pages refer to ``../../images/...``, which
resolves both in the source tree and in the built tree.
``rules_file(out, game, lang)`` is the absolute path PySolFC gets as
``GameInfo.rules_filename``; ``choose_language()`` (languages.py) picks
the language.

Standard library only: this runs inside PySolFC's own interpreter.
"""
import functools
import html
import re
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from .. import __version__, games, texts
from ..core.spec import StudyFigure, TierFigure
# The language choice, shared with texts.py (re-exported: the plugin and
# the tests ask this module).
from ..texts.languages import (DEFAULT_LANGUAGE, LANGUAGES, choose_language,
                               locale_languages, normalize_language,
                               pysol_language)


# The study's sentence, by language: {deals} as the language groups
# thousands, the shares as ``percentage`` writes them.
STUDY = {
    "en": "In the study of {deals} consecutive PySolFC deals, {share} were"
          " proved winnable (95% interval: {low} to {high}).",
    "ru": "Из {deals} раздач PySolFC подряд для {share} доказано, что их"
          " можно выиграть (95-процентный доверительный интервал: от {low}"
          " до {high}).",
    "el": "Στη μελέτη {deals} διαδοχικών μοιρασιών του PySolFC αποδείχθηκε"
          " ότι κερδίζεται το {share} (διάστημα εμπιστοσύνης 95%: {low} έως"
          " {high}).",
    "fr": "Sur {deals} donnes consécutives de PySolFC, {share} ont été"
          " prouvées gagnables (intervalle de confiance à 95\u00a0%\u00a0:"
          " de {low} à {high}).",
    "de": "Von {deals} aufeinanderfolgenden Spielen von PySolFC sind {share}"
          " nachweislich gewinnbar (95-%-Konfidenzintervall: {low} bis"
          " {high}).",
    "it": "Su {deals} smazzate consecutive di PySolFC, il {share} è"
          " risultato vincibile (intervallo di confidenza al 95%: da {low} a"
          " {high}).",
    "pl": "Spośród {deals} kolejnych rozdań PySolFC dla {share} udowodniono,"
          " że da się je wygrać (95-procentowy przedział ufności: od {low}"
          " do {high}).",
    "pt_BR": "Em {deals} distribuições consecutivas do PySolFC, {share}"
             " foram comprovadamente vencíveis (intervalo de confiança de"
             " 95%: de {low} a {high}).",
}
THOUSANDS = {"en": ",", "ru": "\u00a0", "fr": "\u202f", "pl": "\u00a0",
             "de": ".", "it": ".", "pt_BR": ".", "el": "."}


def study_sentence(study, language):
    """The study's figure as its sentence in the page's language."""
    def share(v):
        return percentage(v, language, digits=2)
    return STUDY[language].format(
        deals=grouped(study.deals, language), share=share(study.share),
        low=share(study.low), high=share(study.high))


# How hard the deals are: this opening, then per tier its name and what
# it means (the table's own texts, winnable.tier.*), its share and its
# interval.  {deals} as in STUDY.
TIERS = {
    "en": "How hard PySolFC's deals 1 to {deals} are (the share of the"
          " deals, with its 95% interval): ",
    "ru": "Насколько трудны раздачи PySolFC с 1 по {deals} (доля раздач и"
          " её 95-процентный доверительный интервал): ",
    "el": "Πόσο δύσκολες είναι οι μοιρασιές 1 έως {deals} του PySolFC (το"
          " μερίδιο των μοιρασιών, με το διάστημα εμπιστοσύνης 95%): ",
    "fr": "La difficulté des donnes 1 à {deals} de PySolFC (la part des"
          " donnes, avec son intervalle de confiance à 95\u00a0%)\u00a0: ",
    "de": "Wie schwer die Spiele 1 bis {deals} von PySolFC sind (der Anteil"
          " der Spiele mit seinem 95-%-Konfidenzintervall): ",
    "it": "Quanto sono difficili le smazzate da 1 a {deals} di PySolFC (la"
          " quota delle smazzate, con l'intervallo di confidenza al 95%): ",
    "pl": "Jak trudne są rozdania PySolFC od 1 do {deals} (odsetek rozdań"
          " i jego 95-procentowy przedział ufności): ",
    "pt_BR": "Quão difíceis são as distribuições 1 a {deals} do PySolFC (a"
             " parcela das distribuições, com o intervalo de confiança de"
             " 95%): ",
}


# After the tiers, when some deals of the range are not rated yet (a
# study still running; a deal its solver left undecided).
TIERS_UNKNOWN = {
    "en": "; {count} not yet rated (each interval counts them both ways)",
    "ru": "; ещё не оценено: {count} (каждый интервал учитывает их в обе"
          " стороны)",
    "el": "; δεν έχουν ακόμη βαθμολογηθεί: {count} (κάθε διάστημα τις"
          " μετρά και προς τις δύο πλευρές)",
    "fr": "; pas encore classées\u00a0: {count} (chaque intervalle les"
          " compte dans les deux sens)",
    "de": "; noch nicht eingestuft: {count} (jedes Intervall zählt sie in"
          " beide Richtungen)",
    "it": "; non ancora classificate: {count} (ogni intervallo le conta in"
          " entrambi i sensi)",
    "pl": "; jeszcze nieocenione: {count} (każdy przedział liczy je w obie"
          " strony)",
    "pt_BR": "; ainda não classificadas: {count} (cada intervalo as conta"
             " nos dois sentidos)",
}


# Each tier's name and meaning: the table's own texts.
TIER_TEXTS = {"easy": ("winnable.tier.easy", "winnable.tier.why_easy"),
              "medium": ("winnable.tier.medium", "winnable.tier.why_medium"),
              "hard": ("winnable.tier.hard", "winnable.tier.why_hard"),
              "lost": ("winnable.tier.lost", "winnable.tier.why_lost")}


def grouped(number, language):
    """An integer with the language's thousands separator."""
    return "{:,}".format(number).replace(",", THOUSANDS[language])


def tier_sentence(tiers, language):
    """The tier shares as their sentence in the page's language."""
    colon = "\u00a0: " if language == "fr" else ": "
    parts = []
    for tier in TierFigure.TIERS:
        share, low, high = (percentage(v, language)
                            for v in tiers.share(tier))
        name, why = TIER_TEXTS[tier]
        parts.append("%s (%s)%s%s (%s\u2013%s)" % (
            texts.tr(name, lang=language), texts.tr(why, lang=language),
            colon, share, low, high))
    unknown = tiers.counts.get("unknown", 0)
    tail = TIERS_UNKNOWN[language].format(count=grouped(unknown, language)) \
        if unknown else ""
    return TIERS[language].format(deals=grouped(tiers.deals, language)) \
        + "; ".join(parts) + tail + "."


def percentage(value, language, phrases=None, digits=1):
    """A measured share as each language writes it: a fraction (0.483 ->
    "48.3%", "48,3 %" in French, see ``texts.decimal``), a string used as
    it is, or, where the page's sentence has a phrase for it (``phrases``,
    by language), the English phrase given as the value: the phrase in the
    page's language.  No value (None) is an error: a page sentence is
    written around its figure, so an unmeasured one needs the sentence
    rewritten, not a stand-in phrase."""
    if phrases is not None and value == phrases["en"]:
        return phrases[language]
    if value is None:
        raise ValueError("a figure of the rules pages is not measured: "
                         "rewrite the sentences that show it")
    if isinstance(value, StudyFigure):
        return study_sentence(value, language)
    if isinstance(value, TierFigure):
        return tier_sentence(value, language)
    if isinstance(value, float):
        # Rounded half up from the decimal the share stands for, as a
        # person rounds it: 979/2000 is 48.95 -> 49.0 and 121/2000 is
        # 6.05 -> 6.1, though both floats lie just under the half.
        exact = Decimal(repr(round(100 * value, 9)))
        text = texts.decimal(float(exact.quantize(Decimal(1).scaleb(-digits),
                                                  ROUND_HALF_UP)),
                             digits, language)
        if language == "en":
            return text + "%"
        return text + ("\u00a0%" if language in ("ru", "fr", "de") else "%")
    return str(value)


# A figure may also be given as a phrase for it, in English (e.g. "about
# half" for WINNABLE_SHARE): each page then says the phrase in its
# language; the pages' sentences read right with these phrases.
PHRASES = {"WINNABLE_SHARE": {"en": "about half", "ru": "около половины",
                              "el": "περίπου το μισό",
                              "fr": "environ la moitié",
                              "de": "etwa die Hälfte",
                              "it": "circa la metà", "pl": "około połowy",
                              "pt_BR": "cerca de metade"}}


def figure(game, key, language):
    """A measured figure of game's pages (its spec's page_figures, see
    games.py) as the page's language writes it."""
    value = games.spec(game).page_figures[key]
    return percentage(value, language, PHRASES.get(key))


# Every game of games.GAMES has rules pages: its PySolFC name and the
# placeholders of its pages besides {{GAME_NAME}} (its figures), each a
# function language -> plain text.
GAMES = {spec.name: {"name": spec.game_name,
                     "placeholders": {
                         key: functools.partial(figure, spec.name, key)
                         for key in spec.page_figures}}
         for spec in games.specs()}

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français",
                  "it": "Italiano", "pl": "Polski",
                  "pt_BR": "Português (Brasil)", "ru": "Русский",
                  "el": "Ελληνικά"}
TITLE = {"en": "%s: rules", "ru": "%s: правила", "el": "%s: κανόνες",
         "fr": "%s\u00a0: règles", "de": "%s: Regeln", "it": "%s: regole",
         "pl": "%s: zasady", "pt_BR": "%s: regras"}
FOOTER = {   # HTML: "other languages:" and what the plugin is
    "en": ("This page in other languages:", "a plugin for PySolFC"),
    "ru": ("Эта страница на других языках:", "дополнение для PySolFC"),
    "el": ("Αυτή η σελίδα σε άλλες γλώσσες:", "πρόσθετο για το PySolFC"),
    "fr": ("Cette page dans d’autres langues&nbsp;:",
           "une extension pour PySolFC"),
    "de": ("Diese Seite in anderen Sprachen:", "ein Plugin für PySolFC"),
    "it": ("Questa pagina in altre lingue:", "un plugin per PySolFC"),
    "pl": ("Ta strona w innych językach:", "dodatek do PySolFC"),
    "pt_BR": ("Esta página em outros idiomas:",
              "um complemento para o PySolFC"),
}

PACKAGE_DIR = Path(__file__).resolve().parent.parent
CHECKOUT_DIR = PACKAGE_DIR.parent
PAGES_SUBDIR = Path("html")
IMAGES_SUBDIR = Path("images")


def _game(game):
    if game not in GAMES:
        raise ValueError("no rules pages for game %r (known: %s)"
                         % (game, ", ".join(GAMES)))
    return GAMES[game]


def source_dir():
    """The folder holding <game>/<lang>.html: in the package, or a
    checkout."""
    for d in (PACKAGE_DIR / "html_src", CHECKOUT_DIR / "html-src"):
        if all((d / game).is_dir() for game in GAMES):
            return d
    raise FileNotFoundError("rules page sources not found (html_src/ in the "
                            "package or html-src/ in the checkout)")


def source_file(game, language):
    _game(game)
    return source_dir() / game / (language + ".html")


def images_dir(for_writing=False):
    """The folder of the pictures; for_writing: where pictures.py renders."""
    checkout = CHECKOUT_DIR / "images"
    if for_writing:
        in_checkout = (CHECKOUT_DIR / "html-src").is_dir()
        return checkout if in_checkout else PACKAGE_DIR / "images"
    for d in (PACKAGE_DIR / "images", checkout):
        if d.is_dir():
            return d
    raise FileNotFoundError("images/ not found in the package or checkout")


def html_lang(language):
    """The page's <html lang>: a BCP 47 tag ("pt-BR"), where the file and
    PySolFC's locale folder say "pt_BR"."""
    return language.replace("_", "-")


def render_page(game, language, body):
    """A whole page from a source body: placeholders filled, frame added.
    A placeholder the game does not declare is an error."""
    info = _game(game)
    name = info["name"]
    values = {"GAME_NAME": name}
    for key, text in info["placeholders"].items():
        values[key] = text(language)

    def substitute(match):
        if match.group(1) not in values:
            raise ValueError("%s/%s.html: unknown placeholder %s"
                             % (game, language, match.group(0)))
        return html.escape(values[match.group(1)])
    body = re.sub(r"\{\{([A-Z_]+)\}\}", substitute, body).strip()
    others = " | ".join('<a href="%s.html">%s</a>' % (lang, lname)
                        for lang, lname in LANGUAGE_NAMES.items()
                        if lang != language)
    label, plugin = FOOTER[language]
    title = html.escape(TITLE[language] % name)
    return (
        '<!DOCTYPE html>\n<html lang="%s">\n<head>\n'
        '<meta http-equiv="content-type" content="text/html; charset=utf-8">\n'
        "<title>%s</title>\n</head>\n<body>\n%s\n"
        "<hr>\n<p>%s %s</p>\n<p><i>%s %s, %s</i></p>\n</body>\n</html>\n"
        % (html_lang(language), title, body, label, others, html.escape(name),
           __version__, plugin))


def _write_if_changed(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != data:
        path.write_bytes(data)


def build_pages(out_dir, games=None):
    """Write the pages of the games (default: all) and the pictures they
    show under out_dir (files already equal are left alone); returns
    {game: {language: page path}}."""
    out_dir = Path(out_dir).resolve()
    src_images = images_dir()
    pages, pictures = {}, set()
    for game in (GAMES if games is None else games):
        pages[game] = {}
        for language in LANGUAGES:
            body = source_file(game, language).read_text(encoding="utf-8")
            pictures.update(
                re.findall(r'src="\.\./\.\./images/([^"/]+)"', body))
            path = rules_file(out_dir, game, language)
            _write_if_changed(path, render_page(game, language, body)
                              .encode("utf-8"))
            pages[game][language] = path
    for name in sorted(pictures):
        _write_if_changed(out_dir / IMAGES_SUBDIR / name,
                          (src_images / name).read_bytes())
    return pages


def rules_file(pages_dir, game, language=None):
    """The absolute path of game's page for language (English if we lack
    it) in a folder build_pages wrote."""
    _game(game)
    if language not in LANGUAGES:
        language = DEFAULT_LANGUAGE
    return (Path(pages_dir) / PAGES_SUBDIR / game
            / (language + ".html")).resolve()


def main(argv=None):
    """python -m pysolfc_camelot.install.rules_pages OUT_DIR: build the
    pages there."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) != 1 or argv[0].startswith("-"):
        print(main.__doc__)
        return 2
    for game, pages in build_pages(argv[0]).items():
        for language, path in pages.items():
            print(game, language, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
