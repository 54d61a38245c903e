"""The lobby of a game server: its tables, who sits at each, and a way in.

The list follows the server live. Enter (or Sit down, or a second click on a row)
sits you at the highlighted table, W watches it (no hand, no moves), C opens a new one;
either way the table screen comes up, where you say you are ready, fill empty seats with
bots, or get up again, back to here. A private table (its row locked, its code never
shown) asks for its code first.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Button, DataTable, Input

from ddz_tui.engine import Rules
from ddz_tui.i18n import as_shown, t
from ddz_tui.net.client.errors import NetError
from ddz_tui.net.client.lobby import LobbyClient, Status
from ddz_tui.net.client.remote import RemoteTable
from ddz_tui.net.protocol import CODE_MAX, CODE_MIN, TITLE_MAX
from ddz_tui.net.states import TableSummary
from ddz_tui.sound.clips import Music
from ddz_tui.table.chat import ChatLine, QuickPhrase
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.ui.names import level_name, seat_mark
from ddz_tui.ui.screens.base import AppModal, AppScreen
from ddz_tui.ui.widgets.form import (
    FORM_HEIGHTS,
    FORM_KEYS,
    OnOff,
    chosen_rules,
    form_row,
    remember_rules,
    rules_rows,
)
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain, keyed
from ddz_tui.ui.widgets.table_parts import MessageLine


def seat_cell(info: SeatInfo) -> Text:
    """A seat in the list: the name, and how it stands (ready, a bot, away, 托管)."""
    if info.is_empty:
        return Text(t("net.lobby.empty_seat"), style="dim")
    text = Text(info.name, style="bold" if info.kind is SeatKind.HUMAN else "")
    if info.kind is SeatKind.BOT:
        text.append(as_shown(" · ") + level_name(info.level or ""), style="dim")
    elif mark := seat_mark(info):
        text.append(as_shown(" · ") + mark, style="yellow")
    elif info.ready:
        text.append(as_shown(" ✓"), style="green")
    return text


def title_cell(table: TableSummary) -> Text:
    """The table's title, behind a lock when it is private (its code is never shown),
    and how many watch it when anyone does. Said in the title's cell, which wraps: a
    column of its own took the room that keeps 16-letter names whole at 80 columns."""
    text = Text()
    if table.private:
        text.append(t("ui.lobby.locked") + " ", style="yellow")
    text.append(table.title)
    if table.watchers:
        text.append(as_shown(" · ") + t("ui.lobby.watching", n=table.watchers), style="cyan")
    return text


def status_cell(table: TableSummary) -> Text:
    if table.playing:
        return Text(t("net.lobby.playing", n=table.games + 1), style="bold")
    if not table.free_seats:
        return Text(t("ui.lobby.full"))
    return Text(t("net.lobby.waiting"), style="green")


FLEXIBLE = ("title", "seat0", "seat1", "seat2")
"""The columns that wrap when the list is wider than the screen: the table's number
and its status are short and always shown whole."""


def fitted(natural: dict[str, int], floors: dict[str, int], room: int) -> dict[str, int]:
    """Each column's width: its widest cell when all fit in `room` cells; otherwise the
    flexible ones share what the others leave, narrowest first (one that needs less
    than its share gives the rest to the others), none under its floor (its header)."""
    if sum(natural.values()) <= room:
        return dict(natural)
    widths = {key: width for key, width in natural.items() if key not in FLEXIBLE}
    left = room - sum(widths.values())
    flexible = sorted((key for key in natural if key in FLEXIBLE), key=natural.__getitem__)
    for index, key in enumerate(flexible):
        share = left // (len(flexible) - index)
        widths[key] = max(floors[key], min(natural[key], share))
        left -= widths[key]
    return widths


def lines(row: dict[str, Text], widths: dict[str, int]) -> int:
    """About how many lines a row takes in columns this wide: a cell wider than its
    column is counted a line more than its length needs (words wrap at spaces)."""
    return max(
        -(-cell.cell_len // widths[key]) + (cell.cell_len > widths[key])
        for key, cell in row.items()
    )


AROUND_THE_LIST = 4
"""The lobby's lines that are not the list: the head, the status, the buttons, the keys."""


class LobbyChanged(Message, bubble=False):
    """The lobby's tables now (like the others here, the screen's own news: not handed
    up to the app, a round of its queue for nothing)."""

    def __init__(self, tables: tuple[TableSummary, ...]) -> None:
        super().__init__()
        self.tables = tables


class StatusChanged(Message, bubble=False):
    def __init__(self, status: Status, text: str | None) -> None:
        super().__init__()
        self.status = status
        self.text = text


class LobbyChat(Message, bubble=False):
    """A line said in the lobby."""

    def __init__(self, line: ChatLine) -> None:
        super().__init__()
        self.line = line


class LobbyScreen(AppScreen):
    """Dismissed when the player leaves the server."""

    MUSIC = Music.ROOM

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "keys.join"),
        Binding("w,W", "watch", "keys.watch"),
        Binding("c,C", "create", "keys.create"),
        Binding("l,L", "ladder", "keys.ladder"),
        Binding("e,E", "chat", "keys.chat", show=False),  # Help lists it
        Binding("escape", "leave_server", "keys.leave_server"),
        Binding("f1,question_mark", "help", "keys.help"),
    ]

    def __init__(self, client: LobbyClient) -> None:
        super().__init__()
        self.client = client
        self._fitted_to = Size(0, 0)  # the terminal's size the columns were fitted to
        self.tables: tuple[TableSummary, ...] = ()
        self._stop: list[Callable[[], None]] = []
        self.muted: set[str] = set()  # names whose lobby chat is not shown

    def compose(self) -> ComposeResult:
        yield Plain(id="lobby-head", classes="screen-title")
        yield MessageLine(id="lobby-status")
        table: DataTable[Text] = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield table
        yield Plain(t("ui.lobby.no_tables"), id="no-tables")
        with Horizontal(id="lobby-buttons"):
            yield Button(keyed("Enter", t("ui.button.sit")), id="join", compact=True)
            yield Button(keyed("W", t("ui.button.watch")), id="watch", compact=True)
            yield Button(keyed("C", t("ui.button.new_table")), id="create", compact=True)
            yield Button(keyed("L", t("ui.button.ladder")), id="ladder", compact=True)
            yield Button(keyed("Esc", t("ui.button.leave_server")), id="leave", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        table.add_column("#", key="id")
        table.add_column(t("ui.lobby.col_table"), key="title")
        for seat in range(3):
            table.add_column(t("ui.lobby.col_seat", n=seat + 1), key=f"seat{seat}")
        table.add_column(t("ui.lobby.col_status"), key="status")
        table.focus()
        self._show_tables(self.client.tables)  # before the first layout: one, not two
        self._stop = [
            self.client.on_lobby(self._lobby_heard),
            self.client.on_status(lambda now, text: self.post_message(StatusChanged(now, text))),
            self.client.on_chat(lambda line: self.post_message(LobbyChat(line))),
        ]
        self._show_head()

    def _lobby_heard(self, tables: tuple[TableSummary, ...]) -> None:
        if tables is not self.tables:  # (the client says the tables shown at once, too)
            self.post_message(LobbyChanged(tables))

    def on_unmount(self) -> None:
        for stop in self._stop:
            stop()

    async def on_screen_resume(self) -> None:  # after AppScreen's own (Textual calls both)
        self.query_one("#tables", DataTable).focus()

    # --- showing ---------------------------------------------------------------------

    def _show_head(self, status: str | None = None, kind: str = "") -> None:
        head = t("ui.lobby.head", url=self.client.url, name=self.client.name)
        self.query_one("#lobby-head", Plain).update(head)
        online = self.ddz.online
        line = status
        if line is None and online.invite is not None:
            line = t("ui.wait.invite", url=online.invite)
            kind = "info"
        if line is None:
            line = t("ui.lobby.how")
        self.query_one("#lobby-status", MessageLine).say(line, kind)

    def on_lobby_changed(self, message: LobbyChanged) -> None:
        self._show_tables(message.tables)

    def on_resize(self, event: events.Resize) -> None:  # after AppScreen's own (Textual calls both)
        if self.is_mounted and self.app.size != self._fitted_to:
            self._show_tables(self.tables)

    def _show_tables(self, tables: tuple[TableSummary, ...]) -> None:
        self.tables = tables
        grid = self.query_one("#tables", DataTable)
        keep = self.highlighted
        grid.clear()
        rows = [
            {
                "id": Text(str(summary.id)),
                "title": title_cell(summary),
                **{f"seat{n}": seat_cell(info) for n, info in enumerate(summary.seats)},
                "status": status_cell(summary),
            }
            for summary in self.tables
        ]
        widths = self._fit_columns(grid, rows)
        for summary, row in zip(self.tables, rows, strict=True):
            wraps = any(cell.cell_len > widths[key] for key, cell in row.items())
            grid.add_row(*row.values(), key=str(summary.id), height=None if wraps else 1)
        if keep is not None:
            ids = [s.id for s in self.tables]
            if keep in ids:
                grid.move_cursor(row=ids.index(keep), animate=False)
        empty = not self.tables
        grid.display = not empty
        self.query_one("#no-tables").display = empty
        self.query_one("#join", Button).disabled = empty
        self.query_one("#watch", Button).disabled = self.check_action("watch", ()) is not True
        self.refresh_bindings()

    def _fit_columns(self, grid: DataTable[Text], rows: list[dict[str, Text]]) -> dict[str, int]:
        """Set the columns' widths so that the list fits the screen's width: at 80
        columns, long titles and names, bots and "waiting for players" did not, and the
        status was cut at the edge. A row whose cells are wider than their columns
        wraps, at spaces (a name longer than its column folds)."""
        columns = {str(key.value): column for key, column in grid.columns.items()}
        natural = {key: column.label.cell_len for key, column in columns.items()}
        floors = dict(natural)
        for row in rows:
            for key, cell in row.items():
                natural[key] = max(natural[key], cell.cell_len)
        width, height = self.app.size
        room = width - grid.styles.margin.width - 2 * grid.cell_padding * len(columns)
        widths = fitted(natural, floors, room)
        shown = grid.size.height or height - AROUND_THE_LIST
        if grid.header_height + sum(lines(row, widths) for row in rows) > shown:
            widths = fitted(natural, floors, room - grid.styles.scrollbar_size_vertical)
        self._fitted_to = self.app.size
        for key, column in columns.items():
            column.width, column.auto_width = widths[key], False
        return widths

    def on_status_changed(self, message: StatusChanged) -> None:
        if message.status is Status.RECONNECTING:
            self._show_head(message.text or t("net.client.reconnecting"), "error")
        elif message.status is Status.CONNECTED and message.text:
            self._back_here(message.text)  # back, but the seat we had is gone
        elif message.status is Status.CONNECTED:
            self._show_head()

    @work(exclusive=True, group="back")
    async def _back_here(self, why: str) -> None:
        """Close the table (and anything over it) for the lobby, and say why."""
        while self.app.screen is not self and self in self.app.screen_stack:
            await self.app.pop_screen()
        self._show_head(why, "error")

    @property
    def highlighted(self) -> int | None:
        """The id of the table under the cursor."""
        summary = self.highlighted_table
        return None if summary is None else summary.id

    @property
    def highlighted_table(self) -> TableSummary | None:
        """The table under the cursor."""
        grid = self.query_one("#tables", DataTable)
        if not self.tables or not 0 <= grid.cursor_row < len(self.tables):
            return None
        return self.tables[grid.cursor_row]

    @on(DataTable.RowHighlighted)
    def _highlight_moved(self) -> None:
        """Watch is greyed at a table that lets nobody watch."""
        self.query_one("#watch", Button).disabled = self.check_action("watch", ()) is not True
        self.refresh_bindings()

    # --- the player's choices ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "join":
            return True if self.highlighted is not None else None
        if action == "watch":
            summary = self.highlighted_table
            return True if summary is not None and summary.spectators else None
        return True

    @on(DataTable.RowSelected)
    @on(Button.Pressed, "#join")
    def action_join(self) -> None:
        summary = self.highlighted_table
        if summary is not None:
            table = summary.id
            self._with_code(
                summary, lambda code: self._sit(lambda: self.client.join(table, code=code))
            )

    @on(Button.Pressed, "#watch")
    def action_watch(self) -> None:
        """Watch the highlighted table: the public view, no hand, no moves."""
        summary = self.highlighted_table
        if summary is not None and summary.spectators:
            table = summary.id
            self._with_code(summary, lambda code: self._sit(lambda: self.client.watch(table, code)))

    def _with_code(self, summary: TableSummary, then: Callable[[str | None], object]) -> None:
        """`then(code)`: at once for a public table; a private one asks its code first
        (and goes no further without one)."""
        if not summary.private:
            then(None)
            return

        def typed(code: str | None) -> None:
            if code:
                then(code)

        self.app.push_screen(CodeDialog(summary.id), typed)

    @on(Button.Pressed, "#create")
    def action_create(self) -> None:
        self.app.push_screen(NewTableScreen(self.client.name), self._create)

    def _create(self, choice: NewTable | None) -> None:
        if choice is not None:
            self._sit(
                lambda: self.client.create(
                    choice.title or None,
                    rules=choice.rules,
                    chat=choice.chat,
                    spectators=choice.spectators,
                    code=choice.code,
                )
            )

    @work(exclusive=True, group="sit")
    async def _sit(self, sit: Callable[[], Awaitable[RemoteTable]]) -> None:
        try:
            table = await sit()
        except NetError as error:
            self._show_head(error.message, "error")
            return
        self._show_head()
        self.ddz.open_table(table)

    # --- chat in the lobby -------------------------------------------------------------

    def on_lobby_chat(self, message: LobbyChat) -> None:
        """A line said in the lobby shows on the status line (a muted name's does not)."""
        line = message.line
        if line.name not in self.muted:
            said = t("ui.chat.said", name=line.name, words=line.words())
            self.query_one("#lobby-status", MessageLine).say(said, "info")

    def action_chat(self) -> None:
        """The chat dialog, for the lobby: its last lines, the phrases, your own words,
        a mute for each name that spoke lately."""
        from ddz_tui.ui.screens.chat import ChatDialog

        lines = [line for line in self.client.lobby_chat if line.name not in self.muted]
        recent = [t("ui.chat.said", name=line.name, words=line.words()) for line in lines]
        names = {
            line.name: None for line in self.client.lobby_chat if line.name != self.client.name
        }
        others = [(name, name in self.muted) for name in names]
        self.app.push_screen(ChatDialog(recent, others, lobby=True), self._chat_chosen)

    def _chat_chosen(self, choice: object) -> None:
        from ddz_tui.ui.screens.chat import ChatChoice

        if not isinstance(choice, ChatChoice):
            return
        if choice.mute is not None:
            name = choice.mute
            self.muted ^= {name}
            said = "ui.chat.muted" if name in self.muted else "ui.chat.unmuted"
            self.query_one("#lobby-status", MessageLine).say(t(said, name=name), "info")
            return
        self._say(choice.phrase, choice.text)

    @work(group="chat")
    async def _say(self, phrase: QuickPhrase | None, text: str | None) -> None:
        try:
            await self.client.say(phrase, text)
        except NetError as error:
            self._show_head(error.message, "error")

    @on(Button.Pressed, "#ladder")
    def action_ladder(self) -> None:
        """The server's ladder: today, this week, all time."""
        from ddz_tui.ui.screens.ladder import LadderScreen

        self.app.push_screen(LadderScreen(self.client))

    @on(Button.Pressed, "#leave")
    def action_leave_server(self) -> None:
        """Asked first, as quitting mid-game is: Esc is also the key that closes a
        dialog or gets up from a table, pressed once too often it left the server."""
        from ddz_tui.ui.screens.confirm import ConfirmScreen

        if self.ddz.online.server is None:
            text = t("ui.lobby.leave_question", url=self.client.url)
            question = ConfirmScreen(text, t("ui.lobby.leave"), t("ui.lobby.stay"))
        else:
            question = ConfirmScreen(
                t("ui.lobby.stop_hosting"), t("ui.lobby.stop"), t("ui.lobby.stay")
            )
        self.app.push_screen(question, self.dismiss_if)


@dataclass(frozen=True)
class NewTable:
    """What the New table dialog chose."""

    title: str
    rules: Rules
    chat: bool = True  # its chat on
    spectators: bool = True  # anyone may watch
    code: str | None = None  # a private table's code; None: public


class CodeDialog(AppModal):
    """A private table's code: dismissed with what was typed, or None to go back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back")]

    def __init__(self, table: int) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="code-dialog") as dialog:
            dialog.border_title = t("ui.code.title")
            yield Plain(t("ui.code.prompt", n=self.table), id="code-prompt")
            yield Input(
                placeholder=t("ui.code.placeholder"),
                max_length=CODE_MAX,
                restrict=CODE_CHARS,
                id="code",
                compact=True,
            )
            with Horizontal(classes="buttons"):
                yield Button(t("ui.button.ok"), id="ok", variant="primary")
                yield Button(t("ui.button.back"), id="back")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.dismiss(self.query_one("#code", Input).value.strip() or None)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)


CODE_CHARS = r"[A-Za-z0-9]*"
"""What a code's field takes: letters and digits (the server checks them again)."""


class NewTableScreen(AppModal):
    """Dismissed with a `NewTable`, or None to go back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back"), *FORM_KEYS]
    # Textual declares it `ClassVar[...] | None`, which mypy reads as an instance variable
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = FORM_HEIGHTS  # type: ignore[misc]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        settings = self.ddz.settings
        with Vertical(classes="dialog", id="new-table") as dialog:
            dialog.border_title = t("ui.new_table.title")
            placeholder = t("net.table_title", name=self.player)
            yield form_row(
                t("ui.new_table.name"),
                Input(placeholder=placeholder, max_length=TITLE_MAX, id="title", compact=True),
            )
            yield from rules_rows(settings.rules)
            yield form_row(t("ui.new_table.spectators"), OnOff(True, id="spectators"))
            yield form_row(
                t("ui.new_table.code"),
                Input(
                    placeholder=t("ui.new_table.code_hint"),
                    max_length=CODE_MAX,
                    restrict=CODE_CHARS,
                    id="code",
                    compact=True,
                ),
            )
            yield form_row(t("ui.new_table.chat"), OnOff(True, id="chat"))
            with Horizontal(classes="buttons"):
                yield Button(t("ui.button.open_table"), id="open", variant="primary")
                yield Button(t("ui.button.back"), id="back")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#title", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#open")
    def _open(self) -> None:
        title = self.query_one("#title", Input).value.strip()
        code = self.query_one("#code", Input).value.strip()
        if code and not CODE_MIN <= len(code) <= CODE_MAX:
            self.notify(t("ui.new_table.code_short"), severity="error")
            self.query_one("#code", Input).focus()
            return
        rules = chosen_rules(self)
        remember_rules(self, rules)
        self.dismiss(
            NewTable(
                title,
                rules,
                chat=self.query_one("#chat", OnOff).value,
                spectators=self.query_one("#spectators", OnOff).value,
                code=code or None,
            )
        )

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)
