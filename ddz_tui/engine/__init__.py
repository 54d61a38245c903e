"""The engine: a synchronous, replayable game of Dou Dizhu with private views.

It knows nothing of Textual, sockets or sound; the UI, the bots and the network go
through `Game` actions and `PlayerView`s.
"""

from ddz_tui.engine.events import (
    Bid,
    Dealt,
    Event,
    GameOver,
    LandlordChosen,
    LandlordMode,
    Passed,
    Played,
    Side,
    Started,
    TrickWon,
    dumps,
    loads,
)
from ddz_tui.engine.game import Game, IllegalAction, Reason, Result, bubble_in, bubble_sort
from ddz_tui.engine.score import Multiplier, scores
from ddz_tui.engine.view import Phase, PlayerView, Role, next_seat

__all__ = [
    "Bid",
    "Dealt",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "LandlordChosen",
    "LandlordMode",
    "Multiplier",
    "Passed",
    "Phase",
    "Played",
    "PlayerView",
    "Reason",
    "Result",
    "Role",
    "Side",
    "Started",
    "TrickWon",
    "bubble_in",
    "bubble_sort",
    "dumps",
    "loads",
    "next_seat",
    "scores",
]
