"""The command line: ``python -m pysolfc_camelot COMMAND ...``."""
import argparse
import json
import sys

from . import __version__, solver_cli
from .camelot import rules
from .camelot.notation import parse_moves
from .cards import NotationError, parse_deck
from .plot import cli as plot_cli


def cmd_replay(args):
    if args.game == "plot":
        return plot_cli.replay(args.deck, args.moves, args.json)
    try:
        deck = parse_deck(args.deck)
        moves = parse_moves(args.moves)
    except NotationError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    pos, failed_at, error = rules.replay(deck, moves)
    result = {"ok": failed_at is None, "failed_at": failed_at,
              "error": error, "phase": pos.phase, "score": pos.score,
              "status": pos.status()}
    if args.json:
        print(json.dumps(result))
    else:
        print(pos)
        print("status %s, score %d/%d" % (result["status"], pos.score,
                                           rules.MAX_SCORE))
        if error:
            print("move %d refused: %s" % (failed_at, error))
    return 0


def cmd_installer(args):
    from . import installer
    return installer.main(args)


def cmd_pictures(args):
    from . import pictures
    return pictures.main([])


class _Parser(argparse.ArgumentParser):
    def error(self, message):           # exit 2 with a clear message
        self.print_usage(sys.stderr)
        print("error: %s" % message, file=sys.stderr)
        sys.exit(2)


def build_parser():
    parser = _Parser(prog="python -m pysolfc_camelot",
                     description="Camelot for PySolFC: play, solve, install.")
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                parser_class=_Parser)
    sub.required = True
    p = sub.add_parser("replay", help="play a move list on a deck")
    p.add_argument("--game", choices=("camelot", "plot"), default="camelot",
                   help="which game (default camelot)")
    p.add_argument("--deck", required=True,
                   help="first dealt first (e.g. 'TD 4S ...'): 52 cards for"
                        " camelot, 104 (each card twice) for plot")
    p.add_argument("--moves", required=True,
                   help="camelot: 'deal; place 5; remove 3; pair 1 2; ...';"
                        " plot: 'deal; waste>T4; T2>F0; stock>T7; ...'")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(func=cmd_replay)
    for name, text in (("install", "install both games into every PySolFC found"),
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
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.func(args)
