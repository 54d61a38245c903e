"""`ddz join` in a plain terminal: connect as a player and show the server's lobby
live (tables, seats, who is ready, who is playing) until Ctrl-C. Redrawn on every
change and on every window resize."""

from __future__ import annotations

import asyncio
import contextlib
import signal

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ddz_tui.i18n import t
from ddz_tui.net.client import LobbyClient, NetError, Status, TokenStore
from ddz_tui.net.states import TableSummary
from ddz_tui.table import SeatInfo, SeatKind


def seat_text(info: SeatInfo) -> Text:
    if info.is_empty:
        return Text(t("net.lobby.empty_seat"), style="dim")
    text = Text(info.name, style="bold" if info.kind is SeatKind.HUMAN else "")
    if info.kind is SeatKind.BOT:
        text.append(f" ({info.level})", style="dim")
    if info.takeover:
        text.append(" " + t("net.lobby.takeover"), style="yellow")
    elif info.kind is SeatKind.HUMAN and not info.connected:
        text.append(" " + t("net.lobby.away"), style="yellow")
    elif info.ready:
        text.append(" ✓", style="green")
    return text


def lobby_view(client: LobbyClient, tables: tuple[TableSummary, ...]) -> Group:
    head = Text(t("net.lobby.head", url=client.url, name=client.name), style="bold")
    if client.table is not None:
        state = client.table.state
        line = Text(t("net.lobby.seated", table=client.table.table_id, seat=client.table.seat))
        seats = state.seats if state else ()
        return Group(head, line, *(seat_text(info) for info in seats))
    if not tables:
        return Group(head, Text(t("net.lobby.no_tables")), Text(t("net.lobby.quit"), style="dim"))
    grid = Table(title=t("net.lobby.tables", n=len(tables)), expand=True)
    grid.add_column("#", justify="right")
    grid.add_column(t("net.lobby.col_table"))
    grid.add_column(t("net.lobby.col_seats"))
    grid.add_column(t("net.lobby.col_status"))
    for table in tables:
        seats = Text(" · ").join(seat_text(info) for info in table.seats)
        status = (
            t("net.lobby.playing", n=table.games + 1) if table.playing else t("net.lobby.waiting")
        )
        grid.add_row(str(table.id), table.title, seats, status)
    return Group(head, grid, Text(t("net.lobby.quit"), style="dim"))


async def watch_lobby(
    url: str, name: str, tokens: TokenStore | None = None, console: Console | None = None
) -> int:
    """Show the lobby until Ctrl-C, or until the connection is lost for good (1)."""
    console = console or Console()
    try:
        client = await LobbyClient.connect(url, name, tokens=tokens)
    except NetError as error:
        console.print(f"ddz: {error.message}", style="red", highlight=False)
        return 1
    done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def draw(tables: tuple[TableSummary, ...] | None = None) -> None:
        if console.is_terminal:
            console.clear()
        console.print(lobby_view(client, client.tables if tables is None else tables))

    def status(now: Status, message: str | None) -> None:
        if now is Status.CLOSED and not done.done():
            done.set_result(message)
        elif message:
            console.print(message, style="yellow")

    client.on_lobby(draw)
    client.on_status(status)
    if client.table is not None:  # back at a seat we held: show who sits there, live
        client.table.subscribe(lambda _state: draw())
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, AttributeError):
        loop.add_signal_handler(signal.SIGWINCH, draw)
    try:
        message = await done
    finally:
        with contextlib.suppress(NotImplementedError, AttributeError):
            loop.remove_signal_handler(signal.SIGWINCH)
        await client.close()
    console.print(f"ddz: {message}", style="red", highlight=False)
    return 1
