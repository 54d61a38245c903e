"""明牌开始 (show before the bidding) in the engine: the rule and its factor, the question
asked of every seat in turn before the first bid or call, the shown hand public to
every view, the stake (×5 once, springs, the cap), and the record (version 9)."""

from __future__ import annotations

import json

import pytest

from ddz_tui.engine import (
    Answer,
    Decision,
    Factors,
    Game,
    IllegalAction,
    IllegalReason,
    LandlordMode,
    Phase,
    PlayerView,
    Rules,
    ShownAtStart,
    dumps,
    loads,
    parse_rules,
    rules_spec,
)
from ddz_tui.engine.events import RECORD_VERSION, Started, event_from_dict, event_to_dict
from ddz_tui.engine.replay import frames
from tests.core.test_stakes import LANDLORD_WINS, PEASANTS_WIN, _landlord_wins, _peasants_win
from tests.support.house_play import played_out, public_view, random_game
from tests.support.rigging import rigged

START = Rules(LandlordMode.BID, show_start=True)


def _yes(seat: int) -> Answer:
    return Answer(Decision.SHOW_START, True)


NO = Answer(Decision.SHOW_START, False)


def _answer_all(game: Game, shows: tuple[bool, bool, bool]) -> None:
    """Every seat answers in turn, seat by seat as asked (shows[i] for the i-th asked)."""
    for show in shows:
        seat = game.turn
        assert seat is not None and game.decision is Decision.SHOW_START
        game.act(seat, Answer(Decision.SHOW_START, show))


def test_the_rule_and_its_factor_are_written_only_when_on() -> None:
    assert "show_start" not in Rules().to_dict()
    assert "show_start" not in Rules().to_dict()["factors"]
    assert START.to_dict()["show_start"] is True and START.extended and not START.plain
    assert Factors().show_start == 5
    rules = parse_rules("grab,showstart=3,show")
    assert rules.show_start and rules.factors.show_start == 3 and rules.showing
    assert rules.to_dict()["factors"]["show_start"] == 3
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert parse_rules(rules_spec(rules)) == rules and rules_spec(START) == "bid,showstart"
    assert not parse_rules("showstart=4,showstart=off").show_start
    with pytest.raises(ValueError, match="needs 'show_start'"):
        Rules(factors=Factors(show_start=3))
    with pytest.raises(ValueError, match="written only when on"):
        Rules.from_dict({**Rules().to_dict(), "show_start": False})
    with pytest.raises(ValueError, match="true or false"):
        Rules(show_start=1)  # type: ignore[arg-type]
    for bad in ("showstart=0", "showstart=6", "showstart=x"):
        with pytest.raises(ValueError):
            parse_rules(bad)


@pytest.mark.parametrize("mode", [LandlordMode.BID, LandlordMode.GRAB])
def test_every_seat_is_asked_in_turn_from_the_first_to_bid_before_any_bid(
    mode: LandlordMode,
) -> None:
    game = rigged(*LANDLORD_WINS, first=1, rules=Rules(mode, show_start=True))
    asked = []
    for _ in range(3):
        assert game.phase is Phase.SHOWING and game.decision is Decision.SHOW_START
        assert game.landlord is None and game.view(0).bottom == ()
        seat = game.turn
        assert seat is not None
        for other in {0, 1, 2} - {seat}:  # only the seat asked may answer
            with pytest.raises(IllegalAction) as refused:
                game.act(other, NO)
            assert refused.value.reason is IllegalReason.NOT_YOUR_TURN
        action = game.view(seat).legal_actions()
        assert action == (Answer(Decision.SHOW_START, True), NO)
        if mode is LandlordMode.BID:
            with pytest.raises(IllegalAction) as refused:
                game.bid(seat, 1)
            assert refused.value.reason is IllegalReason.WRONG_PHASE
            assert refused.value.phrase.key == "illegal.due.show_start"
        asked.append(seat)
        game.act(seat, NO)
    assert asked == [1, 2, 0]
    assert game.phase is Phase.BIDDING and game.turn == 1
    assert game.decision is (Decision.BID if mode is LandlordMode.BID else Decision.CALL)
    with pytest.raises(IllegalAction):
        game.act(1, NO)  # asked once a deal


def test_without_the_rule_nobody_is_asked() -> None:
    game = rigged(*LANDLORD_WINS, first=0)
    assert game.decision is Decision.BID
    with pytest.raises(IllegalAction) as refused:
        game.act(0, NO)
    assert refused.value.reason is IllegalReason.WRONG_PHASE


def test_a_hand_shown_at_the_start_is_public_to_every_view_and_others_stay_hidden() -> None:
    game = rigged(*PEASANTS_WIN, first=0, rules=START)
    hand1 = game.hand(1)
    game.act(0, NO)
    game.act(1, _yes(1))
    for seat in range(3):
        view = game.view(seat)
        assert view.shown == (None, hand1, None) == view.shown_hands
        assert view.start_shows == ((0, ()), (1, hand1))
    game.act(2, NO)
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    game.play(0, "3")  # the landlord leads; seat 1 plays from its shown hand
    game.play(1, "BR")
    for seat in range(3):
        view = game.view(seat)
        assert view.shown[0] is None and view.shown[2] is None
        left = view.shown_hands[1]
        assert left is not None and len(left) == 15 and set(left) == set(game.hand(1))
    view = game.view(2)
    assert view.hand == game.hand(2) and game.hand(0)[0] not in view.hand


def test_a_landlord_shown_at_the_start_holds_the_bottom_in_the_open_and_is_not_asked() -> None:
    rules = Rules(LandlordMode.BID, showing=True, show_start=True)
    game = rigged(*LANDLORD_WINS, first=0, rules=rules)
    _answer_all(game, (True, False, False))
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    assert game.decision is Decision.PLAY and game.turn == 0  # not asked 明牌 again
    for seat in (1, 2):
        view = game.view(seat)
        assert view.shown[0] == game.hand(0) and len(game.hand(0)) == 20
        assert sorted(view.landlord_holds) == sorted("".join(c.rank for c in game.hand(0)))
    assert game.multiplier.shown_start and not game.multiplier.shown


def test_a_peasant_who_showed_leaves_the_landlord_asked_to_show() -> None:
    rules = Rules(LandlordMode.BID, showing=True, show_start=True)
    game = rigged(*LANDLORD_WINS, first=0, rules=rules)
    _answer_all(game, (False, True, False))
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    assert game.decision is Decision.SHOW and game.turn == 0
    game.show(0, True)
    multiplier = game.multiplier
    assert multiplier.shown_start and multiplier.shown
    assert multiplier.total == 1 * 5 * 2  # the bid, shown at the start ×5, shown ×2


@pytest.mark.parametrize(
    ("shows", "total"),
    [((False, False, False), 1), ((True, False, False), 5), ((True, True, True), 5)],
)
def test_the_stake_gains_the_factor_once_whoever_shows(
    shows: tuple[bool, bool, bool], total: int
) -> None:
    game = rigged(*LANDLORD_WINS, first=0, rules=START)
    _answer_all(game, shows)
    assert game.multiplier.total == total
    assert all(game.view(seat).multiplier.total == total for seat in range(3))
    kinds = [part.kind.value for part in game.multiplier.parts()]
    assert ("shown_start" in kinds) is any(shows)


def test_its_factor_is_a_house_rule() -> None:
    game = rigged(*LANDLORD_WINS, first=0, rules=parse_rules("bid,showstart=3"))
    _answer_all(game, (False, False, True))
    assert game.multiplier.total == 3


def test_a_spring_with_the_hand_shown_at_the_start_multiplies_on() -> None:
    game = rigged(*LANDLORD_WINS, first=0, rules=START)
    _answer_all(game, (True, False, False))
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    over = _landlord_wins(game)
    assert over.multiplier == 1 * 5 * 2**4 * 2  # shown, four bombs, spring
    assert over.scores == (320, -160, -160)


def test_an_anti_spring_and_the_cap_with_the_hand_shown() -> None:
    rules = Rules(LandlordMode.BID, show_start=True, cap=64)
    game = rigged(*PEASANTS_WIN, first=0, rules=rules)
    _answer_all(game, (False, True, False))
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    over = _peasants_win(game)
    # rocket, three bombs, the anti-spring and the show: 1 × 2 × 8 × 2 × 5 = 160, capped
    assert over.multiplier == 160
    assert over.scores == (-128, 64, 64)
    assert game.multiplier.capped(1, 0)


def test_a_deal_drawn_by_lot_asks_from_the_landlord_with_its_twenty_cards() -> None:
    rules = Rules(LandlordMode.RANDOM, show_start=True)
    game = Game(11, rules=rules)
    landlord = game.landlord
    assert landlord is not None and game.decision is Decision.SHOW_START
    assert game.turn == landlord
    game.act(landlord, _yes(landlord))
    assert game.view((landlord + 1) % 3).shown[landlord] == game.hand(landlord)
    assert len(game.hand(landlord)) == 20
    for _ in range(2):
        game.act(game.turn or 0, NO)
    assert game.decision is Decision.PLAY
    assert game.multiplier.total == 5


def test_a_redeal_asks_again() -> None:
    game = rigged(*LANDLORD_WINS, first=0, rules=START)
    _answer_all(game, (True, False, False))
    for seat in (0, 1, 2):
        game.bid(seat, 0)
    assert game.redeals == 1 and game.decision is Decision.SHOW_START
    assert game.view(0).start_shows == () and not game.multiplier.shown_start


def _views_agree(game: Game) -> None:
    """Each seat's view, rebuilt from its public facts alone, stands where the game does."""
    for seat in range(3):
        view = game.view(seat)
        rebuilt = public_view(view)
        assert rebuilt == view
        assert (rebuilt.phase, rebuilt.decision, rebuilt.turn) == (
            view.phase,
            view.decision,
            view.turn,
        )
        assert rebuilt.shown_hands == view.shown_hands
        assert rebuilt.multiplier == view.multiplier


@pytest.mark.parametrize(
    "spec",
    ["bid,showstart", "grab,showstart,show,double", "random,showstart,show", "bid,showstart,laizi"],
)
def test_random_games_play_out_replay_and_views_agree(spec: str) -> None:
    rules = parse_rules(spec)
    for seed in range(12):
        game = played_out(seed, rules)
        assert game.phase is Phase.OVER
        replayed = Game.replay(loads(dumps(game.events)))
        assert replayed.events == game.events
        assert replayed.result == game.result
        answers = [e for e in game.events if isinstance(e, ShownAtStart)]
        assert len(answers) % 3 == 0 and answers
        steps = frames(game.events)
        assert steps[-1].result == game.result
        # step by step, a view from the facts alone stands where the game does
        for step_game, _ in Game.replaying(game.events):
            _views_agree(step_game)


def test_a_record_of_the_rule_is_version_9_and_round_trips() -> None:
    game = random_game(3, Rules(LandlordMode.GRAB, doubling=True, show_start=True))
    text = dumps(game.events)
    started = json.loads(text.splitlines()[0])
    assert started["version"] == 9 == RECORD_VERSION and started["rules"]["show_start"]
    assert dumps(loads(text)) == text
    shown = [json.loads(line) for line in text.splitlines() if '"shown_start"' in line]
    assert len(shown) >= 3 and all(set(line) == {"event", "seat", "cards"} for line in shown[1:])
    assert Game.replay(loads(text)).events == game.events


def test_records_without_the_rule_are_written_as_before() -> None:
    for rules in (Rules(), Rules(LandlordMode.GRAB, True, True), Rules(laizi=True)):
        started = event_to_dict(Started(1, rules))
        assert started["version"] < 9 and "show_start" not in json.dumps(started)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"version": 8}, "a version 8 record of a game with these rules"),
        ({"version": 10}, "a record of version 10"),
    ],
)
def test_a_started_of_the_rule_in_another_version_is_refused(line: dict, message: str) -> None:
    data = {"event": "started", "seed": 1, "rules": START.to_dict(), "limited": False}
    with pytest.raises(ValueError, match=message):
        event_from_dict({**data, "rested": False, **line})


def _record_lines(seed: int = 4) -> list[dict]:
    game = random_game(seed, START)
    return [json.loads(line) for line in dumps(game.events).splitlines()]


@pytest.mark.parametrize(
    "tamper",
    [
        "another_hand",  # a shown hand that is not the seat's
        "shown_as_no",  # a yes written as a no after the stake
        "out_of_turn",  # the answers in another order
        "no_rule",  # shown_start in a game without the rule
    ],
)
def test_a_tampered_record_of_the_rule_is_refused(tamper: str) -> None:
    lines = _record_lines()
    answers = [i for i, line in enumerate(lines) if line["event"] == "shown_start"]
    first = lines[answers[0]]
    if tamper == "another_hand":
        dealt = next(line for line in lines if line["event"] == "dealt")
        other = (first["seat"] + 1) % 3
        first["cards"] = dealt["hands"][other]
    elif tamper == "shown_as_no":
        first["cards"] = [] if first["cards"] else lines[1]["hands"][first["seat"]]
    elif tamper == "out_of_turn":
        first["seat"] = (first["seat"] + 1) % 3
    else:
        seed = lines[0]["seed"]
        lines[0] = {"event": "started", "seed": seed, "rules": Rules().to_dict(), "version": 2}
    text = "".join(json.dumps(line) + "\n" for line in lines)
    with pytest.raises(ValueError):
        Game.replay(loads(text))


def test_a_view_from_facts_refuses_start_shows_that_no_game_makes() -> None:
    game = rigged(*LANDLORD_WINS, first=0, rules=START)
    game.act(0, _yes(0))
    view = game.view(1)
    hand0 = game.hand(0)

    def rebuilt(rules: Rules, start_shows: tuple) -> PlayerView:
        return PlayerView(
            1, view.hand, None, (), (), first_bidder=0, rules=rules, start_shows=start_shows
        )

    assert rebuilt(START, ((0, hand0),)).turn == 1
    with pytest.raises(ValueError, match="明牌开始"):
        rebuilt(Rules(), ((0, hand0),))
    with pytest.raises(ValueError, match="seat after seat"):
        rebuilt(START, ((0, hand0), (2, ())))
    with pytest.raises(ValueError, match="whole hand"):
        rebuilt(START, ((0, hand0[:5]),))
    with pytest.raises(ValueError, match="whole hand"):
        rebuilt(START, ((0, view.hand),))  # this seat's own cards in another hand
