"""Bots under house rules: every level calls, grabs, shows and doubles by its hand, the
same way every time, and plays every phase of every mode to the end."""

from __future__ import annotations

import pytest

from ddz_tui.bots import Level, answers, make_bot
from ddz_tui.bots.runner import cautious, decide, play_out
from ddz_tui.engine import (
    YES_OR_NO,
    Answer,
    Decision,
    Game,
    LandlordMode,
    Phase,
    PlayerView,
    Rules,
    parse_rules,
)
from ddz_tui.moves import pack

STRONG = "BR2222AAKKQQJJT98"  # the rocket, a bomb of 2s, pairs of the high ranks
WEAK = "3345678899TJQKKA7"  # one pair of 3s, no joker, no 2, no bomb
BOTTOM = "345"
GRAB = Rules(LandlordMode.GRAB, doubling=True, showing=True)
# the 20 cards a landlord holds after taking the bottom
STRONG_LANDLORD = STRONG + BOTTOM
WEAK_LANDLORD = WEAK + BOTTOM


def _bot(level: Level):
    return make_bot(level, 7, budget=0.2) if level is Level.HARD else make_bot(level, 7)


def _call(hand: str) -> PlayerView:
    return PlayerView(0, hand, None, (), (), first_bidder=0, rules=GRAB)


def _grab(hand: str) -> PlayerView:
    return PlayerView(1, hand, None, (), (), first_bidder=0, rules=GRAB, calls=((0, True),))


def _grab_back(hand: str) -> PlayerView:
    calls = ((0, True), (1, True), (2, False))
    return PlayerView(0, hand, None, (), (), first_bidder=0, rules=GRAB, calls=calls)


def _show(hand: str) -> PlayerView:
    return PlayerView(0, hand, 0, BOTTOM, (), first_bidder=0, rules=GRAB, calls=((0, True),))


def _peasant_double(hand: str) -> PlayerView:
    calls, shows = ((0, True), (1, False), (2, False)), ((0, ()),)
    return PlayerView(1, hand, 0, BOTTOM, (), first_bidder=0, rules=GRAB, calls=calls, shows=shows)


def _landlord_double(hand: str, against: int) -> PlayerView:
    """The landlord asked to redouble, `against` peasants (1 or 2) having doubled."""
    calls, shows = ((0, True), (1, False), (2, False)), ((0, ()),)
    doubles = ((1, True), (2, against == 2))
    return PlayerView(
        0,
        hand,
        0,
        BOTTOM,
        (),
        first_bidder=0,
        rules=GRAB,
        calls=calls,
        shows=shows,
        doubles=doubles,
    )


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_a_strong_hand_calls_grabs_and_doubles(level: Level) -> None:
    bot = _bot(level)
    for view in (_call(STRONG), _grab(STRONG), _grab_back(STRONG), _peasant_double(STRONG)):
        assert view.decision in YES_OR_NO
        assert decide(bot, view).yes is True, view.decision
    assert decide(bot, _landlord_double(STRONG_LANDLORD, against=1)).yes is True


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_a_weak_hand_neither_calls_grabs_shows_nor_doubles(level: Level) -> None:
    bot = _bot(level)
    views = (
        _call(WEAK),
        _grab(WEAK),
        _grab_back(WEAK),
        _show(WEAK_LANDLORD),
        _peasant_double(WEAK),
        _landlord_double(WEAK_LANDLORD, against=1),
    )
    for view in views:
        assert decide(bot, view).yes is False, view.decision


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_a_middling_hand_calls_grabs_and_doubles_by_its_win_rate(level: Level) -> None:
    # MIDDLING wins about 62% as a landlord against a caller: at twice the stake that
    # beats staying a peasant at the stake as it is (its side wins 61%).
    bot = _bot(level)
    for view in (_call(MIDDLING), _grab(MIDDLING), _grab_back(MIDDLING)):
        assert decide(bot, view).yes is True, view.decision
    assert decide(bot, _peasant_double(MIDDLING)).yes is True


def test_the_win_rates_rise_with_the_hand() -> None:
    for make in (_call, _grab, _peasant_double):
        views = [make(hand) for hand in (WEAK, MIDDLING, STRONG)]
        rates = [answers.double_rate(v, pack(v.hand_ranks)) for v in views]
        if make is not _peasant_double:
            rates = [answers.landlord_rate(v, pack(v.hand_ranks)) for v in views]
        assert rates == sorted(rates) and rates[0] < 0.5 < rates[1], make
    shown = [_show(hand) for hand in (WEAK_LANDLORD, MIDDLING_LANDLORD, STRONG_LANDLORD)]
    rates = [answers.landlord20_rate(v, pack(v.hand_ranks)) for v in shown]
    assert rates == sorted(rates) and rates[0] < 0.5 < 0.8 < rates[2]


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_only_a_landlord_sure_of_winning_shows_the_hand(level: Level) -> None:
    # Showing gives away about 0.2 of the win rate to peasants who read the open hand,
    # so it pays above 0.9: the rocket, a bomb of 2s and three trios (0.99) shows; the
    # rocket and a bomb of 2s with five singles (0.87) does not, nor weaker hands.
    bot = _bot(level)
    assert decide(bot, _show("34567JQQKKKAAA2222BR")).yes is True
    assert decide(bot, _show(STRONG_LANDLORD)).yes is False
    assert decide(bot, _show("BR2AKQJT9876543KQJ34")).yes is False  # jokers, many singles
    assert decide(bot, _show("3445566778899QQKA22B")).yes is False  # 0.64


def test_a_landlord_both_peasants_doubled_against_asks_for_more() -> None:
    # wins about 57% against one peasant who doubled, 52% against two: the margin is 55%
    hand = "334455888999TTKAAA22"
    bot = make_bot(Level.NORMAL)
    assert decide(bot, _landlord_double(hand, against=1)).yes is True
    assert decide(bot, _landlord_double(hand, against=2)).yes is False


def test_the_easy_bot_never_shows_its_hand() -> None:
    assert decide(make_bot(Level.EASY), _show(STRONG_LANDLORD)).yes is False


@pytest.mark.parametrize("level", list(Level))
def test_every_level_answers_the_same_view_the_same_way(level: Level) -> None:
    for view in (_call(STRONG), _grab(WEAK), _show(STRONG_LANDLORD), _peasant_double(WEAK)):
        assert decide(_bot(level), view) == decide(_bot(level), view)


SPECS = [
    "bid",
    "random",
    "grab",
    "bid,double,show",
    "random,double",
    "grab,double,show",
    "bid,super",
]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_every_mode_to_the_end(level: str, spec: str) -> None:
    """Each answer is one the game takes, in every phase; the games end."""
    rules = parse_rules(spec)
    for seed in range(6):
        game = Game(seed, rules=rules)
        bots = [make_bot(level, seed + seat) for seat in range(3)]
        seen = set()
        for _ in range(400):  # a game has far fewer decisions
            if game.phase is Phase.OVER:
                break
            seat = game.turn
            view = game.view(seat)
            choice = decide(bots[seat], view)
            assert choice in view.legal_actions()
            seen.add(view.decision)
            game.act(seat, choice)
        assert game.phase is Phase.OVER
        assert (Decision.DOUBLE in seen) == rules.doubling
        assert (Decision.SHOW in seen) == rules.showing


def test_the_hard_bot_plays_a_whole_game_of_every_house_rule() -> None:
    game = Game(3, rules=GRAB)
    result = play_out(game, [make_bot(Level.HARD, seat, budget=0.05) for seat in range(3)])
    assert sum(result.scores) == 0 and len(game.events) > 20


def test_the_cautious_move_declines_every_yes_or_no() -> None:
    for view in (_call(STRONG), _grab(STRONG), _show(STRONG_LANDLORD), _peasant_double(STRONG)):
        assert cautious(view) == Answer(view.decision, False)


SUPER = Rules(LandlordMode.GRAB, doubling=True, showing=True, super_double=True)
MIDDLING = "B22AAKQJT98776543"  # a joker, two 2s, two aces: doubles, no more
MIDDLING_LANDLORD = "334455888999TTKAAA22"  # redoubles against one peasant, no more
MIDDLING_PEASANT = "3355566689JQKA2BR"  # its side wins about 57%: doubles, no more


def _super_double(hand: str, landlord: bool) -> PlayerView:
    """Asked to double under 超级加倍: peasant 1 first, or the landlord (seat 0) after
    peasant 1 doubled and peasant 2 did not."""
    calls, shows = ((0, True), (1, False), (2, False)), ((0, ()),)
    doubles = ((1, True), (2, False)) if landlord else ()
    seat = 0 if landlord else 1
    return PlayerView(
        seat,
        hand,
        0,
        BOTTOM,
        (),
        first_bidder=0,
        rules=SUPER,
        calls=calls,
        shows=shows,
        doubles=doubles,
    )


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_a_strong_hand_super_doubles_and_a_middling_one_only_doubles(level: Level) -> None:
    bot = _bot(level)
    for hand, landlord in ((STRONG, False), (STRONG_LANDLORD, True)):
        action = decide(bot, _super_double(hand, landlord))
        assert action == Answer(Decision.DOUBLE, True, 2), hand
        assert action in _super_double(hand, landlord).legal_actions()
    for hand, landlord in ((MIDDLING_PEASANT, False), (MIDDLING_LANDLORD, True)):
        assert decide(bot, _super_double(hand, landlord)) == Answer(Decision.DOUBLE, True), hand
    for hand, landlord in ((WEAK, False), (WEAK_LANDLORD, True)):
        assert decide(bot, _super_double(hand, landlord)) == Answer(Decision.DOUBLE, False)


def test_without_the_rule_a_strong_hand_doubles_plainly() -> None:
    assert decide(make_bot(Level.NORMAL), _peasant_double(STRONG)) == Answer(Decision.DOUBLE, True)


def test_the_easy_bot_doubles_but_never_super_doubles() -> None:
    assert decide(make_bot(Level.EASY), _super_double(STRONG, False)) == Answer(
        Decision.DOUBLE, True
    )


START = Rules(LandlordMode.BID, doubling=True, show_start=True)
STRONG_NOT_SURE = "BR2AKQJT98765433K"  # both jokers, one 2, a long straight: bids, shows not


def _show_start(hand: str) -> PlayerView:
    """The first to bid, asked 明牌开始 with its 17 cards."""
    return PlayerView(0, hand, None, (), (), first_bidder=0, rules=START)


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_only_a_very_strong_hand_shows_before_the_bidding(level: Level) -> None:
    bot = _bot(level)
    assert _show_start(STRONG).decision is Decision.SHOW_START
    assert decide(bot, _show_start(STRONG)) == Answer(Decision.SHOW_START, True)
    for hand in (STRONG_NOT_SURE, MIDDLING, WEAK):
        assert decide(bot, _show_start(hand)) == Answer(Decision.SHOW_START, False), hand


def test_the_easy_bot_never_shows_before_the_bidding() -> None:
    assert decide(make_bot(Level.EASY), _show_start(STRONG)).yes is False


@pytest.mark.parametrize(
    "spec", ["bid,showstart", "grab,showstart,show,double", "random,showstart"]
)
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_show_start_games_to_the_end(level: str, spec: str) -> None:
    rules = parse_rules(spec)
    for seed in range(4):
        game = Game(seed, rules=rules)
        bots = [make_bot(level, seed + seat) for seat in range(3)]
        asked = 0
        for _ in range(400):
            if game.phase is Phase.OVER:
                break
            seat = game.turn
            view = game.view(seat)
            choice = decide(bots[seat], view)
            assert choice in view.legal_actions()
            asked += view.decision is Decision.SHOW_START
            game.act(seat, choice)
        assert game.phase is Phase.OVER and asked >= 3
