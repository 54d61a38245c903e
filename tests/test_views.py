"""Views: everything derives from public facts, and nothing hidden leaks into them."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import step
from ddz_tui.cards import DECK, Card, ranks_of
from ddz_tui.engine import Game, LandlordMode, Multiplier, Phase, PlayerView, Role, Side
from ddz_tui.rules import classify

DERIVED = (
    "hand_ranks", "cards_left", "phase", "winner", "last_play", "to_beat", "turn", "my_turn",
    "leads", "role", "partner", "opponents", "unseen", "landlord_holds", "passed_on",
    "highest_bid", "legal_bids", "multiplier", "legal_plays",
)  # fmt: skip


def _walk(value: object) -> Iterator[object]:
    """Every value reachable from a view field: through tuples, lists, dicts, dataclasses."""
    yield value
    if isinstance(value, Card):
        return
    if isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(key)
            yield from _walk(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name))


def _views_of_games(count: int) -> Iterator[tuple[Game, PlayerView]]:
    """Every seat's view after every action of `count` random games."""
    for seed in range(count):
        mode = LandlordMode.RANDOM if seed % 3 == 0 else LandlordMode.BID
        game = Game(seed, mode)
        bots = [make_bot("random", seed + s) for s in range(3)]
        while True:
            for seat in range(3):
                yield game, game.view(seat)
            if game.phase is Phase.OVER:
                break
            step(game, bots)


def test_no_card_of_another_hand_is_in_a_view_before_it_is_played() -> None:
    checked = 0
    for game, view in _views_of_games(100):
        seen: set[Card] = set(view.hand)
        for cards in view.history_cards:
            seen.update(cards)
        if game.landlord is not None:
            seen.update(game.bottom)
        values = [getattr(view, f.name) for f in dataclasses.fields(view)]
        values += [getattr(view, name) for name in DERIVED]
        for value in _walk(values):
            if isinstance(value, Card):
                assert value in seen, f"{value} leaked to seat {view.seat}"
                checked += 1
        # the rank-level knowledge is exactly the complement of what this seat saw
        others = Counter(ranks_of(game.hand((view.seat + 1) % 3) + game.hand((view.seat + 2) % 3)))
        if game.landlord is None:
            others.update(ranks_of(game.bottom))
        assert Counter(view.unseen) == others
    assert checked > 10_000


def test_views_from_the_game_equal_views_built_from_public_facts() -> None:
    for _game, view in _views_of_games(60):
        public = (view.landlord, view.bottom, [(s, text) for s, text in view.history], view.bids)
        from_cards = PlayerView(view.seat, view.hand, *public, first_bidder=view.first_bidder)
        from_text = PlayerView(view.seat, view.hand_ranks, *public, first_bidder=view.first_bidder)
        assert from_cards == view
        for name in DERIVED:
            assert getattr(from_cards, name) == getattr(view, name), name
            assert getattr(from_text, name) == getattr(view, name), name


def test_derived_fields_of_a_hand_built_view() -> None:
    view = PlayerView(
        seat=2,
        hand="3445566789TJQKA2",
        landlord=0,
        bottom="BR2",
        history=[(0, "33"), (1, "55"), (2, ""), (0, ""), (1, "7"), (2, "8"), (0, "R")],
        bids=[(0, 3)],
    )
    assert view.role is Role.PEASANT and view.partner == 1 and view.opponents == (0,)
    assert view.cards_left == (17, 14, 16)
    assert view.last_play == (0, classify("R")) and view.turn == 1 and not view.my_turn
    assert view.passed_on == ((2, classify("55")), (0, classify("55")))
    assert view.landlord_holds == "2B"  # the bottom R has gone: it was played
    assert view.multiplier == Multiplier(base=3)
    assert view.legal_plays == []
    assert view.phase is Phase.PLAYING and view.winner is None
    assert view.unseen.count("3") == 1 and "R" not in view.unseen


def test_a_view_while_bidding() -> None:
    view = PlayerView(1, "3456789TJQKA2BR34", None, "", [], [(0, 1)], first_bidder=0)
    assert view.phase is Phase.BIDDING and view.turn == 1 and view.my_turn
    assert view.legal_bids == (0, 2, 3)
    assert view.role is None and view.partner is None and view.opponents == (0, 2)
    assert view.cards_left == (17, 17, 17)


def test_a_finished_view_knows_the_winner_and_the_spring() -> None:
    landlord_plays = ["2222", "AAAA", "KKKK", "QQQQ", "JJJR"]
    history: list[tuple[int, str]] = []
    for play in landlord_plays:
        history += [(0, play), (1, ""), (2, "")]
    view = PlayerView(1, "33445566778899TTJ", 0, "JJJ", history[:-2], [(0, 3)])
    assert view.phase is Phase.OVER and view.winner is Side.LANDLORD and view.turn is None
    assert view.multiplier == Multiplier(3, 4, False, True, False)
    assert view.multiplier.total == 96


def test_views_reject_impossible_seats() -> None:
    try:
        PlayerView(3, "", None, "", [])
    except ValueError as exc:
        assert "seats are 0, 1 and 2" in str(exc)
    else:
        raise AssertionError("seat 3 accepted")


def test_a_random_view_can_be_rebuilt_from_text() -> None:
    rng = random.Random(0)
    cards = rng.sample(DECK, 17)
    view = PlayerView(0, cards, None, (), ())
    assert view.hand == tuple(sorted(cards))
    assert PlayerView(0, ranks_of(cards), None, "", ()).hand_ranks == ranks_of(cards)
