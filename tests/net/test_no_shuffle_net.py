"""不洗牌 over the network (protocol 7): a table created with it, its rule checked
field by field, its games dealt from the game before, and a record's deck read as
strictly as the engine reads a file."""

from __future__ import annotations

import asyncio
import json

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, Rules, Started
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import PROTOCOL_VERSION, RequestType, parse_push, parse_request, request
from ddz_tui.net.states import encode_record
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind
from tests.support.botclient import BotPlayer
from tests.support.loopback import clients, running

NO_SHUFFLE = Rules(no_shuffle=True)
SEATS = (SeatInfo("ann", ready=True), SeatInfo("Bot 2", SeatKind.BOT, "random"), EMPTY_SEAT)


def test_a_create_request_may_name_no_shuffle_in_protocol_7() -> None:
    assert PROTOCOL_VERSION >= 7
    rules = NO_SHUFFLE.to_dict()
    assert rules["no_shuffle"] is True
    message = parse_request(request(RequestType.CREATE, 1, rules=rules))
    assert message.args["rules"] == NO_SHUFFLE


@pytest.mark.parametrize("value", [False, 1, "true", None, [True]])
def test_a_no_shuffle_field_that_is_not_true_is_refused(value: object) -> None:
    rules = {**Rules().to_dict(), "no_shuffle": value}
    with pytest.raises(ProtocolError) as refused:
        parse_request(request(RequestType.CREATE, 1, rules=rules))
    assert refused.value.reason is ErrorReason.BAD_FIELD


def _no_shuffle_record() -> dict:
    first = Game(3, rules=NO_SHUFFLE)
    play_out(first, [make_bot("random", s) for s in range(3)])
    game = Game(4, rules=NO_SHUFFLE, deck=first.played_order())
    play_out(game, [make_bot("random", s) for s in range(3)])
    return json.loads(encode_record(1, 0, 1, SEATS, game.events))


def test_a_record_carries_its_deck_and_a_client_reads_it() -> None:
    record = _no_shuffle_record()
    started = parse_push(json.dumps(record)).args["events"][0]
    assert isinstance(started, Started) and started.deck == tuple(record["events"][0]["deck"])


@pytest.mark.parametrize(
    "deck",
    [
        lambda deck: deck[:-1],  # a card short
        lambda deck: [*deck[:-1], deck[0]],  # a card twice
        lambda deck: [*deck[:-1], 54],  # no such card
        lambda deck: [*deck, 0],  # 55 cards
        lambda deck: [str(i) for i in deck],
        lambda deck: None,
    ],
)
def test_a_record_with_a_hostile_deck_is_a_broken_message(deck) -> None:
    record = _no_shuffle_record()
    started = record["events"][0]
    record["events"][0] = {**started, "deck": deck(started["deck"])}
    with pytest.raises(ProtocolError) as broken:
        parse_push(json.dumps(record))
    assert "deck" in broken.value.message


async def test_three_clients_play_a_no_shuffle_run() -> None:
    async with running() as server:
        players = await clients(server, "ann", "bob", "cat")
        first = await players[0].create(rules=NO_SHUFFLE)
        tables = [first] + [await p.join(first.table_id) for p in players[1:]]
        assert [t.rules for t in await players[1].refresh()] == [NO_SHUFFLE]
        host = server.lobby.tables[first.table_id].host
        decks = []
        games: list[Game] = []

        def seen() -> None:
            if host.game is not None and host.game not in games:
                games.append(host.game)

        host.watch(seen)
        bots = [BotPlayer(t, make_bot("normal", i)) for i, t in enumerate(tables)]
        finals = await asyncio.wait_for(asyncio.gather(*(b.play(2) for b in bots)), 60)
        assert host.games == 2 and len(games) == 2
        for game in games:
            started = game.events[0]
            assert isinstance(started, Started)
            decks.append(started.deck)
        assert decks == [None, games[0].played_order()]
        assert all(state.view.rules == NO_SHUFFLE for state in finals)
        for p in players:
            await p.close()
