"""The phases of a game and the two roles in it: plain names that every layer above
the engine shows or tests, kept apart from the engine's machinery (importing them
loads no rule table)."""

from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """Bidding (or calling and grabbing) until the landlord is known; then, under those
    house rules, the landlord's choice to show the hand and everyone's to double."""

    BIDDING = "bidding"
    SHOWING = "showing"
    DOUBLING = "doubling"
    PLAYING = "playing"
    OVER = "over"


class Role(str, Enum):
    LANDLORD = "landlord"
    PEASANT = "peasant"
