"""The lobby as its watchers hear it: the whole lobby once, then only what changed
(`lobby_changes`), and the whole again for a watcher who fell behind; whatever the
order of changes, what a client makes of them is the server's lobby."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest

from ddz_tui.engine import Rules
from ddz_tui.i18n import Lang
from ddz_tui.net.backlog import Outbox
from ddz_tui.net.protocol import MAX_TABLE_ROWS, parse_push
from ddz_tui.net.ratelimit import TokenBucket
from ddz_tui.net.server import Connection, GameServer
from ddz_tui.net.states import (
    TableSummary,
    apply_lobby_changes,
    decode_lobby,
    encode_summary,
    lobby_text,
)
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo
from tests.support.loopback import FAST, clients, running, until


class QuietSocket:
    """Stands in for a connection's WebSocket: what the server sends waits in its outbox."""

    remote_address = ("127.0.0.1", 1)

    def __init__(self) -> None:
        self.outbox = Outbox()
        self.on_ping = None

    def has_room(self, size: int) -> bool:
        return True


def watcher(server: GameServer, name: str) -> Connection:
    conn = Connection(QuietSocket(), TokenBucket(1e6, 10**6), TokenBucket(1e6, 10**6))  # type: ignore[arg-type]
    player = server.lobby.claim(name, None, Lang.EN)
    player.conn = conn
    conn.player = player
    return conn


def table(table_id: int, games: int = 0) -> TableSummary:
    seats = (SeatInfo(f"owner{table_id}"), EMPTY_SEAT, EMPTY_SEAT)
    return TableSummary(table_id, f"table {table_id}", Rules(), seats, False, games)


def waiting(conn: Connection) -> list[dict]:
    messages = []
    while len(conn.outbox):
        messages.append(json.loads(conn.outbox._entries.popleft().data))
    conn.outbox.clear()
    return messages


async def test_a_watcher_hears_the_lobby_once_then_only_what_changed() -> None:
    server = GameServer(replace(FAST, bot_workers=0))
    lobby: list[TableSummary] = [table(1)]
    server.lobby.summaries = lambda: list(lobby)  # type: ignore[method-assign]
    ann = watcher(server, "ann")
    seen: tuple[TableSummary, ...] = ()

    def hear(messages: list[dict]) -> None:
        nonlocal seen
        for message in messages:
            parsed = parse_push(json.dumps(message))
            if message["type"] == "lobby":
                seen = decode_lobby(parsed.args)
            else:
                seen = apply_lobby_changes(seen, parsed.args)
        assert seen == tuple(lobby), "the client's lobby is the server's"

    server._sync_lobby()
    (whole,) = waiting(ann)
    assert whole["type"] == "lobby" and [t["id"] for t in whole["tables"]] == [1]
    hear([whole])
    lobby[:] = [table(1, games=1), *(table(n) for n in range(2, 52))]
    server._sync_lobby()
    (changes,) = waiting(ann)
    assert changes["type"] == "lobby_changes" and changes["removed"] == []
    hear([changes])
    lobby[7] = table(8, games=3)  # one table of 51 changes: one row goes out
    del lobby[2]
    server._sync_lobby()
    (changes,) = waiting(ann)
    assert changes == {**changes, "type": "lobby_changes", "removed": [3]}
    assert [t["id"] for t in changes["tables"]] == [8]
    hear([changes])
    server._sync_lobby()
    assert waiting(ann) == [], "nothing changed: nothing sent"


async def test_a_slow_watcher_gets_one_lobby_push_saying_all_the_unsent_ones_did() -> None:
    server = GameServer(replace(FAST, bot_workers=0))
    lobby: list[TableSummary] = [table(1)]
    server.lobby.summaries = lambda: list(lobby)  # type: ignore[method-assign]
    slow = watcher(server, "slow")
    server._sync_lobby()
    (whole,) = waiting(slow)
    seen = decode_lobby(parse_push(json.dumps(whole)).args)
    lobby.append(table(2))
    server._sync_lobby()  # these changes wait for the slow reader...
    lobby[0] = table(1, games=1)
    lobby.append(table(3))
    server._sync_lobby()  # ... and newer ones take their place, saying both
    (changes,) = waiting(slow)
    assert changes["type"] == "lobby_changes"
    assert [t["id"] for t in changes["tables"]] == [1, 2, 3] and changes["removed"] == []
    seen = apply_lobby_changes(seen, parse_push(json.dumps(changes)).args)
    assert seen == tuple(lobby)
    del lobby[1]
    server._sync_lobby()
    lobby.append(table(4))
    server._sync_lobby()
    del lobby[-1]
    server._sync_lobby()  # a table that came and went while unsent: gone either way
    (changes,) = waiting(slow)
    assert changes["removed"] == [2, 4] and changes["tables"] == []
    seen = apply_lobby_changes(seen, parse_push(json.dumps(changes)).args)
    assert seen == tuple(lobby)

    late = watcher(server, "late")
    server._send_whole_lobby(late)  # back from a table: the whole lobby, still unsent...
    lobby.append(table(5))
    server._sync_lobby()  # ... and a change comes: the whole again, as things stand
    (whole,) = waiting(late)
    assert whole["type"] == "lobby" and [t["id"] for t in whole["tables"]] == [1, 3, 5]


async def test_a_clients_lobby_follows_the_server_through_every_change() -> None:
    async with running(tables_left_per_player=10) as server:
        (watching,) = await clients(server, "watching")
        kinds: list[str] = []
        dispatch = watching._dispatch

        def noting(message, decoded) -> None:  # type: ignore[no-untyped-def]
            kinds.append(message.type.value)
            dispatch(message, decoded)

        watching._dispatch = noting  # type: ignore[method-assign]
        owners = await clients(server, *(f"owner{n}" for n in range(6)))
        for round_ in range(3):
            for owner in owners:
                await owner.create(title=f"round {round_}")
                await owner.fill("random")
                await owner.ready()
                await owner.leave()  # the bots play it out; the table goes at its end
        await until(lambda: not server.lobby.tables, timeout=60)
        await until(lambda: watching.tables == tuple(server.lobby.summaries()))
        assert kinds.count("lobby_changes") > 3 * kinds.count("lobby"), kinds
        for client in (watching, *owners):
            await client.close()
        await asyncio.sleep(0)


def test_changes_cannot_grow_a_lobby_past_what_a_whole_one_holds() -> None:
    """A hostile server's changes, each within the message's bounds, adding rows without
    end: the client refuses the message that would pass the bound (and so closes)."""
    rows = [json.loads(lobby_text([encode_summary(table(n))]))["tables"][0] for n in (1, 2)]
    seen = apply_lobby_changes((), {"tables": rows, "removed": []})
    assert [t.id for t in seen] == [1, 2]
    many = (*(table(n) for n in range(1, MAX_TABLE_ROWS + 1)),)
    with pytest.raises(ValueError, match="more than"):
        apply_lobby_changes(many, {"tables": [rows[0] | {"id": MAX_TABLE_ROWS + 1}], "removed": []})
    assert len(apply_lobby_changes(many, {"tables": rows, "removed": [3]})) == MAX_TABLE_ROWS - 1
