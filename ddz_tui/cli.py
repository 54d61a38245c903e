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
from ddz_tui.net import DEFAULT_PORT

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.progress import Progress

    from ddz_tui.bots.arena import Report
    from ddz_tui.history import History
    from ddz_tui.store import Store
    from ddz_tui.ui.online import HostRequest, JoinRequest
    from ddz_tui.ui.screens.replay import Replay

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
    with _progress(console, remaining=False) as progress:
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


def cmd_arena(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ddz_tui.bots import Level
    from ddz_tui.bots.arena import Match, run

    levels = []
    for name in (args.a, args.b):
        try:
            levels.append(Level(name))
        except ValueError:
            names = ", ".join(level.value for level in Level)
            raise UsageError(f"unknown bot level {name!r}: choose from {names}") from None
    if args.games < 2 or args.games % 2:
        raise UsageError("--games: give an even number, at least 2 (each deal is played twice)")
    if args.workers < 1:
        raise UsageError("--workers: give at least 1")
    if args.budget is not None and args.budget <= 0:
        raise UsageError("--budget: give a positive number of seconds")
    options: dict[Level, dict[str, object]] = {}
    if args.budget is not None:
        options[Level.HARD] = {"budget": args.budget}
    match = Match(levels[0], levels[1], args.seed, options)
    console = Console()
    with _progress(console, remaining=True) as progress:
        task = progress.add_task(f"{match.a.value} vs {match.b.value}", total=args.games)
        report = run(match, args.games, args.workers, lambda n: progress.advance(task, n))
    budget = args.budget if args.budget is not None else _default_budget()
    for part in _arena_tables(report, args.seed, budget):
        console.print(part)
    return 0


def _progress(console: Console, remaining: bool) -> Progress:
    """A bar of games played (and time left, when the games take long enough to wait)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ]
    if remaining:
        columns.append(TimeRemainingColumn())
    return Progress(*columns, console=console, transient=True)


def _arena_tables(report: Report, seed: int, budget: float) -> list[RenderableType]:
    """The arena's figures: a heading, WP and ADP, win rates by role, decision times."""
    from rich.table import Table

    from ddz_tui.bots import Level

    match = report.match
    a, b = match.a.value, match.b.value
    hard = Level.HARD in (match.a, match.b)
    heading = (
        f"{a} (A) vs {b} (B): {report.games} games on {report.games // 2} deals, "
        f"each played twice with the sides swapped; seed {seed}"
    ) + (f"; hard budget {budget:g} s" if hard else "")
    results = Table()
    results.add_column("measure")
    results.add_column("value", justify="right")
    results.add_column("95% CI", justify="right")
    wp, adp = report.wp, report.adp
    results.add_row("WP: share of games A's side won", f"{wp.mean:.3f}", f"± {wp.half_width:.3f}")
    results.add_row(
        "ADP: A's points − B's points per game", f"{adp.mean:+.3f}", f"± {adp.half_width:.3f}"
    )
    roles = Table(title="win rate by role", title_justify="left")
    roles.add_column("side")
    roles.add_column("as landlord", justify="right")
    roles.add_column("as peasants", justify="right")
    roles.add_row(f"A: {a}", f"{report.win_rate(True):.3f}", f"{report.win_rate(False):.3f}")
    roles.add_row(
        f"B: {b}", f"{1 - report.win_rate(False):.3f}", f"{1 - report.win_rate(True):.3f}"
    )
    times = Table(title="decision time per bot call", title_justify="left")
    for column in ("level", "decisions", "median", "p99", "max"):
        times.add_column(column, justify="left" if column == "level" else "right")
    for level in dict.fromkeys((match.a, match.b)):
        timing = report.timing(level)
        times.add_row(
            level.value,
            f"{timing.decisions:,}",
            *(f"{seconds * 1000:.2f} ms" for seconds in (timing.median, timing.p99, timing.max)),
        )
    parts: list[RenderableType] = [heading, results, roles, times]
    if hard:
        parts.append(f"hard searches stopped by the time budget: {report.cut_short:,}")
    return parts


def _default_budget() -> float:
    from ddz_tui.bots.hard import DEFAULT_BUDGET

    return DEFAULT_BUDGET


def _open_store(args: argparse.Namespace) -> Store:
    from ddz_tui.store import Store, StoreError, default_path

    try:
        return Store.open(default_path(args.data_dir))
    except StoreError as exc:
        raise CommandError(str(exc)) from None


def cmd_history(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

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
            Text(", ".join(game.names)),  # as written: a name is not markup
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


def _port(text: str) -> int:
    from ddz_tui.i18n import t

    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(t("net.cli.bad_port", value=text))
    return port


MAX_BOT_WORKERS = 256


def _workers(text: str) -> int:
    from ddz_tui.i18n import t

    try:
        workers = int(text)
    except ValueError:
        workers = -1
    if not 0 <= workers <= MAX_BOT_WORKERS:
        raise argparse.ArgumentTypeError(t("net.cli.bad_workers", most=MAX_BOT_WORKERS, value=text))
    return workers


def _count(text: str) -> int:
    from ddz_tui.i18n import t

    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(t("net.cli.bad_count", value=text))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 1e6:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text}")
    return value


def _server_config(args: argparse.Namespace, host: str, port: int):  # -> ServerConfig
    from ddz_tui.net.server import ServerConfig

    return ServerConfig(
        host=host,
        port=port,
        turn_seconds=args.turn_seconds or None,
        grace=args.grace_seconds,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
    )


async def _until_terminated(coroutine) -> None:
    """Run `coroutine` until SIGTERM, which ends it as Ctrl-C does: cancelled, so the
    server closes in order (clients told, history written) and the command exits 0."""
    import asyncio
    import signal

    serving = asyncio.ensure_future(coroutine)
    terminated = False

    def terminate() -> None:
        nonlocal terminated
        if not terminated:  # once: a second SIGTERM must not cut the closing short
            terminated = True
            serving.cancel()

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, terminate)
    try:
        await serving
    except asyncio.CancelledError:
        if not terminated:
            raise  # Ctrl-C: asyncio.run makes it a KeyboardInterrupt
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def _run_forever(coroutine, host: str, port: int) -> int:
    """Run a server until Ctrl-C or SIGTERM; a port that cannot be bound is one line,
    exit 1."""
    import asyncio
    import logging

    from ddz_tui.i18n import t

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per connection is ours
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        asyncio.run(_until_terminated(coroutine))
    except OSError as error:
        reason = error.strerror or str(error)
        print(
            f"ddz: {t('net.cli.cannot_listen', host=host, port=port, error=reason)}",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    print(t("net.cli.stopped"))
    return 0


def _loopback(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "::1")


def cmd_server(args: argparse.Namespace) -> int:
    from ddz_tui.i18n import t
    from ddz_tui.net.server import GameServer, run

    def announce(server: GameServer) -> None:
        print(t("net.cli.serving", url=server.url))
        print(t("net.cli.join_hint", url=f"ws://{_public_host(args.host)}:{server.port}"))
        if _loopback(args.host):
            print(t("net.cli.loopback_only"))

    config = _server_config(args, args.host, args.port)
    return _run_forever(run(config, announce, _history(args)), args.host, args.port)


def _history(args: argparse.Namespace) -> History:
    """A game server keeps every game its tables finish in the history of --data-dir
    (trouble with the database is logged once, and serving goes on)."""
    import logging

    from ddz_tui.history import History
    from ddz_tui.store import default_path

    def say(problem: str) -> None:
        logging.getLogger("ddz_tui.net.server").warning("games are not kept: %s", problem)

    return History(default_path(args.data_dir), on_problem=say)


def _public_host(host: str) -> str:
    """The host others would type: this machine's name instead of a wildcard address."""
    if host in ("0.0.0.0", "::", ""):
        import socket

        return socket.gethostname()
    return host


def cmd_join(args: argparse.Namespace) -> int:
    """Open the app at the server's lobby (the connection is made, and any trouble
    with it shown, inside the app, where the address or name can be put right)."""
    from ddz_tui.net.client import BadAddress, normalise_url
    from ddz_tui.ui.online import JoinRequest

    try:
        url = normalise_url(args.url)
    except BadAddress as error:
        raise UsageError(error.message) from None
    return _open_app(args, JoinRequest(url, _player_name(args.name)))


def cmd_host(args: argparse.Namespace) -> int:
    """Open the app hosting a game: a server inside it, and you at a new table."""
    from ddz_tui.ui.online import HostRequest

    request = HostRequest(
        name=_player_name(args.name),
        port=args.port,
        host=args.host,
        turn_seconds=args.turn_seconds or None,
        grace=args.grace_seconds,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
    )
    return _open_app(args, request)


def _player_name(given: str | None) -> str:
    from ddz_tui.net.errors import ProtocolError
    from ddz_tui.net.protocol import check_name

    try:
        return check_name(_login_name() if given is None else given)
    except ProtocolError as error:
        raise UsageError(f"--name: {error.message}") from None


def _login_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""


def cmd_serve_ssh(args: argparse.Namespace) -> int:
    from ddz_tui.i18n import t

    try:
        import asyncssh  # noqa: F401
    except ImportError:
        raise UsageError(t("ssh.missing_extra")) from None
    import os
    from pathlib import Path

    from ddz_tui.net.client import BadAddress, normalise_url
    from ddz_tui.net.ssh import HostKeyError, SshDoor, default_host_key_path, serve
    from ddz_tui.net.ssh_limits import DoorLimits
    from ddz_tui.net.ssh_names import default_names_path
    from ddz_tui.store import DATA_DIR_ENV

    server_url = None
    if args.server:
        try:
            server_url = normalise_url(args.server)
        except BadAddress as error:
            raise UsageError(f"--server: {error.message}") from None
    if args.host_key:
        key_path = Path(args.host_key).expanduser()
    else:
        key_path = default_host_key_path(args.data_dir)
    if args.data_dir:  # the sessions' clients keep their tokens there too
        os.environ[DATA_DIR_ENV] = str(args.data_dir)

    def announce(door: SshDoor, fingerprint: str, path: Path, made: bool) -> None:
        print(t("ssh.serving", port=door.port, host=_public_host(args.host)))
        print(
            t(
                "ssh.fingerprint",
                fingerprint=fingerprint,
                path=path,
                made=t("ssh.key_made") if made else "",
            )
        )
        print(t("ssh.names", path=door.names.path, count=len(door.names)))
        limits = door.places.limits
        print(t("ssh.limits", total=limits.max_sessions, per_address=limits.max_per_address))
        print(t("ssh.game_server", url=door.url))
        if _loopback(args.host):
            print(t("net.cli.loopback_only"))

    config = _server_config(args, "127.0.0.1", args.game_port)
    try:
        return _run_forever(
            serve(
                args.host,
                args.port,
                key_path,
                server_url,
                config,
                announce,
                _history(args),
                default_names_path(args.data_dir),
                DoorLimits(args.max_sessions, args.max_per_address),
            ),
            args.host,
            args.port,
        )
    except HostKeyError as error:
        print(f"ddz: {error}", file=sys.stderr)
        return 1


def _add_table_options(parser: argparse.ArgumentParser, own_delay: bool = False) -> None:
    """own_delay: the bots' delay defaults to the player's setting (the app's hosted game)."""
    from ddz_tui.table import DEFAULT_BOT_DELAY, DEFAULT_GRACE, DEFAULT_TURN_SECONDS

    parser.add_argument(
        "--turn-seconds",
        type=_seconds,
        default=DEFAULT_TURN_SECONDS,
        help="seconds for each turn, after which the seat passes or plays its lowest card "
        f"(default {DEFAULT_TURN_SECONDS:g}; 0 for no timer)",
    )
    parser.add_argument(
        "--grace-seconds",
        type=_seconds,
        default=DEFAULT_GRACE,
        help="seconds a dropped player's seat waits before a bot plays it "
        f"(default {DEFAULT_GRACE:g})",
    )
    parser.add_argument(
        "--bot-delay",
        type=_seconds,
        default=None if own_delay else DEFAULT_BOT_DELAY,
        help="seconds a bot takes to act (default "
        + ("as in your settings)" if own_delay else f"{DEFAULT_BOT_DELAY:g})"),
    )
    parser.add_argument(
        "--bot-workers",
        type=_workers,
        metavar="N",
        help="processes that run the hard bots' searches, so that they never slow the "
        "players down (default: one per core; 0 runs them in threads of the server)",
    )


def _kept_replay(args: argparse.Namespace, game_id: int) -> Replay:
    from ddz_tui.ui.screens.replay import Replay

    with _open_store(args) as store:
        try:
            kept = store.game(game_id)
        except KeyError:
            raise UsageError(f"GAME_ID: no game {game_id} in {store.path}") from None
    try:
        return Replay.of_kept(kept)
    except ValueError as exc:
        raise CommandError(f"game {game_id} cannot be replayed: {exc}") from None


def _file_replay(name: str) -> Replay:
    from ddz_tui.engine import loads
    from ddz_tui.text import printable
    from ddz_tui.ui.screens.replay import Replay

    path = Path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{name}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{name}: not a game record (not UTF-8 text)") from None
    try:
        return Replay.of(loads(text), title=printable(path.name))
    except ValueError as exc:
        raise UsageError(f"{name}: not a finished game's record: {exc}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    """A number is a kept game's id; anything else is a file, as `ddz export` writes."""
    target: str = args.game
    replay = _kept_replay(args, int(target)) if target.isdigit() else _file_replay(target)
    return _open_app(args, replay=replay)


def cmd_play(args: argparse.Namespace) -> int:
    return _open_app(args)


def _open_app(
    args: argparse.Namespace,
    start: JoinRequest | HostRequest | None = None,
    replay: Replay | None = None,
) -> int:
    """Open the app. Everything that can fail before it starts is one line, not a trace."""
    import os

    from ddz_tui.sound import check_force

    try:
        check_force(os.environ)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise UsageError("the game needs a terminal (stdin and stdout must be a TTY)")
    from ddz_tui.ui.app import DdzApp

    app = DdzApp(
        ascii_cards=args.ascii,
        lang=Lang(args.lang) if args.lang else None,
        seed=args.seed,
        start=start,
        data_dir=args.data_dir,
        replay=replay,
    )
    app.run()
    return app.return_code or 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ddz",
        description="Dou Dizhu (斗地主) in the terminal. With no command, opens the game.",
        epilog="DDZ_SOUND=off in the environment turns sound off for the whole session.",
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

    arena = commands.add_parser(
        "arena",
        help="measure bot level A against level B on duplicate deals",
        description="Each deal is played twice with the landlord's seat fixed: A as landlord "
        "against two B peasants, then B as landlord against two A peasants.",
    )
    arena.add_argument("a", metavar="A", help="a bot level: random, easy, normal or hard")
    arena.add_argument("b", metavar="B", help="the level to measure it against")
    arena.add_argument(
        "--games", type=int, default=1000, help="how many games, an even number (default 1000)"
    )
    arena.add_argument("--seed", type=int, default=0, help="seed for the deals and bots")
    arena.add_argument(
        "--workers", type=int, default=1, help="processes to play in (default 1; one per core)"
    )
    arena.add_argument(
        "--budget", type=float, help="the hard bot's seconds per decision (default 1)"
    )
    arena.set_defaults(handler=cmd_arena)

    history = commands.add_parser("history", help="list your recent games")
    history.add_argument("--limit", type=int, default=20, help="how many games (default 20)")
    history.set_defaults(handler=cmd_history)
    export = commands.add_parser("export", help="write a kept game's record as JSON lines")
    export.add_argument("game_id", metavar="GAME_ID", type=int, help="the # from ddz history")
    export.add_argument("-o", "--output", type=Path, help="a file (default: standard output)")
    export.set_defaults(handler=cmd_export)
    replay = commands.add_parser(
        "replay", help="step through a finished game: a kept one, or a record from a file"
    )
    replay.add_argument(
        "game",
        metavar="GAME_ID|FILE",
        help="the # from ddz history, or a JSON lines record (as ddz export writes)",
    )
    replay.set_defaults(handler=cmd_replay)

    server = commands.add_parser("server", help="host tables for players on the network")
    server.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for the whole network)",
    )
    server.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT})",
    )
    _add_table_options(server)
    server.set_defaults(handler=cmd_server)

    join = commands.add_parser("join", help="open the game at a server's lobby")
    join.add_argument(
        "url", metavar="URL", help="the server, e.g. ws://192.168.1.20:7744 or just 192.168.1.20"
    )
    join.add_argument("--name", help="your name at the table (default: your login name)")
    join.set_defaults(handler=cmd_join)

    host = commands.add_parser(
        "host", help="open the game hosting a server for friends, with you at a new table"
    )
    host.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0, your whole network; 127.0.0.1 for "
        "this machine only)",
    )
    host.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT})",
    )
    host.add_argument("--name", help="your name at the table (default: your login name)")
    _add_table_options(host, own_delay=True)
    host.set_defaults(handler=cmd_host)

    from ddz_tui.net.ssh_limits import DEFAULT_MAX_PER_ADDRESS, DEFAULT_MAX_SESSIONS

    ssh = commands.add_parser(
        "serve-ssh", help="let players in with ssh -p PORT NAME@HOST (needs the ssh extra)"
    )
    ssh.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for the whole network)",
    )
    ssh.add_argument("--port", type=_port, default=2222, help="SSH port (default 2222)")
    ssh.add_argument(
        "--host-key",
        metavar="PATH",
        help="the server's SSH host key (made on first run; default in your user data folder)",
    )
    ssh.add_argument(
        "--server", metavar="URL", help="send players to this game server instead of starting one"
    )
    ssh.add_argument(
        "--game-port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"loopback port of the game server it starts (default {DEFAULT_PORT})",
    )
    ssh.add_argument(
        "--max-sessions",
        metavar="N",
        type=_count,
        default=DEFAULT_MAX_SESSIONS,
        help="most SSH connections at once, each with at most one game "
        f"(default {DEFAULT_MAX_SESSIONS})",
    )
    ssh.add_argument(
        "--max-per-address",
        metavar="N",
        type=_count,
        default=DEFAULT_MAX_PER_ADDRESS,
        help=f"most of them from one address (default {DEFAULT_MAX_PER_ADDRESS}; "
        "an IPv6 /64 counts as one)",
    )
    _add_table_options(ssh)
    ssh.set_defaults(handler=cmd_serve_ssh)
    return parser


def _say(problem: str) -> None:
    """One line on stderr. It may quote a file's name or a database's complaint,
    so it is made printable: a name can hold escape sequences too."""
    from ddz_tui.text import printable

    print(f"ddz: {printable(problem)}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    from ddz_tui.data import DataFileError

    parser = build_parser()
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
