"""No byte sent to a client tells it a card of another seat's hand before that card is
played, until the game is over: then, and only then, the game's whole record is sent.

Every byte the server sends to one client, over several full games, is recorded on
the wire by a TCP relay and parsed back into WebSocket frames. Three things are
proved for that stream:

1. It is exactly the HTTP upgrade followed by protocol messages (nothing else to hide
   a card in), and every state message in it is one the encoder made for that seat.
2. No card id the client can rebuild from a message (its hand, the bottom, the plays)
   is in another hand or the hidden bottom at the moment the message was made.
3. Noninterference: at every message, dealing the hidden cards (the other hands' unplayed
   cards, and the bottom before it is shown) differently leaves the message byte for
   byte the same, so neither the ids nor the ranks nor anything derived from them leak.
4. The one exception is the `record` message: it holds every hand, and it comes once per
   game, after the state that shows the game over, made while the game was over, and
   holding exactly that game's events.
"""

from __future__ import annotations

import asyncio
import json
import random
import struct

import pytest

import ddz_tui.net.server as server_module
from ddz_tui.bots import make_bot
from ddz_tui.cards import Card
from ddz_tui.engine import Game, LandlordMode, Phase, Rules, Shown, ShownAtStart, dumps, loads
from ddz_tui.engine.events import event_from_dict
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.protocol import parse_push
from ddz_tui.net.states import decode_state
from ddz_tui.table.host import TableHost
from tests.support.botclient import BotPlayer
from tests.support.loopback import running, until

WATCHED = 0  # the recorded client's seat
CARD_KEYS = {"hand", "bottom", "plays", "shows", "start_shows"}
HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)
SUPER = Rules(LandlordMode.GRAB, doubling=True, showing=True, super_double=True)  # 超级加倍
START = Rules(LandlordMode.GRAB, doubling=True, showing=True, show_start=True)  # 明牌开始
LAIZI = Rules(LandlordMode.GRAB, doubling=True, laizi=True)  # 癞子
RULE_KEYS = (
    set(SUPER.to_dict())
    | set(START.to_dict())
    | set(LAIZI.to_dict())
    | set(Rules().factors.to_dict())
)


class Relay:
    """A TCP relay on loopback that records every byte going from the server to the client."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.to_client = bytearray()
        self._server: asyncio.Server | None = None
        self._pipes: list[asyncio.Future[None]] = []  # one a connection, done when it ends

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        return f"ws://127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    async def _pipe(self, client_r, client_w) -> None:
        done = asyncio.get_running_loop().create_future()
        self._pipes.append(done)
        try:
            await self._relay(client_r, client_w)
        finally:
            done.set_result(None)

    async def drained(self) -> None:
        """Every connection relayed so far has ended both ways: all the server sent is
        recorded (bounded: a connection the peers never close fails the test)."""
        await asyncio.wait_for(asyncio.gather(*self._pipes), 10)

    async def _relay(self, client_r, client_w) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", self.port)

        async def copy(reader, writer, record: bytearray | None) -> None:
            while data := await reader.read(65536):
                if record is not None:
                    record.extend(data)
                writer.write(data)
                await writer.drain()
            writer.close()

        await asyncio.gather(
            copy(client_r, server_w, None), copy(server_r, client_w, self.to_client)
        )

    async def close(self) -> None:
        self._server.close()


def frames(stream: bytes) -> list[tuple[int, bytes]]:
    """Split what a server sent into (opcode, payload) after the HTTP upgrade; fails on
    any byte that is not part of a well-formed, unmasked frame."""
    head, sep, rest = stream.partition(b"\r\n\r\n")
    assert sep and head.startswith(b"HTTP/1.1 101 "), "the stream starts with the upgrade"
    out = []
    at = 0
    while at < len(rest):
        b0, b1 = rest[at], rest[at + 1]
        assert b0 & 0x80, "whole messages, never fragments"
        assert not b1 & 0x80, "a server never masks"
        length, at = b1 & 0x7F, at + 2
        if length == 126:
            (length,), at = struct.unpack("!H", rest[at : at + 2]), at + 2
        elif length == 127:
            (length,), at = struct.unpack("!Q", rest[at : at + 8]), at + 8
        out.append((b0 & 0x0F, bytes(rest[at : at + length])))
        at += length
    assert at == len(rest), "no stray bytes after the last frame"
    return out


def hidden_from(game: Game, seat: int | None) -> set[int]:
    """The card ids `seat` (None: a spectator, who sits nowhere) must not know now: the
    other hands' cards (less the bottom once it is shown to all, and less a hand its
    owner showed, 明牌), and the bottom until then."""
    bottom = {c.id for c in game.bottom}
    shown = {
        i for event in game.events if isinstance(event, (Shown, ShownAtStart)) for i in event.cards
    }
    ids = {c.id for s in range(3) if s != seat for c in game.hand(s)} - shown
    return ids | bottom if game.landlord is None else ids - bottom


def rebuildable(message: dict) -> set[int]:
    """Every card id a client can read out of a state message."""
    game = message["game"]
    if game is None:
        return set()
    ids = set(game["hand"]) | set(game["bottom"])
    for _, cards in game["plays"] + game["shows"] + game["start_shows"]:
        ids |= set(cards)
    return ids


def keys_anywhere(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_anywhere(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_anywhere(v)}
    return set()


def reshuffled(host: TableHost, seat: int | None, rng: random.Random) -> bool:
    """Deal the hidden cards anew among their places (sizes kept, shown cards left where
    they are); False if no other deal of them exists. Changes the game in place:
    restore it afterwards."""
    game = host.game
    hidden = {c for c in game.bottom} | {c for s in range(3) if s != seat for c in game.hand(s)}
    hidden = {c for c in hidden if c.id in hidden_from(game, seat)}
    others = [s for s in range(3) if s != seat]
    places: list[list[Card]] = [list(game._hands[s]) for s in others]
    if game.landlord is None:
        places.append(list(game._bottom))
    pool = [card for place in places for card in place if card in hidden]
    before = [{c for c in place if c in hidden} for place in places]
    for _ in range(20):
        rng.shuffle(pool)
        at, dealt = 0, []
        for place in before:
            dealt.append(set(pool[at : at + len(place)]))
            at += len(place)
        if dealt != before:
            break
    else:
        return False
    for index, place in enumerate(places):
        shown = [c for c in place if c not in hidden]
        places[index] = sorted(shown + list(dealt[index]))
    for s, cards in zip(others, places, strict=False):
        game._hands[s] = cards
    if game.landlord is None:
        game._bottom = tuple(places[-1])
    return True


@pytest.mark.parametrize(
    "rules",
    [Rules(), HOUSE, SUPER, START, LAIZI],
    ids=["plain", "house", "super", "show_start", "laizi"],
)
async def test_no_byte_to_a_client_reveals_a_hidden_card(rules: Rules) -> None:
    checked: list[tuple[str, set[int]]] = []
    depends: list[str] = []  # messages that changed when hidden cards were dealt anew
    reshuffles = 0
    finished = False
    rng = random.Random(7)
    real_encode = server_module.encode_state
    real_record = server_module.encode_record
    records: dict[str, str] = {}  # a record as sent -> the game's events, when it was made

    async with running() as server:

        def record_and_check(table: int, seat: int, games: int, seats, events) -> str:
            text = real_record(table, seat, games, seats, events)
            game = server.lobby.tables[table].host.game
            if seat == WATCHED and game.phase is Phase.OVER:
                records[text] = dumps(game.events)
            return text

        def encode_and_check(table: int, state, lang=None) -> str:
            nonlocal reshuffles
            text = real_encode(table, state, lang)
            if state.seat != WATCHED:
                return text
            host = server.lobby.tables[table].host
            game = host.game
            if game is not None:
                saved = ([list(h) for h in game._hands], game._bottom)
                for _ in range(3):
                    if reshuffled(host, WATCHED, rng):
                        reshuffles += 1
                        if real_encode(table, host.state(WATCHED)) != text:
                            depends.append(text)
                    game._hands, game._bottom = [list(h) for h in saved[0]], saved[1]
            checked.append((text, set() if game is None else hidden_from(game, WATCHED)))
            return text

        server_module.encode_state = encode_and_check
        server_module.encode_record = record_and_check
        relay = Relay(server.port)
        try:
            url = await relay.start()
            ann = await LobbyClient.connect(url, "ann")
            table = await ann.create(rules=rules)
            # the same deals every run: whether the landlord shows its hand (so that fewer
            # cards are hidden from the watched seat) is the table's chance, not the test's
            server.lobby.tables[table.table_id].host._seeds = random.Random(12)
            bob = await LobbyClient.connect(server.url, "bob")
            bob_table = await bob.join(table.table_id)
            await ann.fill("random")
            players = [
                BotPlayer(table, make_bot("random", 1)),
                BotPlayer(bob_table, make_bot("random", 2)),
            ]
            try:  # a leak may also derail play: check what was sent either way
                await asyncio.wait_for(asyncio.gather(*(p.play(5) for p in players)), 30)
                finished = True
            except asyncio.TimeoutError:
                pass
            await ann.close()
            await bob.close()
            await relay.drained()
        finally:
            server_module.encode_state = real_encode
            server_module.encode_record = real_record
            await relay.close()

    assert not depends, "a message depends on a hidden card"
    wire = frames(bytes(relay.to_client))
    assert {opcode for opcode, _ in wire} <= {1, 8, 9, 10}, "text, close and pings only"
    texts = [payload.decode() for opcode, payload in wire if opcode == 1]
    states = [text for text in texts if json.loads(text)["type"] == "state"]
    assert states == [text for text, _ in checked], "every state on the wire was checked"
    assert finished and len(states) > 300, "five full games were watched"
    assert reshuffles > 300, "hidden cards were dealt anew for many of them"
    games_seen = {json.loads(text)["games"] for text in states}
    assert games_seen >= {0, 1, 2, 3, 4, 5}
    for text, hidden in checked:
        message = json.loads(text)
        assert not rebuildable(message) & hidden, "a hidden card id was sent"
    last_state = None
    recorded = []
    for text in texts:
        message = json.loads(text)
        if message["type"] == "record":
            assert text in records, "a record is made only when the game is over"
            assert loads(records[text]) == _events(message), "exactly that game's record"
            assert last_state is not None and last_state.view.phase is Phase.OVER
            assert message["games"] == last_state.games, "it follows the state of its game's end"
            recorded.append(message["games"])
        elif message["type"] == "state":
            last_state = decode_state(parse_push(text).args)
            view = last_state.view
            if view is not None and view.landlord is None:  # 癞子: no wild rank before the draw
                assert message["game"]["wild"] is None and not message["game"]["wilds"]
            if view is not None and rules.laizi and view.landlord is not None:
                assert message["game"]["wild"] == view.wild is not None
            assert keys_anywhere(message["game"] or {}) <= CARD_KEYS | RULE_KEYS | {
                "wild",
                "wilds",
                "landlord",
                "bids",
                "first_bidder",
                "rules",
                "calls",
                "doubles",
                "super_doubles",
            }
        else:
            assert not keys_anywhere(message) & CARD_KEYS, "only states and records carry cards"
    assert recorded == sorted(games_seen - {0}), "one record for each game, after its end"
    assert finished, "the five games were played"


@pytest.mark.parametrize(
    "rules",
    [Rules(), HOUSE, SUPER, START, LAIZI, Rules(LandlordMode.RANDOM)],
    ids=["plain", "house", "super", "show_start", "laizi", "random"],
)
async def test_no_byte_to_a_spectator_reveals_a_hidden_card(rules: Rules) -> None:
    """A spectator sits nowhere: every hand is hidden from it but a shown one (明牌),
    in every byte it hears, dealing every hidden card differently changes none of
    them, and a game that ends lays every hand open to it, as to the players."""
    checked: list[tuple[str, set[int]]] = []
    depends: list[str] = []
    reshuffles = 0
    rng = random.Random(9)
    real_encode = server_module.encode_state

    async with running() as server:

        def encode_and_check(table: int, state, lang=None) -> str:
            nonlocal reshuffles
            text = real_encode(table, state, lang)
            if not state.watching:
                return text
            host = server.lobby.tables[table].host
            game = host.game
            over = game is None or game.phase is Phase.OVER
            if not over:
                saved = ([list(h) for h in game._hands], game._bottom)
                for _ in range(3):
                    if reshuffled(host, None, rng):
                        reshuffles += 1
                        if real_encode(table, host.public_state()) != text:
                            depends.append(text)
                    game._hands, game._bottom = [list(h) for h in saved[0]], saved[1]
            checked.append((text, set() if over else hidden_from(game, None)))
            return text

        server_module.encode_state = encode_and_check
        relay = Relay(server.port)
        try:
            url = await relay.start()
            ann = await LobbyClient.connect(server.url, "ann")
            table = await ann.create(rules=rules)
            server.lobby.tables[table.table_id].host._seeds = random.Random(12)
            bob = await LobbyClient.connect(server.url, "bob")
            bob_table = await bob.join(table.table_id)
            await ann.fill("random")
            eve = await LobbyClient.connect(url, "eve")
            kept: list[object] = []
            eve.on_record(kept.append)
            watched = await eve.watch(table.table_id)
            laid_open: list[tuple] = []

            def seen(state) -> None:
                if state.view is not None and state.view.hands_at_end:
                    laid_open.append(state.view.hands_at_end)

            watched.subscribe(seen)
            players = [
                BotPlayer(table, make_bot("random", 1)),
                BotPlayer(bob_table, make_bot("random", 2)),
            ]
            await asyncio.wait_for(asyncio.gather(*(p.play(3) for p in players)), 30)
            await until(lambda: len(laid_open) >= 3)
            for client in (ann, bob, eve):
                await client.close()
            await relay.drained()
        finally:
            server_module.encode_state = real_encode
            await relay.close()

    assert not depends, "a spectator's message depends on a hidden card"
    wire = frames(bytes(relay.to_client))
    texts = [payload.decode() for opcode, payload in wire if opcode == 1]
    states = [text for text in texts if json.loads(text)["type"] == "state"]
    assert states == [text for text, _ in checked], "every state on the wire was checked"
    assert len(states) > 100 and reshuffles > 100
    for text, hidden in checked:
        message = json.loads(text)
        assert message["watching"] is True
        assert not rebuildable(message) & hidden, "a hidden card id was sent to a spectator"
        if message["game"] is not None and hidden:
            assert message["game"]["hand"] == [], "no hand while the game is on"
    for text in texts:
        message = json.loads(text)
        if message["type"] not in ("state", "record"):
            assert not keys_anywhere(message) & CARD_KEYS, "only states and records carry cards"
    records = [json.loads(text) for text in texts if json.loads(text)["type"] == "record"]
    assert [r["games"] for r in records] == [1, 2, 3], "each game watched to its end"
    # the hands laid open: all 54 cards between the plays and the hands left
    assert len(laid_open) >= 3 and all(len(hands) == 3 for hands in laid_open)
    assert not kept, "a game watched is kept in no history"


def _events(message: dict) -> list:
    return [event_from_dict(event) for event in message["events"]]


def test_the_hidden_reshuffle_really_changes_hidden_cards() -> None:
    """The noninterference check above is not vacuous: a reshuffle moves hidden cards
    (never the seat's own), and an encoder that let one slip would be caught."""
    from ddz_tui.net.states import encode_state
    from ddz_tui.table.seats import SeatInfo, SeatKind

    host = TableHost([SeatInfo("ann"), SeatInfo("b", SeatKind.BOT), SeatInfo("c", SeatKind.BOT)])
    host.game = Game(seed=3)
    hands, bottom = [list(h) for h in host.game._hands], host.game._bottom
    honest = encode_state(1, host.state(0))

    def leaky() -> str:  # an encoder that lets the size of a suit in seat 1 slip out
        return honest + str(
            sum(c.suit is not None and c.suit.value == "heart" for c in host.game.hand(1))
        )

    before = leaky()
    moved = 0
    rng = random.Random(1)
    for _ in range(10):
        assert reshuffled(host, 0, rng)
        assert host.game._hands[0] == hands[0], "the seat's own hand stays"
        assert host.game._hands[1:] != hands[1:] or host.game._bottom != bottom
        assert encode_state(1, host.state(0)) == honest
        moved += leaky() != before
        host.game._hands, host.game._bottom = [list(h) for h in hands], bottom
    assert moved, "the comparison sees what a leaky encoder sends"
