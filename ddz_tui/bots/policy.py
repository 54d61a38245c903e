"""The normal bot's way of playing, on a `Situation`: plan the hand, lead from the
plan, follow with what hurts the plan least, and play as a team.

It is also the hard bot's playout policy, so it is written for speed: packed hands,
cached plans, no views.
"""

from __future__ import annotations

from collections.abc import Sequence

from ddz_tui.bots.packed import (
    ACE,
    BIG_JOKER,
    KEY_OF,
    SMALL_JOKER,
    TWO,
    counts,
    going_out,
    lowest,
    plays_of,
    whole_hand_play,
)
from ddz_tui.bots.packed import size as size_of
from ddz_tui.bots.plan import GROUP_COST, Plan, group_cards, group_value, plan_of, value_of
from ddz_tui.bots.situation import NEXT, Situation
from ddz_tui.moves import BY_KEY, CHAIN_TOPS, TOP, UNIT, can_beat, held, tops
from ddz_tui.rules import Combo, Kind

FOLLOW_GAIN = -3.0
"""A follow is made if it changes the plan's value by at least this much: taking the
trick is worth a slightly worse plan (tuned by duplicate self-play)."""
PARTNER_HIGH = 10
"""A partner's single or pair from this level up (a king) is left alone."""
RIDE_BELOW = 12
"""A group of the plan below this level (a 2) may ride along on a partner's lower play."""
BLOCK_AT = 2
"""An opponent with this many cards or fewer is about to go out and must be stopped."""
THREAT_AT = 10
"""An opponent with this many cards or fewer may hold them as one play: when its play
would win the trick (no unseen cards beat it but a bomb) and it would then lead, it is
stopped with the cheapest play it cannot beat, a bomb or the rocket included; and it is
not led a play of its size that the unseen cards beat (figures: docs/bots.md)."""
LAST_WORD_AT = 6
"""An opponent with this many cards or fewer is stopped (as at `THREAT_AT`) even where
the unseen cards could beat its play, when nobody else will: it plays right after this
seat (the seat between has passed), or this seat is the landlord (the seat between is
that opponent's partner)."""

TOPPED_AT = 5
"""With the last word against an opponent with this many cards or fewer who played a
high card (`TOPPED_FROM` up), and no sure stop nor bomb, the strongest play of the
kind tops it: the opponent's partner must then spend a higher card to hand it the lead
back (figures: docs/bots.md)."""
TOPPED_FROM = 10
"""A king: the level from which an opponent's play is topped (see `TOPPED_AT`)."""


def choose(s: Situation) -> Combo | None:
    """The play for this situation, or None to pass."""
    return lead(s) if s.to_beat is None else follow(s)


# --- leading -------------------------------------------------------------------------


def lead(s: Situation) -> Combo:
    whole = whole_hand_play(s.hand)
    if whole is not None:
        return whole
    plan = plan_of(s.hand)
    finish = _finishing_lead(s, plan)
    if finish is not None:
        return finish
    partner = s.partner
    if partner == NEXT and s.left[partner] <= BLOCK_AT:
        return _feed(s.hand, s.left[partner])  # the partner plays next: help it out
    groups = [g for g in plan.groups if not g.is_bomb] or list(plan.groups)
    threat = min(s.left[o] for o in s.opponents)
    if threat <= BLOCK_AT:
        return _lead_against(threat, groups)
    near = {s.left[o] for o in s.opponents if s.left[o] <= THREAT_AT}
    if near:  # not a play an opponent may go out over
        risky = [g for g in groups if g.size in near and _may_go_out_over(s, g)]
        if risky and len(risky) < len(groups):
            groups = [g for g in groups if g not in risky]
        elif risky:  # every group may be gone out over: a play of another size
            safe = _lead_off_size(s)
            if safe is not None:
                return safe
    return min(groups, key=lead_order)


def _lead_off_size(s: Situation) -> Combo | None:
    """The lead, not a bomb, that no opponent may go out over and that leaves the best
    plan (the weakest such play on a tie); None if every lead is of such a size."""
    best: tuple[float, Combo] | None = None
    for play in plays_of(s.hand, None):  # weakest first within a kind
        if play.is_bomb or _may_go_out_over(s, play):
            continue
        value = value_of(s.hand - KEY_OF[play.cards])
        if best is None or value > best[0]:
            best = value, play
    return None if best is None else best[1]


LEAD_SIZE_WEIGHT = 1.5
"""How much shedding one more card makes a group the better lead."""


def lead_order(group: Combo) -> float:
    """Weak groups first, and of those the ones that shed the most cards."""
    return group_value(group) - LEAD_SIZE_WEIGHT * (group.size - 1)


def _finishing_lead(s: Situation, plan: Plan) -> Combo | None:
    """When every group but one wins its trick for sure, play those first, then the last."""
    split = _safe_split(plan, s.unseen)
    if split is None:
        return None
    safe, unsafe = split
    if not safe:
        return unsafe[0]
    return max(safe, key=lambda g: (not g.is_bomb, g.size))


def _safe_split(plan: Plan, unseen: int) -> tuple[list[Combo], list[Combo]] | None:
    """The plan's groups that win their trick for sure and the others, when at most one
    is not sure; else None."""
    safe, unsafe = [], []
    for group in plan.groups:
        if _beatable(group, unseen):
            unsafe.append(group)
            if len(unsafe) > 1:
                return None
        else:
            safe.append(group)
    return safe, unsafe


def _lead_against(threat: int, groups: list[Combo]) -> Combo:
    """An opponent holds `threat` (1 or 2) cards: lead what it cannot answer with them,
    else the strongest group of the kind it might answer."""
    risky = {Kind.SINGLE} if threat == 1 else {Kind.SINGLE, Kind.PAIR}
    others = [g for g in groups if g.kind not in risky]
    if others:
        return min(others, key=lead_order)
    if threat == 2:
        singles = [g for g in groups if g.kind is Kind.SINGLE]
        if singles:  # two cards may be a pair: a single costs it only one of them
            return min(singles, key=lambda g: g.level)
    return max(groups, key=lambda g: g.level)


def _feed(hand: int, partner_left: int) -> Combo:
    """A lead the partner, who plays next, can answer with its last one or two cards: the
    lowest single, or with two cards left (often a pair) the lowest pair below a king."""
    if partner_left == 2:
        pairs = held(hand, 2) & _FEED_PAIRS
        if pairs:
            return BY_KEY[2 * UNIT[tops(pairs)[0]]]
    return BY_KEY[UNIT[lowest(hand)]]


_FEED_PAIRS = sum(TOP[:PARTNER_HIGH])


def _beatable(play: Combo, unseen: int) -> bool:
    """Can the unseen cards make a play of the same kind that beats it? (Bombs aside:
    a group counts as safe if only a bomb beats it.)"""
    return can_beat(unseen, play)


# --- following -----------------------------------------------------------------------


def follow(s: Situation) -> Combo | None:
    plays = plays_of(s.hand, s.to_beat)
    if not plays:
        return None
    if (out := going_out(s.hand, plays)) is not None:
        return out
    if s.by_partner:
        return _follow_partner(s, plays)
    return _follow_opponent(s, plays)


def _follow_partner(s: Situation, plays: tuple[Combo, ...]) -> Combo | None:
    """Leave a partner's trick alone, unless the landlord plays next and is about to go
    out with a card that beats it (then raise it). A trick the partner is winning is
    taken over only to go out; one the landlord will probably take anyway may carry a
    small cheap group along."""
    to_beat = s.to_beat
    assert to_beat is not None and s.partner is not None
    ordinary = [p for p in plays if not p.is_bomb]
    if not ordinary:
        return None
    if raise_against_landlord(s):
        return ordinary[-1] if _beatable(to_beat, s.unseen) else None
    if partner_winning(s):
        return next((p for p in ordinary if takeover_finishes(s, p)), None)
    if s.left[s.partner] <= BLOCK_AT or to_beat.kind not in (Kind.SINGLE, Kind.PAIR):
        return None
    groups = group_cards(s.hand)
    for play in ordinary:  # the cheapest whole group of the plan rides along
        if play.cards in groups and play.level < RIDE_BELOW:
            return play
    return None


def raise_against_landlord(s: Situation) -> bool:
    """The partner's play faces a landlord who plays next and might go out over it:
    the moment to raise it (with the strongest play of its kind), whatever it is."""
    to_beat = s.to_beat
    assert to_beat is not None
    landlord_left = s.left[s.landlord]
    return s.landlord == NEXT and landlord_left <= BLOCK_AT and _answerable(to_beat, landlord_left)


def partner_winning(s: Situation) -> bool:
    """Is the partner's play, the one to beat, winning the trick against the landlord?
    It is when the landlord has passed on it already, when the landlord holds too few
    cards or no cards to beat it (bombs aside), or when it is a king or higher."""
    to_beat = s.to_beat
    assert to_beat is not None and s.by_partner
    if s.by == NEXT:  # the partner plays after us, so the landlord came between and passed
        return True
    return (
        not _answerable(to_beat, s.left[s.landlord])
        or not _beatable(to_beat, s.unseen)
        or (to_beat.kind in (Kind.SINGLE, Kind.PAIR) and to_beat.level >= PARTNER_HIGH)
    )


def takeover_finishes(s: Situation, play: Combo) -> bool:
    """Taking the partner's trick with `play` is worth it only when it goes out, or when
    nothing but a bomb beats it and the rest of the hand then goes out for sure (every
    group but the last wins its trick)."""
    rest = s.hand - KEY_OF[play.cards]
    if not rest:
        return True
    if play.is_bomb or _beatable(play, s.unseen):
        return False
    return _safe_split(plan_of(rest), s.unseen) is not None


def _answerable(play: Combo, cards: int) -> bool:
    """Could a hand of `cards` cards beat `play` with a play of its kind?"""
    return play.size <= cards


def _follow_opponent(s: Situation, plays: tuple[Combo, ...]) -> Combo | None:
    to_beat = s.to_beat
    assert to_beat is not None
    if (stop := stop_going_out(s, plays)) is not None:
        return stop
    ordinary = [p for p in plays if not p.is_bomb]
    danger = s.left[s.by] <= BLOCK_AT or min(s.left[o] for o in s.opponents) <= BLOCK_AT
    if ordinary:
        if danger:
            if to_beat.kind is Kind.SINGLE:
                return ordinary[-1]  # the highest single blocks best
            return _best_follow(s.hand, ordinary)[1]
        gain, play = _best_follow(s.hand, ordinary, FOLLOW_GAIN)
        if gain >= FOLLOW_GAIN:
            return play
    bombs = [p for p in plays if p.is_bomb]
    if bombs and _bomb_decides(s, bombs[0], danger):
        return bombs[0]
    return None


def stop_going_out(
    s: Situation, plays: Sequence[Combo], fewest: int = BLOCK_AT + 1
) -> Combo | None:
    """Facing an opponent's play that wins the trick unless this seat beats it (nothing
    unseen beats it but a bomb; or, with `LAST_WORD_AT` cards or fewer, nobody else
    will), when that opponent may then lead its whole hand (see `THREAT_AT`; from
    `fewest` cards up, as the normal bot's blocking rules see to fewer): the cheapest of
    `plays` it cannot beat, else the strongest bomb, which few hands beat, else with the
    last word against a high card the strongest play (`TOPPED_AT`); None for none."""
    to_beat = s.to_beat
    if to_beat is None or s.by_partner:
        return None
    last_word = (s.by == NEXT or s.landlord == 0) and s.left[s.by] <= LAST_WORD_AT
    if not last_word and can_beat(s.unseen, to_beat):
        return None
    if not may_go_out(s, s.by, fewest):
        return None
    stop = cheapest_stop(plays, s.unseen, s.left[s.by])
    if stop is None:
        stop = next((p for p in reversed(plays) if p.is_bomb), None)
    if stop is None and last_word and s.left[s.by] <= TOPPED_AT and to_beat.level >= TOPPED_FROM:
        stop = next((p for p in reversed(plays) if not p.is_bomb), None)
    return stop


def _may_go_out_over(s: Situation, lead: Combo) -> bool:
    """Might an opponent go out over `lead` with its whole hand (one play of its size that
    the unseen cards could make)?"""
    return any(
        s.left[o] == lead.size and can_beat(s.unseen, lead) and may_go_out(s, o)
        for o in s.opponents
    )


def may_go_out(s: Situation, seat: int, fewest: int = BLOCK_AT + 1) -> bool:
    """Might the opponent at `seat` (relative) hold its cards as one play, as far as this
    seat can tell (its count, and the cards unseen)? From `fewest` cards up to
    `THREAT_AT` (by default from `BLOCK_AT` up: with fewer the blocking rules see to it)."""
    left = s.left[seat]
    return fewest <= left <= THREAT_AT and _one_play_of(s.unseen, left)


def _one_play_of(unseen: int, size: int) -> bool:
    """Could `size` of the unseen cards make one play? By the shapes each size can take
    (the wings only counted, not matched: a little generous), from the ranks held once,
    twice, three and four times, without generating the plays: the searches' playouts
    ask it at most turns near the end."""
    ones, twos, threes = held(unseen, 1), held(unseen, 2), held(unseen, 3)
    if size <= 2:
        return bool(ones) if size == 1 else bool(twos) or unseen & _ROCKET == _ROCKET
    fours, cards = held(unseen, 4), size_of(unseen)
    if size == 3:
        return bool(threes)
    if size == 4:
        return bool(fours) or (bool(threes) and cards >= 4)
    if size == 5:
        return _run(ones, 5) or (bool(threes) and twos.bit_count() >= 2)
    if size == 6:
        return _run(ones, 6) or _run(twos, 3) or _run(threes, 2) or (bool(fours) and cards >= 6)
    if size == 7:
        return _run(ones, 7)
    if size == 8:
        return (
            _run(ones, 8)
            or _run(twos, 4)
            or (_run(threes, 2) and cards >= 8)
            or (bool(fours) and twos.bit_count() >= 3)
        )
    if size == 9:
        return _run(ones, 9) or _run(threes, 3)
    if size == 10:
        return _run(ones, 10) or _run(twos, 5) or (_run(threes, 2) and twos.bit_count() >= 4)
    return True  # more cards than `THREAT_AT`: not asked


def _run(tops_held: int, length: int) -> bool:
    """Do `length` ranks in a row below the 2 appear in `tops_held` (as `held` gives)?"""
    mask = tops_held & CHAIN_TOPS
    run = mask
    for links in range(1, length):
        run &= mask >> (4 * links)
    return bool(run)


_ROCKET = UNIT[SMALL_JOKER] + UNIT[BIG_JOKER]


def cheapest_stop(plays: Sequence[Combo], unseen: int, left: int) -> Combo | None:
    """The first of `plays` (weakest first, bombs and the rocket last) that a hand of
    `left` of the unseen cards could not beat, if any."""
    return next((p for p in plays if unbeatable(p, unseen, left)), None)


def unbeatable(play: Combo, unseen: int, left: int) -> bool:
    """Could no hand of `left` cards out of `unseen` beat `play`?"""
    if play.kind is Kind.ROCKET:
        return True
    if left >= 2 and unseen & _ROCKET == _ROCKET:
        return False
    if play.is_bomb:
        return left < 4 or not can_beat(unseen, play)
    if left >= 4 and held(unseen, 4):
        return False
    return play.size > left or not can_beat(unseen, play)


def _best_follow(
    hand: int, plays: list[Combo], floor: float = float("-inf")
) -> tuple[float, Combo]:
    """The cheapest play that is a whole group of the plan, else the play that leaves the
    best plan; with how much it gains over keeping the hand. `plays` are of one kind,
    weakest first. Plays that cannot gain `floor` need not be found: the gain returned
    is then below it.

    A play can gain at most what it would as a group of its own (GROUP_COST less its
    group value: the hand's plan is at least the rest's plan plus that group), and that
    bound falls as the plays get stronger, so the search stops at the first play whose
    bound cannot beat the best so far, or reach `floor`."""
    groups = group_cards(hand)
    for play in plays:  # weakest first
        if play.cards in groups:
            return GROUP_COST - group_value(play), play
    before = value_of(hand)
    best_gain, best = float("-inf"), plays[0]
    bounded = not held(hand, 4) and plays[0].kind.family in _BOUNDED
    for play in plays:  # weakest first, so ties keep the weaker play
        bound = GROUP_COST - group_value(play) if bounded else float("inf")
        if bound <= best_gain or bound < floor:
            break
        gain = value_of(hand - KEY_OF[play.cards]) - before
        if gain > best_gain:
            best_gain, best = gain, play
    return best_gain, best


_BOUNDED = frozenset(("single", "pair", "trio", "seq_single", "seq_pair", "seq_trio"))
"""Kinds whose gain the bound holds for (wings are the planner's to choose, and a hand
with a four plans it as a bomb, so neither is bounded)."""


def _bomb_decides(s: Situation, bomb: Combo, danger: bool) -> bool:
    """Bomb when the opponent is about to go out, or when the bomb all but wins."""
    if danger or s.left[s.by] <= 4:
        return True
    rest = s.hand - KEY_OF[bomb.cards]
    return plan_of(rest).moves <= 2


# --- bidding -------------------------------------------------------------------------


def hand_strength(hand: int) -> float:
    """Points for the cards that win tricks (jokers, 2s, bombs), less the plays the hand
    needs: roughly how good a landlord this hand makes."""
    held = counts(hand)
    points = 4.0 * held[BIG_JOKER] + 3.0 * held[SMALL_JOKER] + 2.0 * held[TWO] + 0.5 * held[ACE]
    points += 6.0 * sum(1 for r in range(TWO + 1) if held[r] == 4)
    if held[SMALL_JOKER] and held[BIG_JOKER]:
        points += 3.0
    return points - 0.8 * plan_of(hand).moves


BID_AT = (0.5, 3.0, 6.0)
"""Hand strength needed to bid 1, 2 and 3. Calibrated on 6,000 deals played out by the
normal policy: with these a landlord wins about 55%, 60% and 70% of its games."""


def bid(hand: int, legal: tuple[int, ...]) -> int:
    """The highest legal bid the hand's strength reaches, else pass."""
    strength = hand_strength(hand)
    wanted = sum(strength >= at for at in BID_AT)
    allowed = [b for b in legal if 0 < b <= wanted]
    return max(allowed, default=0)
