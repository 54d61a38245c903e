"""癞子 (wildcards) for the bots: a play chosen among the view's `wild_plays`.

Under 癞子 each level picks its play, with its reading, from every legal play (the
`choose_wild` of each bot): the random bot any play or a pass; the easy bot its
lowest single or pair, as it does without wilds; the normal bot its own policy
(`policy.choose`) on the hand with each wild placed where it makes the best plan,
its choice played with natural cards first and wilds for the rest (`planned_wild`).
The hard bot searches (`searched_wild`): guessed deals with every hand's wilds placed,
played out by the normal policy or, with few cards left, solved exactly. Every policy
goes out when one play empties the hand and bombs an opponent close to going out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from ddz_tui.bots import policy
from ddz_tui.bots.deal import Deal, OutOfTime, playout
from ddz_tui.bots.endgame import ENDGAME_CARDS, ENDGAME_SAMPLES, Solver, side_of
from ddz_tui.bots.packed import KEY_OF, plays_of
from ddz_tui.bots.plan import value_of
from ddz_tui.bots.situation import Situation
from ddz_tui.cards import RANK_INDEX
from ddz_tui.engine import PlayerView
from ddz_tui.moves import UNIT
from ddz_tui.rules import Combo, Kind
from ddz_tui.wild import Reading

BOMB_WHEN_LEFT = 3
"""An opponent whose play is to beat with this many cards or fewer gets bombed."""


def random_wild(view: PlayerView, rng: random.Random) -> Reading | None:
    """Any legal play, or a pass where one is allowed, at random."""
    plays = view.wild_plays
    if view.leads:
        return rng.choice(plays)
    pick = rng.randrange(len(plays) + 1)
    return None if pick == len(plays) else plays[pick]


def lowest_wild(view: PlayerView) -> Reading | None:
    """The easy bot: its lowest single or pair when leading; following, the lowest
    play that beats without a bomb, never over its partner."""
    plays = view.wild_plays
    out = _going_out(view, plays)
    if out is not None:
        return out
    if view.leads:
        small = [p for p in plays if p.kind in (Kind.SINGLE, Kind.PAIR) and not p.wild_count]
        return min(small or plays, key=lambda p: (p.wild_count, p.is_bomb, p.level, -len(p.cards)))
    return _follow(view, plays)


def _going_out(view: PlayerView, plays: list[Reading]) -> Reading | None:
    """A play that empties the hand, the strongest first."""
    size = len(view.hand)
    out = [p for p in plays if len(p.cards) == size]
    return max(out, key=_strength) if out else None


def _strength(play: Reading) -> tuple[int, int]:
    return play.strength


def _follow(view: PlayerView, plays: list[Reading]) -> Reading | None:
    """Pass on the partner's play; else the lowest ordinary play that beats, with the
    fewest wilds; a bomb, the weakest, only on an opponent nearly out."""
    last = view.last_play
    if last is None or last[0] == view.partner:
        return None
    ordinary = [p for p in plays if not p.is_bomb]
    if ordinary:
        return min(ordinary, key=lambda p: (p.wild_count, p.level))
    if plays and view.cards_left[last[0]] <= BOMB_WHEN_LEFT:
        return min(plays, key=lambda p: (p.strength, p.wild_count))
    return None


# --- the normal bot's plan with wilds -------------------------------------------------

_TWO = RANK_INDEX["2"]
EXACT_WILDS = 2
"""Wilds placed by trying every multiset of ranks for them (91 plans for two); more
wilds are placed one at a time on top of the best such placement."""


def planned_wild(view: PlayerView) -> Reading | None:
    """The normal bot under 癞子 (and the hard bot, whose search knows no wilds): the
    normal policy (`policy.choose`) on the hand with each wild standing for the rank
    that makes the best plan (a straight's gap, a trio's fourth for a soft bomb, a
    pair's third), its choice played with the wilds it needs; what that placement
    cannot play, an opponent about to go out is still stopped with any reading."""
    plays = view.wild_plays
    out = _going_out(view, plays)
    if out is not None:
        return out
    assert view.wild is not None
    w = RANK_INDEX[view.wild]
    situation = Situation.of(view)
    k = (situation.hand >> (4 * w)) & 15
    natural = situation.hand - k * UNIT[w]
    situation.hand = natural + placement(natural, k)
    combo = policy.choose(situation)
    chosen = None if combo is None else _as_reading(combo, natural, w, plays)
    if chosen is not None or view.leads:
        return chosen or min(plays, key=lambda p: (p.wild_count, p.is_bomb, -len(p.cards)))
    return _stop(view, plays)


_placements: dict[tuple[int, int, int], int] = {}
_PLACEMENTS_LIMIT = 50_000


def placement(natural: int, k: int, exact: int = EXACT_WILDS) -> int:
    """What `k` wilds stand for (packed) so that the natural cards and they make the
    best plan: every multiset of ranks 3 to 2 for up to `exact` of them, the rest one
    at a time (cached: a game asks the same hands again)."""
    if not k:
        return 0
    found = _placements.get((natural, k, exact))
    if found is None:
        if len(_placements) >= _PLACEMENTS_LIMIT:
            _placements.clear()
        found = _placements[natural, k, exact] = _place(natural, k, exact)
    return found


def _place(natural: int, k: int, most: int) -> int:
    exact = min(k, most)
    best_value, best = float("-inf"), 0
    for extra in _multisets(natural, exact, 0):
        value = value_of(natural + extra)
        if value > best_value:
            best_value, best = value, extra
    return _completed(natural, best, k - exact)


def _completed(natural: int, extra: int, more: int) -> int:
    """The placement `extra` with `more` wilds on top, one at a time, each where the plan
    is best."""
    for _ in range(more):
        step_value, step = float("-inf"), 0
        for r in range(_TWO + 1):
            if (natural + extra) >> (4 * r) & 15 < 4:
                value = value_of(natural + extra + UNIT[r])
                if value > step_value:
                    step_value, step = value, UNIT[r]
        extra += step
    return extra


OTHER_PLACEMENTS = 2
"""Placements of the hard bot's wilds besides the best whose plans' plays it also tries."""


def other_placements(natural: int, k: int, best: int) -> list[int]:
    """The placements of k wilds that come next after `best` by their plan's value (the
    exact part's; any more wilds placed on top as `placement` places them): at most
    `OTHER_PLACEMENTS`, the best first."""
    if not k:
        return []
    exact = min(k, EXACT_WILDS)
    ranked = sorted(
        ((value_of(natural + extra), extra) for extra in _multisets(natural, exact, 0)),
        reverse=True,
    )
    out: list[int] = []
    for _, extra in ranked:
        extra = _completed(natural, extra, k - exact)
        if extra != best and extra not in out:
            out.append(extra)
            if len(out) == OTHER_PLACEMENTS:
                break
    return out


def _multisets(hand: int, n: int, low: int) -> list[int]:
    """Every multiset of n ranks from `low` up to the 2 that fits beside `hand` (at most
    four of a rank)."""
    if not n:
        return [0]
    out = []
    for r in range(low, _TWO + 1):
        if hand >> (4 * r) & 15 < 4:
            out += [UNIT[r] + rest for rest in _multisets(hand + UNIT[r], n - 1, r)]
    return out


def _as_reading(combo: Combo, natural: int, w: int, plays: list[Reading]) -> Reading | None:
    """The legal play that makes `combo` from the natural cards first and wilds for the
    rest; None when there is none (a soft bomb that does not beat a hard one)."""
    key = as_played(KEY_OF[combo.cards], natural, w)
    same = [p for p in plays if p.key == key and p.kind is combo.kind and p.level == combo.level]
    exact = [p for p in same if p.combo == combo]
    return next(iter(exact or same), None)


def as_played(want: int, natural: int, w: int) -> int:
    """The cards (packed, each wild as its own rank `w`) that make the ranks `want`
    from the `natural` cards first and wilds for the rest."""
    own = 0
    for r in range(_TWO + 3):
        own += min(want >> (4 * r) & 15, natural >> (4 * r) & 15) * UNIT[r]
    wilds = sum((want - own) >> (4 * r) & 15 for r in range(_TWO + 3))
    return own + wilds * UNIT[w]


def _stop(view: PlayerView, plays: list[Reading]) -> Reading | None:
    """With the plan passing: an opponent's play from a seat with `BOMB_WHEN_LEFT` cards
    or fewer is beaten all the same, with the cheapest play (fewest wilds, then
    lowest), a bomb only if nothing else beats it."""
    last = view.last_play
    if last is None or last[0] == view.partner or view.cards_left[last[0]] > BOMB_WHEN_LEFT:
        return None
    ordinary = [p for p in plays if not p.is_bomb]
    if ordinary:
        return min(ordinary, key=lambda p: (p.wild_count, p.level))
    return min(plays, key=lambda p: (p.strength, p.wild_count), default=None)


# --- the hard bot's search with wilds ---------------------------------------------------

SEARCH_MIN_DEALS = 8
"""Guessed deals a search judges on at the least, once it has candidates to compare."""


def searched_wild(
    view: PlayerView,
    candidates_of: Callable[[Situation, list[Combo]], list[Combo | None]],
    guess: Callable[[], tuple[int, int] | None],
    samples: int,
    stop: Callable[[], bool],
    soft_stop: Callable[[], bool],
) -> Reading | None:
    """The hard bot under 癞子: with few cards left in all hands, every play it has (each
    reading that leaves a different position) on guessed deals solved exactly
    (`endgame`, as the classic search does, with every hand's wilds placed); otherwise
    the normal bot's play (`planned_wild`), the hard bot's other candidates
    (`candidates_of`, on the hand with its wilds placed) and the normal policy's plays
    with the wilds placed the next best ways (`_other_plans`), each played out to the end on
    up to `samples` guessed deals, every seat playing the normal policy with its wilds
    placed as it plans best. The one that wins most often (ties: the normal bot's).
    `stop` ends the search; `soft_stop` too once `SEARCH_MIN_DEALS` deals are done (and
    an exact endgame, which playouts then replace)."""
    plays = view.wild_plays
    pick = planned_wild(view)
    if not plays or (pick is not None and len(pick.cards) == len(view.hand)):
        return pick
    assert view.wild is not None and view.landlord is not None
    w = RANK_INDEX[view.wild]
    s = Situation.of(view)
    k = (s.hand >> (4 * w)) & 15
    natural = s.hand - k * UNIT[w]
    s.hand = natural + placement(natural, k)
    deals = _guessed(view, s.hand, w, guess)
    mine = view.seat == view.landlord
    if sum(view.cards_left) <= ENDGAME_CARDS:
        every = _distinct(view, [pick, *plays, None], natural, k, w)
        solver = Solver(side_of(view.seat, view.landlord), stop=soft_stop)
        best = _vote(deals, every, solver.landlord_wins, mine, ENDGAME_SAMPLES, stop, stop)
        if best is not None:
            return every[best][0]
    candidates: list[Reading | None] = [pick]
    own = _readings_of(view, candidates_of(s, list(plays_of(s.hand, s.to_beat))), natural, w)
    for reading in (*own, *_other_plans(view, s, natural, k, w)):
        if reading not in candidates:
            candidates.append(reading)
    if len(candidates) == 1:
        return pick
    tried = [(c, partial(_after, reading=c, natural=natural, k=k, w=w)) for c in candidates]
    best = _vote(deals, tried, partial(playout, stop=stop), mine, samples, stop, soft_stop)
    return pick if best is None else candidates[best]


def _other_plans(
    view: PlayerView, s: Situation, natural: int, k: int, w: int
) -> list[Reading | None]:
    """The normal policy's plays with the wilds placed otherwise (`other_placements`):
    the plan that spends them on a straight, say, where the best plan fills an airplane
    (the classic candidates all come from the best plan's hand)."""
    chosen = [
        policy.choose(Situation(natural + extra, s.unseen, s.to_beat, s.by, s.landlord, s.left))
        for extra in other_placements(natural, k, s.hand - natural)
    ]
    return _readings_of(view, chosen, natural, w)


def _readings_of(
    view: PlayerView, combos: list[Combo | None], natural: int, w: int
) -> list[Reading | None]:
    """The candidates as legal plays (`_as_reading`, None a pass): a pass only when
    following, and none for a combo no reading makes."""
    out: list[Reading | None] = []
    for combo in combos:
        if combo is None:
            if not view.leads:
                out.append(None)
            continue
        reading = _as_reading(combo, natural, w, view.wild_plays)
        if reading is not None:
            out.append(reading)
    return out


def _vote(
    deals: Callable[[], Deal],
    candidates: Sequence[tuple[Reading | None, Callable[[Deal], Deal]]],
    landlord_wins: Callable[[Deal], bool],
    mine: bool,
    samples: int,
    stop: Callable[[], bool],
    soft_stop: Callable[[], bool],
) -> int | None:
    """Each candidate (a reading, and what it makes of a deal) judged by `landlord_wins`
    on up to `samples` guessed deals, the clearly worse dropped every `PRUNE_EVERY`: the
    index of the one that wins most often for this seat's side (ties: the earlier), or
    None when no deal was done. A deal counts once every candidate still in the running
    is judged on it."""
    wins = [0] * len(candidates)
    won_on = [0] * len(candidates)  # bit d: won on deal d
    alive = list(range(len(candidates)))
    for done in range(samples):
        if stop() or (done >= SEARCH_MIN_DEALS and soft_stop()):
            break
        try:
            deal = deals()
            won = [(i, landlord_wins(candidates[i][1](deal)) == mine) for i in alive]
        except OutOfTime:
            return _leader(wins, alive) if done else None
        for i, ours in won:
            wins[i] += ours
            won_on[i] |= ours << done
        if len(alive) > 1 and (done + 1) % PRUNE_EVERY == 0:
            alive = _survivors(wins, won_on, alive)
            if len(alive) == 1:
                break
    return _leader(wins, alive)


def _guessed(
    view: PlayerView, hand: int, w: int, guess: Callable[[], tuple[int, int] | None]
) -> Callable[[], Deal]:
    """A function that gives the position with one `guess` of the next two seats' hands
    per call (OutOfTime once it has none), every guessed hand's wilds placed; this
    seat's `hand` as its wilds are placed."""
    seat = view.seat
    others = ((seat + 1) % 3, (seat + 2) % 3)
    last = view.last_play
    assert view.landlord is not None
    landlord = view.landlord

    def deal() -> Deal:
        drawn = guess()
        if drawn is None:
            raise OutOfTime
        hands = [0, 0, 0]
        hands[others[0]] = _placed(drawn[0], w)
        hands[others[1]] = _placed(drawn[1], w)
        hands[seat] = hand
        return Deal(
            (hands[0], hands[1], hands[2]),
            landlord,
            seat,
            None if last is None else last[1],
            0 if last is None else last[0],
        )

    return deal


def _distinct(
    view: PlayerView, options: list[Reading | None], natural: int, k: int, w: int
) -> list[tuple[Reading | None, Callable[[Deal], Deal]]]:
    """The options (a pass only when following) with what each makes of a deal, one per
    position it leaves (readings of the same cards that leave the same position are one
    play to a search), in their order."""
    seen: set[tuple[int, Combo | None]] = set()
    out: list[tuple[Reading | None, Callable[[Deal], Deal]]] = []
    for option in options:
        if option is None and view.leads:
            continue
        left: tuple[int, Combo | None]
        if option is None:
            left = (natural + k * UNIT[w], None)
        else:
            rest = natural - (option.key - option.wild_count * UNIT[w])
            left = (rest + (k - option.wild_count) * UNIT[w], option.combo)
        if left not in seen:
            seen.add(left)
            out.append((option, partial(_after, reading=option, natural=natural, k=k, w=w)))
    return out


PRUNE_EVERY = 8
"""Deals between two looks at which candidates are clearly worse (and then dropped)."""
PRUNE_Z = 2.0


def _leader(wins: list[int], alive: list[int]) -> int:
    """The candidate in the running with the most wins; ties go to the earlier."""
    return max(alive, key=lambda i: (wins[i], -i))


def _survivors(wins: list[int], won_on: list[int], alive: list[int]) -> list[int]:
    """The candidates not clearly worse than the leader: on the deals where the two
    fared differently (m of them), trailing by at most `PRUNE_Z` times sqrt(m)."""
    leader = _leader(wins, alive)
    return [
        i
        for i in alive
        if wins[leader] - wins[i] <= PRUNE_Z * ((won_on[i] ^ won_on[leader]).bit_count() ** 0.5)
    ]


def _placed(hand: int, w: int) -> int:
    """A guessed hand with its wilds placed, one at a time (quick: one guess a deal)."""
    k = (hand >> (4 * w)) & 15
    natural = hand - k * UNIT[w]
    return natural + placement(natural, k, exact=0)


def _after(deal: Deal, reading: Reading | None, natural: int, k: int, w: int) -> Deal:
    """The deal once this seat (holding `natural` cards and `k` wilds) has played
    `reading` (None: passed), the wilds it keeps placed again for what remains."""
    if reading is None:
        return deal.after(None)
    rest = natural - (reading.key - reading.wild_count * UNIT[w])
    hands = list(deal.hands)
    hands[deal.turn] = rest + placement(rest, k - reading.wild_count)
    nxt = (deal.turn + 1) % 3
    return Deal((hands[0], hands[1], hands[2]), deal.landlord, nxt, reading.combo, deal.turn)
