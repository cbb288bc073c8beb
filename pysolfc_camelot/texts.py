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
the rules pages choose theirs (``languages.choose_language``): PySolFC's
own language setting, then the locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), then English.  ``language()`` says which one
that is.

Keys are namespaced: ``camelot.*`` for Camelot (camelot/game.py),
``plot.*`` for The Plot (plot/game.py), ``game.*`` for what every game
says alike (the hint label, a damaged save, the stock and score spoken),
``solver.*`` for the Solver dialog every game of this package shares
(solver_search.py).  A new game adds its
own ``<game>.*`` keys to ``EN`` and, in the same place, to every other
table; ``tests/test_texts.py`` then checks that no language lacks a key,
has one too many, changes a placeholder or leaves a text in English, and
that every key is used somewhere in the package (keys must appear as
string literals, e.g. ``"plot.help.stock"``, or be built from a literal
prefix the test knows).  An unknown key raises ``KeyError``, so a typo
fails loudly in the tests rather than showing up on the table.

Standard library only: this runs inside PySolFC's own interpreter.
"""
from . import languages

DEFAULT_LANGUAGE = languages.DEFAULT_LANGUAGE


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
    "camelot.phase.2": "Phase 2:\nremove tens\nand pairs making 10",
    # The hint label; a click on it switches the hint mode.
    "game.hints.label": "Hints: {mode}\n(click or M to change)",
    "game.hints.fair": "fair",
    "game.hints.perfect": "perfect",
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
    "game.save.other": "This is not a {game} save of this version.",
    "game.save.damaged": "This {game} save is damaged: {reason}",
    "game.save.stacks": "it has the wrong number of stacks",
    "game.save.card": "stack {stack} holds a card that cannot be there",
    "camelot.save.crowded": "a slot or the waste holds more than one card",
    "game.save.missing": "cards are missing",
    # (In English the rules model's own reason follows in brackets; see
    # rules_broken below.)
    "game.save.rules": "the cards break the rules",
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
    # What each pile is (PySolFC's help line for the stack).
    "plot.help.stock": "Stock: a click deals one card to the waste; no "
                       "redeal",
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
    # The Solver dialog (Assist > Solver), shared by our games.
    # Speech (PySolFC 3.4 and later read these to a screen reader).
    "game.speech.stock": ("Stock: {n} card", "Stock: {n} cards"),
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
    "game.speech.score": "Score: {score} of {max}",
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
    # -- What went wrong (post_mortem.py, review.py): the W key, or a click
    # on the table text under the hint label, asks the solver where the
    # game was lost.  Moves are numbered as PySolFC's status bar counts
    # them.  The dialog's lines are wrapped by the game.
    "solver.review.title": "What went wrong",
    "solver.review.offer": "What went wrong?\n(click or W)",
    "solver.review.offer_stuck": "No moves left.\nWhat went wrong?\n"
                                 "(click or W)",
    "solver.review.working": "Looking back... {seconds} s\n"
                             "(click or W to stop)",
    "solver.review.better_here": "A better move here:\n{move}",
    "solver.review.never": "This deal could never be won, whatever the "
                           "moves.",
    "solver.review.won": "The game was won: nothing went wrong.",
    "solver.review.start": "The deal could be won from the start.",
    "solver.review.still": "This position can still be won.",
    "solver.review.lost_first": "A win was possible before the first move;"
                                " move 1, {move}, threw it away.",
    "solver.review.lost_after": "A win was still possible after move {k}; "
                                "move {n}, {move}, threw it away.",
    "solver.review.instead": "Instead, {move} keeps the win.",
    "solver.review.next": "Next, {move} keeps the win.",
    "solver.review.undecided": "Could not be decided in {seconds} s.",
    "solver.review.stopped": "Stopped: nothing more was decided.",
    "solver.review.proved_deal": "Proved: the deal could be won.",
    "solver.review.proved_win": "Proved: a win was still possible after "
                                "move {k}.",
    "solver.review.proved_lost": "Proved: no win was possible any more "
                                 "after move {k}.",
    "solver.review.unreadable": "The moves of this game could not be read:"
                                " {reason}",
    "solver.review.failed": "The analysis failed: {reason}",
    "solver.review.back": "Back to move {k}",
    "solver.review.back_deal": "Back to the deal",
    "solver.review.show": "Show the move",
    "solver.review.close": "Close",
    "solver.review.back_offer": "Back to move {k}\n(click or W)",
    "solver.review.back_deal_offer": "Back to the deal\n(click or W)",
    # Moves named as a player would (camelot/notation.py name_move).
    "camelot.name.deal": "deal {card}",
    "camelot.name.place": "{card} to {slot}",
    "camelot.name.remove": "remove {card}",
    "camelot.name.pair": "remove {a} and {b}",
    # The slots, row by row, as they read after the "to" above.
    "camelot.name.slot.0": "the top-left corner",
    "camelot.name.slot.1": "the left slot of the top edge",
    "camelot.name.slot.2": "the right slot of the top edge",
    "camelot.name.slot.3": "the top-right corner",
    "camelot.name.slot.4": "the upper slot of the left edge",
    "camelot.name.slot.5": "the top-left slot of the centre",
    "camelot.name.slot.6": "the top-right slot of the centre",
    "camelot.name.slot.7": "the upper slot of the right edge",
    "camelot.name.slot.8": "the lower slot of the left edge",
    "camelot.name.slot.9": "the bottom-left slot of the centre",
    "camelot.name.slot.10": "the bottom-right slot of the centre",
    "camelot.name.slot.11": "the lower slot of the right edge",
    "camelot.name.slot.12": "the bottom-left corner",
    "camelot.name.slot.13": "the left slot of the bottom edge",
    "camelot.name.slot.14": "the right slot of the bottom edge",
    "camelot.name.slot.15": "the bottom-right corner",
    # The Plot's moves (plot/notation.py name_move): what moves ({what}),
    # then where to.  F0..F7 are the foundations' names.
    "plot.name.deal": "deal {card}",
    "plot.name.deal_put": "deal {card} and put it",
    "plot.name.from_waste": "{card} from the waste",
    "plot.name.from_reserve": "{card} from the reserve",
    "plot.name.from_pile": "{card} from {pile}",
    "plot.name.to_foundation": "{what} to {f}",
    "plot.name.on_foundation": "{what} on {f}",
    "plot.name.onto": "{what} onto the {card} of {pile}",
    "plot.name.into": "{what} into {pile}",
    # A tableau pile: after "from", after "of" (a card of it) and as the
    # empty pile a card goes into; {nth} is its place in its {row}.
    "plot.name.pile_from": "the {nth} pile of the {row} row",
    "plot.name.pile_of": "the {nth} pile of the {row} row",
    "plot.name.pile_into": "the empty {nth} pile of the {row} row",
    "plot.name.nth_from.1": "first",
    "plot.name.nth_from.2": "second",
    "plot.name.nth_from.3": "third",
    "plot.name.nth_from.4": "fourth",
    "plot.name.nth_of.1": "first",
    "plot.name.nth_of.2": "second",
    "plot.name.nth_of.3": "third",
    "plot.name.nth_of.4": "fourth",
    "plot.name.nth_into.1": "first",
    "plot.name.nth_into.2": "second",
    "plot.name.nth_into.3": "third",
    "plot.name.nth_into.4": "fourth",
    "plot.name.row.1": "top",
    "plot.name.row.2": "middle",
    "plot.name.row.3": "bottom",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Deals: {mode}\n(click or O to change)",
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
    "game.hints.label": "Подсказки: {mode}\n(щелчок или M — сменить)",
    "game.hints.fair": "честные",
    "game.hints.perfect": "идеальные",
    "camelot.score": "{score}/{max}",
    "camelot.mark.king": "K",
    "camelot.mark.queen": "Q",
    "camelot.mark.jack": "J",
    "camelot.help.slot": "Ячейка {slot}: любая числовая карта",
    "camelot.help.king_slot": "Ячейка {slot}: король или числовая карта",
    "camelot.help.queen_slot": "Ячейка {slot}: дама или числовая карта",
    "camelot.help.jack_slot": "Ячейка {slot}: валет или числовая карта",
    "camelot.help.discard": "Убранные карты",
    "game.save.other":
        "Это не сохранённая партия {game} этой версии.",
    "game.save.damaged": "Сохранённая партия {game} повреждена: {reason}",
    "game.save.stacks": "в ней неверное число стопок",
    "game.save.card": "в стопке {stack} лежит карта, которой там не место",
    "camelot.save.crowded": "в ячейке или на сбросе больше одной карты",
    "game.save.missing": "не хватает карт",
    "game.save.rules": "карты разложены не по правилам",
    "plot.stock": "Запас: {count}",
    "plot.reserve": "Резерв: {count}",
    "plot.base_rank": "Базовое\nдостоинство: {rank}",
    "plot.restricted":
        "Остальные базы откроются, когда в первой будет 13: {count}/{full}",
    "plot.open": "Все базы открыты",
    "plot.help.stock": "Запас: щелчок сдаёт одну карту на сброс; "
                       "пересдачи нет",
    "plot.help.waste": "Сброс: верхняя карта идёт на базу, на стопку поля "
                       "или на свободное место",
    "plot.help.reserve": "Резерв: верхняя карта идёт только на базы",
    "plot.help.first_foundation": "Первая база: от базового достоинства "
                                  "до 13 карт; потом открываются остальные",
    "plot.help.foundation": "База: карта базового достоинства, затем по "
                            "возрастанию до 13 карт",
    "plot.help.tableau": "Стопка поля: по убыванию; карта базового "
                         "достоинства лежит одна; свободное место "
                         "занимает карта со сброса",
    "game.speech.stock": ("Запас: {n} карта", "Запас: {n} карты",
                             "Запас: {n} карт"),
    "camelot.speech.waste": "{card} - сброс",
    "camelot.speech.waste_empty": "Сброс: карт нет",
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
    "game.speech.score": "Очки: {score} из {max}",
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
    "solver.stop": "Стоп",                        # PySolFC: Stop
    "solver.seconds": "{seconds}\u00a0с",
    "solver.searching": "Поиск...",
    "solver.solvable": ("Эту раздачу можно выиграть за {n} ход.",
                        "Эту раздачу можно выиграть за {n} хода.",
                        "Эту раздачу можно выиграть за {n} ходов."),
    "solver.unsolvable": "Эту раздачу выиграть нельзя.",
    "solver.gave_up": "Предел итераций достигнут через {seconds}\u00a0с, "
                      "ответа нет.",
    "solver.stopped": "Остановлено. Партия не изменилась.",
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
    # -- Что пошло не так (post_mortem.py, review.py)
    "solver.review.title": "Что пошло не так",
    "solver.review.offer": "Что пошло не так?\n(щелчок или W)",
    "solver.review.offer_stuck": "Ходов больше нет.\nЧто пошло не так?\n"
                                 "(щелчок или W)",
    "solver.review.working": "Разбор партии... {seconds} с\n"
                             "(щелчок или W — стоп)",
    "solver.review.better_here": "Здесь лучше:\n{move}",
    "solver.review.never": "Эту раздачу нельзя было выиграть, как ни "
                           "играй.",
    "solver.review.won": "Партия выиграна: ошибок не было.",
    "solver.review.start": "С самого начала раздачу можно было выиграть.",
    "solver.review.still": "Эту позицию ещё можно выиграть.",
    "solver.review.lost_first": "До первого хода выигрыш был возможен; "
                                "ход 1, {move}, его упустил.",
    "solver.review.lost_after": "После хода {k} выигрыш ещё был возможен; "
                                "ход {n}, {move}, его упустил.",
    "solver.review.instead": "Вместо этого выигрыш сохраняет ход: {move}.",
    "solver.review.next": "Дальше выигрыш сохраняет ход: {move}.",
    "solver.review.undecided": "Не удалось решить за {seconds} с.",
    "solver.review.stopped": "Остановлено: больше ничего не решено.",
    "solver.review.proved_deal": "Доказано: раздачу можно было выиграть.",
    "solver.review.proved_win": "Доказано: после хода {k} выигрыш ещё был "
                                "возможен.",
    "solver.review.proved_lost": "Доказано: после хода {k} выигрыш был уже "
                                 "невозможен.",
    "solver.review.unreadable": "Не удалось прочесть ходы этой партии: "
                                "{reason}",
    "solver.review.failed": "Разбор не удался: {reason}",
    "solver.review.back": "Вернуться к ходу {k}",
    "solver.review.back_deal": "Вернуться к раздаче",
    "solver.review.show": "Показать ход",
    "solver.review.close": "Закрыть",
    "solver.review.back_offer": "Вернуться к ходу {k}\n(щелчок или W)",
    "solver.review.back_deal_offer": "Вернуться к раздаче\n(щелчок или W)",
    "camelot.name.deal": "сдать {card}",
    "camelot.name.place": "{card} в {slot}",
    "camelot.name.remove": "убрать {card}",
    "camelot.name.pair": "убрать {a} и {b}",
    "camelot.name.slot.0": "левый верхний угол",
    "camelot.name.slot.1": "левую ячейку верхнего края",
    "camelot.name.slot.2": "правую ячейку верхнего края",
    "camelot.name.slot.3": "правый верхний угол",
    "camelot.name.slot.4": "верхнюю ячейку левого края",
    "camelot.name.slot.5": "левую верхнюю ячейку центра",
    "camelot.name.slot.6": "правую верхнюю ячейку центра",
    "camelot.name.slot.7": "верхнюю ячейку правого края",
    "camelot.name.slot.8": "нижнюю ячейку левого края",
    "camelot.name.slot.9": "левую нижнюю ячейку центра",
    "camelot.name.slot.10": "правую нижнюю ячейку центра",
    "camelot.name.slot.11": "нижнюю ячейку правого края",
    "camelot.name.slot.12": "левый нижний угол",
    "camelot.name.slot.13": "левую ячейку нижнего края",
    "camelot.name.slot.14": "правую ячейку нижнего края",
    "camelot.name.slot.15": "правый нижний угол",
    "plot.name.deal": "сдать {card}",
    "plot.name.deal_put": "сдать {card} и положить",
    "plot.name.from_waste": "{card} из сброса",
    "plot.name.from_reserve": "{card} из резерва",
    "plot.name.from_pile": "{card} из {pile}",
    "plot.name.to_foundation": "{what} на базу {f}",
    "plot.name.on_foundation": "{what} на базу {f}",
    "plot.name.onto": "{what} на {card} {pile}",
    "plot.name.into": "{what} в {pile}",
    "plot.name.pile_from": "{nth} стопки {row} ряда",
    "plot.name.pile_of": "{nth} стопки {row} ряда",
    "plot.name.pile_into": "пустую {nth} стопку {row} ряда",
    "plot.name.nth_from.1": "первой",
    "plot.name.nth_from.2": "второй",
    "plot.name.nth_from.3": "третьей",
    "plot.name.nth_from.4": "четвёртой",
    "plot.name.nth_of.1": "первой",
    "plot.name.nth_of.2": "второй",
    "plot.name.nth_of.3": "третьей",
    "plot.name.nth_of.4": "четвёртой",
    "plot.name.nth_into.1": "первую",
    "plot.name.nth_into.2": "вторую",
    "plot.name.nth_into.3": "третью",
    "plot.name.nth_into.4": "четвёртую",
    "plot.name.row.1": "верхнего",
    "plot.name.row.2": "среднего",
    "plot.name.row.3": "нижнего",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Раздачи: {mode}\n(щелчок или O — сменить)",
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
# are Greek, with the terms of the el rules page (μάνα, σωρός, ρεζέρβα
# (AisleRiot's word for the reserve), θέση, πλέγμα, φιγούρες, απομάκρυνση,
# μοιρασιά).

EL = {
    "camelot.phase.1": "Φάση 1:\nμοιράστε και\nτοποθετήστε",
    "camelot.phase.2":
        "Φάση 2:\nαπομακρύνετε δεκάρια\nκαι ζεύγη με άθροισμα 10",
    "game.hints.label": "Υποδείξεις: {mode}\n(κλικ ή M για αλλαγή)",
    "game.hints.fair": "τίμιες",
    "game.hints.perfect": "τέλειες",
    "camelot.score": "{score}/{max}",
    "camelot.mark.king": "K",
    "camelot.mark.queen": "Q",
    "camelot.mark.jack": "J",
    "camelot.help.slot": "Θέση {slot}: οποιοδήποτε αριθμητικό φύλλο",
    "camelot.help.king_slot": "Θέση {slot}: ρήγας ή αριθμητικό φύλλο",
    "camelot.help.queen_slot": "Θέση {slot}: ντάμα ή αριθμητικό φύλλο",
    "camelot.help.jack_slot": "Θέση {slot}: βαλές ή αριθμητικό φύλλο",
    "camelot.help.discard": "Φύλλα που απομακρύνθηκαν",
    "game.save.other":
        "Δεν είναι αποθηκευμένη παρτίδα του {game} αυτής της έκδοσης.",
    "game.save.damaged":
        "Η αποθηκευμένη παρτίδα του {game} είναι κατεστραμμένη: {reason}",
    "game.save.stacks": "έχει λάθος αριθμό στοιβών",
    "game.save.card": "η στοίβα {stack} έχει φύλλο που δεν ανήκει εκεί",
    "camelot.save.crowded": "μια θέση ή ο σωρός έχει πάνω από ένα φύλλο",
    "game.save.missing": "λείπουν φύλλα",
    "game.save.rules": "τα φύλλα παραβαίνουν τους κανόνες",
    "plot.stock": "Μάνα: {count}",
    "plot.reserve": "Ρεζέρβα: {count}",
    "plot.base_rank": "Βασική\nαξία: {rank}",
    "plot.restricted":
        "Οι άλλες βάσεις ανοίγουν όταν η πρώτη έχει 13: {count}/{full}",
    "plot.open": "Όλες οι βάσεις είναι ανοιχτές",
    "plot.help.stock": "Μάνα: ένα κλικ μοιράζει ένα φύλλο στον σωρό· "
                       "χωρίς νέο μοίρασμα",
    "plot.help.waste": "Σωρός: το πάνω φύλλο πάει σε βάση, σε στοίβα ή σε "
                       "κενή θέση",
    "plot.help.reserve": "Ρεζέρβα: το πάνω φύλλο πάει μόνο στις βάσεις",
    "plot.help.first_foundation": "Πρώτη βάση: από τη βασική αξία ως τα "
                                  "13 φύλλα· μετά ανοίγουν οι άλλες",
    "plot.help.foundation": "Βάση: ένα φύλλο της βασικής αξίας, μετά προς "
                            "τα πάνω ως τα 13 φύλλα",
    "plot.help.tableau": "Στοίβα του ταμπλό: προς τα κάτω· ένα φύλλο της "
                         "βασικής αξίας μένει μόνο του· μια κενή θέση "
                         "παίρνει το πάνω φύλλο του σωρού",
    "game.speech.stock": ("Μάνα: {n} φύλλο", "Μάνα: {n} φύλλα"),
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
    "game.speech.score": "Πόντοι: {score} από {max}",
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
    # -- Τι πήγε στραβά (post_mortem.py, review.py)
    "solver.review.title": "Τι πήγε στραβά",
    "solver.review.offer": "Τι πήγε στραβά;\n(κλικ ή W)",
    "solver.review.offer_stuck": "Δεν υπάρχουν κινήσεις.\nΤι πήγε στραβά;\n"
                                 "(κλικ ή W)",
    "solver.review.working": "Ανασκόπηση... {seconds} δευτ.\n"
                             "(κλικ ή W για διακοπή)",
    "solver.review.better_here": "Καλύτερη κίνηση εδώ:\n{move}",
    "solver.review.never": "Αυτή η μοιρασιά δεν κερδιζόταν ποτέ, όποιες "
                           "κινήσεις κι αν γίνονταν.",
    "solver.review.won": "Η παρτίδα κερδήθηκε: τίποτα δεν πήγε στραβά.",
    "solver.review.start": "Η μοιρασιά κερδιζόταν από την αρχή.",
    "solver.review.still": "Αυτή η θέση κερδίζεται ακόμη.",
    "solver.review.lost_first": "Πριν από την πρώτη κίνηση η νίκη ήταν "
                                "δυνατή· η κίνηση 1, {move}, τη χάλασε.",
    "solver.review.lost_after": "Μετά την κίνηση {k} η νίκη ήταν ακόμη "
                                "δυνατή· η κίνηση {n}, {move}, τη χάλασε.",
    "solver.review.instead": "Αντί γι' αυτό, η κίνηση {move} κρατά τη νίκη.",
    "solver.review.next": "Στη συνέχεια, η κίνηση {move} κρατά τη νίκη.",
    "solver.review.undecided": "Δεν κρίθηκε σε {seconds} δευτ.",
    "solver.review.stopped": "Διακόπηκε: τίποτα άλλο δεν κρίθηκε.",
    "solver.review.proved_deal": "Αποδείχθηκε: η μοιρασιά κερδιζόταν.",
    "solver.review.proved_win": "Αποδείχθηκε: μετά την κίνηση {k} η νίκη "
                                "ήταν ακόμη δυνατή.",
    "solver.review.proved_lost": "Αποδείχθηκε: μετά την κίνηση {k} η νίκη "
                                 "δεν ήταν πια δυνατή.",
    "solver.review.unreadable": "Οι κινήσεις αυτής της παρτίδας δεν "
                                "διαβάστηκαν: {reason}",
    "solver.review.failed": "Η ανάλυση απέτυχε: {reason}",
    "solver.review.back": "Πίσω στην κίνηση {k}",
    "solver.review.back_deal": "Πίσω στη μοιρασιά",
    "solver.review.show": "Δείξε την κίνηση",
    "solver.review.close": "Κλείσιμο",
    "solver.review.back_offer": "Πίσω στην κίνηση {k}\n(κλικ ή W)",
    "solver.review.back_deal_offer": "Πίσω στη μοιρασιά\n(κλικ ή W)",
    "camelot.name.deal": "μοίρασμα του {card}",
    "camelot.name.place": "το {card} {slot}",
    "camelot.name.remove": "απομάκρυνση του {card}",
    "camelot.name.pair": "απομάκρυνση των {a} και {b}",
    "camelot.name.slot.0": "στην πάνω αριστερή γωνία",
    "camelot.name.slot.1": "στην αριστερή θέση της πάνω άκρης",
    "camelot.name.slot.2": "στη δεξιά θέση της πάνω άκρης",
    "camelot.name.slot.3": "στην πάνω δεξιά γωνία",
    "camelot.name.slot.4": "στην πάνω θέση της αριστερής άκρης",
    "camelot.name.slot.5": "στην πάνω αριστερή θέση του κέντρου",
    "camelot.name.slot.6": "στην πάνω δεξιά θέση του κέντρου",
    "camelot.name.slot.7": "στην πάνω θέση της δεξιάς άκρης",
    "camelot.name.slot.8": "στην κάτω θέση της αριστερής άκρης",
    "camelot.name.slot.9": "στην κάτω αριστερή θέση του κέντρου",
    "camelot.name.slot.10": "στην κάτω δεξιά θέση του κέντρου",
    "camelot.name.slot.11": "στην κάτω θέση της δεξιάς άκρης",
    "camelot.name.slot.12": "στην κάτω αριστερή γωνία",
    "camelot.name.slot.13": "στην αριστερή θέση της κάτω άκρης",
    "camelot.name.slot.14": "στη δεξιά θέση της κάτω άκρης",
    "camelot.name.slot.15": "στην κάτω δεξιά γωνία",
    "plot.name.deal": "μοίρασμα του {card}",
    "plot.name.deal_put": "μοίρασμα του {card} και τοποθέτηση",
    "plot.name.from_waste": "το {card} από τον σωρό",
    "plot.name.from_reserve": "το {card} από το απόθεμα",
    "plot.name.from_pile": "το {card} από {pile}",
    "plot.name.to_foundation": "{what} στη βάση {f}",
    "plot.name.on_foundation": "{what} στη βάση {f}",
    "plot.name.onto": "{what} πάνω στο {card} {pile}",
    "plot.name.into": "{what} στην {pile}",
    "plot.name.pile_from": "την {nth} στοίβα της {row} σειράς",
    "plot.name.pile_of": "της {nth} στοίβας της {row} σειράς",
    "plot.name.pile_into": "άδεια {nth} στοίβα της {row} σειράς",
    "plot.name.nth_from.1": "πρώτη",
    "plot.name.nth_from.2": "δεύτερη",
    "plot.name.nth_from.3": "τρίτη",
    "plot.name.nth_from.4": "τέταρτη",
    "plot.name.nth_of.1": "πρώτης",
    "plot.name.nth_of.2": "δεύτερης",
    "plot.name.nth_of.3": "τρίτης",
    "plot.name.nth_of.4": "τέταρτης",
    "plot.name.nth_into.1": "πρώτη",
    "plot.name.nth_into.2": "δεύτερη",
    "plot.name.nth_into.3": "τρίτη",
    "plot.name.nth_into.4": "τέταρτη",
    "plot.name.row.1": "πάνω",
    "plot.name.row.2": "μεσαίας",
    "plot.name.row.3": "κάτω",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Μοιρασιές: {mode}\n(κλικ ή O για αλλαγή)",
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
    "camelot.phase.2":
        "Phase 2\u00a0:\nretirez les dix\net les paires qui font 10",
    "game.hints.label": "Indices\u00a0: {mode}\n(clic ou M pour changer)",
    "game.hints.fair": "loyaux",
    "game.hints.perfect": "parfaits",
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
    "game.save.other":
        "Ce n’est pas une partie de {game} sauvegardée par cette version.",
    "game.save.damaged":
        "Cette partie sauvegardée de {game} est endommagée\u00a0: {reason}",
    "game.save.stacks": "le nombre de piles est incorrect",
    "game.save.card": "la pile {stack} contient une carte qui n’a rien "
                         "à y faire",
    "camelot.save.crowded": "une case ou la défausse contient plus d’une "
                            "carte",
    "game.save.missing": "il manque des cartes",
    "game.save.rules": "les cartes enfreignent les règles",
    "plot.stock": "Pioche\u00a0: {count}",
    "plot.reserve": "Réserve\u00a0: {count}",
    "plot.base_rank": "Valeur\nde base\u00a0: {rank}",
    "plot.restricted": "Les autres fondations s’ouvrent quand la première "
                       "en a 13\u00a0: {count}/{full}",
    "plot.open": "Toutes les fondations sont ouvertes",
    "plot.help.stock": "Pioche\u00a0: un clic retourne une carte sur la "
                       "défausse\u00a0; pas de redistribution",
    "plot.help.waste": "Défausse\u00a0: sa carte du dessus va sur une "
                       "fondation, sur une pile ou dans un emplacement vide",
    "plot.help.reserve": "Réserve\u00a0: sa carte du dessus ne va que sur "
                         "les fondations",
    "plot.help.first_foundation": "Première fondation\u00a0: de la valeur "
                                  "de base à 13 cartes\u00a0; puis les "
                                  "autres s’ouvrent",
    "plot.help.foundation": "Fondation\u00a0: une carte de la valeur de "
                            "base, puis en montant jusqu’à 13 cartes",
    "plot.help.tableau": "Pile du tableau\u00a0: en descendant\u00a0; une "
                         "carte de la valeur de base reste seule\u00a0; "
                         "un emplacement vide prend la carte de la défausse",
    "game.speech.stock": ("Pioche\u00a0: {n} carte",
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
    "game.speech.score": "Score\u00a0: {score} sur {max}",
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
    # -- Ce qui n’a pas marché (post_mortem.py, review.py)
    "solver.review.title": "Ce qui n’a pas marché",
    "solver.review.offer": "Où ai-je perdu\u00a0?\n(clic ou W)",
    "solver.review.offer_stuck": "Plus aucun coup.\nOù ai-je perdu\u00a0?"
                                 "\n(clic ou W)",
    "solver.review.working": "Analyse de la partie... {seconds}\u00a0s\n"
                             "(clic ou W pour arrêter)",
    "solver.review.better_here": "Meilleur coup ici\u00a0:\n{move}",
    "solver.review.never": "Cette donne ne pouvait pas être gagnée, quels "
                           "que soient les coups.",
    "solver.review.won": "La partie est gagnée\u00a0: rien n’a cloché.",
    "solver.review.start": "La donne pouvait être gagnée dès le départ.",
    "solver.review.still": "Cette position peut encore être gagnée.",
    "solver.review.lost_first": "Avant le premier coup, la victoire était "
                                "possible\u00a0; le coup 1, {move}, l’a "
                                "perdue.",
    "solver.review.lost_after": "Après le coup {k}, la victoire était encore"
                                " possible\u00a0; le coup {n}, {move}, l’a "
                                "perdue.",
    "solver.review.instead": "À la place, le coup {move} garde la victoire.",
    "solver.review.next": "Ensuite, le coup {move} garde la victoire.",
    "solver.review.undecided": "Impossible de trancher en {seconds}\u00a0s.",
    "solver.review.stopped": "Arrêté\u00a0: rien de plus n’a été tranché.",
    "solver.review.proved_deal": "Prouvé\u00a0: la donne pouvait être "
                                 "gagnée.",
    "solver.review.proved_win": "Prouvé\u00a0: après le coup {k}, la "
                                "victoire était encore possible.",
    "solver.review.proved_lost": "Prouvé\u00a0: après le coup {k}, la "
                                 "victoire n’était plus possible.",
    "solver.review.unreadable": "Les coups de cette partie n’ont pas pu être"
                                " lus\u00a0: {reason}",
    "solver.review.failed": "L’analyse a échoué\u00a0: {reason}",
    "solver.review.back": "Revenir au coup {k}",
    "solver.review.back_deal": "Revenir à la donne",
    "solver.review.show": "Montrer le coup",
    "solver.review.close": "Fermer",
    "solver.review.back_offer": "Revenir au coup {k}\n(clic ou W)",
    "solver.review.back_deal_offer": "Revenir à la donne\n(clic ou W)",
    "camelot.name.deal": "retourner {card}",
    "camelot.name.place": "{card} dans {slot}",
    "camelot.name.remove": "retirer {card}",
    "camelot.name.pair": "retirer {a} et {b}",
    "camelot.name.slot.0": "le coin supérieur gauche",
    "camelot.name.slot.1": "la case gauche du bord supérieur",
    "camelot.name.slot.2": "la case droite du bord supérieur",
    "camelot.name.slot.3": "le coin supérieur droit",
    "camelot.name.slot.4": "la case haute du bord gauche",
    "camelot.name.slot.5": "la case supérieure gauche du centre",
    "camelot.name.slot.6": "la case supérieure droite du centre",
    "camelot.name.slot.7": "la case haute du bord droit",
    "camelot.name.slot.8": "la case basse du bord gauche",
    "camelot.name.slot.9": "la case inférieure gauche du centre",
    "camelot.name.slot.10": "la case inférieure droite du centre",
    "camelot.name.slot.11": "la case basse du bord droit",
    "camelot.name.slot.12": "le coin inférieur gauche",
    "camelot.name.slot.13": "la case gauche du bord inférieur",
    "camelot.name.slot.14": "la case droite du bord inférieur",
    "camelot.name.slot.15": "le coin inférieur droit",
    "plot.name.deal": "retourner {card}",
    "plot.name.deal_put": "retourner {card} et le poser",
    "plot.name.from_waste": "{card} de la défausse",
    "plot.name.from_reserve": "{card} de la réserve",
    "plot.name.from_pile": "{card} de {pile}",
    "plot.name.to_foundation": "{what} sur la fondation {f}",
    "plot.name.on_foundation": "{what} sur la fondation {f}",
    "plot.name.onto": "{what} sur le {card} de {pile}",
    "plot.name.into": "{what} dans {pile}",
    "plot.name.pile_from": "la {nth} pile de la rangée {row}",
    "plot.name.pile_of": "la {nth} pile de la rangée {row}",
    "plot.name.pile_into": "la {nth} pile vide de la rangée {row}",
    "plot.name.nth_from.1": "première",
    "plot.name.nth_from.2": "deuxième",
    "plot.name.nth_from.3": "troisième",
    "plot.name.nth_from.4": "quatrième",
    "plot.name.nth_of.1": "première",
    "plot.name.nth_of.2": "deuxième",
    "plot.name.nth_of.3": "troisième",
    "plot.name.nth_of.4": "quatrième",
    "plot.name.nth_into.1": "première",
    "plot.name.nth_into.2": "deuxième",
    "plot.name.nth_into.3": "troisième",
    "plot.name.nth_into.4": "quatrième",
    "plot.name.row.1": "du haut",
    "plot.name.row.2": "du milieu",
    "plot.name.row.3": "du bas",
    # -- winnable deals only (winnable_deals.py), both games --
    "winnable.label": "Donnes\u00a0: {mode}\n(clic ou O pour changer)",
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
    choice as the rules pages' (``languages.choose_language``)."""
    lang = languages.choose_language(environ=environ)
    return lang if lang in TABLES else DEFAULT_LANGUAGE


def _lang(lang):
    """lang if we speak it; None: the player's; anything else: English."""
    if lang not in TABLES:
        lang = language() if lang is None else DEFAULT_LANGUAGE
    return lang


def tr(key, lang=None, n=None, **fields):
    """The text for key in lang (None: ``language()``), with ``fields``
    (and ``n``) filled in; ``n`` also picks the plural form."""
    lang = _lang(lang)
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


# Languages that write a decimal comma: 12,3 s, 48,3 %.
DECIMAL_COMMA = ("ru", "el", "fr")


def decimal(value, digits=1, lang=None):
    """A number with ``digits`` decimals as lang (None: the player's)
    writes it: 12.3 -> "12.3" in English, "12,3" in Russian, Greek and
    French.  The Solver dialog's seconds and the rules pages' shares."""
    text = "%.*f" % (digits, value)
    return text.replace(".", ",") if _lang(lang) in DECIMAL_COMMA else text


def rules_broken(key, detail, lang=None):
    """Why a save cannot be loaded when its cards break the rules: the
    text of key (``<game>.save.rules``), and where the player reads
    English the rules model's own explanation after it in brackets.  The
    rules models explain in English only (the command line shows the same
    words); in another language that explanation would put English inside
    a translated sentence, so it is left out there."""
    lang = _lang(lang)
    text = tr(key, lang=lang)
    return "%s (%s)" % (text, detail) if lang == "en" else text
