"""癞子 over the network (protocol 8): house rules holding it, a play's `wilds` in `act`
(checked field by field; whether the cards read so is the game's to judge), a state's
`wild` (null until drawn) and `wilds`, checked by the client as the view's facts, a
record of its games, and three clients playing it."""

from __future__ import annotations

import asyncio
import json

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cards import DECK, lowest_suits
from ddz_tui.engine import Factors, Game, IllegalAction, Phase, Play, Played, Rules, WildDrawn
from ddz_tui.engine.game import IllegalReason
from ddz_tui.net.checks import action_fields
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import RequestType, parse_push, parse_request, request
from ddz_tui.net.states import decode_state, encode_record, encode_state
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind
from ddz_tui.wild import BombClass, readings
from tests.net.test_protocol import states_of_a_game
from tests.support.botclient import BotPlayer
from tests.support.loopback import clients, running

LAIZI = Rules(laizi=True)
SEATS = (SeatInfo("ann", ready=True), SeatInfo("Bot 2", SeatKind.BOT, "random"), EMPTY_SEAT)


def test_a_create_request_may_name_laizi_and_its_bomb_factors() -> None:
    for rules in (LAIZI, Rules(laizi=True, factors=Factors(soft_bomb=1, wild_bomb=4))):
        message = parse_request(request(RequestType.CREATE, 1, rules=rules.to_dict()))
        assert message.args["rules"] == rules


def test_bomb_factors_without_laizi_are_refused() -> None:
    rules = {**Rules().to_dict(), "factors": {**Rules().factors.to_dict(), "wild_bomb": 4}}
    with pytest.raises(ProtocolError) as refused:
        parse_request(request(RequestType.CREATE, 1, rules=rules))
    assert refused.value.reason is ErrorReason.BAD_FIELD


def _act(play: dict) -> Play:
    action = parse_request(json.dumps({"type": "act", "action": play})).args["action"]
    assert isinstance(action, Play)
    return action


def test_a_play_says_what_its_wilds_stand_for_or_nothing() -> None:
    assert _act({"kind": "play", "cards": [4, 0]}).reading is None
    assert _act({"kind": "play", "cards": [4, 0], "wilds": None}).reading is None
    play = _act({"kind": "play", "cards": [0, 1, 4, 5], "wilds": "44"})
    assert play.cards == tuple(DECK[i] for i in (0, 1, 4, 5)) and play.reading == "44"
    soft = next(r for r in readings("3344", "3") if r.bomb is BombClass.SOFT)
    cards = tuple(DECK[i] for i in (0, 1, 4, 5))
    fields = action_fields(Play(cards, soft))
    assert fields == {"kind": "play", "cards": [0, 1, 4, 5], "wilds": "44"}
    assert "wilds" not in action_fields(Play(cards))


@pytest.mark.parametrize(
    "wilds", ["", "X", "B", "R", "1", "73", "77777", 7, ["7"], True, {"r": "7"}, "7 "]
)
def test_hostile_wilds_in_a_play_are_a_bad_field(wilds: object) -> None:
    with pytest.raises(ProtocolError) as refused:
        _act({"kind": "play", "cards": [0, 1, 4, 5], "wilds": wilds})
    assert refused.value.reason is ErrorReason.BAD_FIELD


def test_a_play_with_an_unknown_field_is_a_bad_field() -> None:
    with pytest.raises(ProtocolError):
        _act({"kind": "play", "cards": [0], "reading": "7"})
    with pytest.raises(ProtocolError):
        _act({"kind": "play", "wilds": "7"})  # no cards


def test_the_game_judges_the_wilds_a_play_says() -> None:
    """Checked on the wire for their form only: a reading that is not one of the
    cards', or one said of cards without wilds, the game refuses (nothing changes)."""
    game = Game(0, rules=LAIZI)
    while game.wild is None:
        assert game.turn is not None
        game.act(game.turn, game.view(game.turn).legal_actions()[-1])
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    wild = next(card for card in view.hand if card.rank == game.wild)
    natural = next(card for card in view.hand if card.rank != game.wild)
    for cards, said in (((wild,), "3" if game.wild != "3" else "4"), ((natural,), "7")):
        before = game.events
        with pytest.raises(IllegalAction) as refused:
            game.act(seat, _act({"kind": "play", "cards": [c.id for c in cards], "wilds": said}))
        assert refused.value.code == IllegalReason.NOT_A_READING.value
        assert game.events == before


def _laizi_states() -> list:
    """Every seat's state after every action of a random 癞子 game with a wild played."""
    for seed in range(40):
        states = states_of_a_game(seed, LAIZI)
        last = states[-1].view
        if any(r is not None and r.wild_count for r in last.readings):
            return states
    raise AssertionError("no random game played a wild")


def test_a_laizi_state_survives_the_wire_exactly_and_says_no_wild_before_the_draw() -> None:
    states = _laizi_states()
    drawn = undrawn = 0
    for state in states:
        text = encode_state(3, state)
        game = json.loads(text)["game"]
        back = decode_state(parse_push(text).args)
        assert back == state and back.view.readings == state.view.readings
        assert back.view.wild_plays == state.view.wild_plays
        if state.view.landlord is None:  # before the draw: no rank, in any byte
            undrawn += 1
            assert game["wild"] is None and game["wilds"] == []
            assert '"wild": null' in text or '"wild":null' in text
        else:
            drawn += 1
            assert game["wild"] == state.view.wild is not None
    assert drawn and undrawn


def _with_wilds() -> tuple[dict, int]:
    """A state message after a play holding wilds, and that play's index."""
    for state in _laizi_states():
        view = state.view
        for index, reading in enumerate(view.readings):
            if reading is not None and reading.wild_count and view.phase is not Phase.OVER:
                return json.loads(encode_state(1, state)), index
    raise AssertionError("no play with wilds")


def test_a_client_refuses_a_state_whose_wilds_do_not_make_the_game() -> None:
    good, at = _with_wilds()
    game = good["game"]
    said = dict(map(tuple, game["wilds"]))[at]
    other = next(r for r in "3456789TJQKA2" if r != game["wild"])
    passes = [i for i, (_, ids) in enumerate(game["plays"]) if not ids]
    plain = {**game["rules"]}
    del plain["laizi"]
    for broken in (
        {**game, "wild": "B"},
        {**game, "wild": "1"},
        {**game, "wild": 7},
        {**game, "wild": other},  # another rank: the plays do not read so
        {**game, "wild": None},  # wilds said with no wild rank
        {**game, "wilds": []},  # a play holding wilds that says nothing of them
        {**game, "wilds": [[at, said], [at, said]]},
        {**game, "wilds": [[len(game["plays"]), said], *game["wilds"]]},
        {**game, "wilds": [[at, "2" * len(said) if said != "2" * len(said) else "3"]]},
        {**game, "wilds": [[at, "X"]]},
        {**game, "wilds": [[-1, "3"]]},
        {**game, "wilds": "7"},
        {**game, "rules": plain},  # a wild rank under rules without 癞子
        {key: value for key, value in game.items() if key != "wild"},
        {key: value for key, value in game.items() if key != "wilds"},
        *([{**game, "wilds": [*game["wilds"], [passes[0], "3"]]}] if passes else []),
    ):
        with pytest.raises(ProtocolError):
            decode_state(parse_push(json.dumps({**good, "game": broken})).args)


def test_a_classic_state_says_no_wild_and_refuses_one() -> None:
    state = states_of_a_game(2)[-1]
    good = json.loads(encode_state(1, state))
    assert good["game"]["wild"] is None and good["game"]["wilds"] == []
    for broken in ({"wild": "7"}, {"wilds": [[0, "7"]]}):
        with pytest.raises(ProtocolError):
            decode_state(parse_push(json.dumps({**good, "game": {**good["game"], **broken}})).args)


def test_a_record_of_a_laizi_game_crosses_the_wire() -> None:
    for seed in range(20):
        game = Game(seed, rules=LAIZI)
        play_out(game, [make_bot("random", seed + s) for s in range(3)])
        if any(isinstance(e, Played) and e.wilds for e in game.events):
            break
    record = json.loads(encode_record(1, 0, 1, SEATS, game.events))
    events = parse_push(json.dumps(record)).args["events"]
    assert tuple(events) == game.events
    assert sum(isinstance(e, WildDrawn) for e in events) == 1
    at = next(i for i, e in enumerate(record["events"]) if e.get("wilds"))
    for bad in ({"wilds": "X"}, {"wilds": 7}, {"wilds": "73"}):
        broken = json.loads(json.dumps(record))
        broken["events"][at] = {**broken["events"][at], **bad}
        with pytest.raises(ProtocolError):
            parse_push(json.dumps(broken))


async def test_three_clients_play_laizi_games_naming_their_readings() -> None:
    async with running() as server:
        players = await clients(server, "ann", "bob", "cat")
        first = await players[0].create(rules=LAIZI)
        tables = [first] + [await p.join(first.table_id) for p in players[1:]]
        assert [t.rules for t in await players[1].refresh()] == [LAIZI]
        host = server.lobby.tables[first.table_id].host
        said: list[Play] = []  # each play as the server heard it from a client
        real_act = host.act

        def hearing(seat: int, action: object) -> None:
            if isinstance(action, Play):
                said.append(action)
            real_act(seat, action)  # type: ignore[arg-type]

        host.act = hearing  # type: ignore[method-assign]
        bots = [BotPlayer(t, make_bot("random", i)) for i, t in enumerate(tables)]
        finals = await asyncio.wait_for(asyncio.gather(*(b.play(3) for b in bots)), 90)
        assert all(state.view.rules == LAIZI and state.view.wild for state in finals)
        assert all(bot.refused == 0 for bot in bots), "no reading was refused"
        assert finals[0].games >= 3
        assert any(isinstance(play.reading, str) and play.reading for play in said), (
            "a play with wilds crossed the wire, naming what they stood for"
        )
        for p in players:
            await p.close()


def test_the_lowest_suits_of_a_reading_are_what_a_bot_client_sends() -> None:
    """A bot's play names ranks and a reading; the client sends the cards with it."""
    game = Game(4, rules=LAIZI)
    bot = make_bot("random", 1)
    from ddz_tui.bots.runner import decide

    while game.phase is not Phase.OVER:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        action = decide(bot, view)
        if isinstance(action, Play):
            action = Play(lowest_suits(action.ranks, view.hand), action.reading)
            action = _act(action_fields(action))
        game.act(seat, action)
    assert game.result is not None
