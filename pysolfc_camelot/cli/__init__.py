# SPDX-License-Identifier: GPL-3.0-or-later
"""The command line: ``python -m pysolfc_camelot COMMAND ...``."""
import argparse
import json
import os
import sys

from .. import __version__, games
from . import play as play_cli, solve as solver_cli
from ..core.cards import NotationError


# replay's exit status when a move is refused (the result is printed as
# for any other move list): 0 all moves played, 2 text that is not a deck
# or a move list.
REFUSED = 1


def cmd_replay(args):
    wrong_game = solver_cli.other_games_deck(args.game, args.deck)
    if wrong_game:
        print("error: %s" % wrong_game, file=sys.stderr)
        return 2
    notation = games.part(args.game, "notation")
    rules = games.part(args.game, "rules")
    try:
        deck = notation.parse_deck(args.deck)
        moves = notation.parse_moves(args.moves)
    except NotationError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    pos, failed_at, error = rules.replay(deck, moves)
    result = {"ok": failed_at is None, "failed_at": failed_at,
              "error": error}
    result.update(notation.replay_report(pos))
    if args.json:
        print(json.dumps(result))
    else:
        print(pos.describe())
        print("status %s, score %d/%d" % (pos.status(), pos.score,
                                           rules.MAX_SCORE))
        if error:                       # moves count from 1, as analyse's
            print("move %d refused: %s" % (failed_at + 1, error))
    return 0 if failed_at is None else REFUSED


def cmd_installer(args):
    from ..install import installer
    return installer.main(args)


def cmd_pictures(args):
    from ..install import pictures
    return pictures.main([])


class _Parser(argparse.ArgumentParser):
    def error(self, message):           # exit 2 with a clear message
        self.print_usage(sys.stderr)
        print("error: %s" % message, file=sys.stderr)
        sys.exit(2)


def program_name(argv0=None):
    """The command as the user ran it: ``pysolfc-camelot`` (pip's
    script), else ``python -m pysolfc_camelot``."""
    name = os.path.basename(sys.argv[0] if argv0 is None else argv0)
    if name.lower().endswith(".exe"):
        name = name[:-4]
    if not name or name.endswith(".py") or name.startswith("-"):
        return "python -m pysolfc_camelot"
    return name


def build_parser():
    parser = _Parser(
        prog=program_name(),
        description="Two patience games for PySolFC, Camelot Plus (game id "
        "28080) and The Plot Classic (28081): replay a move list, solve "
        "decks, measure how many deals can be won, install the plugin.  "
        "Where the game matters, --game camelot (the default) or --game "
        "plot picks it.  Playing is done in PySolFC: install the plugin "
        "and choose the game there (in a checkout, `make play` or `make "
        "play GAME=plot` sets up and starts it).")
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                parser_class=_Parser)
    sub.required = True
    p = sub.add_parser(
        "replay", help="play a move list on a deck",
        description="Play a move list on a deck and print where it "
        "leads.  Exit status: 0 every move was played, %d a move was "
        "refused (the output says which and why), 2 the deck or move "
        "text is not valid." % REFUSED)
    games.add_game_option(p)
    p.add_argument("--deck", required=True,
                   help="first dealt first (e.g. 'TD 4S ...'): 52 cards for"
                        " camelot, 104 (each card twice) for plot")
    p.add_argument("--moves", required=True,
                   help="camelot: 'deal; place 5; remove 3; pair 1 2; ...';"
                        " plot: 'deal; waste>T4; T2>F0; stock>T7; ...'")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(func=cmd_replay)
    for name, text in (("install",
                        "install both games into every PySolFC found"),
                       ("uninstall", "remove what install wrote"),
                       ("status", "show what is installed where")):
        p = sub.add_parser(name, help=text)
        where = p.add_mutually_exclusive_group()
        where.add_argument("--plugins-dir", metavar="DIR",
                           help="only this plugin folder (made if"
                                " missing); default: those of every PySolFC"
                                " of this user")
        where.add_argument("--pysolfc", metavar="DIR",
                           help="the PySolFC in DIR (where pysol.py or"
                                " pysol.exe is): its portable 'config'"
                                " folder, else the folder it says")
        if name == "uninstall":
            p.add_argument("--purge", action="store_true",
                           help="also remove the games' settings files")
        p.set_defaults(func=cmd_installer)
    p = sub.add_parser("bundle", help="write a zip to unzip into PySolFC's"
                                      " plugin folder")
    p.add_argument("--output", metavar="FILE.zip",
                   default="pysolfc-camelot-%s.zip" % __version__,
                   help="the zip to write (default: %(default)s)")
    p.set_defaults(func=cmd_installer)
    p = sub.add_parser("pictures", help="redraw the pictures in images/")
    p.set_defaults(func=cmd_pictures)
    solver_cli.register(sub)                # solve, stats
    play_cli.register(sub)
    return parser


def main(argv=None):
    """Run one command; its exit status.  A reader that stops early
    (``solve ... | head -1``) ends the command quietly with status 141,
    the status of a command stopped by SIGPIPE, as other tools do."""
    args = build_parser().parse_args(argv)
    try:
        status = args.func(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # Nothing more can reach the reader; point stdout at /dev/null so
        # that Python's own flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
