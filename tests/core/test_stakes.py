"""明牌 and 加倍: the landlord's choice to show, everyone's to double, and each seat's score."""

from __future__ import annotations

import copy
import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.engine import (
    Decision,
    Doubled,
    Factors,
    Game,
    GameOver,
    IllegalAction,
    IllegalReason,
    LandlordMode,
    Multiplier,
    Part,
    PartKind,
    Phase,
    Played,
    Rules,
    Shown,
    Side,
    Started,
    dumps,
    loads,
    scores,
)
from tests.support.rigging import rigged

# Seat 0 is landlord (it calls, nobody grabs) and wins: four bombs, then JJJR (spring).
LANDLORD_WINS = (["R2222AAAAKKKKQQQQ", "33445566778899TTJ", "33445566778899TTB"], "JJJ")
LANDLORD_PLAYS = ("2222", "AAAA", "KKKK", "QQQQ")
# Seat 0 is landlord and plays once; seat 1 wins with the rocket, three bombs and a trio.
PEASANTS_WIN = (["33344556677889TTJ", "BR2222AAAAKKKKQQQ", "344556677889TTJJ9"], "JQ9")


def _landlord_chosen(deal: tuple[list[str], str], rules: Rules) -> Game:
    game = rigged(*deal, first=0, rules=rules)
    if rules.landlord is LandlordMode.GRAB:
        game.call(0, True)
        game.call(1, False)
        game.call(2, False)
    else:
        game.bid(0, 1)
        game.bid(1, 0)
        game.bid(2, 0)
    assert game.landlord == 0
    return game


def _landlord_wins(game: Game) -> GameOver:
    for bomb in LANDLORD_PLAYS:
        game.play(0, bomb)
        game.pass_turn(1)
        game.pass_turn(2)
    over = game.play(0, "JJJR")[-1]
    assert isinstance(over, GameOver) and over.side is Side.LANDLORD and over.spring
    return over


def _peasants_win(game: Game) -> GameOver:
    game.play(0, "3")
    game.play(1, "BR")
    for play in ("2222", "AAAA", "KKKK"):
        game.pass_turn(2)
        game.pass_turn(0)
        game.play(1, play)
    game.pass_turn(2)
    game.pass_turn(0)
    over = game.play(1, "QQQ")[-1]
    assert isinstance(over, GameOver) and over.side is Side.PEASANTS and over.anti_spring
    return over


def _expected(shared: int, doubled: tuple[bool, bool, bool], landlord_won: bool) -> tuple:
    """The scores by the rule, written out: a peasant ± shared × its own × the
    landlord's doubling; the landlord the opposite of the two together."""
    sign = -1 if landlord_won else 1
    peasants = [sign * shared * 2 ** doubled[seat] * 2 ** doubled[0] for seat in (1, 2)]
    return (-sum(peasants), *peasants)


# the landlord redoubles only against a peasant who doubled: no (True, False, False)
DOUBLINGS = [d for d in itertools.product((False, True), repeat=3) if d[1] or d[2] or not d[0]]


@pytest.mark.parametrize("mode", [LandlordMode.BID, LandlordMode.GRAB])
@pytest.mark.parametrize("landlord_won", [True, False])
@pytest.mark.parametrize("doubled", DOUBLINGS)
def test_every_doubling_combination_scores_each_seat(
    doubled: tuple[bool, bool, bool], landlord_won: bool, mode: LandlordMode
) -> None:
    game = _landlord_chosen(LANDLORD_WINS if landlord_won else PEASANTS_WIN, Rules(mode, True))
    assert game.phase is Phase.DOUBLING
    asked = (1, 2, 0) if doubled[1] or doubled[2] else (1, 2)
    for seat in asked:  # the peasants from the landlord's left, then the landlord
        view = game.view(seat)
        assert game.turn == view.turn == seat and view.decision is Decision.DOUBLE
        assert game.double(seat, doubled[seat]) == (Doubled(seat, doubled[seat]),)
    assert game.phase is Phase.PLAYING and game.turn == 0 and game.decision is Decision.PLAY
    over = _landlord_wins(game) if landlord_won else _peasants_win(game)
    shared = 32  # base 1 × 4 bombs × spring, or base 1 × rocket × 3 bombs × anti-spring
    assert over.multiplier == shared
    assert over.scores == _expected(shared, doubled, landlord_won) and sum(over.scores) == 0
    result = game.result
    assert result is not None and result.landlord == 0 and result.scores == over.scores
    assert result.multiplier.doubled == doubled
    for seat in (1, 2):
        assert result.multiplier.doubling(seat) == 2 ** doubled[seat]
        assert abs(over.scores[seat]) == result.multiplier.stake(seat, 0)
    assert abs(over.scores[0]) == result.multiplier.stake(0, 0)
    for seat in range(3):
        assert game.view(seat).multiplier == result.multiplier


def _doubling(always_redouble: bool = False) -> Game:
    """A real deal (its seed replays it) at 加倍: the first bidder took it with 3."""
    game = Game(5, rules=Rules(LandlordMode.BID, doubling=True), always_redouble=always_redouble)
    assert game.turn is not None
    game.bid(game.turn, 3)
    assert game.phase is Phase.DOUBLING
    return game


def _peasants(game: Game) -> tuple[int, int]:
    assert game.landlord is not None
    return (game.landlord + 1) % 3, (game.landlord + 2) % 3


def _to_the_end(game: Game) -> None:
    while game.phase is not Phase.OVER:
        assert game.turn is not None
        view = game.view(game.turn)
        game.act(game.turn, view.legal_actions()[-1])


def test_the_landlord_is_not_asked_to_redouble_when_no_peasant_doubled() -> None:
    game = _doubling()
    left, right = _peasants(game)
    game.double(left, False)
    assert game.double(right, False) == (Doubled(right, False),)
    assert game.phase is Phase.PLAYING and game.turn == game.landlord
    view = game.view(right)
    assert view.phase is Phase.PLAYING and view.turn == game.landlord, "the view agrees"
    with pytest.raises(IllegalAction):
        game.double(game.landlord, True)
    _to_the_end(game)
    started = game.events[0]
    assert isinstance(started, Started) and started.rested and started.version == 4
    assert Game.replay(loads(dumps(game.events))).events == game.events, "version 4 replays"


def test_a_record_from_before_version_4_replays_with_the_landlords_redouble() -> None:
    old = _doubling(always_redouble=True)  # as games were played before version 4
    left, right = _peasants(old)
    old.double(left, False)
    old.double(right, False)
    assert old.turn == old.landlord and old.decision is Decision.DOUBLE, "asked, as then"
    old.double(old.landlord, True)
    _to_the_end(old)
    started = old.events[0]
    assert isinstance(started, Started) and not started.rested and started.version == 2
    assert Game.replay(loads(dumps(old.events))).events == old.events


def test_a_peasant_who_doubled_is_redoubled_against() -> None:
    game = _doubling()
    left, right = _peasants(game)
    game.double(left, True)
    game.double(right, False)
    assert game.turn == game.landlord and game.decision is Decision.DOUBLE
    game.double(game.landlord, True)
    assert game.phase is Phase.PLAYING and not game.events[0].rested


def test_all_doubling_by_hand() -> None:
    game = _landlord_chosen(LANDLORD_WINS, Rules(LandlordMode.GRAB, doubling=True))
    for seat in (1, 2, 0):
        game.double(seat, True)
    assert _landlord_wins(game).scores == (256, -128, -128)


def test_without_doubling_the_scores_are_the_plain_ones() -> None:
    for multiplier in (Multiplier(3, bombs=2, spring=True), Multiplier(1, grabs=2, shown=True)):
        total = multiplier.total
        for landlord in range(3):
            assert multiplier.stakes(landlord) == tuple(
                2 * total if seat == landlord else total for seat in range(3)
            )
            won = scores(landlord, Side.LANDLORD, multiplier)
            assert won == tuple(2 * total if s == landlord else -total for s in range(3))


@pytest.mark.parametrize("show", [True, False])
@pytest.mark.parametrize("mode", [LandlordMode.BID, LandlordMode.GRAB])
def test_showing_with_spring_and_bombs(show: bool, mode: LandlordMode) -> None:
    game = _landlord_chosen(LANDLORD_WINS, Rules(mode, showing=True))
    hand = game.hand(0)
    assert game.phase is Phase.SHOWING and game.turn == 0
    for seat in range(3):
        assert game.view(seat).decision is Decision.SHOW and game.view(seat).turn == 0
    with pytest.raises(IllegalAction) as error:
        game.show(1, True)
    assert error.value.reason is IllegalReason.NOT_YOUR_TURN
    with pytest.raises(IllegalAction, match="choosing whether to show"):
        game.play(0, "2222")
    events = game.show(0, show)
    assert events == (Shown(0, tuple(c.id for c in hand) if show else ()),)
    assert game.phase is Phase.PLAYING and game.turn == 0
    for seat in range(3):
        view = game.view(seat)
        assert view.shown == ((hand if show else None), None, None)
        assert view.shown_hands[0] == (hand if show else None)
    over = _landlord_wins(game)
    bid = 1  # the bid or the call
    shared = bid * 2**4 * 2 * (2 if show else 1)  # four bombs, spring, shown
    assert over.multiplier == shared and over.scores == (2 * shared, -shared, -shared)
    assert game.multiplier.shown is show and game.multiplier.doublings == 5 + show


def test_a_shown_hand_is_followed_as_it_is_played_and_peasants_know_it() -> None:
    game = _landlord_chosen(LANDLORD_WINS, Rules(showing=True))
    game.show(0, True)
    game.play(0, "2222")
    peasant = game.view(1)
    assert peasant.shown_hands[0] == game.hand(0)
    assert peasant.landlord_holds == "JJJQQQQKKKKAAAAR"  # the whole hand, not just the bottom
    assert peasant.shown[0] is not None and len(peasant.shown[0]) == 20
    landlord = game.view(0)
    assert landlord.shown_hands[0] == landlord.hand and landlord.landlord_holds == ""


def test_showing_then_doubling_then_play_and_the_factors_of_the_house() -> None:
    factors = Factors(bomb=3, rocket=4, spring=5, show=5, grab=3, double=4)
    rules = Rules(LandlordMode.GRAB, doubling=True, showing=True, factors=factors)
    game = rigged(*PEASANTS_WIN, first=2, rules=rules)
    game.call(2, False)
    game.call(0, True)
    game.call(1, False)  # seat 2 declined to call: it cannot grab
    assert game.landlord == 0 and game.phase is Phase.SHOWING
    with pytest.raises(IllegalAction, match="choosing whether to show"):
        game.double(1, True)
    game.show(0, True)
    with pytest.raises(IllegalAction, match="choosing whether to double"):
        game.play(0, "3")
    game.double(1, True)
    game.double(2, False)
    with pytest.raises(IllegalAction, match="choosing whether to double"):
        game.show(0, False)
    game.double(0, True)
    over = _peasants_win(game)
    shared = 1 * 4 * 3**3 * 5 * 5  # call, rocket, 3 bombs, anti-spring, shown
    assert over.multiplier == shared
    assert over.scores == (-(shared * 16 + shared * 4), shared * 16, shared * 4)
    assert game.result is not None and game.result.multiplier.factors == factors


def test_doubles_and_shows_are_refused_out_of_turn_and_leave_the_game_unchanged() -> None:
    game = _landlord_chosen(LANDLORD_WINS, Rules(doubling=True, showing=True))
    before = copy.deepcopy({k: v for k, v in vars(game).items() if k != "_rng"})
    for action, reason in [
        (lambda g: g.double(1, True), IllegalReason.WRONG_PHASE),
        (lambda g: g.show(0, "yes"), IllegalReason.NOT_YES_OR_NO),
        (lambda g: g.show(2, False), IllegalReason.NOT_YOUR_TURN),
        (lambda g: g.bid(0, 3), IllegalReason.WRONG_PHASE),
    ]:
        with pytest.raises(IllegalAction) as error:
            action(game)
        assert error.value.reason is reason
        assert copy.deepcopy({k: v for k, v in vars(game).items() if k != "_rng"}) == before
    game.show(0, False)
    with pytest.raises(IllegalAction) as error:
        game.double(0, True)  # the peasants first
    assert error.value.reason is IllegalReason.NOT_YOUR_TURN
    for seat in (1, 2):  # nobody doubled: the landlord is not asked
        game.double(seat, False)
    with pytest.raises(IllegalAction, match="the play has begun"):
        game.double(0, True)
    with pytest.raises(IllegalAction, match="the play has begun"):
        game.double(1, True)
    assert isinstance(game.play(0, "2222")[0], Played)


def test_random_mode_goes_through_showing_and_doubling_too() -> None:
    game = Game(3, rules=Rules(LandlordMode.RANDOM, doubling=True, showing=True))
    landlord = game.landlord
    assert landlord is not None and game.phase is Phase.SHOWING and game.turn == landlord
    game.show(landlord, False)
    assert game.phase is Phase.DOUBLING and game.turn == (landlord + 1) % 3


factors = st.builds(Factors, *[st.integers(1, 5)] * 6)
multipliers = st.builds(
    Multiplier,
    base=st.integers(1, 3),
    bombs=st.integers(0, 13),
    rocket=st.booleans(),
    spring=st.booleans(),
    grabs=st.integers(0, 3),
    shown=st.booleans(),
    doubled=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    factors=factors,
)


@settings(max_examples=300, deadline=None)
@given(multipliers, st.integers(0, 2), st.sampled_from(Side))
def test_scores_follow_the_rule_for_any_stake(m: Multiplier, landlord: int, winner: Side) -> None:
    f = m.factors
    shared = (
        m.base * f.bomb**m.bombs * f.grab**m.grabs
        * (f.rocket if m.rocket else 1) * (f.spring if m.spring else 1) * (f.show if m.shown else 1)
    )  # fmt: skip
    assert m.total == shared
    result = scores(landlord, winner, m)
    assert sum(result) == 0
    sign = 1 if winner is Side.LANDLORD else -1
    own = {seat: f.double if m.doubled[seat] else 1 for seat in range(3)}
    for seat in range(3):
        if seat != landlord:
            assert result[seat] == -sign * shared * own[seat] * own[landlord]
    if not any(m.doubled):
        assert result[landlord] == sign * 2 * shared


@settings(max_examples=300, deadline=None)
@given(multipliers, st.integers(0, 2))
def test_the_parts_of_a_stake_multiply_to_it(m: Multiplier, landlord: int) -> None:
    assert math.prod(part.factor for part in m.parts()) == m.total
    for seat in range(3):
        parts = m.parts(seat, landlord)
        assert math.prod(part.factor for part in parts) == m.stake(seat, landlord)
        assert parts[: len(m.parts())] == m.parts() and parts[0].kind is PartKind.BID


def test_the_parts_as_a_result_lists_them() -> None:
    m = Multiplier(3, bombs=2, spring=True, grabs=0, doubled=(True, True, False))
    assert m.parts(1, 0) == (
        Part(PartKind.BID, 3, 3),
        Part(PartKind.BOMBS, 2, 4),
        Part(PartKind.SPRING, 1, 2),
        Part(PartKind.DOUBLED, 1, 2),
        Part(PartKind.LANDLORD_DOUBLED, 1, 2),
    )  # base 3 × bombs ×4 × spring ×2 × you doubled ×2 × landlord doubled ×2 = ×96
    assert m.parts(0, 0)[-2:] == (Part(PartKind.DOUBLED, 1, 2), Part(PartKind.PEASANTS, 2, 3))
    assert m.stakes(0) == (24 * 2 * 3, 24 * 4, 24 * 2)
    with pytest.raises(ValueError, match="who is landlord"):
        m.parts(1)
