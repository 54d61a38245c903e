"""The sounds a table makes, read from two views of one seat: the one shown before
and the one just arrived. Any kind of table (local, or over the network) sounds the
same, since all of them deliver views."""

from __future__ import annotations

from ddz_tui.engine import Phase, PlayerView
from ddz_tui.rules import Kind, classify
from ddz_tui.sound.clips import Effect
from ddz_tui.ui.show.reading import won
from ddz_tui.wild import Reading

LOUD_KINDS = {Kind.BOMB: Effect.BOMB, Kind.ROCKET: Effect.ROCKET}
"""Plays with a sound of their own instead of the plain play sound."""


def _fresh(view: PlayerView) -> bool:
    """Nothing bid or played yet: the cards have just been dealt."""
    return not view.history and not view.bids


def dealt(before: PlayerView | None, after: PlayerView) -> bool:
    """A deal happened: the first, the next game's, or a redeal after no bids."""
    return _fresh(after) and (before is None or not _fresh(before) or before.hand != after.hand)


def play_effect(cards: str, reading: Reading | None = None) -> Effect:
    """The sound of one history entry ("" is a pass); under 癞子, of the play as it was
    read (`reading`: a bomb made with wilds sounds as a bomb)."""
    if not cards:
        return Effect.PASS
    combo = classify(cards) if reading is None else reading.combo
    return Effect.PLAY if combo is None else LOUD_KINDS.get(combo.kind, Effect.PLAY)


def table_cues(before: PlayerView | None, after: PlayerView) -> list[Effect]:
    """The effects for what happened between `before` and `after`, in order: the
    deal, each play or pass, and the end of the game as this seat lived it."""
    if dealt(before, after):
        return [Effect.DEAL]
    if before is None:
        return []  # sat down in the middle of a game: nothing has just happened
    seen = len(before.history)
    if after.history[:seen] != before.history:
        return []  # another game than the one shown: nothing to replay
    read = after.readings
    effects = [
        play_effect(cards, read[index] if read else None)
        for index, (_, cards) in enumerate(after.history[seen:], start=seen)
    ]
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        effects.append(Effect.WIN if won(after) else Effect.LOSE)
    return effects
