"""The engine: a synchronous, replayable game of Dou Dizhu with private views.

It knows nothing of Textual, sockets or sound; the UI, the bots and the network go
through `Game` actions and `PlayerView`s.

The game's machinery (`Game`, `PlayerView`, events, scores) is imported on first use:
naming a phase, a role or a house rule loads no rule table, so the app can show its
title before the engine has loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ddz_tui.engine.calling import Calling, calling
from ddz_tui.engine.house import (
    PLAIN_MODES,
    RULES_SPEC_HELP,
    YES_OR_NO,
    Decision,
    Factors,
    LandlordMode,
    Rules,
    parse_rules,
    rules_spec,
)
from ddz_tui.engine.phases import Phase, Role

if TYPE_CHECKING:
    from ddz_tui.engine.actions import PASS, Action, Answer, MakeBid, Pass, Play
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
        ShownAtStart,
        Side,
        Started,
        TrickWon,
        WildDrawn,
        dumps,
        loads,
    )
    from ddz_tui.engine.game import (
        ActionRefused,
        Game,
        IllegalAction,
        IllegalReason,
        Result,
        bubble_in,
        bubble_sort,
    )
    from ddz_tui.engine.score import Multiplier, Part, PartKind, scores
    from ddz_tui.engine.trick import Trick, trick_of
    from ddz_tui.engine.view import PlayerView, next_seat

_LAZY = {
    "Bid": "events",
    "Called": "events",
    "Dealt": "events",
    "Doubled": "events",
    "Event": "events",
    "GameOver": "events",
    "LandlordChosen": "events",
    "Passed": "events",
    "Played": "events",
    "Shown": "events",
    "ShownAtStart": "events",
    "Side": "events",
    "Started": "events",
    "TrickWon": "events",
    "WildDrawn": "events",
    "dumps": "events",
    "loads": "events",
    "Action": "actions",
    "Answer": "actions",
    "MakeBid": "actions",
    "PASS": "actions",
    "Pass": "actions",
    "Play": "actions",
    "Game": "game",
    "IllegalAction": "game",
    "IllegalReason": "game",
    "ActionRefused": "game",
    "Result": "game",
    "bubble_in": "game",
    "bubble_sort": "game",
    "Multiplier": "score",
    "Part": "score",
    "PartKind": "score",
    "scores": "score",
    "Trick": "trick",
    "trick_of": "trick",
    "PlayerView": "view",
    "next_seat": "view",
}
"""Where each name imported on first use lives."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "PASS",
    "PLAIN_MODES",
    "RULES_SPEC_HELP",
    "YES_OR_NO",
    "Action",
    "ActionRefused",
    "Answer",
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
    "MakeBid",
    "Multiplier",
    "Part",
    "PartKind",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "Played",
    "PlayerView",
    "Result",
    "Role",
    "Rules",
    "Shown",
    "ShownAtStart",
    "Side",
    "Started",
    "Trick",
    "TrickWon",
    "WildDrawn",
    "bubble_in",
    "bubble_sort",
    "calling",
    "dumps",
    "loads",
    "next_seat",
    "parse_rules",
    "rules_spec",
    "scores",
    "trick_of",
]
