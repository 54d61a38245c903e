"""House rules over the network: tables created with them, listed and shown with them,
every decision sent and refused out of turn, 托管 switched on and off, and an older
client told to update."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from ddz_tui.bots import make_bot
from ddz_tui.engine import Answer, Decision, IllegalReason, LandlordMode, MakeBid, Phase, Rules
from ddz_tui.net.client.remote import TableRefused
from ddz_tui.net.protocol import PROTOCOL_VERSION
from tests.support.botclient import BotPlayer
from tests.support.loopback import clients, running, until

HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)


async def test_three_clients_play_every_house_rule() -> None:
    async with running() as server:
        players = await clients(server, "ann", "bob", "cat")
        first = await players[0].create(rules=HOUSE)
        tables = [first] + [await p.join(first.table_id) for p in players[1:]]
        assert [t.rules for t in await players[1].refresh()] == [HOUSE], "the lobby lists them"
        bots = [BotPlayer(t, make_bot("normal", i)) for i, t in enumerate(tables)]
        finals = await asyncio.wait_for(asyncio.gather(*(b.play(3) for b in bots)), 60)
        host = server.lobby.tables[first.table_id].host
        assert host.rules == HOUSE and host.games == 3
        for seat, state in enumerate(finals):
            assert state.view == host.game.view(seat), "each client holds its exact view"
            view = state.view
            assert view.rules == HOUSE
            declined = (((view.landlord + 1) % 3, False), ((view.landlord + 2) % 3, False))
            assert len(view.doubles) == 3 or view.doubles == declined
        assert sum(b.refused for b in bots) == 0
        for p in players:
            await p.close()


async def _at_my_turn(server, level: str, names=("ann",)) -> tuple[list, list, object]:
    """Players at a new table under HOUSE with bots of `level` in the other seats, dealt
    and at one player's turn: (lobby clients, remote tables, the host), the lists starting
    with the player whose turn it is (a random seat starts calling)."""
    players = await clients(server, *names)
    first = await players[0].create(rules=HOUSE)
    tables = [first] + [await p.join(first.table_id) for p in players[1:]]
    await players[0].fill(level)
    for table in tables:
        await table.ready()
    host = server.lobby.tables[first.table_id].host
    people = range(len(names))
    await until(lambda: host.game is not None and host.game.turn in people)
    turn = host.game.turn
    return players[turn:] + players[:turn], tables[turn:] + tables[:turn], host


async def _refused(action, reason: IllegalReason) -> None:
    try:
        await action
    except TableRefused as refused:
        assert refused.reason is reason, refused.message
    else:
        raise AssertionError("an answer out of turn was taken")


async def test_decisions_out_of_turn_are_refused_and_change_nothing() -> None:
    async with running() as server:
        players, (ann, bob), host = await _at_my_turn(server, "normal", ("ann", "bob"))
        before = host.game.events
        calling = host.game.decision is Decision.CALL
        await _refused(
            bob.act(Answer(Decision.CALL, True))
            if calling
            else bob.act(Answer(Decision.GRAB, True)),
            IllegalReason.NOT_YOUR_TURN,
        )
        await _refused(ann.act(Answer(Decision.SHOW, True)), IllegalReason.WRONG_PHASE)
        await _refused(ann.act(Answer(Decision.DOUBLE, True)), IllegalReason.WRONG_PHASE)
        await _refused(ann.act(MakeBid(1)), IllegalReason.WRONG_PHASE)
        await _refused(
            ann.act(Answer(Decision.GRAB, True))
            if calling
            else ann.act(Answer(Decision.CALL, True)),
            IllegalReason.WRONG_PHASE,
        )
        assert host.game.events == before
        for player in players:
            await player.close()


async def test_takeover_over_the_network_plays_the_seat_and_gives_it_back() -> None:
    async with running() as server:
        (ann,), (table,), host = await _at_my_turn(server, "random")
        await table.takeover(True)
        await until(lambda: table.state.seats[0].takeover, timeout=10)
        assert host.seats[0].level == "normal"
        await until(lambda: host.game.phase is Phase.OVER, timeout=30)
        await until(lambda: not table.state.seats[0].takeover)  # 托管 ends with the game
        assert not host.seats[0].takeover and host.seats[0].level is None
        await ann.close()


async def test_an_older_client_hears_it_is_another_version() -> None:
    async with running() as server:
        ws = await connect(server.url, compression=None)
        await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION - 1, "name": "old"}))
        reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert reply["type"] == "error" and reply["reason"] == "version"
        assert f"protocol version {PROTOCOL_VERSION}" in reply["message"]
        await ws.close()


async def _asked_to_double(server, rules: Rules) -> tuple[list, list, object, int]:
    """Three players at a table under `rules` (the landlord by lot), dealt and asked to
    double: (lobby clients, remote tables by seat, the host, the seat asked)."""
    players = await clients(server, "ann", "bob", "cat")
    first = await players[0].create(rules=rules)
    tables = [first] + [await p.join(first.table_id) for p in players[1:]]
    for table in tables:
        await table.ready()
    host = server.lobby.tables[first.table_id].host
    await until(lambda: host.game is not None and host.game.decision is Decision.DOUBLE)
    return players, tables, host, host.game.turn


async def test_a_super_double_crosses_the_wire_and_every_seat_sees_it() -> None:
    rules = Rules(LandlordMode.RANDOM, doubling=True, super_double=True)
    async with running() as server:
        players, tables, host, seat = await _asked_to_double(server, rules)
        await tables[seat].act(Answer(Decision.DOUBLE, True, 2))
        await until(lambda: all(t.state.view.super_doubles == (seat,) for t in tables))
        for other, table in enumerate(tables):
            assert table.state.view == host.game.view(other), "each holds its exact view"
            assert table.state.view.multiplier.doubling(seat) == 4
        for player in players:
            await player.close()


async def test_a_super_double_without_the_rule_is_refused_by_the_game() -> None:
    async with running() as server:
        rules = Rules(LandlordMode.RANDOM, doubling=True)
        players, tables, host, seat = await _asked_to_double(server, rules)
        before = host.game.events
        await _refused(
            tables[seat].act(Answer(Decision.DOUBLE, True, 2)), IllegalReason.NO_SUPER_DOUBLE
        )
        await _refused(
            tables[seat].act(Answer(Decision.DOUBLE, False, 2)), IllegalReason.NO_SUPER_DOUBLE
        )
        assert host.game.events == before
        await tables[seat].act(Answer(Decision.DOUBLE, True))
        await until(lambda: tables[seat].state.view.doubles == ((seat, True),))
        for player in players:
            await player.close()
