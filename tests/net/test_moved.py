"""Many servers as one service (protocol 10): the client follows a `moved` reply to
another server by itself, with its name, token and ticket, and asks again there; it
goes back through the welcome's `peers` when its server is gone. The servers here are
small fakes on loopback that answer as a server of such a service would."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest
from websockets.asyncio.server import Server, ServerConnection, serve

from ddz_tui.net.client.errors import ConnectionLost, NetError
from ddz_tui.net.client.lobby import MAX_MOVES, LobbyClient, Status
from ddz_tui.net.client.tokens import TokenStore
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import (
    MAX_PEERS,
    PROTOCOL_VERSION,
    URL_MAX,
    PushType,
    encode_moved,
    parse_push,
    parse_request,
)
from tests.support.loopback import until

Answer = Callable[[dict[str, Any]], dict[str, Any]]


class Fake:
    """A game server of a service, faked: it welcomes every hello (with `peers`), seats
    every create and join at table 7, and answers a type in `answers` as told. `heard`:
    every message it read, in order; `arrived`, set at each."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.heard: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.answers: dict[str, Answer] = {}
        self.peers: list[str] = []
        self.server: Server | None = None
        self.hold: asyncio.Event | None = None  # when set, a hello waits for it

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"ws://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    def kinds(self) -> list[str]:
        return [message["type"] for message in self.heard]

    def welcome(self, hello: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "welcome", "v": PROTOCOL_VERSION, "name": hello["name"],
            "token": hello.get("token") or f"token-{self.name}", "server": "fake",
            "table": None, "seat": None, "turn_seconds": None,
            "limits": {"max_message": 4096, "rate": 20, "burst": 40}, "peers": self.peers,
        }  # fmt: skip

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        kind = message["type"]
        if kind in self.answers:
            return self.answers[kind](message)
        if kind == "hello":
            return self.welcome(message)
        if kind == "list":
            return {"type": "lobby", "tables": []}
        seat = None if kind == "watch" else 0
        return {"type": "ok", "table": 7, "seat": seat, "title": f"at {self.name}"}

    async def handle(self, ws: ServerConnection) -> None:
        async for data in ws:
            message = json.loads(data)
            self.heard.append(message)
            self.arrived.set()
            if message["type"] == "hello" and self.hold is not None:
                await asyncio.wait_for(self.hold.wait(), 10)
            reply = {**self.answer(message), "id": message.get("id")}
            await ws.send(json.dumps(reply))

    def crash(self) -> None:
        """Gone as a killed process is: no close frame, nobody listening."""
        assert self.server is not None
        self.server.close(close_connections=False)
        for ws in self.server.connections:
            ws.transport.abort()


@asynccontextmanager
async def fakes(*names: str) -> AsyncIterator[list[Fake]]:
    async with AsyncExitStack() as stack:
        made = []
        for name in names:
            fake = Fake(name)
            fake.server = await stack.enter_async_context(serve(fake.handle, "127.0.0.1", 0))
            made.append(fake)
        yield made


def moved_to(url: str, table: int | None = 7) -> Answer:
    return lambda message: json.loads(encode_moved(message.get("id"), url, table))


async def test_a_join_answered_by_moved_lands_seated_on_the_other_server(tmp_path) -> None:
    tokens = TokenStore(tmp_path / "sessions.json")
    async with fakes("a", "b") as (a, b):
        a.answers["join"] = moved_to(b.url)
        ann = await LobbyClient.connect(a.url, "ann", tokens=tokens, ticket="door-says-so")
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        table = await asyncio.wait_for(ann.join(7, seat=2), 10)
        assert (table.table_id, table.seat) == (7, 0) and table.title.endswith("at b")
        assert ann.table is table and ann.connected and ann.url == b.url
        assert a.kinds() == ["hello", "join"]
        assert b.kinds() == ["hello", "join"], "hello there, then the same request"
        hello, join = b.heard
        assert (hello["name"], hello["token"], hello["ticket"]) == (
            "ann",
            "token-a",
            "door-says-so",
        ), "the same name, token and ticket"
        assert (join["table"], join["seat"]) == (7, 2)
        assert heard == [], "the player hears of no drop, no reconnecting"
        assert tokens.get(b.url, "ann") == "token-a", "the token is kept for the new server too"
        assert await ann.refresh() == (), "the session goes on there"
        assert b.kinds()[-1] == "list"
        await until(lambda: not a.server.connections)  # type: ignore[union-attr]
        await ann.close()


async def test_a_request_made_while_the_session_moves_is_asked_at_the_new_server() -> None:
    async with fakes("a", "b") as (a, b):
        a.answers["join"] = moved_to(b.url)
        b.hold = asyncio.Event()
        ann = await LobbyClient.connect(a.url, "ann")
        joining = asyncio.create_task(ann.join(7))
        await until(lambda: b.kinds() == ["hello"])  # on its way, not there yet
        listing = asyncio.create_task(ann.refresh())
        await until(lambda: len(a.server.connections) == 0)  # type: ignore[union-attr]
        b.hold.set()
        await asyncio.wait_for(asyncio.gather(joining, listing), 10)
        assert a.kinds() == ["hello", "join"]
        assert b.kinds() == ["hello", "join", "list"], "asked there, once the move was done"
        await ann.close()


async def test_a_watch_is_followed_too() -> None:
    async with fakes("a", "b") as (a, b):
        a.answers["watch"] = moved_to(b.url)
        ann = await LobbyClient.connect(a.url, "ann")
        table = await asyncio.wait_for(ann.watch(7), 10)
        assert table.watching and ann.url == b.url and b.kinds() == ["hello", "watch"]
        await ann.close()


async def test_a_create_sent_on_says_it_was_placed() -> None:
    async with fakes("a", "b") as (a, b):
        a.answers["create"] = moved_to(b.url, None)
        ann = await LobbyClient.connect(a.url, "ann")
        table = await asyncio.wait_for(ann.create("friday"), 10)
        assert table.title.endswith("at b") and ann.url == b.url
        first, again = a.heard[-1], b.heard[-1]
        assert "placed" not in first
        assert again["placed"] is True, "the second server opens it, sends us on no more"
        assert {k: v for k, v in again.items() if k not in ("id", "placed")} == {
            k: v for k, v in first.items() if k != "id"
        }, "the same request again"
        await ann.close()


async def test_servers_that_keep_sending_us_on_are_left_after_three_moves() -> None:
    async with fakes("a", "b") as (a, b):
        a.answers["join"] = moved_to(b.url)
        b.answers["join"] = moved_to(a.url)
        ann = await LobbyClient.connect(a.url, "ann")
        with pytest.raises(NetError) as error:
            await asyncio.wait_for(ann.join(7), 10)
        assert error.value.message == (
            "the servers kept sending us on to another server: try again in a moment"
        )
        joins = a.kinds().count("join") + b.kinds().count("join")
        assert joins == MAX_MOVES + 1 == 4, "three moves followed, the fourth not"
        assert ann.connected and ann.table is None
        await ann.close()


@pytest.mark.parametrize("bad", ["http://{b}", "ws://", "{b}", "wss://:7744", "ws://[::1"])
async def test_a_moved_to_no_server_address_is_not_followed(bad: str) -> None:
    async with fakes("a", "b") as (a, b):
        url = bad.format(b=b.url.removeprefix("ws://"))
        a.answers["join"] = moved_to(url)
        ann = await LobbyClient.connect(a.url, "ann")
        with pytest.raises(NetError) as error:
            await asyncio.wait_for(ann.join(7), 10)
        assert error.value.message == (
            f"the server sent us on to {url}, which is not a server address"
        )
        assert b.heard == [], "never followed"
        assert ann.connected and ann.url == a.url, "the session stays where it was"
        assert await ann.refresh() == ()
        await ann.close()


@pytest.mark.parametrize("bad", ["{b}/\x1b[2J", "{b}\u202e", "{b}/" + "x" * URL_MAX])
async def test_a_moved_that_breaks_the_protocol_ends_the_session_and_says_why(bad: str) -> None:
    """An address with a character that is not printable is refused, not cleaned (the
    clean one would lead to b); so is one too long. The message is broken."""
    async with fakes("a", "b") as (a, b):
        a.answers["join"] = moved_to(bad.format(b=b.url))
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=5)
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        with pytest.raises(ConnectionLost):
            await asyncio.wait_for(ann.join(7), 10)
        await until(lambda: ann.status is Status.CLOSED)
        assert b.heard == [], "never followed"
        assert heard == [
            (
                Status.CLOSED,
                "the server sent a message that breaks the protocol: moved: 'url' must be"
                f" a ws:// address of at most {URL_MAX} printable characters",
            )
        ]


async def test_a_move_to_a_server_that_cannot_be_reached_comes_back() -> None:
    async with fakes("a", "b") as (a, b):
        gone = b.url
        b.crash()
        a.answers["join"] = moved_to(gone)
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=30)
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        with pytest.raises(NetError) as error:
            await asyncio.wait_for(ann.join(7), 10)
        where = gone.removeprefix("ws://")
        assert error.value.message == (
            f"the server sent us on to {where}, which cannot be reached: nothing is listening"
            f" at {where}: is the server running there?"
        )
        await until(lambda: ann.connected)
        assert ann.url == a.url and a.kinds() == ["hello", "join", "hello"]
        assert heard == [
            (Status.RECONNECTING, "connection lost: reconnecting…"),
            (Status.CONNECTED, None),
        ], "back where we were, as after a drop"
        await ann.close()


async def test_a_hello_answered_by_moved_is_said_again_there(tmp_path) -> None:
    tokens = TokenStore(tmp_path / "sessions.json")
    async with fakes("a", "b") as (a, b):
        a.answers["hello"] = moved_to(b.url, None)
        ann = await asyncio.wait_for(LobbyClient.connect(a.url, "ann", tokens=tokens), 10)
        assert ann.connected and ann.url == b.url
        assert a.kinds() == ["hello"] and b.kinds() == ["hello"]
        assert b.heard[0]["name"] == "ann"
        assert tokens.get(b.url, "ann") == "token-b"
        assert tokens.get(a.url, "ann") == "token-b", "for the address the player gave too"
        await ann.close()


async def test_hellos_sent_on_and_on_give_up_after_three_moves() -> None:
    async with fakes("a") as (a,):
        a.answers["hello"] = moved_to(a.url, None)
        with pytest.raises(NetError) as error:
            await asyncio.wait_for(LobbyClient.connect(a.url, "ann"), 10)
        assert "kept sending us on" in error.value.message
        assert a.kinds() == ["hello"] * (MAX_MOVES + 1)


async def test_when_its_server_is_gone_the_client_goes_back_through_a_peer() -> None:
    async with fakes("a", "b", "c") as (a, b, c):
        a.peers = [c.url, "http://not-a-server", b.url]
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=30)
        assert ann.peers == (a.url, c.url, b.url), "the first, then the welcome's; no bad one"
        table = await ann.join(7)
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        c.crash()  # c is gone before a: it cannot take us either
        a.crash()
        await until(lambda: ann.connected and len(heard) == 2)
        assert ann.url == b.url
        assert b.kinds() == ["hello"] and b.heard[0]["token"] == "token-a"
        gone = urlsplit(ann.peers[0]).netloc  # a's
        notice = f"the server at {gone} is gone, and table 7 with it"
        assert heard == [
            (Status.RECONNECTING, "connection lost: reconnecting…"),
            (Status.CONNECTED, notice),
        ], "the seat was on a: gone with it, and the player is told"
        assert ann.table is None and not table.seated
        await ann.close()


async def test_a_peer_that_refuses_is_passed_over_for_the_next() -> None:
    async with fakes("a", "b", "c") as (a, b, c):
        a.peers = [b.url, c.url]
        b.answers["hello"] = lambda hello: {
            "type": "error", "reason": "name_taken", "message": "the name ann is taken",
        }  # fmt: skip
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=30)
        a.crash()
        await until(lambda: ann.connected and ann.url == c.url)
        assert b.kinds() == ["hello"], "b refused us: passed over"
        assert c.kinds() == ["hello"]
        await ann.close()


async def test_a_server_shutting_down_sends_its_players_to_a_peer() -> None:
    """1001 ends the session at a lone server (nothing to resume there); a server with
    peers is one of a service: its players go on at another (an upgrade, one at a time)."""
    async with fakes("a", "b") as (a, b):
        a.peers = [b.url]
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=30)
        assert a.server is not None
        a.server.close()  # closes every connection with 1001
        await until(lambda: ann.connected and ann.url == b.url)
        assert b.kinds() == ["hello"]
        await ann.close()


async def test_without_moved_nor_peers_nothing_changes() -> None:
    async with fakes("a") as (a,):
        ann = await LobbyClient.connect(a.url, "ann")
        assert ann.peers == (a.url,)
        await ann.create()
        assert "placed" not in a.heard[-1]
        await ann.close()


# --- the messages ------------------------------------------------------------------


def test_moved_crosses_the_wire() -> None:
    message = parse_push(encode_moved(3, "wss://b.example:443/ddz", 12))
    assert message.type is PushType.MOVED and message.id == 3
    assert message.args == {"url": "wss://b.example:443/ddz", "table": 12}
    assert parse_push(encode_moved(None, "ws://b:7744", None)).args["table"] is None


@pytest.mark.parametrize(
    "url", [7, None, ["ws://b"], "ws://b\x00", "ws://b\n", "ws://b\u200b", "w" * (URL_MAX + 1)]
)
def test_a_moved_url_that_is_not_printable_text_is_refused(url: object) -> None:
    with pytest.raises(ProtocolError) as error:
        parse_push(json.dumps({"type": "moved", "id": 1, "url": url, "table": None}))
    assert error.value.reason is ErrorReason.BAD_FIELD


@pytest.mark.parametrize(
    "broken", [{"table": 0}, {"table": "7"}, {"extra": 1}, {"table": None, "url": None}]
)
def test_a_moved_with_other_fields_is_refused(broken: dict[str, Any]) -> None:
    sent = {"type": "moved", "id": 1, "url": "ws://b:1", "table": 7, **broken}
    with pytest.raises(ProtocolError):
        parse_push(json.dumps(sent))


def _welcome(**changes: Any) -> str:
    limits = {"max_message": 4096, "rate": 20, "burst": 40}
    welcome = {"type": "welcome", "v": PROTOCOL_VERSION, "name": "ann", "token": "t"}
    nothing = {"server": "x", "table": None, "seat": None, "turn_seconds": None}
    return json.dumps({**welcome, **nothing, "limits": limits, **changes})


def test_a_welcome_names_its_peers_or_none() -> None:
    assert parse_push(_welcome()).args["peers"] == ()
    peers = [f"ws://10.0.0.{n}:7744" for n in range(MAX_PEERS)]
    assert parse_push(_welcome(peers=peers)).args["peers"] == tuple(peers)


@pytest.mark.parametrize(
    "peers",
    [
        [f"ws://10.0.0.{n}:7744" for n in range(MAX_PEERS + 1)],
        "ws://b:1",
        [1],
        [None],
        ["ws://b\x1b:1"],
        ["w" * (URL_MAX + 1)],
    ],
)
def test_a_welcome_with_peers_that_do_not_fit_is_refused(peers: object) -> None:
    with pytest.raises(ProtocolError) as error:
        parse_push(_welcome(peers=peers))
    assert error.value.reason is ErrorReason.BAD_FIELD


def test_a_create_says_whether_it_was_placed() -> None:
    assert parse_request('{"type":"create","placed":true}').args["placed"] is True
    assert parse_request('{"type":"create"}').args["placed"] is False
    with pytest.raises(ProtocolError) as error:
        parse_request('{"type":"create","placed":1}')
    assert error.value.reason is ErrorReason.BAD_FIELD
