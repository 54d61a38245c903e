"""癞子 is not played over the network yet: neither the wire nor the table carries what a
play's wilds stand for, so house rules holding it, and records of its games, are
refused as a bad field, as protocol 6 refused super doubling."""

from __future__ import annotations

import json

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Factors, Game, Rules
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import RequestType, parse_push, parse_request, request
from ddz_tui.net.states import encode_record
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind

LAIZI = Rules(laizi=True)
SEATS = (SeatInfo("ann", ready=True), SeatInfo("Bot 2", SeatKind.BOT, "random"), EMPTY_SEAT)


@pytest.mark.parametrize(
    "rules",
    [
        LAIZI.to_dict(),
        Rules(laizi=True, factors=Factors(soft_bomb=3)).to_dict(),
        {**Rules().to_dict(), "factors": {**Rules().factors.to_dict(), "wild_bomb": 4}},
    ],
)
def test_a_create_request_with_laizi_is_a_bad_field(rules: dict) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_request(request(RequestType.CREATE, 1, rules=rules))
    assert refused.value.reason is ErrorReason.BAD_FIELD
    assert "rules" in refused.value.message


def test_the_refusal_says_why() -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_request(request(RequestType.CREATE, 1, rules=LAIZI.to_dict()))
    assert "癞子" in refused.value.message and "network" in refused.value.message


def test_the_same_rules_without_laizi_are_taken() -> None:
    message = parse_request(request(RequestType.CREATE, 1, rules=Rules().to_dict()))
    assert message.args["rules"] == Rules()


def test_a_record_of_a_laizi_game_is_a_broken_message() -> None:
    game = Game(3, rules=LAIZI)
    play_out(game, [make_bot("random", seat) for seat in range(3)])
    record = json.loads(encode_record(1, 0, 1, SEATS, game.events))
    with pytest.raises(ProtocolError) as broken:
        parse_push(json.dumps(record))
    assert "癞子" in broken.value.message
