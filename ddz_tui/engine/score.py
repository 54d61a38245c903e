"""The multiplier and the score: what a game is worth, readable at any moment."""

from __future__ import annotations

from dataclasses import dataclass

from ddz_tui.engine.events import Side


@dataclass(frozen=True)
class Multiplier:
    """The parts of a game's worth. Spring flags are known only when the game ends.

    base: the winning bid (1 in random mode); each bomb and the rocket double it;
    a spring (peasants never played) or anti-spring (landlord played once) doubles it.
    """

    base: int = 1
    bombs: int = 0
    rocket: bool = False
    spring: bool = False
    anti_spring: bool = False

    @property
    def doublings(self) -> int:
        return self.bombs + self.rocket + (self.spring or self.anti_spring)

    @property
    def factor(self) -> int:
        """Everything but the base: 2 to the number of doublings."""
        return 2**self.doublings

    @property
    def total(self) -> int:
        return self.base * self.factor


def scores(landlord: int, winner: Side, multiplier: Multiplier) -> tuple[int, int, int]:
    """Landlord ± 2 × base × factor; each peasant the opposite of half of that."""
    stake = multiplier.total
    sign = 1 if winner is Side.LANDLORD else -1
    return tuple(2 * stake * sign if seat == landlord else -stake * sign for seat in range(3))  # type: ignore[return-value]
