"""The game server's lobby: who is at the server, which tables are open, who sits where.

No sockets here: the server (`server`) hands the lobby what its players ask for, and
sends them what changed. A name is claimed with the hello: a new name gets a session
token, and a name in use goes back only to a hello with that token; names are compared
by `name_key` (Ann, ＡＮＮ and Cyrillic аnn are all ann), so nobody poses as a player
beside them, while each name is shown as its player typed it. A seat a player got
up from during a game (a bot finishes it) is theirs to take back until it is freed: by
who they are, never by name.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ddz_tui.bots import make_bot
from ddz_tui.i18n import Lang, Phrase, t
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import check_name
from ddz_tui.net.states import TableSummary
from ddz_tui.records.names import name_key
from ddz_tui.records.store import SeatLabel
from ddz_tui.table.chat import ChatLimit
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.text import is_printable

log = logging.getLogger(__name__)

C = TypeVar("C")  # a player's connection: the server's, which the lobby only holds


@dataclass(eq=False)
class Player(Generic[C]):
    """A name at the server: connected, or away but still holding a seat."""

    name: str
    token: str
    lang: Lang
    conn: C | None = None
    table: Table | None = None
    seat: int | None = None
    unsubscribe: Callable[[], None] | None = None  # stops sending them their seat's state
    in_game: tuple[int, int] | None = None  # (table, games before it): the game they play in
    # the seat they got up from during a game, which a bot finishes: theirs to take
    # back until it is freed (a seat goes back only to its player, never to a name)
    left: tuple[Table, int] | None = None
    chat_limit: ChatLimit | None = None  # their chat's rate, at a table or in the lobby
    # the name is bound to the key they logged in with at the SSH door, which vouched
    # for it (`GameServer.vouch`): a ranked identity on the ladder, not a guest's
    ranked: bool = False
    watching: Table | None = None  # the table they watch as a spectator, from no seat

    def unwatch(self) -> None:
        """Stop sending them their seat's state."""
        if self.unsubscribe is not None:
            self.unsubscribe()
            self.unsubscribe = None


@dataclass(eq=False)
class Table:
    id: int
    title: str
    host: TableHost
    creator: str = ""  # the `name_key` of the player who opened it
    # whether the person who sat down last in each seat plays ranked (`Player.ranked`)
    ranked: list[bool] = field(default_factory=lambda: [False, False, False])
    spectators: bool = True  # whether anyone may watch
    code: str | None = None  # a private table's code (`check_code`), never said in the lobby
    watchers: set[Player[Any]] = field(default_factory=set)  # who watch it now

    def summary(self) -> TableSummary:
        return TableSummary(
            id=self.id,
            title=self.title,
            rules=self.host.rules,
            seats=self.host.seats,
            playing=self.host.playing,
            games=self.host.games,
            watchers=len(self.watchers),
            spectators=self.spectators,
            private=self.code is not None,
        )

    @property
    def has_players(self) -> bool:
        return any(info.kind is SeatKind.HUMAN for info in self.host.seats)


class Lobby(Generic[C]):
    """The players and tables of one server. Use from its event loop. Every refusal is
    a ProtocolError with the reason and a phrase, said in each player's language."""

    def __init__(self, max_tables: int, tables_left_per_player: int = 2) -> None:
        self.max_tables = max_tables
        self.tables_left_per_player = tables_left_per_player
        self.players: dict[str, Player[C]] = {}  # by `name_key` of their names
        self.tables: dict[int, Table] = {}
        self._next_table = 1

    # --- players ---------------------------------------------------------------------

    def claim(
        self, name: str, token: str | None, lang: Lang, fresh: str | None = None
    ) -> Player[C]:
        """The player a hello speaks for: new (with the token `fresh` when the service
        of servers gave one), or back with its session token."""
        name = check_name(name)
        player = self.players.get(name_key(name))
        if player is None:
            player = Player(name, fresh or secrets.token_urlsafe(24), lang)
            self.players[name_key(name)] = player
            log.info("%s connected", name)
        elif token is None or not secrets.compare_digest(token, player.token):
            raise ProtocolError(ErrorReason.NAME_TAKEN, Phrase("net.error.name_taken", name=name))
        else:
            log.info("%s reconnected", name)
        player.lang = lang
        return player

    def resume(self, player: Player[C]) -> None:
        """A player back on a new connection plays their seat again, if it was dropped."""
        table, seat = player.table, player.seat
        if table is not None and seat is not None and not table.host.seats[seat].connected:
            table.host.resume(seat)

    def disconnect(self, player: Player[C]) -> None:
        """The player's connection is gone: a seated player keeps the seat for the
        table's grace period; anyone else is forgotten (the name is free again)."""
        player.conn = None
        player.unwatch()
        self.stop_watching(player)
        if player.table is not None and player.seat is not None:
            log.info("%s dropped from table %d", player.name, player.table.id)
            player.table.host.drop(player.seat)
        else:
            log.info("%s disconnected", player.name)
            del self.players[name_key(player.name)]

    def forget(self, player: Player[C]) -> None:
        """Forget a player at no table (another server holds the name now)."""
        player.conn = None
        player.unwatch()
        self.stop_watching(player)
        if self.players.get(name_key(player.name)) is player:
            del self.players[name_key(player.name)]

    def in_lobby(self) -> list[C]:
        """The connections of the players at no table, who watch the lobby."""
        return [
            p.conn
            for p in self.players.values()
            if p.table is None and p.watching is None and p.conn is not None
        ]

    # --- tables ----------------------------------------------------------------------

    def summaries(self) -> list[TableSummary]:
        return [table.summary() for table in self.tables.values()]

    def table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError(
                ErrorReason.NO_SUCH_TABLE, Phrase("net.error.no_such_table", table=table_id)
            )
        return table

    def open_table(
        self,
        player: Player[C],
        title: str | None,
        new_host: Callable[[], TableHost],
        table_id: int | None = None,
    ) -> Table:
        """A new table (its host made by `new_host`) for `player`, who sits down next.
        The title is the player's table unless they name it; its id is `table_id` when
        the service of servers gave one (unique across them), else the next here."""
        self.not_seated(player)
        if len(self.tables) >= self.max_tables:
            raise ProtocolError(
                ErrorReason.TOO_MANY_TABLES, Phrase("net.error.too_many_tables", n=len(self.tables))
            )
        left = self.tables_left_by(player)
        if left >= self.tables_left_per_player:
            raise ProtocolError(
                ErrorReason.TOO_MANY_TABLES, Phrase("net.error.tables_left", n=left)
            )
        title = (title or "").strip() or t("net.table_title", player.lang, name=player.name)
        if not is_printable(title):
            raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.title"))
        if table_id is None:
            table_id = self._next_table
            self._next_table += 1
        table = Table(table_id, title, new_host(), creator=name_key(player.name))
        self.tables[table.id] = table
        log.info("%s created table %d", player.name, table.id)
        return table

    def tables_left_by(self, player: Player[C]) -> int:
        """The tables `player` opened that nobody sits at any more (bots finish their
        game): each holds a place in the lobby and a game's work, so a player may leave
        only a few behind (`tables_left_per_player`) before opening another."""
        key = name_key(player.name)
        seated = {id(p.table) for p in self.players.values() if p.table is not None}
        return sum(
            1 for table in self.tables.values() if table.creator == key and id(table) not in seated
        )

    def remove_if_empty(self, table: Table) -> bool:
        """Take a table no person sits at out of the lobby; True when it was (the
        server then closes its host). Its spectators watch nothing now."""
        if table.has_players or self.tables.get(table.id) is not table:
            return False
        del self.tables[table.id]
        for player in list(table.watchers):
            self.stop_watching(player)
        return True

    # --- spectators ------------------------------------------------------------------

    def watch(self, player: Player[C], table: Table, max_watchers: int, total: int) -> None:
        """`player` watches `table` from no seat (its code already checked): refused
        when they sit at a table, when it lets nobody watch, or when its watchers (at
        most `max_watchers`), or the server's (at most `total`), are full. One who
        watched another table watches this one instead."""
        self.not_seated(player)
        if not table.spectators:
            raise ProtocolError(
                ErrorReason.NO_SPECTATORS, Phrase("net.error.no_spectators", table=table.id)
            )
        if player.watching is table:
            return
        if len(table.watchers) >= max_watchers:
            raise ProtocolError(
                ErrorReason.TOO_MANY_WATCHERS, Phrase("net.error.too_many_watchers", table=table.id)
            )
        if self.watchers() >= total:
            raise ProtocolError(ErrorReason.TOO_MANY_WATCHERS, Phrase("net.error.server_watchers"))
        self.stop_watching(player)
        player.watching = table
        table.watchers.add(player)

    def stop_watching(self, player: Player[C]) -> Table | None:
        """`player` no longer watches; the table they watched, if any."""
        table, player.watching = player.watching, None
        if table is None:
            return None
        player.unwatch()
        table.watchers.discard(player)
        return table

    def watchers(self) -> int:
        """How many watch a table on this server."""
        return sum(len(table.watchers) for table in self.tables.values())

    # --- seats -----------------------------------------------------------------------

    def join(self, player: Player[C], table: Table, wanted: int | None) -> int:
        """Sit `player` at `table`: in `wanted`, or the first seat open to them."""
        self.not_seated(player)
        seat = self.free_seat(table, player, wanted)
        self.sit(player, table, seat)
        return seat

    @staticmethod
    def free_seat(table: Table, player: Player[C], wanted: int | None) -> int:
        """A seat the player may take: empty, a bot's between games, or the seat they
        got up from that a bot is finishing for them (by who they are, not by name)."""
        seats = table.host.seats
        playing = table.host.playing

        def open_for(seat: int) -> bool:
            info = seats[seat]
            if info.kind is SeatKind.HUMAN:
                return player.left == (table, seat) and info.name == player.name
            return info.is_empty or not playing

        order = [wanted] if wanted is not None else [*range(3)]
        if wanted is None:  # one's own seat first, then empty seats, then bots
            order.sort(key=lambda s: (player.left != (table, s), not seats[s].is_empty))
        for seat in order:
            if open_for(seat):
                return seat
        if wanted is not None:
            raise ProtocolError(ErrorReason.SEAT_TAKEN, Phrase("net.error.seat_taken", seat=wanted))
        raise ProtocolError(ErrorReason.SEAT_TAKEN, Phrase("net.error.table_full"))

    @staticmethod
    def sit(player: Player[C], table: Table, seat: int) -> None:
        info = table.host.seats[seat]
        player.table, player.seat, player.left = table, seat, None
        table.ranked[seat] = player.ranked
        if info.kind is SeatKind.HUMAN and info.name == player.name:
            table.host.resume(seat)
        else:
            table.host.set_seat(seat, SeatInfo(player.name))

    def leave(self, player: Player[C]) -> Table:
        """The player gets up (a bot finishes a game in progress for them); the table
        they left."""
        table, seat = self.seat_of(player)
        player.unwatch()
        player.table = player.seat = None
        player.left = (table, seat)
        table.host.leave(seat)
        return table

    def seat_freed(self, table: Table, seat: int, name: str) -> C | None:
        """The host freed a seat whose player stayed away: forget them there (and
        altogether when they are not connected). The connection of a player now back in
        the lobby, who should hear it."""
        player = self.players.get(name_key(name))
        if player is None or player.table is not table or player.seat != seat:
            return None
        player.unwatch()
        player.table = player.seat = None
        if player.conn is None:
            del self.players[name_key(name)]
        return player.conn

    def fill(self, player: Player[C], level: str) -> None:
        """Bots of `level` in the empty seats of the player's table, between games."""
        table, _ = self.seat_of(player)
        try:
            make_bot(level)
        except ValueError as error:
            raise ProtocolError(ErrorReason.BAD_LEVEL, Phrase.as_is(str(error))) from None
        if table.host.playing:
            raise ProtocolError(ErrorReason.GAME_ON, Phrase("table.game_on"))
        for seat, info in enumerate(table.host.seats):
            if info.is_empty:
                name = t("net.bot_name", player.lang, n=seat + 1)
                table.host.set_seat(seat, SeatInfo(name, SeatKind.BOT, level, label=SeatLabel.BOT))

    @staticmethod
    def not_seated(player: Player[C]) -> None:
        if player.table is not None:
            raise ProtocolError(
                ErrorReason.ALREADY_SEATED,
                Phrase("net.error.already_seated", table=player.table.id),
            )

    @staticmethod
    def seat_of(player: Player[C]) -> tuple[Table, int]:
        if player.table is None or player.seat is None:
            raise ProtocolError(ErrorReason.NOT_SEATED, Phrase("net.error.not_seated"))
        return player.table, player.seat
