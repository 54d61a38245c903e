"""The engine: a synchronous, replayable game of Dou Dizhu with private views.

It knows nothing of Textual, sockets or sound; the UI, the bots and the network go
through `Game` actions and `PlayerView`s.
"""

from ddz_tui.engine.calling import Calling, calling
from ddz_tui.engine.events import (
    Bid,
    Called,
    Dealt,
    Doubled,
    Event,
    GameOver,
    LandlordChosen,
    Passed,
    Played,
    Shown,
    Side,
    Started,
    TrickWon,
    dumps,
    loads,
)
from ddz_tui.engine.game import (
    Action,
    Game,
    IllegalAction,
    IllegalReason,
    Result,
    bubble_in,
    bubble_sort,
)
from ddz_tui.engine.house import (
    PLAIN_MODES,
    RULES_SPEC_HELP,
    Decision,
    Factors,
    LandlordMode,
    Rules,
    parse_rules,
    rules_spec,
)
from ddz_tui.engine.score import Multiplier, Part, PartKind, scores
from ddz_tui.engine.view import Phase, PlayerView, Role, next_seat

__all__ = [
    "PLAIN_MODES",
    "RULES_SPEC_HELP",
    "Action",
    "Bid",
    "Called",
    "Calling",
    "Dealt",
    "Decision",
    "Doubled",
    "Event",
    "Factors",
    "Game",
    "GameOver",
    "IllegalAction",
    "IllegalReason",
    "LandlordChosen",
    "LandlordMode",
    "Multiplier",
    "Part",
    "PartKind",
    "Passed",
    "Phase",
    "Played",
    "PlayerView",
    "Result",
    "Role",
    "Rules",
    "Shown",
    "Side",
    "Started",
    "TrickWon",
    "bubble_in",
    "bubble_sort",
    "calling",
    "dumps",
    "loads",
    "next_seat",
    "parse_rules",
    "rules_spec",
    "scores",
]
