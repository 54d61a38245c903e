"""癞子 (wildcards) for the bots: a play chosen among the view's `wild_plays`.

The levels' plans and searches know no wilds yet, so under 癞子 each level picks its
play, with its reading, from every legal play by a short policy of its own (the
`choose_wild` of each bot): the random bot any play or a pass; the easy bot its
lowest single or pair, as it does without wilds; the normal and hard bots the play
that sheds the most cards without spending a wild. Every policy goes out when one
play empties the hand, keeps its wilds and bombs while it can, and bombs only an
opponent close to going out.
"""

from __future__ import annotations

import random

from ddz_tui.engine import PlayerView
from ddz_tui.rules import Kind
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


def steady_wild(view: PlayerView) -> Reading | None:
    """The normal and hard bots: leading, the play that sheds the most cards without a
    wild or a bomb, lowest first; following, the lowest play that beats with the
    fewest wilds, never over its partner."""
    plays = view.wild_plays
    out = _going_out(view, plays)
    if out is not None:
        return out
    if view.leads:
        return min(plays, key=lambda p: (p.wild_count, p.is_bomb, -len(p.cards), p.level))
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
