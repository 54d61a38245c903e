"""明牌开始 over the network (protocol 8): a table created with it, its rule and factor
checked field by field, the answer, a state's `start_shows` checked by the client as
the view's facts, a record's `shown_start` events, and three clients playing it."""

from __future__ import annotations

import asyncio
import json

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Answer, Decision, Game, Phase, ShownAtStart, parse_rules
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import PROTOCOL_VERSION, RequestType, parse_push, parse_request, request
from ddz_tui.net.states import decode_state, encode_record, encode_state
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind
from tests.net.test_protocol import states_of_a_game
from tests.support.botclient import BotPlayer
from tests.support.loopback import clients, running

START = parse_rules("grab,double,show,showstart")
DROP = object()  # a field left out
SEATS = (SeatInfo("ann", ready=True), SeatInfo("Bot 2", SeatKind.BOT, "random"), EMPTY_SEAT)


def test_a_create_request_may_name_show_start_in_protocol_8() -> None:
    assert PROTOCOL_VERSION >= 8
    for rules in (START, parse_rules("bid,showstart=3")):
        message = parse_request(request(RequestType.CREATE, 1, rules=rules.to_dict()))
        assert message.args["rules"] == rules


@pytest.mark.parametrize(
    "change",
    [
        {"show_start": False},
        {"show_start": 1},
        {"show_start": "true"},
        {"show_start": None},
        {"show_start": [True]},
        {"factors.show_start": 6},
        {"factors.show_start": 0},
        {"factors.show_start": "5"},
        {"factors.show_start": 3, "show_start": DROP},  # a factor without the rule
    ],
)
def test_hostile_show_start_rules_are_refused(change: dict) -> None:
    rules = START.to_dict()
    rules["factors"] = dict(rules["factors"])
    for key, value in change.items():
        where, name = (rules["factors"], key[8:]) if key.startswith("factors.") else (rules, key)
        if value is DROP:
            del where[name]
        else:
            where[name] = value
    with pytest.raises(ProtocolError) as refused:
        parse_request(request(RequestType.CREATE, 1, rules=rules))
    assert refused.value.reason is ErrorReason.BAD_FIELD


def test_the_answer_crosses_the_wire() -> None:
    for yes in (True, False):
        answer = {"kind": "answer", "decision": "show_start", "yes": yes, "level": 1}
        args = parse_request(json.dumps({"type": "act", "action": answer})).args
        assert args["action"] == Answer(Decision.SHOW_START, yes)


def _shown_state() -> dict:
    """Seat 1's state message in a 明牌开始 game once another seat showed at the start."""
    for seed in range(60):
        for state in states_of_a_game(seed, START):
            view = state.view
            if (
                state.seat == 1
                and view.phase is Phase.PLAYING
                and any(s != 1 and c for s, c in view.start_shows)
            ):
                return json.loads(encode_state(1, state))
    raise AssertionError("no random bot showed at the start in 60 games")


def test_a_state_carries_the_hands_shown_at_the_start_and_a_client_checks_them() -> None:
    good = _shown_state()
    game = good["game"]
    view = decode_state(parse_push(json.dumps(good)).args).view
    assert [[s, [c.id for c in cards]] for s, cards in view.start_shows] == game["start_shows"]
    seat, cards = next((s, c) for s, c in game["start_shows"] if s != 1 and c)
    assert view.shown[seat] is not None and view.multiplier.shown_start
    without = {**game["rules"]}
    del without["show_start"]
    mine = game["hand"][:17]
    for broken in (
        {**game, "start_shows": [[seat, cards]] * 2},  # one seat twice
        {**game, "start_shows": [[3, []]]},
        {**game, "start_shows": [[seat, [54]]]},
        {**game, "start_shows": [[seat, cards[:3]]]},  # not a whole hand
        {**game, "start_shows": [[seat, mine]]},  # this seat's own cards
        {**game, "start_shows": [[0, []], [1, []], [2, []], [0, []]]},
        {**game, "start_shows": "0"},
        {**game, "rules": without},  # shown at the start under rules without it
        {key: value for key, value in game.items() if key != "start_shows"},
    ):
        with pytest.raises(ProtocolError):
            decode_state(parse_push(json.dumps({**good, "game": broken})).args)


def _record() -> dict:
    game = Game(5, rules=START)
    play_out(game, [make_bot("random", s) for s in range(3)])
    return json.loads(encode_record(1, 0, 1, SEATS, game.events))


def test_a_record_carries_the_answers_and_a_client_reads_them() -> None:
    record = _record()
    events = parse_push(json.dumps(record)).args["events"]
    assert sum(isinstance(e, ShownAtStart) for e in events) >= 3
    at = next(i for i, e in enumerate(record["events"]) if e["event"] == "shown_start")
    for bad in ({"seat": 3}, {"cards": [54]}, {"cards": "x"}, {"extra": 1}):
        broken = json.loads(json.dumps(record))
        broken["events"][at] = {**broken["events"][at], **bad}
        with pytest.raises(ProtocolError):
            parse_push(json.dumps(broken))


async def test_three_clients_play_show_start_games() -> None:
    async with running() as server:
        players = await clients(server, "ann", "bob", "cat")
        first = await players[0].create(rules=START)
        tables = [first] + [await p.join(first.table_id) for p in players[1:]]
        assert [t.rules for t in await players[1].refresh()] == [START]
        bots = [BotPlayer(t, make_bot("random", i)) for i, t in enumerate(tables)]
        finals = await asyncio.wait_for(asyncio.gather(*(b.play(2) for b in bots)), 60)
        assert all(state.view.rules == START for state in finals)
        for p in players:
            await p.close()
