"""The `ddz` command: the game by default, tools as subcommands, one module per family
(`rules`, `bots`, `history`, `net`), each adding its own subcommands next to their handlers.

Heavy modules (Textual, the bots) are imported inside the handler that needs them,
so `ddz rules ...` answers quickly and a broken data file is reported as one line. `ddz`
alone (the game, with its options) is parsed without the subcommands' modules and
parsers (`parse_arguments`): a twentieth of its start, before the title shows.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from ddz_tui.cli.errors import EXIT_USAGE, CommandError, UsageError
from ddz_tui.cli.play import cmd_play
from ddz_tui.i18n import Lang, default_language, set_language


class _NotTheGameAlone(Exception):
    """What the game's own options could not parse: for the whole parser to say."""


class _GameOptions(argparse.ArgumentParser):
    """The parser without the subcommands: whatever it cannot take (a command, -h, a
    mistake) is given to the whole parser, which answers as it always has."""

    def error(self, message: str) -> NoReturn:
        raise _NotTheGameAlone(message)


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The `ddz` command's parser; without `commands`, only the game's own options."""
    parser = (argparse.ArgumentParser if commands else _GameOptions)(
        prog="ddz",
        description="Dou Dizhu (斗地主) in the terminal. With no command, opens the game.",
        epilog="DDZ_SOUND=off in the environment turns sound off for the whole session.",
        add_help=commands,
    )
    parser.add_argument(
        "--lang", choices=[lang.value for lang in Lang], help="language (default: from the locale)"
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="where your history is kept (default: $DDZ_DATA_DIR, else the user data directory)",
    )
    parser.add_argument(
        "--ascii", action="store_true", help="draw suits as letters (S H C D) for this session"
    )
    parser.add_argument(
        "--seed", type=int, help="seed for the deals and the bots, to replay the same games"
    )
    parser.add_argument(
        "--rules",
        dest="play_rules",
        metavar="SPEC",
        help="house rules that New game, New table and Host start with, e.g. --rules laizi "
        "or grab,double (the switches of Settings, for this session)",
    )
    parser.set_defaults(handler=cmd_play)
    if commands:
        from ddz_tui.cli import bots, history, ladder, net, review, rules

        subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
        for family in (rules, bots, history, review, net, ladder):
            family.add_commands(subparsers)
    return parser


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line: `ddz` with the game's options only, as most starts are, by the
    parser without the subcommands (whose modules and parsers are not loaded); any
    other, by the whole parser."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        game, rest = build_parser(commands=False).parse_known_args(args)
    except _NotTheGameAlone:
        rest = args
    if not rest:
        return game
    return build_parser().parse_args(args)


def _say(problem: str) -> None:
    """One line on stderr. It may quote a file's name or a database's complaint,
    so it is made printable: a name can hold escape sequences too."""
    from ddz_tui.text import printable

    print(f"ddz: {printable(problem)}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    from ddz_tui.data import DataFileError

    args = parse_arguments(argv)
    set_language(args.lang or default_language())
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as exc:
        _say(str(exc))
        return EXIT_USAGE
    except DataFileError as exc:
        _say(f"broken data file: {exc}")
        return 1
    except CommandError as exc:
        _say(str(exc))
        return 1
    except KeyboardInterrupt:
        return 130
