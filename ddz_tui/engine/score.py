"""The multiplier and the score: what a game is worth, readable at any moment."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ddz_tui.engine.events import Side
from ddz_tui.engine.house import DEFAULT_FACTORS, Factors
from ddz_tui.engine.seats import per_seat

_SEATS = (0, 1, 2)


class PartKind(str, Enum):
    """One thing a game's worth is made of, in the order a result lists them."""

    BID = "bid"  # the winning bid; 1 when the landlord was drawn by lot or called
    GRABS = "grabs"  # 抢地主
    SHOWN_START = "shown_start"  # 明牌开始: a hand shown from before the bidding
    SHOWN = "shown"  # 明牌
    BOMBS = "bombs"  # under 癞子: bombs of four natural cards (硬炸)
    SOFT_BOMBS = "soft_bombs"  # 癞子: bombs made with wilds (软炸)
    WILD_BOMBS = "wild_bombs"  # 癞子: the four wilds (纯癞子炸)
    ROCKET = "rocket"
    SPRING = "spring"
    ANTI_SPRING = "anti_spring"
    DOUBLED = "doubled"  # this seat doubled (加倍)
    SUPER_DOUBLED = "super_doubled"  # this seat super-doubled (超级加倍)
    LANDLORD_DOUBLED = "landlord_doubled"  # the landlord doubled: a peasant's stake
    LANDLORD_SUPER_DOUBLED = "landlord_super_doubled"  # ... super-doubled
    PEASANTS = "peasants"  # the landlord plays against both peasants' stakes


@dataclass(frozen=True)
class Part:
    """count: the bid (BID), how many (BOMBS, GRABS; 2 for PEASANTS), else 1.
    factor: what it multiplies by, all of that count together (the bid for BID)."""

    kind: PartKind
    count: int
    factor: int


@dataclass(frozen=True)
class Multiplier:
    """The parts of a game's worth. Spring flags are known only when the game ends.

    base: the winning bid (1 when the landlord was drawn by lot or called); each bomb,
    the rocket, a spring (peasants never played) or anti-spring (landlord played once),
    each grab (抢地主) and a shown hand (明牌) multiply it by its factor: together the
    shared stake, `total`. doubled: who doubled (加倍), by seat; a peasant's own stake
    is the shared one times its own and the landlord's doubling (see `stake`), at most
    `cap` (封顶, None for no cap). super_doubled: who of them super-doubled (超级加倍):
    their doubling is `factors.super_double` instead of `factors.double`.
    Under 癞子, `bombs` counts bombs of four natural cards (硬炸), `soft_bombs` those made
    with wilds (软炸) and `wild_bombs` the four wilds (纯癞子炸), each class by its factor.
    shown_start: a seat played with its hand shown from before the bidding (明牌开始):
    `factors.show_start`, once whoever showed.
    """

    base: int = 1
    bombs: int = 0
    rocket: bool = False
    spring: bool = False
    anti_spring: bool = False
    grabs: int = 0
    shown: bool = False
    doubled: tuple[bool, bool, bool] = (False, False, False)
    super_doubled: tuple[bool, bool, bool] = (False, False, False)
    factors: Factors = DEFAULT_FACTORS
    cap: int | None = None
    soft_bombs: int = 0
    wild_bombs: int = 0
    shown_start: bool = False

    @property
    def doublings(self) -> int:
        """How many times the shared stake was raised (bombs, rocket, spring, grabs, show)."""
        spring = self.spring or self.anti_spring
        bombs = self.bombs + self.soft_bombs + self.wild_bombs
        return bombs + self.rocket + spring + self.grabs + self.shown + self.shown_start

    @property
    def factor(self) -> int:
        """Everything shared but the base."""
        f = self.factors
        factor: int = f.bomb**self.bombs * f.grab**self.grabs
        if self.soft_bombs or self.wild_bombs:
            factor *= f.soft_bomb**self.soft_bombs * f.wild_bomb**self.wild_bombs
        if self.rocket:
            factor *= f.rocket
        if self.spring or self.anti_spring:
            factor *= f.spring
        if self.shown:
            factor *= f.show
        if self.shown_start:
            factor *= f.show_start
        return factor

    @property
    def total(self) -> int:
        """The shared stake: base × factor."""
        return self.base * self.factor

    def parts(self, seat: int | None = None, landlord: int | None = None) -> tuple[Part, ...]:
        """The stake's parts, whose factors multiply to it: the shared stake (`total`)
        with no seat; `seat`'s own stake (`stake`) with a seat and the landlord."""
        f = self.factors
        parts = [Part(PartKind.BID, self.base, self.base)]
        if self.grabs:
            parts.append(Part(PartKind.GRABS, self.grabs, f.grab**self.grabs))
        if self.shown_start:
            parts.append(Part(PartKind.SHOWN_START, 1, f.show_start))
        if self.shown:
            parts.append(Part(PartKind.SHOWN, 1, f.show))
        if self.bombs:
            parts.append(Part(PartKind.BOMBS, self.bombs, f.bomb**self.bombs))
        if self.soft_bombs:
            parts.append(Part(PartKind.SOFT_BOMBS, self.soft_bombs, f.soft_bomb**self.soft_bombs))
        if self.wild_bombs:
            parts.append(Part(PartKind.WILD_BOMBS, self.wild_bombs, f.wild_bomb**self.wild_bombs))
        if self.rocket:
            parts.append(Part(PartKind.ROCKET, 1, f.rocket))
        if self.spring:
            parts.append(Part(PartKind.SPRING, 1, f.spring))
        if self.anti_spring:
            parts.append(Part(PartKind.ANTI_SPRING, 1, f.spring))
        if seat is None:
            return tuple(parts)
        if landlord is None:
            raise ValueError("a seat's stake depends on who is landlord")
        if self.doubled[seat]:
            kind = PartKind.SUPER_DOUBLED if self.super_doubled[seat] else PartKind.DOUBLED
            parts.append(Part(kind, 1, self.doubling(seat)))
        if seat == landlord:
            peasants = sum(self.doubling(other) for other in _SEATS if other != landlord)
            parts.append(Part(PartKind.PEASANTS, 2, peasants))
        elif self.doubled[landlord]:
            super_ = self.super_doubled[landlord]
            kind = PartKind.LANDLORD_SUPER_DOUBLED if super_ else PartKind.LANDLORD_DOUBLED
            parts.append(Part(kind, 1, self.doubling(landlord)))
        return tuple(parts)

    def doubling(self, seat: int) -> int:
        """What `seat`'s own doubling multiplies by: 1 if it did not double, the
        super double's factor if it super-doubled (超级加倍)."""
        if not self.doubled[seat]:
            return 1
        return self.factors.super_double if self.super_doubled[seat] else self.factors.double

    def stake(self, seat: int, landlord: int) -> int:
        """What `seat` wins or loses: a peasant, the shared stake times its own and the
        landlord's doubling, at most the cap; the landlord, what the two peasants win or
        lose together (so up to twice the cap, and the scores stay zero-sum)."""
        return self.stakes(landlord)[seat]

    def stakes(self, landlord: int) -> tuple[int, int, int]:
        """`stake` of each seat."""
        lord = self.total * self.doubling(landlord)
        out = [lord * self.doubling(seat) for seat in _SEATS]
        if self.cap is not None:
            out = [min(stake, self.cap) for stake in out]
        out[landlord] = sum(out) - out[landlord]
        return per_seat(out)

    def capped(self, seat: int, landlord: int) -> bool:
        """Whether the cap (封顶) cut `seat`'s stake (the landlord's: either peasant's)."""
        if self.cap is None:
            return False
        lord = self.total * self.doubling(landlord)
        seats = [other for other in _SEATS if other != landlord] if seat == landlord else [seat]
        return any(lord * self.doubling(other) > self.cap for other in seats)


def scores(landlord: int, winner: Side, multiplier: Multiplier) -> tuple[int, int, int]:
    """Each seat's stake, won or lost: without doubling, the landlord ± 2 × total and
    each peasant the opposite of half of that."""
    sign = 1 if winner is Side.LANDLORD else -1
    return per_seat(
        sign * stake if seat == landlord else -sign * stake
        for seat, stake in enumerate(multiplier.stakes(landlord))
    )
