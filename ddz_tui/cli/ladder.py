"""`ddz leaderboard`: a game server's ladder, asked of the server (`--server URL`), or
read from the history of the server this machine runs (`ddz server` keeps its games in
the data folder): no ladder is made of games against bots here, which `ddz history`
and Stats show."""

from __future__ import annotations

import argparse
import secrets
from typing import TYPE_CHECKING

from ddz_tui.cli.errors import CommandError, UsageError

if TYPE_CHECKING:
    from rich.table import Table

    from ddz_tui.records.ladder import Ladder, Period


def add_commands(commands: argparse._SubParsersAction) -> None:
    board = commands.add_parser(
        "leaderboard",
        help="a game server's ladder: points, games and win rate, today, this week or ever",
    )
    board.add_argument(
        "--server",
        metavar="URL",
        help="ask this server (e.g. ws://192.168.1.20:7744); without it, the ladder of the "
        "games served with this machine's history (ddz server --data-dir)",
    )
    board.add_argument(
        "--period",
        choices=("day", "week", "all"),
        default="week",
        help="today, this week (from Monday) or all time, in UTC (default: week)",
    )
    board.set_defaults(handler=cmd_leaderboard)


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    from ddz_tui.i18n import t
    from ddz_tui.records.ladder import Period

    period = Period(args.period)
    if args.server is not None:
        ladder, source = _asked(args.server, period)
    else:
        found = _served_here(args, period)
        if found is None:
            Console().print(Text(t("history.ladder.nothing_here")))
            return 0
        ladder, source = found
    console = Console()
    console.print(ladder_table(ladder, source))
    if not ladder.rows:
        console.print(Text(t("history.ladder.empty")))
    console.print(Text(t("history.ladder.note"), style="dim"))
    return 0


def ladder_table(ladder: Ladder, source: str) -> Table:
    """Every cell a plain Text: names from a server or a file are never read as markup."""
    from rich.table import Table
    from rich.text import Text

    from ddz_tui.i18n import t
    from ddz_tui.records.ladder import column_titles, standing_cells

    table = Table(title=Text(t(f"history.ladder.title.{ladder.period.value}")))
    table.caption = Text(source)
    for index, title in enumerate(column_titles()):
        table.add_column(Text(title), justify="left" if index in (1, 2) else "right")
    for row in ladder.rows:
        table.add_row(*(Text(cell) for cell in standing_cells(row)))
    if ladder.you is not None:
        table.add_row(*(Text("…") for _ in column_titles()))
        table.add_row(*(Text(cell, style="bold") for cell in standing_cells(ladder.you)))
    return table


def _asked(url: str, period: Period) -> tuple[Ladder, str]:
    """The server's ladder, asked under a visitor's name (a guest with no games: no row
    of its own), so that a player's own name, in play at the server, is never touched."""
    import asyncio

    from ddz_tui.i18n import t
    from ddz_tui.net.client.dial import normalise_url
    from ddz_tui.net.client.errors import BadAddress, NetError
    from ddz_tui.net.client.lobby import LobbyClient
    from ddz_tui.text import printable

    try:
        url = normalise_url(url)
    except BadAddress as error:
        raise UsageError(error.message) from None
    asker = f"ladder-{secrets.token_hex(3)}"

    async def ask() -> Ladder:
        client = await LobbyClient.connect(url, asker, reconnect_for=0)
        try:
            return await client.leaderboard(period)
        finally:
            await client.close()

    try:
        ladder = asyncio.run(ask())
    except NetError as error:
        raise CommandError(error.message) from None
    return ladder, t("history.ladder.at_server", where=printable(url))


def _served_here(args: argparse.Namespace, period: Period) -> tuple[Ladder, str] | None:
    """The ladder of the games a server kept in this machine's history; None when it
    holds none."""
    import datetime as dt

    from ddz_tui.i18n import t
    from ddz_tui.paths import history_file
    from ddz_tui.records.ladder import Period
    from ddz_tui.records.store import Store, StoreError

    path = history_file(args.data_dir)
    if not path.exists():
        return None
    try:
        with Store.open(path) as store:
            if not store.ladder(Period.ALL, dt.datetime.now(dt.timezone.utc), limit=1).rows:
                return None
            ladder = store.ladder(period, dt.datetime.now(dt.timezone.utc))
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    return ladder, t("history.ladder.served_here", path=str(path))
