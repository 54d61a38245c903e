"""The waiting room between games at a shared table: its list of seats fits 80 columns,
every word of it, with the longest names, a bot and the running totals."""

from __future__ import annotations

import pytest
from rich.console import Console

from ddz_tui.i18n import Lang, set_language
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.ui.widgets.waiting import seats_table

ROOM = 80 - 2 - 4  # the box's border and padding at 80 columns


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
def test_the_seats_fit_80_columns_whole_with_a_bot_and_the_totals(lang: Lang) -> None:
    seats = (
        SeatInfo("张三丰Alice_long", ready=True),  # 16 cells, the longest a name takes
        SeatInfo("Bartholomew_Kent"),
        SeatInfo("bot", SeatKind.BOT, "normal"),
    )
    state = TableState(0, seats, None, totals=(-1280, 640, 640), games=12)
    set_language(lang)
    try:
        console = Console(width=ROOM, record=True, color_system=None)
        console.print(seats_table(state))
        lines = console.export_text().splitlines()
    finally:
        set_language(Lang.EN)
    assert len(lines) == 4, "a header and one line a seat: nothing wrapped"
    assert "-1280" in lines[1] and lines[3].rstrip().endswith("+640")
