"""One value per seat: the game, its views and its records hold threes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def per_seat(items: Iterable[T]) -> tuple[T, T, T]:
    """Exactly three items, one per seat, as a tuple; ValueError for another number."""
    try:
        first, second, third = items
    except ValueError:
        raise ValueError("not one for each of the three seats") from None
    return first, second, third
