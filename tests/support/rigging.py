"""Test scaffolding: a game with a chosen deal (not replayable from its seed)."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_tui.cards import Card, parse_ranks
from ddz_tui.engine import Dealt, Game, Rules
from ddz_tui.engine.view import cards_for

PLAIN = Rules()


def rigged(hands: Sequence[str], bottom: str, first: int = 0, rules: Rules = PLAIN) -> Game:
    """A game whose seats hold `hands` (17 ranks each) and `bottom` (3), `first` to bid
    (or call: the rules' landlord mode is bidding or calling, not drawn by lot)."""
    texts = [parse_ranks(h) for h in hands]
    assert [len(t) for t in texts] == [17, 17, 17] and len(parse_ranks(bottom)) == 3
    taken: list[Card] = []
    dealt = []
    for text in [*texts, bottom]:
        cards = cards_for(text, taken)
        taken.extend(cards)
        dealt.append(sorted(cards))
    assert len(set(taken)) == 54
    game = Game(seed=0, rules=rules)
    game._hands = [list(hand) for hand in dealt[:3]]
    game._bottom = tuple(dealt[3])
    game._first_bidder = first
    game._advance()
    game._events[-1] = Dealt(
        0, tuple(tuple(c.id for c in h) for h in dealt[:3]), tuple(c.id for c in dealt[3]), first
    )
    return game
