"""The bots' machinery: hand plans, guessed deals, playouts and exact endgames."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import partial
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.bots import make_bot, policy
from ddz_tui.bots.deal import Deal, OutOfTime, playout
from ddz_tui.bots.endgame import PERFECT_DEFENCE_CARDS, Solver, side_of
from ddz_tui.bots.packed import plays_of, ranks, size
from ddz_tui.bots.plan import plan_of
from ddz_tui.bots.runner import step
from ddz_tui.bots.sampling import TRUST, BidAction, Chain, Hidden
from ddz_tui.bots.situation import Situation
from ddz_tui.cards import DECK, ranks_of
from ddz_tui.engine import Answer, Decision, Game, LandlordMode, Phase, Rules
from ddz_tui.moves import UNIT, legal_plays, pack
from ddz_tui.rules import Kind, classify
from tests.core.test_stakes import PEASANTS_WIN
from tests.support.rigging import rigged

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=20, unique=True).map(ranks_of)


@given(hands)
@settings(max_examples=300, deadline=None)
def test_a_plan_plays_out_exactly_the_hand(hand: str) -> None:
    plan = plan_of(pack(hand))
    assert Counter("".join(g.cards for g in plan.groups)) == Counter(hand)
    for group in plan.groups:
        assert classify(group.cards) == group
        assert group.kind not in (Kind.BOMB_SINGLE, Kind.BOMB_PAIR), "bombs are kept whole"
    fours = [r for r, n in Counter(hand).items() if n == 4 and r not in "BR"]
    for rank in fours:
        assert rank * 4 in {g.cards for g in plan.groups}


@pytest.mark.parametrize(
    ("hand", "groups"),
    [
        ("3456789", {"3456789"}),
        ("33344456", {"33344456"}),
        ("3335", {"3335"}),
        ("334455", {"334455"}),
        ("34567TT", {"34567", "TT"}),
        ("3457777BR", {"7777", "BR", "3", "4", "5"}),
        ("33345678", {"34567", "338"}),  # or any split into two groups
    ],
)
def test_plans_use_the_fewest_groups(hand: str, groups: set[str]) -> None:
    plan = plan_of(pack(hand))
    assert plan.moves == len(groups)
    if hand != "33345678":
        assert {g.cards for g in plan.groups} == groups


def test_packed_hands_round_trip() -> None:
    for text in ("3", "R", "33445BR", "3456789TJQKA2BR", "2222"):
        assert ranks(pack(text)) == text and size(pack(text)) == len(text)


# --- exact endgames ------------------------------------------------------------------


def _without(hand: str, cards: str) -> str:
    rest = Counter(hand)
    rest.subtract(cards)
    return "".join(sorted(rest.elements(), key="3456789TJQKA2BR".index))


def _minimax(hands: list[str], landlord: int, turn: int, last, last_seat: int) -> bool:
    """Does the landlord win against perfect peasants (and they against a perfect
    landlord)? Plain minimax over the rules' own move list."""
    mine = turn == landlord
    for play in legal_plays(hands[turn], last):
        left = _without(hands[turn], play.cards)
        if not left:
            return mine
        new = list(hands)
        new[turn] = left
        if _minimax(new, landlord, (turn + 1) % 3, play, turn) == mine:
            return mine
    if last is not None:
        nxt = (turn + 1) % 3
        after = (None, 0) if last_seat == nxt else (last, last_seat)
        if _minimax(hands, landlord, nxt, *after) == mine:
            return mine
    return not mine


def _best_reply(hands: list[str], landlord: int, us: set[int], turn: int, last, last_seat: int):
    """Does the side `us` win, trying every play of the rules' own move list, when the
    other side plays what the normal policy chooses? Plain search, nothing remembered."""
    nxt = (turn + 1) % 3
    if turn in us:
        moves = [*legal_plays(hands[turn], last), *([None] if last is not None else [])]
    else:
        others = pack(hands[nxt] + hands[(turn + 2) % 3])
        left = tuple(len(hands[(turn + k) % 3]) for k in range(3))
        situation = Situation(
            pack(hands[turn]), others, last, (last_seat - turn) % 3, (landlord - turn) % 3, left
        )
        moves = [policy.choose(situation)]
    for play in moves:
        if play is None:
            after = (None, 0) if last_seat == nxt else (last, last_seat)
            won = _best_reply(hands, landlord, us, nxt, *after)
        elif not (left_over := _without(hands[turn], play.cards)):
            won = turn in us
        else:
            new = list(hands)
            new[turn] = left_over
            won = _best_reply(new, landlord, us, nxt, play, turn)
        if won:
            return True
    return False


def _small_deal(rng: random.Random, n: int, turn: int) -> tuple[list[str], Deal]:
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [ranks_of(cards[i * n : i * n + n + (i == 0)]) for i in range(3)]
    return hands, Deal(tuple(pack(h) for h in hands), landlord=0, turn=turn)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 3), st.integers(0, 2), st.booleans())
def test_with_few_cards_the_endgame_solver_agrees_with_plain_minimax(
    rng: random.Random, n: int, turn: int, landlord_side: bool
):
    hands, deal = _small_deal(rng, n, turn)
    assert sum(map(len, hands)) <= PERFECT_DEFENCE_CARDS
    us = side_of(0 if landlord_side else 1, 0)
    assert Solver(us).landlord_wins(deal) == _minimax(hands, 0, turn, None, 0)


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 3), st.integers(0, 2), st.booleans())
def test_past_the_perfect_defence_the_solver_finds_the_best_reply_to_the_normal_player(
    rng: random.Random, n: int, turn: int, landlord_side: bool
):
    hands, deal = _small_deal(rng, n, turn)
    us = side_of(0 if landlord_side else 1, 0)
    assert us == ({0} if landlord_side else {1, 2})
    ours = _best_reply(hands, 0, set(us), turn, None, 0)
    assert Solver(us, perfect_defence=0).landlord_wins(deal) == (ours == landlord_side)


def test_the_endgame_solver_counts_on_the_normal_players_mistakes_only_past_the_line() -> None:
    """The landlord holds 5 6 2 2 against 6 J K and 4 9 R, and leads. Perfect peasants
    beat every line it has, and so does the solver's full search; peasants who play as
    the normal bot do not, so past the line of perfect defence the landlord's solver finds
    a win, and the peasants' solver (against a normal landlord) still finds theirs."""
    hands = ["5622", "6JK", "49R"]
    deal = Deal(tuple(pack(h) for h in hands), landlord=0, turn=0)
    assert not _minimax(hands, 0, 0, None, 0)
    assert not Solver(side_of(0, 0)).landlord_wins(deal)
    assert Solver(side_of(0, 0), perfect_defence=0).landlord_wins(deal)
    assert not Solver(side_of(1, 0), perfect_defence=0).landlord_wins(deal)


def test_the_endgame_solver_stops_when_told() -> None:
    rng = random.Random(1)
    cards = list(DECK)
    rng.shuffle(cards)
    deal = Deal(tuple(pack(ranks_of(cards[i * 12 : i * 12 + 12])) for i in range(3)), 0, 0)
    with pytest.raises(OutOfTime):
        Solver(side_of(0, 0), stop=lambda: True).landlord_wins(deal)


def test_the_hard_bot_finds_the_only_winning_endgame_line() -> None:
    """The landlord (seat 0) holds 2 and 33; the peasants hold 4 and 5 (seat 1) and A (seat 2)
    after the bottom and 49 cards were played. Leading 33 first wins (nobody holds a pair);
    leading the 2 first also wins; leading a single 3 loses to the 4 and 5."""
    deal = Deal((pack("233"), pack("45"), pack("A")), landlord=0, turn=0)
    solver = Solver(side_of(0, 0))
    leads = plays_of(deal.hands[0], None)
    winners = {p.cards for p in leads if solver.landlord_wins(deal.after(p))}
    assert winners == {"33", "2"}


# --- guessing hidden hands ---------------------------------------------------------------


def _views(*seeds: int):
    """(game, view of the seat to act) at every turn of normal-bot games."""
    bots = [make_bot("normal") for _ in range(3)]
    for seed in seeds:
        game = Game(seed, LandlordMode.RANDOM)
        while game.phase is not Phase.OVER:
            yield game, game.view(game.turn)
            step(game, bots)


def test_guesses_respect_counts_unseen_cards_and_the_landlords_bottom() -> None:
    rng = random.Random(3)
    checked = 0
    for _, view in _views(6, 7):
        hidden = Hidden.of(view)
        draw = hidden.sampler(rng)
        for guess in [hidden.sample(rng)] + [draw() for _ in range(3)]:
            assert guess is not None
            for seat, hand in zip(hidden.seats, guess, strict=True):
                assert size(hand) == view.cards_left[seat]
                if seat == view.landlord:
                    assert Counter(ranks(hand)) >= Counter(view.landlord_holds)
            assert Counter(ranks(guess[0] + guess[1])) == Counter(view.unseen)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("chain", [False, True], ids=["rejection", "chain"])
def test_guesses_agree_with_what_normal_players_did(chain: bool) -> None:
    """Against normal players the true deal explains every action, so guesses checked
    against past play should be right far more often than blind ones (whether drawn one
    by one or walked to by a chain)."""
    rng = random.Random(4)
    informed = blind = total = 0
    for game, view in _views(8, 9, 10, 11):
        if len(view.history) < 12:
            continue
        truth = tuple(pack(ranks_of(game.hand(s))) for s in Hidden.of(view).seats)
        hidden = Hidden.of(view)
        blind_hidden = Hidden(hidden.seats, hidden.sizes, hidden.known, hidden.pool, 0, ())
        draw = hidden.sampler(rng) if chain else partial(hidden.sample, rng)
        for _ in range(4):
            informed += _closeness(draw(), truth)
            blind += _closeness(blind_hidden.sample(rng), truth)
            total += 1
    assert total > 40 and informed > blind * 1.05


def test_guesses_agree_with_how_the_others_bid() -> None:
    """A seat that bid 3 (or passed) is guessed a hand the normal policy bids 3 (or passes)
    with, far more often than a blind guess is."""
    rng = random.Random(1)
    informed = blind = total = 0
    bots = [make_bot("normal") for _ in range(3)]
    for seed in range(30):
        game = Game(seed, LandlordMode.BID)
        while game.phase is Phase.BIDDING:
            step(game, bots)
        landlord = game.landlord
        assert landlord is not None
        view = game.view((landlord + 1) % 3)
        hidden = Hidden.of(view)
        bids = [a for a in hidden.actions if isinstance(a, BidAction)]
        assert [(b.seat, b.bid) for b in bids] == [b for b in view.bids if b[0] != view.seat]
        unaware = Hidden(hidden.seats, hidden.sizes, hidden.known, hidden.pool, landlord, ())
        for _ in range(4):
            for guesser in (hidden, unaware):
                held = dict(zip(guesser.seats, guesser.sample(rng), strict=True))
                agreed = all(bid.agrees(held[bid.seat], landlord) for bid in bids)
                informed += agreed and guesser is hidden
                blind += agreed and guesser is unaware
            total += 1
    assert total == 120 and informed > 2.5 * blind


def _closeness(guess, truth) -> int:
    """Cards a guess puts in the right hand."""
    return sum(
        sum((Counter(ranks(g)) & Counter(ranks(t))).values())
        for g, t in zip(guess, truth, strict=True)
    )


def test_a_guess_gives_up_when_the_time_is_up() -> None:
    _, view = next(_views(2))
    assert Hidden.of(view).sample(random.Random(1), stop=lambda: True) is None
    times_up = False
    draw = Hidden.of(view).sampler(random.Random(1), stop=lambda: times_up)
    assert draw() is not None  # the chain's start
    assert draw() is not None  # a walk
    times_up = True
    assert draw() is None


def test_a_chain_keeps_hidden_hands_that_are_known() -> None:
    """The landlord holds just its two unplayed bottom cards: the other seat holds the
    rest, and every guess says so."""
    known = UNIT[3] + UNIT[12]
    pool = (UNIT[0], UNIT[0], UNIT[7])
    hidden = Hidden((1, 2), (2, 3), (known, 0), pool, 1, ())
    assert hidden.determined
    draw = hidden.sampler(random.Random(2))
    assert {draw() for _ in range(5)} == {(known, sum(pool))}


@dataclass(frozen=True)
class _Holds:
    """A stand-in past action: explained by a guess that gives `seat` the rank `rank`."""

    seat: int
    rank: int

    def agrees(self, hand: int, landlord: int) -> bool:
        return bool(hand >> (4 * self.rank) & 15)


def test_a_chain_guesses_each_deal_as_often_as_its_likelihood_says() -> None:
    """Six cards of six ranks shared 3 and 3, four stand-in actions that no deal explains
    all of: each of the 20 deals must come up in proportion to TRUST to the power of the
    actions it leaves unexplained, as the rejection sampler means them to."""
    actions = (_Holds(1, 0), _Holds(1, 1), _Holds(2, 0), _Holds(2, 5))
    pool = tuple(UNIT[r] for r in range(6))
    hidden = Hidden((1, 2), (3, 3), (0, 0), pool, 0, actions)  # type: ignore[arg-type]
    deals = [sum(UNIT[r] for r in first) for first in combinations(range(6), 3)]
    weights = {d: TRUST ** hidden.misses((d, sum(pool) - d), math.inf) for d in deals}
    total = sum(weights.values())
    rng = random.Random(7)
    chain = Chain(hidden, rng, (deals[-1], sum(pool) - deals[-1]))  # the least likely start
    steps = 40_000
    seen = Counter(chain.walk(1)[0] for _ in range(steps))
    distance = sum(abs(seen[d] / steps - w / total) for d, w in weights.items()) / 2
    assert set(seen) == set(deals)
    assert distance < 0.03


def test_playouts_end_with_a_winner() -> None:
    rng = random.Random(5)
    for _ in range(20):
        cards = list(DECK)
        rng.shuffle(cards)
        hands = tuple(pack(ranks_of(cards[a:b])) for a, b in ((0, 20), (20, 37), (37, 54)))
        assert playout(Deal(hands, landlord=0, turn=0)) in (True, False)
    with pytest.raises(OutOfTime):
        playout(Deal(hands, 0, 0), stop=lambda: True)


def test_a_peasant_hand_shown_before_the_bidding_is_known_to_the_guesses() -> None:
    """明牌开始: seat 1 (a peasant) showed its hand, so the landlord's guesses give it
    exactly that hand and the other peasant the rest."""
    game = rigged(*PEASANTS_WIN, first=0, rules=Rules(show_start=True))
    for seat, show in ((0, False), (1, True), (2, False)):
        game.act(seat, Answer(Decision.SHOW_START, show))
    for seat, bid in ((0, 1), (1, 0), (2, 0)):
        game.bid(seat, bid)
    game.play(0, "3")
    hidden = Hidden.of(game.view(0))
    assert hidden.determined
    truth = (pack(ranks_of(game.hand(1))), pack(ranks_of(game.hand(2))))
    draw = hidden.sampler(random.Random(3))
    assert {draw() for _ in range(5)} == {truth}
    assert hidden.sample(random.Random(4)) == truth
