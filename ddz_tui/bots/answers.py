"""The yes-or-no decisions of the house rules — call (叫地主), grab (抢地主), show the
hand before the bidding (明牌开始) or after the bottom (明牌), double (加倍) — judged
from the hand's estimated win rate and the stake, by rule: the same view always gets the
same answer. The normal and the hard bot answer through here.

The win rates come from small logistic tables over what `features` reads of a hand
(jokers, 2s, aces, kings, bombs, the rocket, the plays its plan needs), fitted on games
of the normal policy by `bots.lab.win_rates` (the command and its figures: docs/bots.md):
the landlord's chance from its 17 dealt cards (calling, grabbing) and from its 20
(showing, redoubling), a peasant's side's chance from its 17 (doubling), or from its 17
and the landlord's shown 20 once the landlord has shown.

Each answer weighs the expected score: a landlord wins or loses twice the stake (two
peasants), a peasant the stake. Calling pays when the landlord wins more than half its
games; grabbing when the landlord's expected score at the grabbed stake beats a
peasant's at the stake as it is; doubling when the seat's side is favoured (a margin for
the landlord's answer to it); showing when the win rate stays high with the cards in the
open (`SHOW_COST`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ddz_tui.bots.packed import ACE, BIG_JOKER, SMALL_JOKER, TWO, counts
from ddz_tui.bots.plan import plan_of
from ddz_tui.bots.policy import hand_strength
from ddz_tui.cards import ranks_of
from ddz_tui.engine import Decision, PlayerView
from ddz_tui.moves import pack

"""The decisions answered with yes or no (a bool), not a bid or a play."""

SHOW_START_AT = 10.0
"""A seat shows its 17 cards before the bidding (明牌开始, ×5 whatever side it ends on,
and every card in the open from the first bid) only with a very strong hand: about 1
dealt hand in 65 (20,000 random deals: half are below -0.5, 1 in 50 reaches 9.3, 1 in
100 10.8; `policy.hand_strength`). Such a hand bids 3 (`policy.BID_AT`). Three normal
bots, 3,000 games: the seat that showed became the landlord in 99% of them and won 73%
(docs/rules.md)."""
CALL_RATE = 0.5
"""Calling pays (a landlord's expected score, twice the stake times 2p − 1, above the
nothing of passing) when the landlord's estimated win rate p is at least this."""
SHOW_COST = 0.2
"""How much of its win rate a landlord gives away by showing: it shows when ×2 at
p − SHOW_COST beats ×1 at p (with the show's factor 2: p > 0.9). Measured (the same
deals played shown and hidden, a normal landlord, docs/bots.md): hard peasants took
0.17 off landlords drawn by lot (0.32 to 0.15) and 0.22 off those the table gives 0.8
or more (0.91 to 0.69); normal peasants 0.06 and 0.02. A strong player reads an open
hand as the hard bot does, so the cost is taken as theirs."""
DOUBLE_MARGIN = 0.05
"""A double pays in expectation once the seat's side is favoured (win rate above 0.5);
it asks this much more, as the landlord redoubles against it when the landlord is
favoured, and the estimate is only a table's."""
SUPER_MARGIN = 0.15
"""A super double (超级加倍, ×4 where a double is ×2) asks this much above 0.5: twice
the exposure to the same misjudgement."""
REDOUBLE_MARGIN = 0.05
"""The landlord redoubles (加倍 after a peasant's) at a win rate of 0.5 plus this, the
peasants' doubles read into that rate (`LANDLORD_DOUBLED`); a super double at
0.5 + `SUPER_MARGIN`."""


def grabs_back(view: PlayerView) -> bool:
    """The seat to grab is the one that called: it would take the landlord back."""
    return any(seat == view.seat and took for seat, took in view.calls)


def answer(view: PlayerView) -> bool:
    """Yes or no to the view's decision (call, grab, show or double), from the hand's
    win rate and the stake."""
    decision = view.decision
    hand = pack(view.hand_ranks)
    if decision is Decision.CALL:
        return landlord_rate(view, hand) >= CALL_RATE
    if decision is Decision.GRAB:
        return grab_pays(view, hand)
    if decision is Decision.SHOW:
        return show_pays(view, hand)
    if decision is Decision.SHOW_START:
        return hand_strength(hand) >= SHOW_START_AT
    if decision is Decision.DOUBLE:
        return double_rate(view, hand) >= 0.5 + (
            DOUBLE_MARGIN if view.seat != view.landlord else REDOUBLE_MARGIN
        )
    raise ValueError(f"not a yes-or-no decision: {decision}")


def super_doubles(view: PlayerView) -> bool:
    """Whether a yes to 加倍 is a super double (超级加倍), from the win rate: asked only
    where the rules have it, with a wider margin than a double's."""
    if view.decision is not Decision.DOUBLE:
        raise ValueError(f"not the doubling decision: {view.decision}")
    return double_rate(view, pack(view.hand_ranks)) >= 0.5 + SUPER_MARGIN


def grab_pays(view: PlayerView, hand: int) -> bool:
    """Whether grabbing (or grabbing back) beats letting the other seat keep the
    landlord: a landlord's expected score at the grabbed stake (its 17 cards rated
    against an opponent who called) against a peasant's at the stake as it is."""
    grab = view.rules.factors.grab
    p = landlord_rate(view, hand)
    q = peasant_rate(view, hand)
    return 2 * grab * (2 * p - 1) > 2 * q - 1


def show_pays(view: PlayerView, hand: int) -> bool:
    """Whether showing (×`factors.show`, its cards open) beats keeping them hidden."""
    p = landlord20_rate(view, hand)
    return view.rules.factors.show * (2 * (p - SHOW_COST) - 1) > 2 * p - 1


def landlord_rate(view: PlayerView, hand: int) -> float:
    """The landlord's estimated win rate with these 17 dealt cards (`LANDLORD17`): at a
    grab, against an opponent who called; at a call, against opponents of whom those
    still to answer may call (`OPPONENT_CALLS`) and those who declined did not."""
    if view.decision is Decision.GRAB:
        called = 1.0
    else:
        asked = {seat for seat, _ in view.calls}
        waiting = sum(1 for seat in range(3) if seat != view.seat and seat not in asked)
        called = 1 - (1 - OPPONENT_CALLS) ** waiting
    return _rate(LANDLORD17, features(hand), called)


def peasant_rate(view: PlayerView, hand: int) -> float:
    """This seat's side's estimated win rate as a peasant against a landlord who called
    (`PEASANT17`), or against the landlord's shown hand (`PEASANT_SHOWN`)."""
    landlord = view.landlord
    shown = None if landlord is None else view.shown_hands[landlord]
    if shown is not None:
        lord = logit_of(LANDLORD20, features(pack(ranks_of(shown))), 0.0)
        return _rate(PEASANT_SHOWN, features(hand), lord)
    called = 1.0 if view.calls or view.bids or landlord is None else OPPONENT_CALLS
    return _rate(PEASANT17, features(hand), called)


def landlord20_rate(view: PlayerView, hand: int) -> float:
    """The landlord's estimated win rate with its 20 cards (`LANDLORD20`), against
    peasants of whom one called (grabbed from it, or bid) or neither."""
    others = [seat for seat in range(3) if seat != view.seat]
    called = any(took for seat, took in view.calls if seat in others) or any(
        bid for seat, bid in view.bids if seat in others
    )
    return _rate(LANDLORD20, features(hand), float(called))


def double_rate(view: PlayerView, hand: int) -> float:
    """The win rate a double is judged by: a peasant's side's (`peasant_rate`), or the
    landlord's with its 20 cards against the peasants who doubled (`LANDLORD_DOUBLED`)."""
    if view.seat != view.landlord:
        return peasant_rate(view, hand)
    doubled = sum(1 for seat, d in view.doubles if seat != view.seat and d)
    return _rate(LANDLORD_DOUBLED, features(hand), float(doubled))


# --- the win-rate tables -----------------------------------------------------------


def features(hand: int) -> tuple[float, ...]:
    """What the win-rate tables read of a packed hand: 1 (the constant), the big and
    the small joker, the 2s, aces and kings held, its bombs (four of a rank), the
    rocket, and the plays its plan needs (`plan.plan_of`)."""
    held = counts(hand)
    bombs = sum(1 for r in range(TWO + 1) if held[r] == 4)
    rocket = held[SMALL_JOKER] and held[BIG_JOKER]
    return (
        1.0,
        float(held[BIG_JOKER]),
        float(held[SMALL_JOKER]),
        float(held[TWO]),
        float(held[ACE]),
        float(held[ACE - 1]),  # kings
        float(bombs),
        float(rocket),
        float(plan_of(hand).moves),
    )


def logit_of(weights: Sequence[float], x: Sequence[float], extra: float) -> float:
    """A table's log-odds for features `x` and the table's last input, `extra`."""
    z = weights[-1] * extra
    for w, xi in zip(weights, x, strict=False):
        z += w * xi
    return z


def _rate(weights: Sequence[float], x: Sequence[float], extra: float) -> float:
    return 1 / (1 + math.exp(-logit_of(weights, x, extra)))


# Fitted by `python -m ddz_tui.bots.lab.win_rates --games 20000 --seed 1` (docs/bots.md);
# the weights go with `features` in its order, then the table's last input.
LANDLORD17 = (0.660, 1.002, 0.792, 0.264, 0.216, 0.098, 0.578, -0.323, -0.234, -0.831)
"""The landlord's log-odds of winning from its 17 dealt cards; last input: an opponent
called."""
LANDLORD20 = (2.111, 1.605, 1.335, 0.320, 0.254, 0.130, 1.072, -0.729, -0.554, -0.805)
"""... from its 20 cards; last input: an opponent called."""
PEASANT17 = (1.357, 0.475, 0.362, 0.134, 0.117, 0.059, 0.764, 0.187, -0.184, -0.931)
"""A peasant's side's log-odds from its 17 cards; last input: the landlord called."""
PEASANT_SHOWN = (1.970, 0.315, 0.261, 0.113, 0.043, 0.013, 0.997, 0.067, -0.250, -1.116)
"""... with the landlord's hand shown; last input: the shown hand's `LANDLORD20`
log-odds (no call counted)."""
LANDLORD_DOUBLED = (1.566, 1.705, 1.379, 0.363, 0.245, 0.116, 0.904, -0.801, -0.524, -0.221)
"""The landlord's log-odds from its 20 cards; last input: how many peasants doubled."""
OPPONENT_CALLS = 0.391
"""The share of dealt hands that would call (`policy.BID_AT`'s first step)."""
