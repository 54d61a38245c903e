"""Plays to suggest to a player, in the order the hint key cycles through them."""

from __future__ import annotations

from ddz_tui.engine import PlayerView
from ddz_tui.rules import Combo


def hints(view: PlayerView) -> list[Combo]:
    """Following: every play that beats, weakest first, bombs and the rocket last.
    Leading: ordinary plays from the lowest main rank up (longer first within a rank),
    then bombs and the rocket."""
    plays = view.legal_plays
    if not view.leads:
        return plays
    return sorted(plays, key=lambda c: (c.is_bomb, c.level, -c.size, c.kind.value))
