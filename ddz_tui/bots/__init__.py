"""Bot players behind one small interface: `make_bot(level, seed)`.

A bot sees the game only through a `PlayerView` and answers with a play (a Combo,
None to pass), a bid (0 to pass), or, under house rules, yes or no to calling,
grabbing, showing and doubling. Bots are deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the levels are imported when a bot is made, so naming one is cheap
    from ddz_tui.engine import PlayerView
    from ddz_tui.rules import Combo
    from ddz_tui.wild import Reading

__all__ = ["COACH_BUDGET", "Bot", "Level", "make_bot"]

COACH_BUDGET = 2.0
"""The coach's budget per decision, in seconds' worth of the hard bot's search:
generous next to a game's 1 second, as the coach has the time (here, not in `coach`,
so the command line can name it without loading the bots)."""


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Combo | None:
        """The play to make (one of `view.legal_plays`), or None to pass."""
        ...

    def choose_wild(self, view: PlayerView) -> Reading | None:
        """Under 癞子: the play to make with its reading (one of `view.wild_plays`), or
        None to pass (`bots.laizi`)."""
        ...

    def bid(self, view: PlayerView) -> int:
        """A bid from `view.legal_bids`: 0 passes."""
        ...

    def answer(self, view: PlayerView) -> bool:
        """Yes or no to `view.decision`: call, grab, show the hand or double."""
        ...

    def super_double(self, view: PlayerView) -> bool:
        """Whether its yes to 加倍 is a super double (超级加倍): asked only after that
        yes, where the rules have super doubling."""
        ...


class Level(str, Enum):
    """Bot strengths, weakest first. The values are what menus and commands accept."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def _factories() -> dict[Level, Callable[..., Bot]]:
    from ddz_tui.bots.easy import EasyBot
    from ddz_tui.bots.hard import HardBot
    from ddz_tui.bots.normal import NormalBot
    from ddz_tui.bots.random_bot import RandomBot

    return {
        Level.RANDOM: RandomBot,
        Level.EASY: EasyBot,
        Level.NORMAL: NormalBot,
        Level.HARD: HardBot,
    }


def make_bot(level: Level | str, seed: int | None = None, **options: object) -> Bot:
    """A bot of the given level. Options go to the level that takes them (the hard bot's
    `budget` in seconds per decision, `samples`); ValueError names the levels for an
    unknown level, TypeError an option the level does not take."""
    try:
        key = Level(level)
    except ValueError:
        names = ", ".join(lv.value for lv in Level)
        raise ValueError(f"unknown bot level {level!r}: choose from {names}") from None
    return _factories()[key](seed, **options)
