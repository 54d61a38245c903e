"""The `ddz` command: the game by default, tools as subcommands.

Heavy modules (Textual, the bots) are imported inside the handler that needs them,
so `ddz rules ...` answers quickly and a broken data file is reported as one line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ddz_tui.i18n import Lang, default_language, set_language

if TYPE_CHECKING:
    from ddz_tui.store import Store

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class CommandError(Exception):
    """The command could not do its work (a file, a database): one line, exit status 1."""


def _play(text: str, what: str) -> str:
    from ddz_tui.cards import parse_ranks

    try:
        return parse_ranks(text)
    except ValueError as exc:
        raise UsageError(f"{what}: {exc}") from None


def cmd_rules_classify(args: argparse.Namespace) -> int:
    from ddz_tui.cards import format_ranks
    from ddz_tui.rules import TABLE, classify, refusal

    text = _play(" ".join(args.cards), "cards")
    combo = classify(text)
    if combo is None:
        print(refusal(text).message)
        return 1
    top = len(TABLE[combo.kind]) - 1
    print(f"kind:     {combo.kind.value} ({combo.describe()})")
    print(f"strength: {combo.level} (of 0..{top} in its kind)")
    print(f"cards:    {combo.cards} ({format_ranks(combo.cards)})")
    return 0


def cmd_rules_beat(args: argparse.Namespace) -> int:
    from ddz_tui.cards import format_ranks
    from ddz_tui.moves import legal_plays
    from ddz_tui.rules import classify, refusal

    hand = _play(args.hand, "HAND")
    last_text = _play(args.last, "LAST")
    last = classify(last_text)
    if last is None:
        raise UsageError(f"LAST: {refusal(last_text).message}")
    plays = legal_plays(hand, last)
    if not plays:
        print(f"nothing in {format_ranks(hand)} beats {last.describe()}: pass")
        return 0
    width = max(len(play.cards) for play in plays)
    for play in plays:
        print(f"{play.cards:<{width}}  {play.describe()}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from ddz_tui.bots import make_bot
    from ddz_tui.bots.simulate import simulate
    from ddz_tui.engine import LandlordMode

    levels = [level.strip() for level in args.bots.split(",")]
    if len(levels) != 3:
        raise UsageError(f"--bots: give three levels, one per seat (got {len(levels)})")
    for level in levels:
        try:
            make_bot(level)
        except ValueError as exc:
            raise UsageError(f"--bots: {exc}") from None
    if args.games < 1:
        raise UsageError("--games: play at least one game")
    console = Console()
    start = time.perf_counter()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("playing", total=args.games)
        tally = simulate(
            args.games,
            args.seed,
            levels,
            LandlordMode(args.mode),
            progress=lambda: progress.advance(task),
        )
    elapsed = time.perf_counter() - start
    table = Table(title=f"{tally.games} games, bots {', '.join(levels)}, seed {args.seed}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games per second", f"{tally.games / elapsed:,.0f}")
    table.add_row(
        "landlord win rate",
        f"{tally.landlord_win_rate:.1%} ± {tally.win_rate_interval():.1%}",
    )
    table.add_row(
        "landlord score per game",
        f"{tally.landlord_score_mean:+.2f} (sd {tally.landlord_score_stdev:.2f})",
    )
    table.add_row(
        "largest landlord win / loss",
        f"{max(tally.landlord_scores):+d} / {min(tally.landlord_scores):+d}",
    )
    table.add_row("seat totals", " ".join(f"{s:+d}" for s in tally.seat_totals))
    table.add_row(
        "bombs, rockets per game",
        f"{tally.bombs / tally.games:.2f}, {tally.rockets / tally.games:.2f}",
    )
    table.add_row("springs, anti-springs", f"{tally.springs}, {tally.anti_springs}")
    table.add_row("redeals per game", f"{tally.redeals / tally.games:.2f}")
    console.print(table)
    return 0


def _open_store(args: argparse.Namespace) -> Store:
    from ddz_tui.store import Store, StoreError, default_path

    try:
        return Store.open(default_path(args.data_dir))
    except StoreError as exc:
        raise CommandError(str(exc)) from None


def cmd_history(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from ddz_tui.i18n import t

    with _open_store(args) as store:
        games = store.recent_games(args.limit)
    console = Console()
    if not games:
        console.print(t("history.empty"))
        return 0
    table = Table(title=t("history.title", n=len(games)))
    for column in ("#", "history.when", "history.where", "history.you", "history.result",
                   "history.score", "history.multiplier", "history.players"):  # fmt: skip
        justify = "right" if column in ("#", "history.score", "history.multiplier") else "left"
        table.add_column(column if column == "#" else t(column), justify=justify)
    for game in games:
        mine = game.my_seat
        role = (
            "" if mine is None else t("role.landlord" if mine == game.landlord else "role.peasant")
        )
        result = "" if game.i_won is None else t("history.won" if game.i_won else "history.lost")
        score = "" if game.my_score is None else f"{game.my_score:+d}"
        table.add_row(
            str(game.id),
            game.finished.astimezone().strftime("%Y-%m-%d %H:%M"),
            t(f"origin.{game.origin.value}"),
            role,
            result,
            score,
            f"×{game.multiplier}",
            ", ".join(game.names),
        )
    console.print(table)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from ddz_tui.engine import dumps

    with _open_store(args) as store:
        try:
            record = store.record(args.game_id)
        except KeyError:
            raise UsageError(f"GAME_ID: no game {args.game_id} in {store.path}") from None
    text = dumps(record)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Open the app. Everything that can fail before it starts is one line, not a trace."""
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise UsageError("the game needs a terminal (stdin and stdout must be a TTY)")
    from ddz_tui.ui.app import DdzApp

    app = DdzApp(
        ascii_cards=args.ascii,
        lang=Lang(args.lang) if args.lang else None,
        seed=args.seed,
    )
    app.run()
    return app.return_code or 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ddz",
        description="Dou Dizhu (斗地主) in the terminal. With no command, opens the game.",
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
    parser.set_defaults(handler=cmd_play)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    rules = commands.add_parser("rules", help="classify plays and list what beats a play")
    rules_commands = rules.add_subparsers(title="rules commands", metavar="RULES_COMMAND")
    rules.set_defaults(handler=lambda _args: (rules.print_help(), EXIT_USAGE)[1])
    classify = rules_commands.add_parser(
        "classify", help="print a play's kind, strength and canonical cards"
    )
    classify.add_argument("cards", nargs="+", help="the cards, e.g. 333444 56 or '10 10 J J'")
    classify.set_defaults(handler=cmd_rules_classify)
    beat = rules_commands.add_parser("beat", help="list the plays from HAND that beat LAST")
    beat.add_argument("hand", metavar="HAND", help="the cards in hand, e.g. 3456789TTJQKA2")
    beat.add_argument("last", metavar="LAST", help="the play to beat, e.g. 99")
    beat.set_defaults(handler=cmd_rules_beat)

    simulate = commands.add_parser("simulate", help="play headless games between bots")
    simulate.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    simulate.add_argument("--seed", type=int, default=0, help="seed for the deals and bots")
    simulate.add_argument(
        "--bots", default="random,random,random", help="three bot levels, seat 0 to 2"
    )
    simulate.add_argument(
        "--mode", choices=["bid", "random"], default="bid", help="how the landlord is chosen"
    )
    simulate.set_defaults(handler=cmd_simulate)

    history = commands.add_parser("history", help="list your recent games")
    history.add_argument("--limit", type=int, default=20, help="how many games (default 20)")
    history.set_defaults(handler=cmd_history)
    export = commands.add_parser("export", help="write a kept game's record as JSON lines")
    export.add_argument("game_id", metavar="GAME_ID", type=int, help="the # from ddz history")
    export.add_argument("-o", "--output", type=Path, help="a file (default: standard output)")
    export.set_defaults(handler=cmd_export)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from ddz_tui.data import DataFileError

    parser = build_parser()
    args = parser.parse_args(argv)
    set_language(args.lang or default_language())
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as exc:
        print(f"ddz: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except DataFileError as exc:
        print(f"ddz: broken data file: {exc}", file=sys.stderr)
        return 1
    except CommandError as exc:
        print(f"ddz: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
