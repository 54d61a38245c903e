"""癞子 for the bots: every level plays a wildcard game to the end with legal plays and
readings, each by its own short policy (`bots.laizi`), and the lab's commands take the
rule."""

from __future__ import annotations

import random

import pytest

from ddz_tui.bots import Level, make_bot
from ddz_tui.bots.hard import _candidates
from ddz_tui.bots.lab.simulate import simulate
from ddz_tui.bots.laizi import (
    OTHER_PLACEMENTS,
    _other_plans,
    other_placements,
    placement,
    planned_wild,
    searched_wild,
)
from ddz_tui.bots.packed import size
from ddz_tui.bots.plan import value_of
from ddz_tui.bots.runner import cautious, decide, play_out, step
from ddz_tui.bots.sampling import Action, BidAction, Hidden
from ddz_tui.bots.situation import Situation
from ddz_tui.cards import RANK_INDEX, ranks_of
from ddz_tui.cli import main
from ddz_tui.engine import PASS, Game, Phase, Play, Rules, dumps, loads
from ddz_tui.moves import UNIT, pack
from ddz_tui.rules import Kind
from ddz_tui.wild import BombClass, readings
from tests.bots.test_search import _closeness
from tests.core.test_laizi import BOMBS_DEAL, PLAYS_DEAL, _cards, _table

LAIZI = Rules(laizi=True)


def _bot(level: Level, seed: int):
    if level is Level.HARD:  # no clock: the same play on any machine
        return make_bot(level, seed, budget=None, samples=8)
    return make_bot(level, seed)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_laizi_games_to_the_end_with_legal_readings(level: Level) -> None:
    for seed in range(3):
        game = Game(seed, rules=Rules(laizi=True, doubling=True))
        bots = [_bot(level, seed + seat) for seat in range(3)]
        while game.phase is not Phase.OVER:
            seat = game.turn
            view = game.view(seat)
            action = decide(bots[seat], view)
            if isinstance(action, Play):  # a play the view offers, with its reading
                assert action.reading in view.wild_plays
            game.act(seat, action)
        assert game.result is not None
        assert Game.replay(loads(dumps(game.events))).result == game.result


def test_the_levels_mixed_play_laizi_games() -> None:
    for seed in range(4):
        game = Game(seed, rules=LAIZI)
        bots = [_bot(level, seed) for level in (Level.EASY, Level.NORMAL, Level.RANDOM)]
        assert play_out(game, bots).landlord == game.landlord


def test_the_steady_levels_go_out_when_one_play_empties_the_hand() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    game._hands[0] = list(_cards(game, 0, "7779"))  # the landlord holds 7 7 7 9 only
    game._standing = None
    for level in (Level.EASY, Level.NORMAL, Level.HARD):
        action = decide(_bot(level, 1), game.view(0))
        assert isinstance(action, Play) and action.reading == readings("7779", "9")[0]


def test_the_levels_follow_pass_their_partner_and_bomb_only_a_seat_nearly_out() -> None:
    game = _table(*BOMBS_DEAL, wild="9")
    game.act(0, Play(_cards(game, 0, "5")))
    view = game.view(1)
    for level in (Level.EASY, Level.NORMAL):
        action = decide(_bot(level, 1), view)  # a single that beats a 5, no wild
        assert isinstance(action, Play) and action.reading is not None
        assert action.reading.kind is Kind.SINGLE and not action.reading.wild_count
        # easy the lowest; normal the J, the one single of its plan
        assert action.reading.cards == ("6" if level is Level.EASY else "J")
    game.act(1, Play(_cards(game, 1, "7")))
    assert decide(_bot(Level.EASY, 1), game.view(2)) is PASS  # the partner's play
    for level in (Level.NORMAL,):  # pass, or ride a cheap single along
        action = decide(_bot(level, 1), game.view(2))
        if action is not PASS:
            assert isinstance(action, Play) and action.reading is not None
            assert action.reading.cards == "8"
    game.act(2, PASS)
    game.act(0, Play(_cards(game, 0, "2")))  # a 2: only bombs beat it
    view = game.view(1)
    assert all(r.bomb is not None for r in view.wild_plays)
    for level in (Level.EASY, Level.NORMAL):
        assert decide(_bot(level, 1), view) is PASS  # the landlord holds 18 cards
    game._hands[0] = game._hands[0][:2]  # the landlord nearly out: bomb, the weakest
    game._standing = None
    for level in (Level.EASY, Level.NORMAL):  # (the hard bot's search decides its own)
        action = decide(_bot(level, 1), game.view(1))
        assert isinstance(action, Play) and action.reading is not None
        assert action.reading.bomb is BombClass.HARD and action.reading.cards == "3333"


def test_simulate_and_arena_play_laizi(capsys) -> None:
    tally = simulate(20, 3, ["random", "easy", "normal"], LAIZI)
    assert tally.games == 20
    assert main(["simulate", "--games", "6", "--rules", "laizi"]) == 0
    assert "laizi" in capsys.readouterr().out
    assert main(["arena", "normal", "easy", "--games", "2", "--rules", "laizi"]) == 0
    assert "laizi" in capsys.readouterr().out


def test_the_cautious_move_is_legal_under_laizi() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    game.act(0, cautious(game.view(0)))  # the lowest card, led as a single
    assert game.view(1).to_beat is not None and game.view(1).to_beat.cards == "3"
    assert cautious(game.view(1)) is PASS


# --- the normal bot's plan with wilds (the hard bot plays it too) ---------------------

PLANNING = (Level.NORMAL,)


def test_a_wild_fills_the_plan_where_it_saves_the_most_plays() -> None:
    assert placement(pack("3457"), 1) == pack("6")  # the straight's gap
    assert placement(pack("34578TJQ"), 2) == pack("69")  # 3 to Q in one straight
    assert placement(pack("3333"), 0) == 0


def test_a_hand_two_plays_from_out_leads_the_straight_its_wild_completes() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    game._hands[0] = list(_cards(game, 0, "39TJQA"))  # T J Q A and a wild: TJQKA, then 3
    game._standing = None
    for level in PLANNING:
        action = decide(_bot(level, 1), game.view(0))
        assert isinstance(action, Play) and action.reading is not None
        assert action.reading.combo.cards == "TJQKA" and action.reading.wilds == "K"


def test_a_wild_is_kept_for_the_soft_bomb_that_stops_the_landlord() -> None:
    game = _table(*PLAYS_DEAL, wild="A")  # seat 1: 444 555 666 7 TT JJ KK and a wild
    game.act(0, Play(_cards(game, 0, "K")))
    for level in PLANNING:  # the landlord holds 19 cards: no wild spent on its K
        action = decide(_bot(level, 1), game.view(1))
        assert action is PASS or (isinstance(action, Play) and not action.reading.wild_count)
    game.act(1, PASS)
    game.act(2, PASS)
    game._hands[0] = list(_cards(game, 0, "2QQ"))
    game._standing = None
    game.act(0, Play(_cards(game, 0, "2")))  # two cards left: only a bomb stops them
    for level in PLANNING:
        action = decide(_bot(level, 1), game.view(1))
        assert isinstance(action, Play) and action.reading is not None
        assert action.reading.bomb is BombClass.SOFT and action.reading.wild_count == 1


def test_a_follow_keeps_the_plan_whole() -> None:
    game = _table(*PLAYS_DEAL, wild="2")  # seat 1: 444 555 666 7 TT JJ KK A
    game.act(0, Play(_cards(game, 0, "3")))
    for level in PLANNING:  # the lone 7, not a 4 out of the airplane
        action = decide(_bot(level, 1), game.view(1))
        assert isinstance(action, Play) and action.reading is not None
        assert action.reading.cards == "7"


def test_the_hard_bot_plays_its_candidates_out_under_laizi() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    bot = make_bot(Level.HARD, 1, budget=None, samples=16)
    action = decide(bot, game.view(0))  # a lead of twenty cards: several candidates
    assert bot.searches == 1 and bot.cut_short == 0
    assert isinstance(action, Play) and action.reading in game.view(0).wild_plays
    again = decide(make_bot(Level.HARD, 1, budget=None, samples=16), game.view(0))
    assert again == action  # the same seed, the same play


def test_the_next_placements_of_the_wilds_come_by_their_plans_value() -> None:
    natural = pack("34578TJQ")
    best = placement(natural, 2)  # 6 and 9: one straight
    others = other_placements(natural, 2, best)
    assert len(others) == OTHER_PLACEMENTS and best not in others
    assert all(size(extra) == 2 for extra in others)  # both wilds placed, each time
    values = [value_of(natural + extra) for extra in (best, *others)]
    assert values == sorted(values, reverse=True)
    assert other_placements(pack("3333"), 0, 0) == []


def test_the_hard_bot_also_tries_the_plays_of_the_wilds_placed_otherwise() -> None:
    """The landlord's 20 cards with one wild (an A): the best plan spends it on the
    airplane 777 888 with 4 5; other plans on a straight to the 9 or pairs 8 to T. The
    hard bot plays those out too: its other candidates all come from the best plan."""
    game = _table(*PLAYS_DEAL, wild="A")
    view = game.view(0)
    w = RANK_INDEX["A"]
    s = Situation.of(view)
    k = (s.hand >> (4 * w)) & 15
    natural = s.hand - k * UNIT[w]
    s.hand = natural + placement(natural, k)
    pick = planned_wild(view)
    assert pick is not None and pick.combo.cards == "45777888"
    tried = _other_plans(view, s, natural, k, w)
    assert tried and all(reading in view.wild_plays for reading in tried)
    assert {r.combo.cards for r in tried if r is not None} == {"456789", "8899TT"}
    guessed = 0

    def guess() -> tuple[int, int]:
        nonlocal guessed
        guessed += 1
        return pack(ranks_of(game.hand(1))), pack(ranks_of(game.hand(2)))

    never = lambda: False  # noqa: E731
    nothing_else = lambda s, plays: []  # noqa: E731  (no candidates of its own)
    chosen = searched_wild(view, nothing_else, guess, 4, never, never)
    assert guessed == 4, "the other plans were played out against the normal bot's"
    assert chosen in (pick, *tried)


def test_with_few_cards_left_the_hard_bot_solves_the_endgame_with_its_wilds() -> None:
    """The landlord holds 3 7 Q with the 3s wild; seat 1 holds 5 6 6 J, seat 2 Q R. The
    normal bot leads its Q, which the R beats before seat 2 goes out with its own Q; a
    pair (7 7 or Q Q, a wild in it) is beaten by nobody, and the last card goes out.
    With no playouts at all (samples 0) the exact endgame alone finds it."""
    game = _table(*PLAYS_DEAL, wild="3")
    for seat, ranks in enumerate(("37Q", "566J", "QR")):
        game._hands[seat] = list(_cards(game, seat, ranks))
    game._standing = None
    view = game.view(0)
    assert planned_wild(view) == readings("Q", "3")[0]
    hands = (pack("566J"), pack("QR"))
    never = lambda: False  # noqa: E731
    chosen = searched_wild(view, _candidates, lambda: hands, 0, never, never)
    assert chosen is not None and chosen.kind is Kind.PAIR and chosen.wild_count == 1


def test_the_hard_bots_guesses_read_past_plays_under_laizi() -> None:
    """Against normal players the true hands explain every past play the guesses judge
    (those made from a hand without wilds: placing wilds costs more than the check is
    worth), and guesses checked against them are right more often than blind ones."""
    rng = random.Random(2)
    judged = informed = blind = 0
    for seed in range(6):
        game = Game(seed, rules=LAIZI)
        bots = [make_bot(Level.NORMAL) for _ in range(3)]
        while game.phase is not Phase.OVER:
            view = game.view(game.turn)
            if view.wild is not None and len(view.history) >= 12:
                hidden = Hidden.of(view)
                truth = tuple(pack(ranks_of(game.hand(s))) for s in hidden.seats)
                assert hidden.misses(truth, 0) == 0
                held = dict(zip(hidden.seats, truth, strict=True))
                judged += sum(_judged(a, held) for a in hidden.actions)
                unaware = Hidden(hidden.seats, hidden.sizes, hidden.known, hidden.pool, 0, ())
                informed += _closeness(hidden.sample(rng), truth)
                blind += _closeness(unaware.sample(rng), truth)
            step(game, bots)
    assert judged > 100 and informed > blind * 1.03


def _judged(action: Action | BidAction, held: dict[int, int]) -> bool:
    """A play the guesses judge: made from a hand that held no wild."""
    if not isinstance(action, Action) or action.wild is None:
        return False
    return not (held[action.seat] + action.later) >> (4 * action.wild) & 15
