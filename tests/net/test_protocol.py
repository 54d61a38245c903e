"""The protocol's pieces: exact state round trips, checks, names, addresses, tokens, rates."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import step
from ddz_tui.cards import DECK, lowest_suits
from ddz_tui.engine import Answer, Decision, Game, LandlordMode, Phase, Play, Rules, parse_rules
from ddz_tui.i18n import Lang, Phrase, set_language
from ddz_tui.net.checks import action_fields
from ddz_tui.net.client.dial import normalise_url
from ddz_tui.net.client.errors import BadAddress
from ddz_tui.net.client.tokens import TokenStore
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import (
    PushType,
    RequestType,
    check_name,
    parse_push,
    parse_request,
    request,
)
from ddz_tui.net.ratelimit import TokenBucket
from ddz_tui.net.states import TableSummary, decode_lobby, decode_state, encode_lobby, encode_state
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind, TableState

HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)
SEATS = (SeatInfo("ann", ready=True), SeatInfo("Bot 2", SeatKind.BOT, "random"), EMPTY_SEAT)


def states_of_a_game(seed: int, rules: Rules | None = None) -> list[TableState]:
    """Every seat's state after every action of one bot game."""
    game = Game(seed, rules=rules or Rules())
    bots = [make_bot("random", seed + s) for s in range(3)]
    out = []
    while True:
        out += [TableState(s, SEATS, game.view(s), totals=(2, -1, -1), games=1) for s in range(3)]
        if game.phase is Phase.OVER:
            return out
        step(game, bots)


@settings(max_examples=15, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(
        [
            "bid",
            "random",
            "grab,double,show",
            "random,show=4,bomb=3",
            "bid,double",
            "double,cap=32",
            "grab,super,show",  # 超级加倍 (protocol 7): the random bots super-double half the time
        ]
    ),
)
def test_a_state_survives_the_wire_exactly(seed: int, spec: str) -> None:
    for state in states_of_a_game(seed, parse_rules(spec)):
        text = encode_state(5, state)
        message = parse_push(text)
        assert message.type is PushType.STATE and message.args["table"] == 5
        back = decode_state(message.args)
        assert back == state
        assert back.view.history_cards == state.view.history_cards
        # derived knowledge is the same on both ends
        for name in (
            "turn",
            "phase",
            "to_beat",
            "legal_bids",
            "unseen",
            "cards_left",
            "multiplier",
            "decision",
            "shown_hands",
            "grabs",
        ):
            assert getattr(back.view, name) == getattr(state.view, name), name
        assert back.view.legal_plays == state.view.legal_plays


def test_a_state_before_the_deal_and_its_notice() -> None:
    state = TableState(
        0,
        SEATS,
        None,
        thinking=1,
        turn_seconds=12.345,
        notice=Phrase("table.notice.left", name="bob"),
    )
    message = json.loads(encode_state(1, state))
    assert message["notice"] == {"key": "table.notice.left", "text": "bob left the table"}
    assert message["turn_seconds"] == 12.3
    back = decode_state(parse_push(encode_state(1, state)).args)
    assert back.view is None and back.thinking == 1 and back.notice == "bob left the table"
    set_language(Lang.ZH)
    assert json.loads(encode_state(1, state))["notice"]["text"] == "bob离开了牌桌"


def test_the_redeals_in_a_row_cross_the_wire_and_a_wrong_count_is_refused() -> None:
    """The redeals in a row are said through the new deal's bidding: a client hears
    the count, and a server's number past the limit (or not a number) is refused."""
    state = TableState(0, SEATS, Game(4).view(0), redeals=2)
    text = encode_state(1, state)
    assert json.loads(text)["redeals"] == 2
    assert decode_state(parse_push(text).args).redeals == 2
    for wrong in (-1, 4, 99, "2", None, True):
        message = json.loads(text)
        message["redeals"] = wrong
        with pytest.raises(ProtocolError):
            parse_push(json.dumps(message))
    missing = json.loads(text)
    del missing["redeals"]
    with pytest.raises(ProtocolError):
        parse_push(json.dumps(missing))


def test_the_lobby_round_trips() -> None:
    tables = (
        TableSummary(3, "ann's table", Rules(), SEATS, playing=False, games=0),
        TableSummary(9, "牌桌", HOUSE, (SEATS[0], SEATS[0], SEATS[1]), playing=True, games=4),
    )
    back = decode_lobby(parse_push(encode_lobby(tables)).args)
    assert back == tables
    assert [t.id for t in back] == [3, 9] and back[0].seats == SEATS and back[1].playing
    assert (back[0].mode, back[1].mode) == (LandlordMode.BID, LandlordMode.GRAB)
    assert back[0].free_seats == (2,)


@pytest.mark.parametrize("spec", ["bid", "grab,double,show", "grab,super"])
def test_every_legal_action_crosses_the_wire_as_it_was(spec: str) -> None:
    game = Game(5, rules=parse_rules(spec))
    bots = [make_bot("random", seat) for seat in range(3)]
    seen = set()
    while game.phase is not Phase.OVER:
        view = game.view(game.turn)
        for action in view.legal_actions():
            if isinstance(action, Play):  # as the table screen sends it: the cards
                action = Play(lowest_suits(action.ranks, view.hand))
            wire = json.loads(request(RequestType.ACT, 1, action=action_fields(action)))
            assert parse_request(json.dumps(wire)).args == {"action": action}
            seen.add(type(action).__name__)
        step(game, bots)
    assert seen == ({"MakeBid", "Play", "Pass"} if spec == "bid" else {"Answer", "Play", "Pass"})


def test_requests_are_checked_field_by_field() -> None:
    played = {"kind": "play", "cards": [12, 3, 40]}
    message = parse_request(request(RequestType.ACT, 7, action=played))
    assert message.type is RequestType.ACT and message.id == 7
    assert message.args == {"action": Play((DECK[3], DECK[12], DECK[40]))}, "cards in order"
    assert parse_request('{"type": "ready"}').args == {"ready": True}, "defaults fill in"
    created = parse_request('{"type":"create"}').args
    assert created == {
        "title": None,
        "mode": None,
        "rules": None,
        "chat": True,
        "spectators": True,
        "code": None,
        "placed": False,
    }
    with pytest.raises(ProtocolError) as error:
        parse_request('{"type": "join", "table": 1.5}')
    assert error.value.reason is ErrorReason.BAD_FIELD
    assert error.value.message == "join: 'table' must be a whole number from 1 to 2147483647"


def test_a_server_message_that_breaks_the_rules_is_a_protocol_error() -> None:
    good = json.loads(encode_state(1, states_of_a_game(1)[-1]))
    for broken in (
        {**good, "seat": 3},
        {**good, "extra": 1},
        {**good, "game": {**good["game"], "hand": [1, 1]}},
        {**good, "game": {**good["game"], "plays": [[0, [0, 20]]]}},  # 3 and 8: no play
        {**good, "game": {**good["game"], "plays": [[0, [True]]]}},
        {**good, "game": {**good["game"], "plays": [[0, [[1]]]]}},
        {**good, "game": {**good["game"], "plays": [[True, [1]]]}},
        {**good, "seats": good["seats"][:2]},
        {**good, "seats": [{**good["seats"][0], "kind": "alien"}, *good["seats"][1:]]},
    ):
        with pytest.raises(ProtocolError):
            args = parse_push(json.dumps(broken)).args
            decode_state(args)


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("ann", "ann"),
        ("  bob ", "bob"),
        ("王小明", "王小明"),
        ("sixteen chars ok", "sixteen chars ok"),
        ("", None),
        ("seventeen chars!!", None),
        ("new\nline", None),
        ("\x1b[31mred", None),
    ],
)
def test_names(name: str, ok: str | None) -> None:
    if ok is None:
        with pytest.raises(ProtocolError) as error:
            check_name(name)
        assert error.value.reason is ErrorReason.BAD_NAME
    else:
        assert check_name(name) == ok


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("localhost", "ws://localhost:7744"),
        ("10.0.0.5:9000", "ws://10.0.0.5:9000"),
        ("ws://host", "ws://host:7744"),
        ("wss://host:443", "wss://host:443"),
        ("ws://[::1]:7744", "ws://[::1]:7744"),
        (" ws://h:1 ", "ws://h:1"),
    ],
)
def test_addresses_people_type(typed: str, url: str) -> None:
    assert normalise_url(typed) == url


@pytest.mark.parametrize(
    "typed", ["http://host:80", "ws://", "ws://host:99999", "ws://host:port", ""]
)
def test_addresses_that_are_not(typed: str) -> None:
    with pytest.raises(BadAddress) as error:
        normalise_url(typed)
    assert "ws://HOST:PORT" in error.value.message


def test_tokens_are_kept_per_server_and_name(tmp_path) -> None:
    path = tmp_path / "deep" / "sessions.json"
    store = TokenStore(path)
    assert store.get("ws://a:1", "ann") is None
    store.put("ws://a:1", "ann", "t1")
    store.put("ws://b:1", "ann", "t2")
    assert TokenStore(path).get("ws://a:1", "ann") == "t1"
    assert store.get("ws://b:1", "ann") == "t2" and store.get("ws://a:1", "bob") is None
    assert path.stat().st_mode & 0o077 == 0, "tokens are private to the user"
    path.write_text("{broken")
    assert store.get("ws://a:1", "ann") is None, "a broken file is ignored, not fatal"


def test_the_token_bucket_allows_a_burst_then_the_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=10, burst=5, clock=lambda: now[0])
    assert [bucket.allow() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.1
    assert bucket.allow() and not bucket.allow()
    now[0] += 100
    assert sum(bucket.allow() for _ in range(10)) == 5, "the bucket never holds more than the burst"


def test_a_server_state_with_house_rules_that_do_not_add_up_is_a_protocol_error() -> None:
    states = states_of_a_game(3, HOUSE)
    good = json.loads(encode_state(1, next(s for s in states if s.view.doubles)))
    game = good["game"]
    plain = Rules().to_dict()
    for broken in (
        {**game, "rules": plain},  # calls, shows and doubles under the plain rules
        {**game, "rules": {**game["rules"], "factors": {**game["rules"]["factors"], "bomb": 0}}},
        {**game, "rules": {**game["rules"], "landlord": "poker"}},
        {**game, "calls": [[0, True], [0, True]]},  # out of turn
        {**game, "calls": [[0, 1]]},
        {**game, "calls": [[3, True]]},
        {**game, "doubles": [[0, True]] * 4},
        {**game, "doubles": [[0, "yes"]]},
        {**game, "shows": [[0, [1, 1]]]},
        {**game, "shows": [[0, []], [1, []]]},
        {**game, "shows": [[0, [54]]]},
    ):
        with pytest.raises(ProtocolError):
            decode_state(parse_push(json.dumps({**good, "game": broken})).args)
    assert decode_state(parse_push(json.dumps(good)).args).view.rules == HOUSE


def _super_doubled_state() -> dict:
    """A state message of a game under 超级加倍 once someone super-doubled."""
    for seed in range(50):
        for state in states_of_a_game(seed, parse_rules("random,super")):
            if state.view.super_doubles:
                return json.loads(encode_state(1, state))
    raise AssertionError("no random bot super-doubled in 50 games")


def test_a_state_says_who_super_doubled_and_a_client_checks_it() -> None:
    good = _super_doubled_state()
    game = good["game"]
    view = decode_state(parse_push(json.dumps(good)).args).view
    assert view.super_doubles == tuple(game["super_doubles"]) and view.super_doubles
    seat = game["super_doubles"][0]
    assert view.multiplier.doubling(seat) == 4
    others = [s for s in range(3) if [s, True] not in game["doubles"]]
    assert others, "the first super double: someone has not doubled yet"
    without = {**game["rules"]}
    del without["super_double"]
    for broken in (
        {**game, "super_doubles": [seat, seat]},  # twice
        {**game, "super_doubles": [3]},
        {**game, "super_doubles": [True]},
        {**game, "super_doubles": "0"},
        {**game, "super_doubles": [0, 1, 2, 0]},
        {**game, "super_doubles": others[:1]},  # a seat that did not double
        {**game, "rules": without},  # a super double under rules without it
        {key: value for key, value in game.items() if key != "super_doubles"},
    ):
        with pytest.raises(ProtocolError):
            decode_state(parse_push(json.dumps({**good, "game": broken})).args)


def test_a_create_request_names_its_house_rules() -> None:
    rules = HOUSE.to_dict()
    message = parse_request(request(RequestType.CREATE, 1, rules=rules))
    assert message.args["rules"] == HOUSE
    capped = parse_rules("grab,double,cap=64")
    message = parse_request(request(RequestType.CREATE, 1, rules=capped.to_dict()))
    assert message.args["rules"] == capped and message.args["rules"].cap == 64
    for decision in (Decision.CALL, Decision.GRAB, Decision.SHOW, Decision.DOUBLE):
        answer = {"kind": "answer", "decision": decision.value, "yes": True, "level": 1}
        args = parse_request(json.dumps({"type": "act", "action": answer})).args
        assert args == {"action": Answer(decision, True)}
    super_double = parse_rules("grab,super")
    message = parse_request(request(RequestType.CREATE, 1, rules=super_double.to_dict()))
    assert message.args["rules"] == super_double and message.args["rules"].super_double
    answer = {"kind": "answer", "decision": "double", "yes": True, "level": 2}
    args = parse_request(json.dumps({"type": "act", "action": answer})).args
    assert args == {"action": Answer(Decision.DOUBLE, True, 2)}, "the game judges the level"
    assert parse_request('{"type": "takeover", "on": false}').args == {"on": False}
