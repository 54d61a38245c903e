"""Spectators and private tables over the wire: anyone in the lobby watches a table
(the public view, no hand), a table may forbid it, the lobby counts who watch; a private
table's code is asked to sit or watch there, never said in the lobby, and wrong codes
are held to 5 a minute a connection and 20 an address by the server's clock."""

from __future__ import annotations

import json

import pytest

from ddz_tui.engine import PASS, Phase
from ddz_tui.net.client.errors import Refused
from ddz_tui.net.client.remote import TableRefused
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import MAX_WATCHERS, dumps, parse_push
from ddz_tui.net.server import CODE_WAIT
from ddz_tui.net.states import decode_state
from ddz_tui.table.chat import ChatLine, QuickPhrase
from tests.net.test_abuse import raw
from tests.support.clock import ManualClock
from tests.support.loopback import clients, running, until

ROW = {
    "id": 1,
    "title": "t",
    "rules": {
        "landlord": "bid",
        "doubling": False,
        "showing": False,
        "factors": {"bomb": 2, "rocket": 2, "spring": 2, "show": 2, "grab": 2, "double": 2},
    },
    "seats": [
        {
            "name": "",
            "kind": "empty",
            "level": None,
            "ready": False,
            "connected": False,
            "takeover": False,
        }
    ]
    * 3,
    "playing": False,
    "games": 0,
    "watchers": 3,
    "spectators": True,
    "private": True,
}


def _lobby(**changes: object) -> str:
    return dumps({"type": "lobby", "tables": [{**ROW, **changes}]})


def test_a_lobby_row_says_who_watch_and_whether_it_is_private() -> None:
    row = parse_push(_lobby()).args["tables"][0]
    assert (row["watchers"], row["spectators"], row["private"]) == (3, True, True)


@pytest.mark.parametrize(
    "changes",
    [
        {"watchers": -1},
        {"watchers": MAX_WATCHERS + 1},
        {"watchers": True},
        {"watchers": "3"},
        {"private": 1},
        {"private": "yes"},
        {"spectators": None},
        {"code": "AB12"},  # a row never says a code: an unknown key
    ],
)
def test_a_hostile_lobby_row_is_refused(changes: dict) -> None:
    with pytest.raises(ProtocolError):
        parse_push(_lobby(**changes))


def test_a_row_without_the_new_fields_is_refused() -> None:
    row = {key: value for key, value in ROW.items() if key != "watchers"}
    with pytest.raises(ProtocolError):
        parse_push(dumps({"type": "lobby", "tables": [row]}))


def test_a_spectators_state_holding_a_hand_while_the_game_is_on_is_refused() -> None:
    from ddz_tui.engine import Game
    from ddz_tui.net.states import encode_state
    from ddz_tui.table.seats import SeatInfo, TableState

    game = Game(seed=5)
    seats = (SeatInfo("a"), SeatInfo("b"), SeatInfo("c"))
    honest = json.loads(encode_state(1, TableState(0, seats, game.public_view(0), watching=True)))
    assert honest["game"]["hand"] == [] and honest["watching"] is True
    assert decode_state(parse_push(json.dumps(honest)).args).view.hand == ()
    leaky = json.loads(encode_state(1, TableState(0, seats, game.view(0), watching=True)))
    with pytest.raises(ProtocolError):
        decode_state(parse_push(json.dumps(leaky)).args)
    seated = json.loads(encode_state(1, TableState(0, seats, game.view(0))))
    assert len(decode_state(parse_push(json.dumps(seated)).args).view.hand) == 17
    for bad in ("yes", None, 1):
        with pytest.raises(ProtocolError):
            parse_push(json.dumps({**honest, "watching": bad}))
    assert parse_push('{"type":"watch_over","table":3}').args == {"table": 3}
    with pytest.raises(ProtocolError):
        parse_push('{"type":"watch_over","table":0}')


async def test_anyone_in_the_lobby_watches_a_table_and_the_lobby_counts_them() -> None:
    async with running() as server:
        ann, carl, dora = await clients(server, "ann", "carl", "dora")
        table = await ann.create()
        await ann.fill("random")
        await table.ready()
        watched = await carl.watch(table.table_id)
        assert watched.watching and watched.seat == 0
        await until(lambda: watched.state is not None and watched.state.view is not None)
        state = watched.state
        assert state.watching and state.view.hand == () and state.view.phase is not Phase.OVER
        assert state.seats[0].name == "ann"
        await until(lambda: [t.watchers for t in dora.tables] == [1])
        with pytest.raises(TableRefused) as refused:
            await watched.act(PASS)
        assert refused.value.reason is ErrorReason.NOT_SEATED
        # a spectator reads the table's chat, and says nothing there
        heard: list[ChatLine] = []
        watched.subscribe_chat(heard.append)
        await table.say(QuickPhrase.HURRY)
        await until(lambda: len(heard) == 1)
        assert heard[0].name == "ann" and heard[0].phrase is QuickPhrase.HURRY
        with pytest.raises(TableRefused) as refused:
            await watched.say(QuickPhrase.THANKS)
        assert refused.value.reason is ErrorReason.WATCHING
        await watched.close()
        assert carl.table is None and [t.id for t in carl.tables] == [table.table_id]
        await until(lambda: [t.watchers for t in dora.tables] == [0])
        for client in (ann, carl, dora):
            await client.close()


async def test_a_spectators_chat_and_a_seated_players_watch_are_refused_by_the_server() -> None:
    async with running() as server:
        (ann,) = await clients(server, "ann")
        table = await ann.create()
        mal = await raw(server, "mal")
        assert (await mal.ask({"type": "watch", "id": 1, "table": table.table_id}))["type"] == (
            "state"
        )
        while (reply := await mal.recv())["type"] != "ok":
            pass
        assert reply == {
            "type": "ok",
            "id": 1,
            "table": table.table_id,
            "seat": None,
            "title": (reply["title"]),
        }
        said = await mal.ask({"type": "chat", "id": 2, "text": "psst"})
        while said["type"] != "error":
            said = await mal.recv()
        assert said["reason"] == "watching"
        with pytest.raises(Refused) as refused:
            await ann.watch(table.table_id)
        assert refused.value.reason == ErrorReason.ALREADY_SEATED
        await mal.ws.close()
        await ann.close()


async def test_a_table_may_forbid_spectators() -> None:
    async with running() as server:
        ann, carl = await clients(server, "ann", "carl")
        table = await ann.create(spectators=False)
        await until(lambda: [t.spectators for t in carl.tables] == [False])
        with pytest.raises(Refused) as refused:
            await carl.watch(table.table_id)
        assert refused.value.reason == ErrorReason.NO_SPECTATORS
        assert carl.table is None and [t.watchers for t in carl.tables] == [0]
        await ann.close()
        await carl.close()


async def test_watchers_are_bounded_per_table_and_on_the_server() -> None:
    async with running(watchers_per_table=2, max_watchers=3) as server:
        ann, bob, *eyes = await clients(server, "ann", "bob", "e1", "e2", "e3", "e4")
        first = await ann.create()
        second = await bob.create()
        await eyes[0].watch(first.table_id)
        await eyes[1].watch(first.table_id)
        with pytest.raises(Refused) as refused:
            await eyes[2].watch(first.table_id)
        assert refused.value.reason == ErrorReason.TOO_MANY_WATCHERS
        await eyes[2].watch(second.table_id)
        with pytest.raises(Refused) as refused:
            await eyes[3].watch(second.table_id)
        assert refused.value.reason == ErrorReason.TOO_MANY_WATCHERS, "3 on the server"
        await eyes[0].leave()
        await eyes[3].watch(second.table_id)
        for client in (ann, bob, *eyes):
            await client.close()


async def test_a_watched_table_that_closes_sends_its_spectators_back_to_the_lobby() -> None:
    async with running() as server:
        ann, carl = await clients(server, "ann", "carl")
        table = await ann.create()
        watched = await carl.watch(table.table_id)
        await table.close()
        await until(lambda: carl.table is None)
        assert watched.state is not None and "closed" in str(watched.state.notice)
        assert carl.tables == () and server.lobby.watchers() == 0
        await ann.close()
        await carl.close()


async def test_a_private_table_asks_its_code_to_sit_or_watch_and_never_says_it() -> None:
    async with running() as server:
        ann, bob, carl = await clients(server, "ann", "bob", "carl")
        ear = await raw(server, "ear")
        table = await ann.create(code="Ab12")
        await until(lambda: [t.private for t in bob.tables] == [True])
        for where in (bob.join, carl.watch):
            for code in (None, "ab13", "zzzz"):
                with pytest.raises(Refused) as refused:
                    await where(table.table_id, code=code)
                assert refused.value.reason == ErrorReason.WRONG_CODE, (where, code)
        seated = await bob.join(table.table_id, code="AB12")  # any case
        watched = await carl.watch(table.table_id, code="ab12")
        assert seated.seat == 1 and watched.watching
        # a player who got up sits down there again without saying the code again
        await seated.close()
        assert (await bob.join(table.table_id)).seat == 1
        heard = []
        while True:
            message = await ear.recv()
            heard.append(json.dumps(message))
            if message["type"] == "lobby_changes" and any(
                row["watchers"] == 1 for row in message["tables"]
            ):
                break
        assert not any("AB12" in text.upper() for text in heard), "the code is never said"
        for client in (ann, bob, carl):
            await client.close()
        await ear.ws.close()


@pytest.mark.parametrize("code", ["abc", "abcdefghi", "ab 12", "ab-1", "１２３４", "ab\x1b1"])
async def test_a_code_is_4_to_8_ascii_letters_or_digits(code: str) -> None:
    async with running() as server:
        mal = await raw(server, "mal")
        reply = await mal.ask({"type": "create", "id": 1, "code": code})
        assert reply["type"] == "error" and reply["reason"] == "bad_field", code
        assert not server.lobby.tables
        await mal.ws.close()


async def test_wrong_codes_are_held_to_five_a_minute_a_connection_by_the_servers_clock() -> None:
    clock = ManualClock()
    async with running(clock) as server:
        ann, guesser = await clients(server, "ann", "guesser")
        table = await ann.create(code="SECRET")
        for n in range(5):
            with pytest.raises(Refused) as refused:
                await guesser.watch(table.table_id, code=f"NOPE{n}")
            assert refused.value.reason == ErrorReason.WRONG_CODE
        with pytest.raises(Refused) as refused:  # even the right code is not heard now
            await guesser.watch(table.table_id, code="secret")
        assert refused.value.reason == ErrorReason.CODE_LIMITED
        assert f"{int(CODE_WAIT)} s" in refused.value.message
        clock.advance(CODE_WAIT - 1)
        with pytest.raises(Refused) as refused:
            await guesser.join(table.table_id, code="secret")
        assert refused.value.reason == ErrorReason.CODE_LIMITED and "1 s" in refused.value.message
        clock.advance(1)
        assert (await guesser.watch(table.table_id, code="secret")).watching
        await ann.close()
        await guesser.close()


async def test_wrong_codes_from_one_address_are_held_to_twenty_a_minute() -> None:
    clock = ManualClock()
    async with running(clock) as server:
        (ann,) = await clients(server, "ann")
        table = await ann.create(code="SECRET")
        for n in range(4):
            mal = await raw(server, f"mal{n}", source="127.0.0.2")
            for g in range(5):
                reply = await mal.ask({"type": "watch", "id": 1, "table": 1, "code": f"X{n}{g}ZZ"})
                assert reply["reason"] == "wrong_code"
            await mal.ws.close()
        late = await raw(server, "late", source="127.0.0.2")
        reply = await late.ask({"type": "watch", "id": 1, "table": 1, "code": "SECRET"})
        assert reply["reason"] == "code_limited", "a fresh connection from that address too"
        elsewhere = await raw(server, "else", source="127.0.0.3")
        reply = await elsewhere.ask({"type": "watch", "id": 1, "table": 1, "code": "secret"})
        assert reply["type"] == "state", "another address guesses on"
        clock.advance(CODE_WAIT)
        reply = await late.ask({"type": "watch", "id": 1, "table": 1, "code": "SECRET"})
        assert reply["type"] == "state"
        await late.ws.close()
        await elsewhere.ws.close()
        await ann.close()
        assert table.table_id == 1


async def test_a_spectator_who_comes_after_the_end_sees_the_hands_laid_open() -> None:
    async with running() as server:
        ann, carl = await clients(server, "ann", "carl")
        table = await ann.create()
        await ann.fill("random")
        await table.takeover(True)  # a bot plays ann's seat: the game runs to its end
        await table.ready()
        await until(lambda: table.state.view is not None and table.state.view.phase is Phase.OVER)
        kept: list[object] = []
        carl.on_record(kept.append)
        watched = await carl.watch(table.table_id)
        await until(lambda: watched.state is not None and watched.state.view is not None)
        await until(lambda: len(watched.state.view.hands_at_end) == 3)
        assert watched.state.view.hands_at_end == table.state.view.hands_at_end
        assert not kept, "a game watched is kept in no history"
        await ann.close()
        await carl.close()
