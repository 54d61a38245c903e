"""The yes-or-no decisions of the house rules — call (叫地主), grab (抢地主), show the
hand before the bidding (明牌开始) or after the bottom (明牌), double (加倍) — judged
from the hand's strength (`policy.hand_strength`), by rule: the same view always gets
the same answer.

The thresholds were read off 1,500 deals played out by the normal policy, the landlord
drawn by lot (a landlord's 20 cards, a peasant's 17, and how often each side won):

    landlord strength  0: 48%   2: 52%   4: 66%   6: 72%   12 and up: 85% or more
    peasant strength  -2: 53%   0: 61%   2: 70%   6: 72%   (the peasants' wins)

A call stakes as much as a bid of 1 and each grab doubles the stake, so calling and
grabbing ask for the strength of bidding 1, 2 and 3 (`policy.BID_AT`).
"""

from __future__ import annotations

from ddz_tui.bots.policy import BID_AT, hand_strength
from ddz_tui.engine import Decision, PlayerView
from ddz_tui.moves import pack

"""The decisions answered with yes or no (a bool), not a bid or a play."""

CALL_AT, GRAB_AT, GRAB_BACK_AT = BID_AT
"""Strength to call the landlord, to grab it from a caller, and for the caller to grab
it back (a hand already outbid once must be strong to double the stake again)."""
SHOW_AT = 12.0
"""A landlord shows its hand (×2, but the peasants see it) only when it wins most games
with its cards in the open: about 85% of landlords this strong win."""
SHOW_START_AT = 10.0
"""A seat shows its 17 cards before the bidding (明牌开始, ×5 whatever side it ends on,
and every card in the open from the first bid) only with a very strong hand: about 1
dealt hand in 65 (20,000 random deals: half are below -0.5, 1 in 50 reaches 9.3, 1 in
100 10.8). Such a hand bids 3 (`policy.BID_AT`), and with the bottom it is at least as
strong as the landlords who show at `SHOW_AT`. Three normal bots, 3,000 games: the seat
that showed became the landlord in 99% of them and won 73% (docs/rules.md)."""
PEASANT_DOUBLE_AT = 2.0
"""A peasant doubles when peasants with hands this strong win about 70% of games."""
LANDLORD_DOUBLE_AT = 6.0
"""A landlord redoubles when landlords this strong win about 72% of games ..."""
DOUBLED_AGAINST = 3.0
"""... and asks for this much more for each peasant who doubled (they hold strong hands)."""
PEASANT_SUPER_AT = 6.0
"""A peasant's double is a super double (超级加倍, ×4: twice a double's stake) only with
a hand this strong, where peasants win about 72% of games ..."""
LANDLORD_SUPER_AT = 12.0
"""... and the landlord's with one that wins 85% or more (plus `DOUBLED_AGAINST` for each
peasant who doubled, as for a redouble)."""


def grabs_back(view: PlayerView) -> bool:
    """The seat to grab is the one that called: it would take the landlord back."""
    return any(seat == view.seat and took for seat, took in view.calls)


def answer(view: PlayerView) -> bool:
    """Yes or no to the view's decision (call, grab, show or double), from the hand."""
    strength = hand_strength(pack(view.hand_ranks))
    decision = view.decision
    if decision is Decision.CALL:
        return strength >= CALL_AT
    if decision is Decision.GRAB:
        return strength >= (GRAB_BACK_AT if grabs_back(view) else GRAB_AT)
    if decision is Decision.SHOW:
        return strength >= SHOW_AT
    if decision is Decision.SHOW_START:
        return strength >= SHOW_START_AT
    if decision is Decision.DOUBLE:
        if view.seat != view.landlord:
            return strength >= PEASANT_DOUBLE_AT
        return strength >= LANDLORD_DOUBLE_AT + _against(view)
    raise ValueError(f"not a yes-or-no decision: {decision}")


def super_doubles(view: PlayerView) -> bool:
    """Whether a yes to 加倍 is a super double (超级加倍), from the hand: asked only
    where the rules have it, with a stricter strength than a double's."""
    if view.decision is not Decision.DOUBLE:
        raise ValueError(f"not the doubling decision: {view.decision}")
    strength = hand_strength(pack(view.hand_ranks))
    if view.seat != view.landlord:
        return strength >= PEASANT_SUPER_AT
    return strength >= LANDLORD_SUPER_AT + _against(view)


def _against(view: PlayerView) -> float:
    """What the landlord asks more of its hand for the peasants who doubled."""
    return DOUBLED_AGAINST * sum(d for seat, d in view.doubles if seat != view.seat)
