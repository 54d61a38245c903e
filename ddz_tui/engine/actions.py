"""A seat's action as one value: what a player, a bot, a turn timer or the network
asks the game to do. Every layer above the engine passes these along unchanged
(`Game.act`, `TableHost.act`, `TableClient.act`, the protocol's `act` message), so a
new decision of the house rules is a new `Decision`, not a new method in each layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ddz_tui.cards import Card, ranks_of
from ddz_tui.engine.house import Decision
from ddz_tui.rules import Combo

if TYPE_CHECKING:  # the wild rules load only for a 癞子 game
    from ddz_tui.wild import Reading


@dataclass(frozen=True)
class MakeBid:
    """叫分: bid `points` (1–3) above the highest bid so far, or 0 to pass."""

    points: int


@dataclass(frozen=True)
class Answer:
    """Yes or no to a decision of the house rules: call or grab the landlord (叫地主,
    抢地主), show the hand (明牌), double (加倍). `decision` is the question answered:
    an answer to another question than the one due is refused. `level` 2 is a yes
    that means more: a super double (超级加倍, ×4), only to `Decision.DOUBLE` in a game
    with `Rules.super_double`; every other answer is level 1."""

    decision: Decision
    yes: bool
    level: int = 1


@dataclass(frozen=True)
class Play:
    """Play these cards; a `Combo` (a bot's play, as ranks) means the lowest suits of
    its ranks in the hand. `reading`, under 癞子: what the cards' wilds stand for (one
    of `ddz_tui.wild.readings` of the cards), needed when they can be read several ways
    (the game never chooses one for a player); None for cards that read one way. From
    the wire, the reading is what its wilds stand for (`Reading.wilds`, as a record
    writes it), which the game reads against the cards (`Game.play`)."""

    cards: tuple[Card, ...] | Combo
    reading: Reading | str | None = None

    @property
    def ranks(self) -> str:
        """The play's ranks, in canonical order."""
        cards = self.cards
        return cards.cards if isinstance(cards, Combo) else ranks_of(cards)


@dataclass(frozen=True)
class Pass:
    """Pass the trick (only when there is a play to beat)."""


PASS = Pass()

Action = MakeBid | Answer | Play | Pass
"""Every action a seat can take."""
