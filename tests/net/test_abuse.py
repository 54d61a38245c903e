"""What a broken or hostile client gets: an error reply or a closed connection, never a
crash, never an effect on anyone else."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.frames import Frame, Opcode

from ddz_tui.bots import make_bot
from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.net.backlog import Outbox
from ddz_tui.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION
from ddz_tui.net.ratelimit import Penalties
from tests.support.botclient import BotPlayer
from tests.support.clock import ManualClock
from tests.support.loopback import clients, running, until


class Raw:
    """A WebSocket that speaks JSON by hand, to say what a real client never would."""

    def __init__(self, ws) -> None:
        self.ws = ws

    async def send(self, message: object) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def recv(self) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), 5))

    async def ask(self, message: object) -> dict:
        await self.send(message)
        return await self.recv()

    async def closed(self) -> int:
        """Wait for the server to close the connection; its close code."""
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(self.ws.recv(), 5)
        return self.ws.close_code


async def raw(server, name: str | None = "mal", source: str = "127.0.0.1") -> Raw:
    ws = await connect(server.url, compression=None, max_size=None, local_addr=(source, 0))
    client = Raw(ws)
    if name is not None:
        welcome = await client.ask({"type": "hello", "v": PROTOCOL_VERSION, "name": name})
        assert welcome["type"] == "welcome" and welcome["name"] == name
        assert (await client.recv())["type"] == "lobby"
    return client


RULES = Rules(LandlordMode.GRAB, doubling=True, showing=True).to_dict()
FACTORS = RULES["factors"]
ANSWER = {"kind": "answer", "decision": "double", "yes": True, "level": 1}
BAD = [
    ("not json at all", "bad_json"),
    ("[1, 2, 3]", "bad_message"),
    ('"hello"', "bad_message"),
    ("[" * 2040 + "]" * 2040, "bad_json"),  # deep, but under the size limit
    ('{"type": "act", "action": {"kind": "bid", "points": NaN}}', "bad_json"),
    ({"type": "teleport"}, "unknown_type"),
    ({"type": 7}, "unknown_type"),
    ({"no": "type"}, "unknown_type"),
    ({"type": "act"}, "bad_field"),
    ({"type": "act", "action": "bid"}, "bad_field"),
    ({"type": "act", "action": {"kind": "steal"}}, "bad_field"),
    ({"type": "act", "action": {"points": 1}}, "bad_field"),
    ({"type": "act", "action": {"kind": "bid"}}, "bad_field"),
    ({"type": "act", "action": {"kind": "bid", "points": "3"}}, "bad_field"),
    ({"type": "act", "action": {"kind": "bid", "points": True}}, "bad_field"),
    ({"type": "act", "action": {"kind": "bid", "points": 9}}, "bad_field"),
    ({"type": "act", "action": {"kind": "bid", "points": 1, "extra": 1}}, "bad_field"),
    ({"type": "act", "action": {"kind": "bid", "points": 1}, "extra": 1}, "bad_field"),
    ({"type": "act", "action": {"kind": "play", "cards": []}}, "bad_field"),
    ({"type": "act", "action": {"kind": "play", "cards": [1, 1]}}, "bad_field"),
    ({"type": "act", "action": {"kind": "play", "cards": [54]}}, "bad_field"),
    ({"type": "act", "action": {"kind": "play", "cards": list(range(21))}}, "bad_field"),
    ({"type": "act", "action": {"kind": "play", "cards": "3334"}}, "bad_field"),
    ({"type": "act", "action": {"kind": "pass", "cards": [1]}}, "bad_field"),
    ({"type": "bid", "bid": 1}, "unknown_type"),  # protocol 4's messages are gone
    ({"type": "play", "cards": [1]}, "unknown_type"),
    ({"type": "join", "table": -1}, "bad_field"),
    ({"type": "join", "table": 1, "seat": 3}, "bad_field"),
    ({"type": "create", "mode": "poker"}, "bad_field"),
    ({"type": "create", "mode": "random", "rules": RULES}, "bad_field"),  # disagree
    ({"type": "create", "rules": "grab"}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "landlord": "auction"}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "doubling": 1}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "showing": "yes"}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "cheat": True}}, "bad_field"),
    ({"type": "create", "rules": {k: v for k, v in RULES.items() if k != "factors"}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "factors": {**FACTORS, "bomb": 99}}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "factors": {**FACTORS, "bomb": 2.0}}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "factors": {**FACTORS, "bomb": True}}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "factors": {**FACTORS, "x": 2}}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "factors": [2, 2, 2, 2, 2, 2]}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "cap": 33}}, "bad_field"),  # 封顶: 32, 64, 128
    ({"type": "create", "rules": {**RULES, "cap": True}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "cap": "64"}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "cap": None}}, "bad_field"),  # none: no key
    ({"type": "create", "rules": {**RULES, "cap": 2**70}}, "bad_field"),
    # 超级加倍 (protocol 7): written only when on, and only with doubling
    ({"type": "create", "rules": {**RULES, "super_double": False}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "super_double": 1}}, "bad_field"),
    ({"type": "create", "rules": {**RULES, "doubling": False, "super_double": True}}, "bad_field"),
    ({"type": "act", "action": {"kind": "answer", "decision": "call"}}, "bad_field"),
    ({"type": "act", "action": {"kind": "answer", "decision": "call", "yes": 1}}, "bad_field"),
    ({"type": "act", "action": {"kind": "answer", "decision": "grab", "yes": "yes"}}, "bad_field"),
    ({"type": "act", "action": {"kind": "answer", "decision": "play", "yes": True}}, "bad_field"),
    ({"type": "act", "action": {"kind": "answer", "decision": "show", "yes": None}}, "bad_field"),
    ({"type": "act", "action": {"kind": "answer", "decision": "double", "yes": 0}}, "bad_field"),
    # an answer's level: 1, or 2 for a super double; always said (protocol 7)
    ({"type": "act", "action": {"kind": "answer", "decision": "double", "yes": True}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": 3}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": 0}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": "2"}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": True}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": 2.0}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": None}}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "level": 2}}, "not_seated"),
    ({"type": "takeover", "on": "on"}, "bad_field"),
    ({"type": "takeover"}, "bad_field"),
    ({"type": "act", "action": {**ANSWER, "decision": "call"}}, "not_seated"),
    ({"type": "takeover", "on": True}, "not_seated"),
    ({"type": "create", "title": "x" * 33}, "bad_field"),
    ({"type": "create", "title": "bad\x07title"}, "bad_field"),
    ({"type": "ready", "ready": "yes"}, "bad_field"),
    ({"type": "list", "id": "seven"}, "bad_field"),
    ({"type": "list", "id": -5}, "bad_field"),
    ({"type": "hello", "v": PROTOCOL_VERSION, "name": "again"}, "bad_message"),
    ({"type": "act", "action": {"kind": "bid", "points": 1}}, "not_seated"),
    ({"type": "act", "action": {"kind": "pass"}}, "not_seated"),
    (b"\x00\x01binary", "bad_message"),
]


async def test_every_malformed_message_gets_an_error_and_the_connection_goes_on() -> None:
    async with running() as server:
        mal = await raw(server)
        for message, reason in BAD:
            reply = await mal.ask(message)
            assert reply["type"] == "error", message
            assert reply["reason"] == reason, (message, reply)
            assert reply["message"] and "Traceback" not in reply["message"]
        assert (await mal.ask({"type": "list", "id": 1})) == {
            "type": "lobby",
            "id": 1,
            "tables": [],
        }
        await mal.ws.close()


async def test_an_error_answers_the_request_id_it_could_read() -> None:
    async with running() as server:
        mal = await raw(server)
        reply = await mal.ask({"type": "act", "action": {"kind": "bid", "points": "x"}, "id": 41})
        assert (reply["id"], reply["reason"]) == (41, "bad_field")
        assert reply["message"] == (
            "act: 'action' must be a bid action whose 'points' is a whole number from 0 to 3"
        )
        reply = await mal.ask({"type": "warp", "id": 42})
        assert (reply["id"], reply["reason"]) == (42, "unknown_type")
        await mal.ws.close()


async def test_an_oversized_message_closes_that_connection_only() -> None:
    async with running() as server:
        (ann,) = await clients(server, "ann")
        mal = await raw(server)
        await mal.send(json.dumps({"type": "list", "pad": "x" * MAX_CLIENT_MESSAGE}))
        assert await mal.closed() == 1009
        assert await ann.refresh() == ()
        assert "mal" not in server.lobby.players, "the closed connection is forgotten"
        await ann.close()


async def test_flooding_is_refused_then_closed_and_others_play_on() -> None:
    # the rate goes by the server's clock: standing still, no token comes back mid-flood
    async with running(ManualClock(), rate=20.0, burst=40) as server:
        players = await clients(server, "ann")
        table = await players[0].create()
        await players[0].fill("random")
        game = asyncio.ensure_future(BotPlayer(table, make_bot("random", 1)).play(2))
        mal = await raw(server)
        for n in range(400):
            try:
                await mal.send({"type": "list", "id": n})
            except ConnectionClosed:
                break
        replies = []
        with pytest.raises(ConnectionClosed):
            while True:
                replies.append(json.loads(await asyncio.wait_for(mal.ws.recv(), 5)))
        assert mal.ws.close_code == 1008
        lobbies = [r for r in replies if r["type"] == "lobby"]
        refused = [r for r in replies if r["type"] == "error"]
        assert 39 <= len(lobbies) < 60, "the burst (less the hello) was served"
        assert refused and {r["reason"] for r in refused} == {"rate_limited"}
        assert refused[0]["id"] == lobbies[-1]["id"] + 1, "each refusal answers its request"
        final = await asyncio.wait_for(game, 60)
        assert final.games == 2, "the other table played on"
        await players[0].close()


async def test_a_hello_must_come_first_and_in_time() -> None:
    async with running(hello_timeout=0.3) as server:
        mal = await raw(server, name=None)
        reply = await mal.ask({"type": "list", "id": 3})
        assert (reply["reason"], reply["id"]) == ("hello_first", 3)
        reply = await mal.ask("{broken")
        assert reply["reason"] == "bad_json"
        assert await mal.closed() == 1008, "no hello in time: closed"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("a" * 17, "at most 16 characters"),
        ("tab\there", "printable"),
        ("bell\x07", "printable"),
    ],
)
async def test_bad_names_are_refused_with_a_reason(name: str, says: str) -> None:
    async with running() as server:
        mal = await raw(server, name=None)
        reply = await mal.ask({"type": "hello", "v": PROTOCOL_VERSION, "name": name})
        assert reply["reason"] == "bad_name" and says in reply["message"]
        assert await mal.closed() == 4002


async def test_a_name_in_use_is_refused_without_its_token() -> None:
    async with running() as server:
        (ann,) = await clients(server, "ann")
        mal = await raw(server, name=None)
        hello = {"type": "hello", "v": PROTOCOL_VERSION, "name": "ann", "token": "guess"}
        reply = await mal.ask(hello)
        assert reply["reason"] == "name_taken"
        assert await mal.closed() == 4002
        assert ann.status.value == "connected", "the real ann is untouched"
        await ann.close()


async def test_another_protocol_version_is_refused() -> None:
    async with running() as server:
        mal = await raw(server, name=None)
        reply = await mal.ask({"type": "hello", "v": 99, "name": "x", "lang": "zh"})
        assert reply["reason"] == "version" and str(PROTOCOL_VERSION) in reply["message"]
        assert await mal.closed() == 4001


async def test_a_client_of_another_version_hears_version_whatever_its_fields() -> None:
    async with running() as server:
        mal = await raw(server, name=None)
        other = PROTOCOL_VERSION + 1
        hello = {"type": "hello", "v": other, "id": 1, "player": {"name": "x"}, "features": []}
        reply = await mal.ask(hello)
        assert (reply["reason"], reply["id"]) == ("version", 1)
        assert f"protocol version {PROTOCOL_VERSION}" in reply["message"]
        assert f"client {other}" in reply["message"]
        assert await mal.closed() == 4001


async def test_a_slow_reader_is_closed_not_buffered_forever(monkeypatch) -> None:
    import ddz_tui.net.server as server_module

    monkeypatch.setattr(server_module, "OUTBOX_MAX", 5)
    async with running() as server:
        await raw(server)
        conn = server.lobby.players["mal"].conn
        for _ in range(10):
            conn.send('{"type":"ok","id":null}')
        assert conn.closing
        await until(lambda: "mal" not in server.lobby.players)


async def answer(mal: Raw, request: dict) -> tuple[dict, list[dict]]:
    """Send a request; its reply, and everything that came before it."""
    await mal.send(request)
    before = []
    for _ in range(100):
        message = await mal.recv()
        if message.get("id") == request["id"]:
            return message, before
        before.append(message)
    raise AssertionError("no reply")


async def test_a_seat_left_mid_game_goes_back_to_its_player_never_to_its_name() -> None:
    async with running() as server:
        ann, bob, cat = await clients(server, "ann", "bob", "cat")
        table = await ann.create()
        await bob.join(table.table_id)
        seat = await cat.join(table.table_id)
        for player in (ann, bob, cat):
            await player.ready()
        await until(lambda: seat.state is not None and seat.state.view is not None)
        await cat.leave()  # during the game: a bot finishes it for cat
        assert (await cat.join(table.table_id)).seat == 2, "cat may still take it back"
        await cat.leave()
        await cat.close()
        await until(lambda: "cat" not in server.lobby.players)
        mal = await raw(server, "cat")  # the name is free again; the seat is not
        for n, request in enumerate(
            ({"type": "join", "table": 1}, {"type": "join", "table": 1, "seat": 2})
        ):
            reply, before = await answer(mal, {**request, "id": n})
            assert reply.get("reason") == "seat_taken", reply
            assert all(m["type"] != "state" for m in before), "no view of cat's hand"
        host = server.lobby.tables[table.table_id].host
        assert host.playing and host.seats[2].takeover, "the bot still plays cat's hand"
        await ann.close()
        await bob.close()


# --- clients that never read ----------------------------------------------------------
# The kernel takes a few MB for a peer that does not read (the server's send buffer,
# the attacker's receive buffer) before anything piles up in the server itself.

PING = Frame(Opcode.PING, b"p" * 125).serialize(mask=True, extensions=[])
LIST = Frame(Opcode.TEXT, b'{"type":"list"}').serialize(mask=True, extensions=[])


async def flood(mal: Raw, conn, burst: bytes, rounds: int, enough=lambda: False) -> int:
    """Write `burst` (raw frames) up to `rounds` times, while the server keeps the
    connection and until `enough()`; the most bytes the server held for it meanwhile."""
    peak = 0
    for _ in range(rounds):
        if mal.ws.transport.is_closing() or conn.closing or conn.ws.cut_off or enough():
            break
        mal.ws.transport.write(burst)
        await asyncio.sleep(0.002)
        peak = max(peak, conn.queued)
    return peak


async def test_a_ping_flood_that_never_reads_is_cut_off_before_its_pongs_pile_up() -> None:
    bound = 64 * 1024
    async with running(max_queued=bound) as server:
        (ann,) = await clients(server, "ann")
        mal = await raw(server)
        conn = server.lobby.players["mal"].conn
        mal.ws.transport.pause_reading()
        peak = await flood(mal, conn, PING * 200, rounds=2000)  # up to 52 MB of pongs
        await until(lambda: "mal" not in server.lobby.players)
        assert conn.ws.cut_off == f"over {bound} bytes waiting to be read"
        assert peak <= bound, "what the server held for it stayed under the bound"
        assert await ann.refresh() == (), "the others are served"
        await ann.close()


async def ping_past_the_rate(mal: Raw) -> int:
    """Ping far past the rate limit (1,000 pings) while reading the pongs, until the
    server ends the connection; its close code."""
    for _ in range(50):
        if mal.ws.transport.is_closing():
            break
        mal.ws.transport.write(PING * 20)
        await asyncio.sleep(0)  # (its pongs are read meanwhile)
    return await mal.closed()


async def test_pings_count_against_the_rate_limit() -> None:
    async with running(rate=20.0, burst=40) as server:
        mal = await raw(server)
        assert await ping_past_the_rate(mal) == 1008  # it reads its pongs, but pings on
        assert mal.ws.close_reason == "flooding"


async def test_a_ping_flood_is_ended_at_once_its_pings_left_unanswered() -> None:
    """Judged a flood, a connection is read and answered no more: before, its closing
    handshake went on answering a non-reader's pings until 2 MB of pongs piled up."""
    async with running(rate=20.0, burst=40) as server:
        (ann,) = await clients(server, "ann")
        mal = await raw(server)
        conn = server.lobby.players["mal"].conn
        pongs = [0]
        send_frame = conn.ws.protocol.send_frame

        def counting(frame) -> None:
            pongs[0] += frame.opcode is Opcode.PONG
            send_frame(frame)

        conn.ws.protocol.send_frame = counting
        mal.ws.transport.pause_reading()
        await flood(mal, conn, PING * 500, rounds=40)  # 20,000 pings, as fast as taken
        await until(lambda: "mal" not in server.lobby.players)
        assert pongs[0] < 1000, f"{pongs[0]} pings answered: the flood went on being served"
        assert conn.ws.cut_off == "flooding"
        assert await ann.refresh() == (), "the others are served"
        await ann.close()


async def test_a_source_that_flooded_is_turned_away_before_its_handshake_for_a_while() -> None:
    now = [0.0]
    async with running(rate=20.0, burst=40) as server:
        server.penalties = Penalties(first=1.0, clock=lambda: now[0])
        mal = await raw(server)
        assert await ping_past_the_rate(mal) == 1008 and mal.ws.close_reason == "flooding"
        with pytest.raises((OSError, InvalidHandshake, asyncio.TimeoutError)):
            await asyncio.wait_for(raw(server, "again"), 5)  # cut before its handshake
        other = await raw(server, "ann", source="127.0.0.2")  # another address: welcome
        now[0] = 1.0
        back = await raw(server, "back")  # the penalty is over
        for flood_again in range(3):  # each flood within ten minutes doubles it
            await ping_past_the_rate(back)
            waited = 2.0 ** (flood_again + 1)
            now[0] += waited - 0.5
            with pytest.raises((OSError, InvalidHandshake, asyncio.TimeoutError)):
                await asyncio.wait_for(raw(server, "again"), 5)
            now[0] += 0.5
            back = await raw(server, f"back{flood_again}")
        await other.ws.close()
        await back.ws.close()


async def big_lobby(server, tables: int) -> list:
    owners = await clients(server, *(f"owner{n}" for n in range(tables)))
    for owner in owners:
        await owner.create(title="a title as long as they go!!!!!")
    return owners


async def test_a_client_that_asks_and_never_reads_is_closed_past_its_bytes() -> None:
    bound = 64 * 1024
    async with running(max_queued=bound) as server:
        owners = await big_lobby(server, 10)  # each lobby about 5 KB
        mal = await raw(server)
        conn = server.lobby.players["mal"].conn
        mal.ws.transport.pause_reading()
        peak = await flood(mal, conn, LIST * 20, rounds=1000)  # up to 100 MB of lobbies
        assert conn.closing, "closed once too much waited for it"
        assert peak <= bound, "what the server held for it stayed under the bound"
        await until(lambda: "mal" not in server.lobby.players)
        for owner in owners:
            await owner.close()


async def test_a_client_that_stops_reading_is_aborted_when_nothing_drains() -> None:
    # far under the byte bound, with a keepalive that would notice a silent peer: its
    # ping waits behind the same full buffer, so only the drain timeout ends it
    async with running(drain_timeout=0.3, ping_interval=1.0) as server:
        owners = await big_lobby(server, 10)
        mal = await raw(server)
        conn = server.lobby.players["mal"].conn
        mal.ws.transport.pause_reading()
        full = lambda: conn.ws.buffered > 32 * 1024  # noqa: E731 (websockets' high-water mark)
        await flood(mal, conn, LIST * 20, rounds=1000, enough=full)
        assert full() and not conn.closing, "it asked for more than it read, then stopped"
        await until(lambda: "mal" not in server.lobby.players)
        assert conn.ws.cut_off == "nothing read for 0.3 s"
        for owner in owners:
            await owner.close()


async def test_an_unsent_lobby_push_gives_way_to_a_newer_one_which_goes_last() -> None:
    outbox = Outbox()
    outbox.put(b"reply")
    outbox.put(b"lobby 1", lobby=True)
    outbox.put(b"state")
    outbox.put(b"lobby two", lobby=True)
    assert (len(outbox), outbox.bytes) == (3, len(b"reply" + b"lobby two" + b"state"))
    assert [await outbox.get() for _ in range(3)] == [b"reply", b"state", b"lobby two"]
    outbox.put(b"lobby 3", lobby=True)  # the last one has gone: this one waits anew
    assert await outbox.get() == b"lobby 3" and outbox.bytes == 0
