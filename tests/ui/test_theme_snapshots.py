"""The table in each theme the settings offer (issue 34: the themes the game is drawn
and tested in, a light one and dark ones), at our turn with nothing raised, so the
disabled Play button shows its label too."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from ddz_tui.engine import LandlordMode
from tests.support.ui import make_app, sit_down, take_turns


async def our_turn_nothing_raised(pilot: Pilot) -> None:
    await sit_down(pilot, LandlordMode.RANDOM)
    await take_turns(pilot, 3)


@pytest.mark.parametrize("theme", ["ddz-paper", "ddz-night"])
def test_the_table_in_a_theme(snap_compare, theme: str) -> None:
    # no pass made for us (nothing beats the play at this turn): the snapshot is taken
    # while the turn is ours, however slowly the machine gets there
    app = make_app(theme=theme, auto_pass=False)
    assert snap_compare(app, run_before=our_turn_nothing_raised)
