"""Views: everything derives from public facts, and nothing hidden leaks into them."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import step
from ddz_tui.cards import DECK, Card, ranks_of
from ddz_tui.engine import (
    Dealt,
    Decision,
    Game,
    LandlordMode,
    Multiplier,
    Phase,
    PlayerView,
    Role,
    Rules,
    Shown,
    Side,
)
from ddz_tui.engine.view import SEATS
from ddz_tui.rules import classify
from tests.support.house_play import ALL_RULES, public_view, states

DERIVED = (
    "hand_ranks", "cards_left", "phase", "winner", "last_play", "to_beat", "turn", "my_turn",
    "leads", "role", "partner", "opponents", "unseen", "landlord_holds", "passed_on",
    "highest_bid", "legal_bids", "multiplier", "legal_plays", "decision", "grabs", "shown",
    "shown_hands", "trick",
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


def _views_of_house_games(per_rules: int) -> Iterator[tuple[Game, PlayerView]]:
    """Every seat's view at every step of random games under every set of house rules."""
    for rules in ALL_RULES:
        for seed in range(per_rules):
            for game in states(Game(seed, rules=rules), seed):
                for seat in range(3):
                    yield game, game.view(seat)


def _may_see(game: Game, seat: int) -> set[Card]:
    """The cards `seat` may know of, from the game's own record: its hand, the cards
    played, the bottom once the landlord has it, the hands shown (明牌)."""
    deal = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    seen = set(game.hand(seat)) | {c for cards in game.view(seat).history_cards for c in cards}
    if game.landlord is not None:
        seen.update(game.bottom)
    for event in game.events[deal:]:
        if isinstance(event, Shown):
            seen.update(DECK[i] for i in event.cards)
    if game.phase is Phase.OVER:  # the hands are laid open at the end
        seen.update(card for other in SEATS for card in game.hand(other))
    return seen


def _leaks(game: Game, view: PlayerView) -> list[Card]:
    """Cards in the view (its fields and everything derived) that its seat may not see."""
    seen = _may_see(game, view.seat)
    values = [getattr(view, f.name) for f in dataclasses.fields(view)]
    values += [getattr(view, name) for name in DERIVED]
    return [v for v in _walk(values) if isinstance(v, Card) and v not in seen]


def test_no_unshown_card_of_another_hand_is_in_a_view_under_any_house_rules() -> None:
    checked = shown = 0
    for game, view in _views_of_house_games(10):
        assert not _leaks(game, view), f"leaked to seat {view.seat}"
        others = Counter(ranks_of(game.hand((view.seat + 1) % 3) + game.hand((view.seat + 2) % 3)))
        if game.landlord is None:
            others.update(ranks_of(game.bottom))
        assert Counter(view.unseen) == others
        landlord = game.landlord
        if landlord is not None and view.shown[landlord] is not None:
            assert view.shown_hands[landlord] == game.hand(landlord)
            if view.seat != landlord:
                assert view.landlord_holds == ranks_of(game.hand(landlord))
                shown += 1
        checked += 1
    assert checked > 20_000 and shown > 1_000


def test_the_privacy_check_sees_a_leaked_card() -> None:
    """The check above must fail when a hidden card gets into a view: here the hand of
    a landlord who chose not to show it, and a card of the next seat's hand."""
    game = Game(4, rules=Rules(LandlordMode.RANDOM, showing=True))
    landlord = game.landlord
    assert landlord is not None
    game.show(landlord, False)
    peasant = (landlord + 1) % 3
    view = game.view(peasant)
    assert not _leaks(game, view)
    hidden = game.hand(landlord)
    leaky = dataclasses.replace(view, shows=((landlord, hidden),))
    assert set(_leaks(game, leaky)) == set(hidden) - set(game.bottom)
    other = game.hand((peasant + 1) % 3)[0]
    assert _leaks(game, dataclasses.replace(view, hand=(*view.hand, other))) == [other]


def test_no_card_of_another_hand_is_in_a_view_before_it_is_played() -> None:
    checked = 0
    for game, view in _views_of_games(100):
        seen: set[Card] = set(view.hand)
        for cards in view.history_cards:
            seen.update(cards)
        if game.landlord is not None:
            seen.update(game.bottom)
        if view.phase is Phase.OVER:  # the hands are laid open at the end
            seen.update(card for other in SEATS for card in game.hand(other))
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
        known = {"first_bidder": view.first_bidder, "rules": view.rules}  # bid or drawn by lot
        from_cards = PlayerView(view.seat, view.hand, *public, **known)
        from_text = PlayerView(view.seat, view.hand_ranks, *public, **known)
        assert from_cards == view
        for name in DERIVED:
            assert getattr(from_cards, name) == getattr(view, name), name
            assert getattr(from_text, name) == getattr(view, name), name


def test_a_games_view_reads_where_the_game_stands_and_a_built_one_works_it_out() -> None:
    for game, view in _views_of_house_games(2):
        assert view.standing is game.standing, "handed by the game, not worked out again"
        assert (view.phase, view.decision, view.turn) == (game.phase, game.decision, game.turn)
        built = public_view(view)
        assert built.standing is None and built._worked_out == view.standing


def test_views_under_house_rules_equal_views_built_from_public_facts() -> None:
    for _game, view in _views_of_house_games(6):
        from_cards, from_text = public_view(view), public_view(view, cards=False)
        assert from_cards == view
        for name in DERIVED:
            assert getattr(from_cards, name) == getattr(view, name), name
            if name != "shown_hands":  # the played cards' suits are not in the ranks
                assert getattr(from_text, name) == getattr(view, name), name
        assert [h and ranks_of(h) for h in from_text.shown_hands] == [
            h and ranks_of(h) for h in view.shown_hands
        ]


def test_a_view_tells_the_decision_due() -> None:
    rules = Rules(LandlordMode.GRAB, doubling=True, showing=True)
    hand = "3456789TJQKA2BR34"
    calling = PlayerView(1, hand, None, "", [], first_bidder=2, rules=rules, calls=[(2, True)])
    assert calling.decision is Decision.GRAB and calling.turn == 0 and calling.legal_bids == ()
    assert PlayerView(1, hand, None, "", [], first_bidder=1, rules=rules).decision is Decision.CALL
    bottom = "JJQ"
    showing = PlayerView(1, hand, 0, bottom, [], rules=rules, calls=[(0, True), (1, False)])
    assert showing.phase is Phase.SHOWING and showing.decision is Decision.SHOW
    assert showing.turn == 0 and showing.multiplier == Multiplier(1)
    shown = "33445566778899TTJQQ"
    doubling = PlayerView(
        1, hand, 0, bottom, [], rules=rules, calls=[(0, True), (1, True), (2, False), (0, True)],
        shows=[(0, f"{shown}K")], doubles=[(1, True)],
    )  # fmt: skip
    assert doubling.phase is Phase.DOUBLING and doubling.turn == 2
    assert doubling.multiplier == Multiplier(1, grabs=2, shown=True, doubled=(False, True, False))
    assert ranks_of(doubling.shown[0]) == f"{shown}K" and doubling.landlord_holds == f"{shown}K"
    playing = dataclasses.replace(doubling, doubles=((1, True), (2, False), (0, True)))
    assert playing.decision is Decision.PLAY and playing.turn == 0
    played = dataclasses.replace(playing, history=((0, "33"),))
    assert played.shown_hands[0] is not None and ranks_of(played.shown_hands[0]) == shown[2:] + "K"


def test_a_view_refuses_facts_that_do_not_fit_its_rules() -> None:
    grab = Rules(LandlordMode.GRAB)
    for facts, message in [
        ({"calls": [(0, True)]}, "calls are for a game that calls"),
        ({"bids": [(0, 1)], "rules": grab}, "bids are for a game that bids"),
        ({"doubles": [(0, True)]}, "shows and doubles are for games with"),
        ({"calls": [(0, 1)], "rules": grab}, "seats 0, 1 and 2"),
        ({"calls": [(1, True)], "rules": grab, "first_bidder": 0}, "answer 1 is seat 1's"),
    ]:
        try:
            PlayerView(0, "", None, "", [], **facts)
        except ValueError as exc:
            assert message in str(exc), exc
        else:
            raise AssertionError(f"accepted {facts}")


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


def test_the_hands_are_laid_open_only_once_the_game_is_over() -> None:
    ended = 0
    for game, view in _views_of_games(30):
        if view.phase is Phase.OVER:
            assert view.hands_at_end == tuple(game.hand(seat) for seat in SEATS)
            assert sum(map(len, view.hands_at_end)) > 0
            ended += 1
        else:
            assert view.hands_at_end == ()
    assert ended >= 30 * 3


def test_a_view_refuses_the_other_hands_before_the_end() -> None:
    """The privacy check must fail if the hands were laid open during a game: a view
    will not hold them, and the leak check sees them in a view forced to."""
    game = Game(4, LandlordMode.RANDOM)
    view = game.view(0)
    hands = tuple(game.hand(seat) for seat in SEATS)
    with pytest.raises(ValueError, match="once the game is over"):
        dataclasses.replace(view, hands_at_end=hands)
    forced = PlayerView.__new__(PlayerView)  # past the checks, as a bug could
    forced.__dict__.update({**view.__dict__, "hands_at_end": hands})
    assert set(_leaks(game, forced)) == set(hands[1] + hands[2]) - set(game.bottom)


def test_the_hands_at_the_end_must_be_what_is_left() -> None:
    game = Game(4, LandlordMode.RANDOM)
    bots = [make_bot("random", s) for s in SEATS]
    while game.phase is not Phase.OVER:
        step(game, bots)
    seat = max(SEATS, key=lambda s: len(game.hand(s)))
    view = game.view(seat)
    hands = list(view.hands_at_end)
    assert dataclasses.replace(view, hands_at_end=hands).hands_at_end == view.hands_at_end
    longer = [*hands]
    longer[seat] = (*hands[seat], DECK[0])
    with pytest.raises(ValueError, match="cards left"):
        dataclasses.replace(view, hands_at_end=longer)
    other = [*hands]
    other[seat] = tuple(c for c in DECK if c not in hands[seat])[: len(hands[seat])]
    with pytest.raises(ValueError, match="own hand"):
        dataclasses.replace(view, hands_at_end=other)
