"""Snapshots of chat at the table at 80x24: a bot's quick phrase on its seat's border,
and the chat dialog over the table (the phrases, a mute for each seat, the line for
your own words) with what was said lately."""

from __future__ import annotations

from textual.pilot import Pilot

from ddz_tui.table.chat import QuickPhrase
from ddz_tui.table.clients import LocalTable
from tests.support.ui import make_app, sit_down


async def _a_phrase_said(pilot: Pilot) -> None:
    """The bidding, and the right-hand bot (seat 1) says "Hurry up!"."""
    screen = await sit_down(pilot)
    client = screen.client
    assert isinstance(client, LocalTable)
    client.host.chat.say(1, QuickPhrase.HURRY)
    await pilot.pause()


def test_a_phrase_beside_its_seat(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=_a_phrase_said)


def test_the_chat_dialog(snap_compare) -> None:
    async def open_chat(pilot: Pilot) -> None:
        await _a_phrase_said(pilot)
        await pilot.press("e")

    assert snap_compare(make_app(), run_before=open_chat)
