"""Who sits where and what a seat sees: the values a table hands out to the screens and
the network (all frozen; a notice is a `Phrase`, so that a server can say it in each
player's own language)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ddz_tui.i18n import Phrase

if TYPE_CHECKING:
    from ddz_tui.engine import PlayerView
    from ddz_tui.records.store import SeatLabel


class SeatKind(str, Enum):
    HUMAN = "human"
    BOT = "bot"
    EMPTY = "empty"  # nobody sits here yet: a networked table waiting for players


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as everyone at the table sees it."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None  # the bot's level; for a human, the bot that stands in
    takeover: bool = False  # a bot plays for this human (托管): asked for, or the line dropped
    connected: bool = True
    ready: bool = False  # this human asked for the next deal (bots are always ready)
    label: SeatLabel | None = None  # a name the game gave ("You", "Left"): kept as this

    @property
    def played_by_bot(self) -> bool:
        return self.kind is SeatKind.BOT or self.takeover

    @property
    def is_empty(self) -> bool:
        return self.kind is SeatKind.EMPTY

    @property
    def is_ready(self) -> bool:
        """Counts towards the deal: a bot, or a human at the table who said so."""
        if self.kind is SeatKind.BOT:
            return True
        return self.kind is SeatKind.HUMAN and self.ready and self.connected


EMPTY_SEAT = SeatInfo("", SeatKind.EMPTY, connected=False)


@dataclass(frozen=True)
class TableState:
    """What one seat sees of the table now. `view` is None before the first deal."""

    seat: int
    seats: tuple[SeatInfo, SeatInfo, SeatInfo]
    view: PlayerView | None
    thinking: int | None = None  # a bot-played seat deciding now
    totals: tuple[int, int, int] = (0, 0, 0)  # session scores, this game included once over
    games: int = 0  # games finished at this table
    turn_seconds: float | None = None  # time left on the turn timer, where there is one
    # how many times in a row this game's cards were dealt again because nobody bid (or
    # called): said during the new deal's bidding, which a bot's quick bid would cut short
    redeals: int = 0
    # something every seat should read (a player left, ...): a phrase from the table
    # itself, text from a server (already in this player's language)
    notice: Phrase | str | None = None
    # a spectator's state: the public view drawn from `seat`'s chair, no hand while the
    # game is on (`Game.public_view`), every hand laid open at its end
    watching: bool = False


Listener = Callable[[TableState], None]
