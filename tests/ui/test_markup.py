"""Text from outside (player names, server notices, paths, errors) is shown as written:
never read as Rich markup, which could hide it or crash every screen it reaches."""

from __future__ import annotations

import pytest

from ddz_tui.engine import PlayerView
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.ui.widgets.sound_note import SoundNote
from tests.support.ui import ScriptedTable, make_app, table_screen

NASTY = "[/]"
BOLD = "[b]Bo"


async def test_names_and_notices_with_brackets_show_literally() -> None:
    seats = (SeatInfo("me"), SeatInfo(NASTY), SeatInfo(BOLD, SeatKind.BOT, "random"))
    table = ScriptedTable(seats)
    app = make_app()
    async with app.run_test() as pilot:
        app.open_table(table)
        await pilot.pause()
        view = PlayerView(0, "44556677889TJQKA2", None, "", (), ((1, 1),), 1)
        table.publish(view, thinking=2)
        await pilot.pause()
        screen = table_screen(pilot)
        right, left = screen.query_one("#right-seat"), screen.query_one("#left-seat")
        titles = f"{right._border_title.plain} {left._border_title.plain}"
        assert NASTY in titles and BOLD in titles
        line = screen.query_one("MessageLine")
        assert f"{BOLD} is bidding" in str(line.render())
        table.publish(view, thinking=2, notice=f"{NASTY} left the table")
        await pilot.pause()
        assert f"{NASTY} left the table" in str(line.render())


async def test_the_sound_note_keeps_its_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        note = SoundNote()
        await app.screen.mount(note)
        line = "pip install 'ddz-tui[sound]'"
        monkeypatch.setattr(type(app.sound), "note", property(lambda self: line))
        note.reread()
        await pilot.pause()
        assert "ddz-tui[sound]" in str(note.render())


async def test_notifications_with_brackets_show_literally() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        app.notify(f"history is off: /tmp/[x]/ddz.sqlite3: {NASTY}")
        await pilot.pause()
        [notice] = list(app._notifications)
        assert not notice.markup
        assert notice.message.endswith(f"/tmp/[x]/ddz.sqlite3: {NASTY}")
