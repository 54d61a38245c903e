"""不洗牌 (no shuffle) in the engine: a deal cut from the cards as the game before left
them and dealt in packets of 3, the redeal from the hands thrown in, and the record
(version 7) that keeps the deck and replays it."""

from __future__ import annotations

import json
import random

import pytest

from ddz_tui.cards import DECK
from ddz_tui.engine import (
    Game,
    LandlordMode,
    Phase,
    Rules,
    dumps,
    loads,
    parse_rules,
    rules_spec,
)
from ddz_tui.engine.deal import PACKET, cut, in_packets
from ddz_tui.engine.events import Dealt, Played, Started, event_from_dict
from ddz_tui.engine.replay import frames
from tests.support.house_play import played_out

NO_SHUFFLE = Rules(LandlordMode.BID, no_shuffle=True)
EVERY_CARD = list(range(len(DECK)))


def _played(seed: int, rules: Rules = NO_SHUFFLE, deck: tuple[int, ...] | None = None) -> Game:
    return played_out(seed, rules, deck)


def _deal(game: Game) -> tuple[list[list[int]], list[int]]:
    """The hands (sorted ids) and bottom of the deal the game played."""
    dealt = [e for e in game.events if isinstance(e, Dealt)][-1]
    return [sorted(hand) for hand in dealt.hands], sorted(dealt.bottom)


def _cuts(order: tuple[int, ...] | list[int], game: Game) -> list[int]:
    """Every cut of `order` that, dealt in packets, gives the deal `game` played."""
    found = []
    for at in range(1, len(DECK)):
        hands, bottom = in_packets(cut(order, at))
        if ([sorted(h) for h in hands], sorted(bottom)) == _deal(game):
            found.append(at)
    return found


def test_packets_of_3_go_round_the_seats_then_2_each_and_the_last_3_are_the_bottom() -> None:
    hands, bottom = in_packets(EVERY_CARD)
    assert PACKET == 3
    assert hands[0] == [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 29, 36, 37, 38, 45, 46]
    assert hands[1] == [3, 4, 5, 12, 13, 14, 21, 22, 23, 30, 31, 32, 39, 40, 41, 47, 48]
    assert hands[2] == [6, 7, 8, 15, 16, 17, 24, 25, 26, 33, 34, 35, 42, 43, 44, 49, 50]
    assert bottom == [51, 52, 53]


def test_a_cut_moves_the_top_cards_under_the_rest() -> None:
    assert cut(EVERY_CARD, 10) == [*range(10, 54), *range(10)]
    for at in (0, 54):
        with pytest.raises(ValueError, match="both sides"):
            cut(EVERY_CARD, at)


def test_a_finished_game_leaves_its_cards_as_played_then_the_hands_left() -> None:
    game = _played(3, Rules())
    order = game.played_order()
    assert sorted(order) == EVERY_CARD
    played = [i for e in game.events if isinstance(e, Played) for i in e.cards]
    assert list(order[: len(played)]) == played
    left = [card.id for seat in range(3) for card in game.hand(seat)]
    assert list(order[len(played) :]) == left


def test_the_next_deal_is_cut_from_the_last_games_cards_and_dealt_in_packets() -> None:
    first = _played(5)
    order = first.played_order()
    cuts_seen = set()
    for seed in range(30):
        game = Game(seed, rules=NO_SHUFFLE, deck=order)
        hands, bottom = _deal(game)
        assert [len(hand) for hand in hands] == [17, 17, 17] and len(bottom) == 3
        assert sorted([*hands[0], *hands[1], *hands[2], *bottom]) == EVERY_CARD
        found = _cuts(order, game)
        assert found, "the deal is no cut of the last game's cards"
        cuts_seen.update(found)
        shuffled = Game(seed, rules=NO_SHUFFLE)
        assert _deal(shuffled) != (hands, bottom)
    assert len(cuts_seen) > 10  # the cut is drawn from each game's seed


def test_cards_played_together_are_dealt_together() -> None:
    """A bomb played in one game comes round again: its four cards lie together, and
    packets of 3 put three of them in one hand about twice as often as a shuffle
    (50 and 25 of these 100 deals)."""
    bomb = (0, 1, 2, 3)  # the four 3s
    order = (*bomb, *(i for i in EVERY_CARD if i not in bomb))
    together = {}
    for deck in (order, None):
        hands = [_deal(Game(seed, rules=NO_SHUFFLE, deck=deck))[0] for seed in range(100)]
        together[deck] = sum(any(len(set(bomb) & set(h)) >= 3 for h in deal) for deal in hands)
    assert together[order] > 1.5 * together[None]


def test_the_first_game_of_a_run_is_shuffled_as_before() -> None:
    for seed in range(10):
        plain = Game(seed, rules=Rules())
        first = Game(seed, rules=NO_SHUFFLE)
        assert _deal(first) == _deal(plain)


def test_a_redeal_is_cut_from_the_hands_thrown_in_in_seat_order() -> None:
    for seed in range(20):
        game = Game(seed, rules=NO_SHUFFLE, redeal_limit=False)
        thrown = [card.id for seat in range(3) for card in game.hand(seat)]
        thrown += [card.id for card in game.bottom]
        for _ in range(3):
            assert game.turn is not None
            game.bid(game.turn, 0)
        assert game.redeals == 1
        assert _cuts(thrown, game)


def test_a_deck_is_given_only_under_no_shuffle_and_must_be_the_54_cards() -> None:
    with pytest.raises(ValueError, match="no shuffle"):
        Game(1, rules=Rules(), deck=EVERY_CARD)
    for bad in ([*range(53)], [*range(53), 0], [*range(53), 54], [True, *range(1, 54)]):
        with pytest.raises(ValueError, match="deck"):
            Game(1, rules=NO_SHUFFLE, deck=bad)


def test_a_no_shuffle_game_is_a_version_7_record_that_round_trips_and_replays() -> None:
    previous = _played(11)
    for seed in range(8):
        deck = previous.played_order()
        game = _played(seed, deck=deck)
        text = dumps(game.events)
        started = json.loads(text.splitlines()[0])
        assert started["version"] == 7
        assert started["rules"]["no_shuffle"] is True
        assert started["deck"] == list(deck)
        assert dumps(loads(text)) == text
        replayed = Game.replay(loads(text))
        assert replayed.events == game.events
        assert _deal(replayed) == _deal(game)
        assert frames(loads(text))[-1].result == game.result
        previous = game


def test_the_shuffled_first_game_of_a_run_writes_no_deck() -> None:
    game = _played(2)
    started = json.loads(dumps(game.events).splitlines()[0])
    assert started["version"] == 7 and "deck" not in started
    assert Game.replay(loads(dumps(game.events))).events == game.events


def test_a_record_with_redeals_dropped_replays_its_no_shuffle_deals() -> None:
    """Under the redeal limit the record keeps only the last deal declined: a replay
    deals the dropped ones again, each from the hands thrown in before it."""
    game = Game(4, rules=NO_SHUFFLE, deck=_played(9).played_order())
    while game.redeals < 2:
        assert game.turn is not None
        game.bid(game.turn, 0)
    rng = random.Random(4)
    while game.phase is not Phase.OVER:
        assert game.turn is not None
        game.act(game.turn, rng.choice(game.view(game.turn).legal_actions()))
    started = game.events[0]
    assert isinstance(started, Started) and started.limited
    assert Game.replay(loads(dumps(game.events))).events == game.events


def _started(**more: object) -> dict:
    data = {"event": "started", "seed": 1, "rules": NO_SHUFFLE.to_dict(), "version": 7}
    return {**data, "limited": False, "rested": False, **more}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_started(deck=[*range(53)]), "each of the 54 cards exactly once"),
        (_started(deck=[*range(53), 0]), "each of the 54 cards exactly once"),
        (_started(deck=[*range(53), 54]), "each of the 54 cards exactly once"),
        (_started(deck=[*range(53), -1]), "each of the 54 cards exactly once"),
        (_started(deck=[*range(54), 0]), "each of the 54 cards exactly once"),
        (_started(deck=[True, *range(1, 54)]), "list of card ids"),
        (_started(deck=[str(i) for i in range(54)]), "list of card ids"),
        (_started(deck="0,1,2"), "list of card ids"),
        (_started(deck=None), "list of card ids"),
        (_started(deck={str(i): i for i in range(54)}), "list of card ids"),
        ({**_started(), "rules": Rules().to_dict()}, "a version 7 record of a"),
        ({**_started(deck=EVERY_CARD), "rules": Rules(cap=32).to_dict()}, "version 7 record"),
        ({**_started(deck=EVERY_CARD), "version": 6}, "unexpected field 'deck'"),
        ({**_started(), "version": 6}, "a version 6 record of a"),
        ({**_started(), "rules": {**NO_SHUFFLE.to_dict(), "no_shuffle": False}}, "only when on"),
        ({**_started(), "rules": {**NO_SHUFFLE.to_dict(), "no_shuffle": 1}}, "true or false"),
        ({**_started(), "version": 10}, "a record of version 10"),
    ],
)
def test_a_version_7_record_is_read_strictly(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=f"started: .*{message}"):
        event_from_dict(data)


def test_a_hostile_deck_does_not_replay() -> None:
    """A record whose deck is a permutation but not the one its deal was cut from is
    refused: its `dealt` differs from the game the deck and seed make."""
    game = _played(6, deck=_played(7).played_order())
    lines = dumps(game.events).splitlines()
    started = json.loads(lines[0])
    started["deck"] = started["deck"][1:] + started["deck"][:1]
    with pytest.raises(ValueError, match=r"differs|illegal action"):
        Game.replay(loads("\n".join([json.dumps(started), *lines[1:]])))


def test_the_spec_word_is_noshuffle() -> None:
    assert parse_rules("noshuffle") == NO_SHUFFLE
    assert parse_rules("grab,double,noshuffle").no_shuffle
    assert not parse_rules("noshuffle,noshuffle=off").no_shuffle
    assert parse_rules("noshuffle=on") == NO_SHUFFLE
    for rules in (NO_SHUFFLE, Rules(LandlordMode.GRAB, True, cap=64, no_shuffle=True)):
        assert parse_rules(rules_spec(rules)) == rules
    assert "noshuffle" not in rules_spec(Rules())
    assert Rules.from_dict(NO_SHUFFLE.to_dict()) == NO_SHUFFLE
    assert "no_shuffle" not in Rules().to_dict()
