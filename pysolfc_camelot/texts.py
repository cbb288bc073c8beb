"""The texts our games show on PySolFC's table and in dialogs, in every
language we speak: English, Russian, Greek and French.

Translators: each language is one table below (``EN``, ``RU``, ``EL``,
``FR``), in the same order, key by key.  Translate the values only; keep
every ``{placeholder}`` exactly as it is (the game fills them in), and keep
the line breaks (``\\n``) where the space on the table needs them.  A value
that depends on a number is a tuple of plural forms, as many as the
language has (see ``PLURAL_FORMS``): English and Greek have two (one,
other), French two (0 and 1, other), Russian three (1, 21...; 2-4, 22...;
the rest).  Where PySolFC's own catalogs (``pysol.mo``) have a string for
the same thing, the translation uses PySolFC's wording, so that the table
and PySolFC's menus and dialogs speak alike; terms follow our rules pages
(``html-src/<game>/<lang>.html``).

Programmers::

    from pysolfc_camelot.texts import tr
    tr("camelot.score", score=9, max=40)          # "9/40"
    tr("solver.solvable", n=31)                   # plural form for 31
    tr("camelot.phase.1", lang="ru")              # a given language

``tr(key, lang=None, n=None, **fields)`` looks the key up in the player's
language and fills in the fields with ``str.format``; ``n`` picks the
plural form (and is also there as ``{n}``).  The language is chosen the way
the rules pages choose theirs (``rulespages.choose_language``): PySolFC's
own language setting, then the locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), then English.  ``language()`` says which one
that is.

Keys are namespaced: ``camelot.*`` for Camelot (camelot/game.py),
``plot.*`` for The Plot (plot/game.py), ``solver.*`` for the Solver dialog
every game of this package shares (pysol_solver.py).  A new game adds its
own ``<game>.*`` keys to ``EN`` and, in the same place, to every other
table; ``tests/test_texts.py`` then checks that no language lacks a key,
has one too many, changes a placeholder or leaves a text in English, and
that every key is used somewhere in the package (keys must appear as
string literals, e.g. ``"plot.help.stock"``, or be built from a literal
prefix the test knows).  An unknown key raises ``KeyError``, so a typo
fails loudly in the tests rather than showing up on the table.

Standard library only: this runs inside PySolFC's own interpreter.
"""

DEFAULT_LANGUAGE = "en"


def _plural_en(n):
    return 0 if n == 1 else 1


def _plural_fr(n):
    return 0 if n in (0, 1) else 1


def _plural_ru(n):
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


# language: (number of plural forms, which form a number takes)
PLURAL_FORMS = {"en": (2, _plural_en), "el": (2, _plural_en),
                "fr": (2, _plural_fr), "ru": (3, _plural_ru)}


# ------------------------------------------------------------ English --

EN = {
    # Camelot, beside the tableau: the phase (see the rules page).
    "camelot.phase.1": "Phase 1:\ndeal and place",
    "camelot.phase.2": "Phase 2:\nremove tens\nand pairs of 10",
    # The hint label; a click on it switches the hint mode.
    "camelot.hints.label": "Hints: {mode}\n(click or M to change)",
    "camelot.hints.fair": "fair",
    "camelot.hints.perfect": "perfect",
    # Under the pile of removed cards: the score out of the best score.
    "camelot.score": "{score}/{max}",
    # Marks on the empty slots kept for picture cards.  They are the
    # letters of the rules pages' slot picture (images/slots.png) and of
    # the cards' own corners, so every language keeps K, Q and J.
    "camelot.mark.king": "K",
    "camelot.mark.queen": "Q",
    "camelot.mark.jack": "J",
    # Help on a stack (Assist > Show stack descriptions, F2, and the
    # status bar), one line per slot kind.
    "camelot.help.slot": "Slot {slot}: any number card",
    "camelot.help.king_slot": "Slot {slot}: a king or a number card",
    "camelot.help.queen_slot": "Slot {slot}: a queen or a number card",
    "camelot.help.jack_slot": "Slot {slot}: a jack or a number card",
    "camelot.help.discard": "Removed cards",
    # PySolFC's "Load game error" dialog, under its own first line.
    "camelot.save.other": "This is not a {game} save of this version.",
    "camelot.save.damaged": "This {game} save is damaged: {reason}",
    "camelot.save.stacks": "it has the wrong number of stacks",
    "camelot.save.card": "stack {stack} holds a card that cannot be there",
    "camelot.save.crowded": "a slot or the waste holds more than one card",
    "camelot.save.missing": "cards are missing",
    "camelot.save.rules": "the cards break the rules ({detail})",
    # The Plot, on the table.  Under the stock and the reserve: how many
    # cards they hold.
    "plot.stock": "Stock: {count}",
    "plot.reserve": "Reserve: {count}",
    # Under the first foundation, set apart: the base rank of the deal
    # (two lines where one would reach the reserve's count beside it).
    "plot.base_rank": "Base rank: {rank}",
    # Under the other seven foundations: how far the restriction is.
    "plot.restricted":
        "Other foundations open when the first holds 13: {count}/{full}",
    "plot.open": "All foundations are open",
    # The hint label under the waste; a click switches the mode.
    "plot.hints.label": "Hints: {mode}\n(click or M to change)",
    "plot.hints.fair": "fair",
    "plot.hints.perfect": "perfect",
    # What each pile is (PySolFC's help line for the stack).
    "plot.help.stock": "Stock: a click deals one card to the waste, once",
    "plot.help.waste": "Waste: its top card goes to a foundation, onto a "
                       "pile or into a space",
    "plot.help.reserve": "Reserve: its top card goes to the foundations "
                         "only",
    "plot.help.first_foundation": "First foundation: up from the base "
                                  "rank to 13 cards; then the others open",
    "plot.help.foundation": "Foundation: a base-rank card, then up by one "
                            "to 13 cards",
    "plot.help.tableau": "Tableau pile: down by one; a base-rank card "
                         "stands alone; a space takes the waste's card",
    # Why a save cannot be loaded (PySolFC's "Load game error" dialog).
    "plot.save.other": "This is not a {game} save of this version.",
    "plot.save.damaged": "This {game} save is damaged: {reason}",
    "plot.save.stacks": "it has the wrong number of stacks",
    "plot.save.card": "stack {stack} holds a card that cannot be there",
    "plot.save.missing": "cards are missing",
    "plot.save.rules": "the cards break the rules ({detail})",
    # The Solver dialog (Assist > Solver), shared by our games.
    # Speech (PySolFC 3.4 and later read these to a screen reader).
    "camelot.speech.stock": ("Stock: {n} card", "Stock: {n} cards"),
    "camelot.speech.waste": "{card} - waste",
    "camelot.speech.waste_empty": "Waste: empty",
    "camelot.speech.slot.king": "king slot",
    "camelot.speech.slot.queen": "queen slot",
    "camelot.speech.slot.jack": "jack slot",
    "camelot.speech.slot.middle": "middle slot",
    "camelot.speech.empty.king": "Empty king slot",
    "camelot.speech.empty.queen": "Empty queen slot",
    "camelot.speech.empty.jack": "Empty jack slot",
    "camelot.speech.empty.middle": "Empty middle slot",
    "camelot.speech.removed": ("{n} card removed", "{n} cards removed"),
    "camelot.speech.last_removed": "the last: {card}",
    "camelot.speech.score": "Score: {score} of {max}",
    "plot.speech.stock": ("Stock: {n} card", "Stock: {n} cards"),
    "plot.speech.waste": ("Waste: {n} card", "Waste: {n} cards"),
    "plot.speech.reserve": ("Reserve: {n} card", "Reserve: {n} cards"),
    "plot.speech.top": "top: {card}",
    "plot.speech.first_foundation":
        "First foundation, base rank {rank}: {count} of 13",
    "plot.speech.foundation": "Foundation {i}: {count} of 13",
    "plot.speech.foundation_empty": "Foundation {i}: empty, takes a {rank}",
    "plot.speech.foundation_closed":
        "Foundation {i}: closed until the first holds 13",
    "plot.speech.pile": "tableau pile {i}",
    "plot.speech.space": "Tableau pile {i}: empty space",
    "plot.speech.space_restricted":
        "Tableau pile {i}: empty space, only for a {rank}",
    "plot.speech.score": "Score: {score} of {max}",
    "solver.stop": "Stop",
    "solver.seconds": "{seconds} s",
    "solver.searching": "Searching...",
    "solver.solvable": ("This game is solvable in {n} move.",
                        "This game is solvable in {n} moves."),
    "solver.unsolvable": "This deal cannot be won.",
    "solver.gave_up": "The iteration limit was reached after {seconds} s: "
                      "no answer.",
    "solver.stopped": "Stopped. The game is unchanged.",
    "solver.title": "PySolFC - {game} Solver",
    "solver.field.time": "Time:",
    "solver.field.position": "Position:",
    "solver.field.states": "States:",
    "solver.field.max_states": "Max states:",
    "solver.at_start": "the deal as dealt",
    "solver.after_moves": ("after {n} move", "after {n} moves"),
    "solver.position_solvable": ("This position can be won in {n} move.",
                                 "This position can be won in {n} moves."),
    "solver.position_unsolvable": "This position cannot be won.",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Deals: {mode}\n(click or W to change)",
    "winnable.mode.on": "winnable",
    "winnable.mode.off": "any",
    "winnable.deal.winnable": "Winnable deal",
    "winnable.deal.unscreened": "Unscreened deal",
    "winnable.looking": ("Looking for a winnable\ndeal: {n} tried\n"
                         "(click or U to skip)",
                         "Looking for a winnable\ndeal: {n} tried\n"
                         "(click or U to skip)"),
}

# ------------------------------------------------------------ Russian --
# Terms: «колода» for the stock where PySolFC says so, «сброс», «ячейка»,
# «поле», «убирать» (never «снимать»), «фигуры»; as the ru rules page.

RU = {
    "camelot.phase.1": "Фаза 1:\nсдавайте карты\nна поле",
    "camelot.phase.2": "Фаза 2:\nубирайте десятки\nи пары с суммой 10",
    "camelot.hints.label": "Подсказки: {mode}\n(щелчок или M — сменить)",
    "camelot.hints.fair": "честные",
    "camelot.hints.perfect": "идеальные",
    "camelot.score": "{score}/{max}",
    "camelot.mark.king": "K",
    "camelot.mark.queen": "Q",
    "camelot.mark.jack": "J",
    "camelot.help.slot": "Ячейка {slot}: любая числовая карта",
    "camelot.help.king_slot": "Ячейка {slot}: король или числовая карта",
    "camelot.help.queen_slot": "Ячейка {slot}: дама или числовая карта",
    "camelot.help.jack_slot": "Ячейка {slot}: валет или числовая карта",
    "camelot.help.discard": "Убранные карты",
    "camelot.save.other":
        "Это не сохранённая партия {game} этой версии.",
    "camelot.save.damaged": "Сохранённая партия {game} повреждена: {reason}",
    "camelot.save.stacks": "в ней неверное число стопок",
    "camelot.save.card": "в стопке {stack} лежит карта, которой там не место",
    "camelot.save.crowded": "в ячейке или на сбросе больше одной карты",
    "camelot.save.missing": "не хватает карт",
    "camelot.save.rules": "карты лежат против правил ({detail})",
    "plot.stock": "Запас: {count}",
    "plot.reserve": "Резерв: {count}",
    "plot.base_rank": "Базовое\nдостоинство: {rank}",
    "plot.restricted":
        "Остальные базы откроются, когда в первой будет 13: {count}/{full}",
    "plot.open": "Все базы открыты",
    "plot.hints.label": "Подсказки: {mode}\n(щелчок или M — сменить)",
    "plot.hints.fair": "честные",
    "plot.hints.perfect": "идеальные",
    "plot.help.stock": "Запас: щелчок сдаёт одну карту на сброс, один раз",
    "plot.help.waste": "Сброс: верхняя карта идёт на базу, на стопку поля "
                       "или в пустую стопку",
    "plot.help.reserve": "Резерв: верхняя карта идёт только на базы",
    "plot.help.first_foundation": "Первая база: от базового достоинства "
                                  "до 13 карт; потом открываются остальные",
    "plot.help.foundation": "База: карта базового достоинства, затем по "
                            "возрастанию до 13 карт",
    "plot.help.tableau": "Стопка поля: по убыванию; карта базового "
                         "достоинства лежит одна; пустую стопку занимает "
                         "карта со сброса",
    "plot.save.other": "Это не сохранённая партия {game} этой версии.",
    "plot.save.damaged": "Сохранённая партия {game} повреждена: {reason}",
    "plot.save.stacks": "в ней неверное число стопок",
    "plot.save.card": "в стопке {stack} лежит карта, которой там не место",
    "plot.save.missing": "не хватает карт",
    "plot.save.rules": "карты лежат против правил ({detail})",
    "camelot.speech.stock": ("Запас: {n} карта", "Запас: {n} карты",
                             "Запас: {n} карт"),
    "camelot.speech.waste": "{card} - сброс",
    "camelot.speech.waste_empty": "Сброс пуст",
    "camelot.speech.slot.king": "ячейка короля",
    "camelot.speech.slot.queen": "ячейка дамы",
    "camelot.speech.slot.jack": "ячейка валета",
    "camelot.speech.slot.middle": "средняя ячейка",
    "camelot.speech.empty.king": "Пустая ячейка короля",
    "camelot.speech.empty.queen": "Пустая ячейка дамы",
    "camelot.speech.empty.jack": "Пустая ячейка валета",
    "camelot.speech.empty.middle": "Пустая средняя ячейка",
    "camelot.speech.removed": ("Убрана {n} карта", "Убраны {n} карты",
                               "Убрано {n} карт"),
    "camelot.speech.last_removed": "последняя: {card}",
    "camelot.speech.score": "Очки: {score} из {max}",
    "plot.speech.stock": ("Запас: {n} карта", "Запас: {n} карты",
                          "Запас: {n} карт"),
    "plot.speech.waste": ("Сброс: {n} карта", "Сброс: {n} карты",
                          "Сброс: {n} карт"),
    "plot.speech.reserve": ("Резерв: {n} карта", "Резерв: {n} карты",
                            "Резерв: {n} карт"),
    "plot.speech.top": "сверху: {card}",
    "plot.speech.first_foundation":
        "Первая база, базовое достоинство {rank}: {count} из 13",
    "plot.speech.foundation": "База {i}: {count} из 13",
    "plot.speech.foundation_empty": "База {i}: пуста, принимает {rank}",
    "plot.speech.foundation_closed":
        "База {i}: закрыта, пока в первой базе нет 13 карт",
    "plot.speech.pile": "стопка поля {i}",
    "plot.speech.space": "Стопка поля {i}: свободное место",
    "plot.speech.space_restricted":
        "Стопка поля {i}: свободное место, только для карты {rank}",
    "plot.speech.score": "Очки: {score} из {max}",
    "solver.stop": "Стоп",                        # PySolFC: Stop
    "solver.seconds": "{seconds} с",
    "solver.searching": "Поиск...",
    "solver.solvable": ("Эту игру можно решить за {n} ход.",
                        "Эту игру можно решить за {n} хода.",
                        "Эту игру можно решить за {n} ходов."),
    "solver.unsolvable": "Эту раздачу выиграть нельзя.",
    "solver.gave_up": "Предел итераций исчерпан за {seconds} с, "
                      "ответа нет.",
    "solver.stopped": "Остановлено. Игра не изменилась.",
    "solver.title": "PySolFC - решатель: {game}",
    "solver.field.time": "Время:",
    "solver.field.position": "Позиция:",
    "solver.field.states": "Состояний:",
    "solver.field.max_states": "Предел состояний:",
    "solver.at_start": "начало раздачи",
    "solver.after_moves": ("после {n} хода", "после {n} ходов",
                           "после {n} ходов"),
    "solver.position_solvable": (
        "Эту позицию можно выиграть за {n} ход.",
        "Эту позицию можно выиграть за {n} хода.",
        "Эту позицию можно выиграть за {n} ходов."),
    "solver.position_unsolvable": "Эту позицию выиграть нельзя.",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Раздачи: {mode}\n(щелчок или W — сменить)",
    "winnable.mode.on": "выигрышные",
    "winnable.mode.off": "любые",
    "winnable.deal.winnable": "Раздача выигрышная",
    "winnable.deal.unscreened": "Раздача не проверена",
    "winnable.looking": ("Поиск выигрышной раздачи:\nпроверена {n}\n"
                         "(щелчок или U — пропустить)",
                         "Поиск выигрышной раздачи:\nпроверено {n}\n"
                         "(щелчок или U — пропустить)",
                         "Поиск выигрышной раздачи:\nпроверено {n}\n"
                         "(щелчок или U — пропустить)"),
}

# -------------------------------------------------------------- Greek --
# PySolFC has no Greek catalog, so its menus stay English; our own texts
# are Greek, with the terms of the el rules page (μάνα, σωρός, θέση,
# πλέγμα, φιγούρες, απομάκρυνση, μοιρασιά).

EL = {
    "camelot.phase.1": "Φάση 1:\nμοιράστε και\nτοποθετήστε",
    "camelot.phase.2": "Φάση 2:\nαπομακρύνετε δεκάρια\nκαι ζευγάρια του 10",
    "camelot.hints.label": "Υποδείξεις: {mode}\n(κλικ ή M για αλλαγή)",
    "camelot.hints.fair": "τίμιες",
    "camelot.hints.perfect": "τέλειες",
    "camelot.score": "{score}/{max}",
    "camelot.mark.king": "K",
    "camelot.mark.queen": "Q",
    "camelot.mark.jack": "J",
    "camelot.help.slot": "Θέση {slot}: οποιοδήποτε αριθμητικό φύλλο",
    "camelot.help.king_slot": "Θέση {slot}: ρήγας ή αριθμητικό φύλλο",
    "camelot.help.queen_slot": "Θέση {slot}: ντάμα ή αριθμητικό φύλλο",
    "camelot.help.jack_slot": "Θέση {slot}: βαλές ή αριθμητικό φύλλο",
    "camelot.help.discard": "Φύλλα που απομακρύνθηκαν",
    "camelot.save.other":
        "Δεν είναι αποθηκευμένη παρτίδα του {game} αυτής της έκδοσης.",
    "camelot.save.damaged":
        "Η αποθηκευμένη παρτίδα του {game} είναι κατεστραμμένη: {reason}",
    "camelot.save.stacks": "έχει λάθος αριθμό στοιβών",
    "camelot.save.card": "η στοίβα {stack} έχει φύλλο που δεν ανήκει εκεί",
    "camelot.save.crowded": "μια θέση ή ο σωρός έχει πάνω από ένα φύλλο",
    "camelot.save.missing": "λείπουν φύλλα",
    "camelot.save.rules": "τα φύλλα παραβαίνουν τους κανόνες ({detail})",
    "plot.stock": "Μάνα: {count}",
    "plot.reserve": "Απόθεμα: {count}",
    "plot.base_rank": "Βασική\nαξία: {rank}",
    "plot.restricted":
        "Οι άλλες βάσεις ανοίγουν όταν η πρώτη έχει 13: {count}/{full}",
    "plot.open": "Όλες οι βάσεις είναι ανοιχτές",
    "plot.hints.label": "Υποδείξεις: {mode}\n(κλικ ή M για αλλαγή)",
    "plot.hints.fair": "τίμιες",
    "plot.hints.perfect": "τέλειες",
    "plot.help.stock": "Μάνα: ένα κλικ μοιράζει ένα φύλλο στον σωρό, μία "
                       "φορά",
    "plot.help.waste": "Σωρός: το πάνω φύλλο πάει σε βάση, σε στοίβα ή σε "
                       "κενή θέση",
    "plot.help.reserve": "Απόθεμα: το πάνω φύλλο πάει μόνο στις βάσεις",
    "plot.help.first_foundation": "Πρώτη βάση: από τη βασική αξία ως τα "
                                  "13 φύλλα· μετά ανοίγουν οι άλλες",
    "plot.help.foundation": "Βάση: ένα φύλλο της βασικής αξίας, μετά προς "
                            "τα πάνω ως τα 13 φύλλα",
    "plot.help.tableau": "Στοίβα του ταμπλό: προς τα κάτω· ένα φύλλο της "
                         "βασικής αξίας μένει μόνο του· μια κενή θέση "
                         "παίρνει το φύλλο του σωρού",
    "plot.save.other":
        "Δεν είναι αποθηκευμένη παρτίδα του {game} αυτής της έκδοσης.",
    "plot.save.damaged":
        "Η αποθηκευμένη παρτίδα του {game} είναι κατεστραμμένη: {reason}",
    "plot.save.stacks": "έχει λάθος αριθμό στοιβών",
    "plot.save.card": "η στοίβα {stack} έχει φύλλο που δεν ανήκει εκεί",
    "plot.save.missing": "λείπουν φύλλα",
    "plot.save.rules": "τα φύλλα παραβαίνουν τους κανόνες ({detail})",
    "camelot.speech.stock": ("Μάνα: {n} φύλλο", "Μάνα: {n} φύλλα"),
    "camelot.speech.waste": "{card} - σωρός",
    "camelot.speech.waste_empty": "Ο σωρός είναι άδειος",
    "camelot.speech.slot.king": "θέση ρήγα",
    "camelot.speech.slot.queen": "θέση ντάμας",
    "camelot.speech.slot.jack": "θέση βαλέ",
    "camelot.speech.slot.middle": "μεσαία θέση",
    "camelot.speech.empty.king": "Κενή θέση ρήγα",
    "camelot.speech.empty.queen": "Κενή θέση ντάμας",
    "camelot.speech.empty.jack": "Κενή θέση βαλέ",
    "camelot.speech.empty.middle": "Κενή μεσαία θέση",
    "camelot.speech.removed": ("Απομακρύνθηκε {n} φύλλο",
                               "Απομακρύνθηκαν {n} φύλλα"),
    "camelot.speech.last_removed": "το τελευταίο: {card}",
    "camelot.speech.score": "Πόντοι: {score} από {max}",
    "plot.speech.stock": ("Μάνα: {n} φύλλο", "Μάνα: {n} φύλλα"),
    "plot.speech.waste": ("Σωρός: {n} φύλλο", "Σωρός: {n} φύλλα"),
    "plot.speech.reserve": ("Ρεζέρβα: {n} φύλλο", "Ρεζέρβα: {n} φύλλα"),
    "plot.speech.top": "πάνω: {card}",
    "plot.speech.first_foundation":
        "Πρώτη βάση, βασική αξία {rank}: {count} από 13",
    "plot.speech.foundation": "Βάση {i}: {count} από 13",
    "plot.speech.foundation_empty": "Βάση {i}: κενή, δέχεται {rank}",
    "plot.speech.foundation_closed":
        "Βάση {i}: κλειστή ώσπου η πρώτη να έχει 13 φύλλα",
    "plot.speech.pile": "στοίβα {i} του ταμπλό",
    "plot.speech.space": "Στοίβα {i} του ταμπλό: κενή θέση",
    "plot.speech.space_restricted":
        "Στοίβα {i} του ταμπλό: κενή θέση, μόνο για {rank}",
    "plot.speech.score": "Πόντοι: {score} από {max}",
    "solver.stop": "Διακοπή",
    "solver.seconds": "{seconds} δευτ.",
    "solver.searching": "Αναζήτηση...",
    "solver.solvable": ("Η παρτίδα λύνεται σε {n} κίνηση.",
                        "Η παρτίδα λύνεται σε {n} κινήσεις."),
    "solver.unsolvable": "Αυτή η μοιρασιά δεν μπορεί να κερδηθεί.",
    "solver.gave_up": "Το όριο επαναλήψεων εξαντλήθηκε σε {seconds} δευτ. "
                      "χωρίς απάντηση.",
    "solver.stopped": "Διακόπηκε. Η παρτίδα δεν άλλαξε.",
    "solver.title": "PySolFC - επιλυτής: {game}",
    "solver.field.time": "Χρόνος:",
    "solver.field.position": "Θέση:",
    "solver.field.states": "Καταστάσεις:",
    "solver.field.max_states": "Μέγιστες καταστάσεις:",
    "solver.at_start": "η μοιρασιά όπως μοιράστηκε",
    "solver.after_moves": ("μετά από {n} κίνηση", "μετά από {n} κινήσεις"),
    "solver.position_solvable": (
        "Αυτή η θέση μπορεί να κερδηθεί σε {n} κίνηση.",
        "Αυτή η θέση μπορεί να κερδηθεί σε {n} κινήσεις."),
    "solver.position_unsolvable": "Αυτή η θέση δεν μπορεί να κερδηθεί.",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Μοιρασιές: {mode}\n(κλικ ή W για αλλαγή)",
    "winnable.mode.on": "κερδίσιμες",
    "winnable.mode.off": "όλες",
    "winnable.deal.winnable": "Κερδίσιμη μοιρασιά",
    "winnable.deal.unscreened": "Μοιρασιά χωρίς έλεγχο",
    "winnable.looking": ("Αναζήτηση κερδίσιμης\nμοιρασιάς: δοκιμάστηκε {n}\n"
                         "(κλικ ή U για παράλειψη)",
                         "Αναζήτηση κερδίσιμης\nμοιρασιάς: δοκιμάστηκαν {n}"
                         "\n(κλικ ή U για παράλειψη)"),
}

# ------------------------------------------------------------- French --
# Terms: «pioche» (PySolFC: «talon»), «défausse», «case», «grille»,
# «retirer», «figure», «carte numérale», «donne»; as the fr rules page.
# A narrow no-break space is not used: Tk shows U+00A0 before ":".

FR = {
    "camelot.phase.1": "Phase 1\u00a0:\ndistribuez et\nposez les cartes",
    "camelot.phase.2": "Phase 2\u00a0:\nretirez les dix\net les paires de 10",
    "camelot.hints.label": "Indices\u00a0: {mode}\n(clic ou M pour changer)",
    "camelot.hints.fair": "loyaux",
    "camelot.hints.perfect": "parfaits",
    "camelot.score": "{score}/{max}",
    "camelot.mark.king": "K",
    "camelot.mark.queen": "Q",
    "camelot.mark.jack": "J",
    "camelot.help.slot": "Case {slot}\u00a0: toute carte numérale",
    "camelot.help.king_slot": "Case {slot}\u00a0: un roi ou une carte "
                              "numérale",
    "camelot.help.queen_slot": "Case {slot}\u00a0: une dame ou une carte "
                               "numérale",
    "camelot.help.jack_slot": "Case {slot}\u00a0: un valet ou une carte "
                              "numérale",
    "camelot.help.discard": "Cartes retirées",
    "camelot.save.other":
        "Ce n’est pas une partie de {game} sauvegardée par cette version.",
    "camelot.save.damaged":
        "Cette partie de {game} sauvegardée est endommagée\u00a0: {reason}",
    "camelot.save.stacks": "le nombre de piles est faux",
    "camelot.save.card": "la pile {stack} contient une carte qui n’a rien "
                         "à y faire",
    "camelot.save.crowded": "une case ou la défausse contient plus d’une "
                            "carte",
    "camelot.save.missing": "il manque des cartes",
    "camelot.save.rules": "les cartes enfreignent les règles ({detail})",
    "plot.stock": "Pioche\u00a0: {count}",
    "plot.reserve": "Réserve\u00a0: {count}",
    "plot.base_rank": "Valeur\nde base\u00a0: {rank}",
    "plot.restricted": "Les autres fondations s’ouvrent quand la première "
                       "en a 13\u00a0: {count}/{full}",
    "plot.open": "Toutes les fondations sont ouvertes",
    "plot.hints.label": "Indices\u00a0: {mode}\n(clic ou M pour changer)",
    "plot.hints.fair": "loyaux",
    "plot.hints.perfect": "parfaits",
    "plot.help.stock": "Pioche\u00a0: un clic retourne une carte sur la "
                       "défausse, une seule fois",
    "plot.help.waste": "Défausse\u00a0: sa carte va sur une fondation, sur "
                       "une pile ou dans une place vide",
    "plot.help.reserve": "Réserve\u00a0: sa carte du dessus ne va que sur "
                         "les fondations",
    "plot.help.first_foundation": "Première fondation\u00a0: de la valeur "
                                  "de base à 13 cartes\u00a0; puis les "
                                  "autres s’ouvrent",
    "plot.help.foundation": "Fondation\u00a0: une carte de la valeur de "
                            "base, puis en montant jusqu’à 13 cartes",
    "plot.help.tableau": "Pile du tableau\u00a0: en descendant\u00a0; une "
                         "carte de la valeur de base reste seule\u00a0; "
                         "une place vide prend la carte de la défausse",
    "plot.save.other":
        "Ce n’est pas une partie de {game} sauvegardée par cette version.",
    "plot.save.damaged":
        "Cette partie de {game} sauvegardée est endommagée\u00a0: {reason}",
    "plot.save.stacks": "le nombre de piles est faux",
    "plot.save.card": "la pile {stack} contient une carte qui n’a rien "
                      "à y faire",
    "plot.save.missing": "il manque des cartes",
    "plot.save.rules": "les cartes enfreignent les règles ({detail})",
    "camelot.speech.stock": ("Pioche\u00a0: {n} carte",
                             "Pioche\u00a0: {n} cartes"),
    "camelot.speech.waste": "{card} - défausse",
    "camelot.speech.waste_empty": "Défausse vide",
    "camelot.speech.slot.king": "case du roi",
    "camelot.speech.slot.queen": "case de la dame",
    "camelot.speech.slot.jack": "case du valet",
    "camelot.speech.slot.middle": "case du milieu",
    "camelot.speech.empty.king": "Case du roi vide",
    "camelot.speech.empty.queen": "Case de la dame vide",
    "camelot.speech.empty.jack": "Case du valet vide",
    "camelot.speech.empty.middle": "Case du milieu vide",
    "camelot.speech.removed": ("{n} carte retirée", "{n} cartes retirées"),
    "camelot.speech.last_removed": "la dernière\u00a0: {card}",
    "camelot.speech.score": "Score\u00a0: {score} sur {max}",
    "plot.speech.stock": ("Pioche\u00a0: {n} carte",
                          "Pioche\u00a0: {n} cartes"),
    "plot.speech.waste": ("Défausse\u00a0: {n} carte",
                          "Défausse\u00a0: {n} cartes"),
    "plot.speech.reserve": ("Réserve\u00a0: {n} carte",
                            "Réserve\u00a0: {n} cartes"),
    "plot.speech.top": "dessus\u00a0: {card}",
    "plot.speech.first_foundation":
        "Première fondation, valeur de base {rank}\u00a0: {count} sur 13",
    "plot.speech.foundation": "Fondation {i}\u00a0: {count} sur 13",
    "plot.speech.foundation_empty":
        "Fondation {i}\u00a0: vide, elle prend un {rank}",
    "plot.speech.foundation_closed":
        "Fondation {i}\u00a0: fermée tant que la première n’a pas 13 cartes",
    "plot.speech.pile": "pile {i} du tableau",
    "plot.speech.space": "Pile {i} du tableau\u00a0: emplacement vide",
    "plot.speech.space_restricted":
        "Pile {i} du tableau\u00a0: emplacement vide, seulement pour un {rank}",
    "plot.speech.score": "Score\u00a0: {score} sur {max}",
    "solver.stop": "Stop",                       # PySolFC: Stop
    "solver.seconds": "{seconds}\u00a0s",
    "solver.searching": "Recherche...",
    # PySolFC's own wording of "This game is solvable in %d moves."
    "solver.solvable": ("Ce jeu est résoluble en {n} déplacement.",
                        "Ce jeu est résoluble en {n} déplacements."),
    "solver.unsolvable": "Cette donne ne peut pas être gagnée.",
    "solver.gave_up": "Nombre d’itérations dépassé après {seconds}\u00a0s, "
                      "sans réponse.",
    "solver.stopped": "Arrêté. La partie n’a pas changé.",
    "solver.title": "PySolFC - Solveur\u00a0: {game}",
    "solver.field.time": "Durée\u00a0:",
    "solver.field.position": "Position\u00a0:",
    "solver.field.states": "États\u00a0:",
    "solver.field.max_states": "États au plus\u00a0:",
    "solver.at_start": "la donne telle que distribuée",
    "solver.after_moves": ("après {n} coup", "après {n} coups"),
    "solver.position_solvable": (
        "Cette position peut être gagnée en {n} coup.",
        "Cette position peut être gagnée en {n} coups."),
    "solver.position_unsolvable": "Cette position ne peut pas être gagnée.",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Donnes\u00a0: {mode}\n(clic ou W pour changer)",
    "winnable.mode.on": "gagnables",
    "winnable.mode.off": "toutes",
    "winnable.deal.winnable": "Donne gagnable",
    "winnable.deal.unscreened": "Donne non vérifiée",
    "winnable.looking": ("Recherche d’une donne\ngagnable\u00a0: {n} essayée\n"
                         "(clic ou U pour passer)",
                         "Recherche d’une donne\ngagnable\u00a0: {n} essayées"
                         "\n(clic ou U pour passer)"),
}

TABLES = {"en": EN, "ru": RU, "el": EL, "fr": FR}
LANGUAGES = tuple(TABLES)


def language(environ=None):
    """The language our texts speak: PySolFC's language setting if we have
    it, else the locale's first language we have, else English.  The same
    choice as the rules pages' (``rulespages.choose_language``)."""
    from . import rulespages
    lang = rulespages.choose_language(environ=environ)
    return lang if lang in TABLES else DEFAULT_LANGUAGE


def tr(key, lang=None, n=None, **fields):
    """The text for key in lang (None: ``language()``), with ``fields``
    (and ``n``) filled in; ``n`` also picks the plural form."""
    if lang not in TABLES:
        lang = language() if lang is None else DEFAULT_LANGUAGE
    text = TABLES[lang].get(key)
    if text is None:                    # a missing translation: English
        lang, text = DEFAULT_LANGUAGE, EN[key]
    if isinstance(text, tuple):
        if n is None:
            raise TypeError("%s has plural forms: give n" % key)
        text = text[PLURAL_FORMS[lang][1](abs(int(n)))]
    if n is not None:
        fields["n"] = n
    return text.format(**fields)
