"""Plays to suggest to a player, in the order the hint key cycles through them."""

from __future__ import annotations

from ddz_tui.bots import policy
from ddz_tui.bots.plan import plan_of
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import PlayerView
from ddz_tui.rules import Combo
from ddz_tui.wild import Reading


def hints(view: PlayerView) -> list[Combo]:
    """Following: every play that beats, weakest first, bombs and the rocket last.

    Leading: the normal bot's plan for the hand — its preferred lead first, then the
    plan's other groups, weakest first — and after them every other play, from the
    lowest main rank up (longer first within a rank), bombs and the rocket last.
    """
    plays = view.legal_plays
    if not view.leads:
        return plays
    s = Situation.of(view)
    planned = [policy.lead(s)]
    planned += sorted(
        (g for g in plan_of(s.hand).groups if g not in planned), key=policy.lead_order
    )
    shown = {p.cards for p in planned}
    rest = sorted(
        (p for p in plays if p.cards not in shown),
        key=lambda c: (c.is_bomb, c.level, -c.size, c.kind.value),
    )
    return planned + rest


def wild_hints(view: PlayerView) -> list[Reading]:
    """癞子: every play the seat may make now, each with its reading (`view.wild_plays`),
    in the order the hint key cycles through them: first the plays that hold no wild
    (leading, in `hints`' order: the normal bot's plan first), then the plays with
    wilds, the fewest wilds and the weakest first (the bombs last, the four wilds and
    the rocket at the very end). A selection read several ways is offered once for each
    reading."""
    plays = view.wild_plays
    natural = {play.combo: play for play in plays if not play.wild_count}
    first = [natural[combo] for combo in hints(view) if combo in natural]
    seen = set(first)
    rest = sorted(
        (play for play in plays if play not in seen),
        key=lambda r: (r.strength[0], r.wild_count, r.level, -r.combo.size, r.kind.value),
    )
    return first + rest


def coached_hints(view: PlayerView) -> list[Combo | None]:
    """The play the normal bot would make first (None: it would pass), then `hints`
    without it. Nothing when nothing beats the play to beat: passing needs no hint."""
    plays = hints(view)
    if not plays:
        return []
    choice = policy.choose(Situation.of(view))
    return [choice, *(play for play in plays if play != choice)]
