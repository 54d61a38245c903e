"""Snapshots of every screen state, from fixed seeds with no bot delay.

Each baseline under __snapshots__/ was looked at before it was accepted; run
`pytest -n0 tests/test_ui_snapshots.py --snapshot-update` after a deliberate change and
look at the new ones again.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from ddz_tui.engine import LandlordMode
from ddz_tui.i18n import Lang
from tests.ui_support import keys_for, make_app, sit_down, table_screen, take_turns

WIDE = (120, 40)


async def mid_game(pilot: Pilot) -> None:
    """A few turns into a game with the landlord drawn by lot, a pair raised."""
    await sit_down(pilot, LandlordMode.RANDOM)
    await take_turns(pilot, 3)
    view = table_screen(pilot).view
    assert view is not None
    pair = next(rank for rank in view.hand_ranks if view.hand_ranks.count(rank) >= 2)
    await pilot.press(*keys_for(pair * 2))


def test_title(snap_compare) -> None:
    assert snap_compare(make_app())


def test_bidding(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=sit_down)


def test_mid_game_with_a_raised_selection(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=mid_game)


def test_mid_game_wide(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=mid_game, terminal_size=WIDE)


def test_refused_play(snap_compare) -> None:
    async def refuse(pilot: Pilot) -> None:
        await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot, 1)
        view = table_screen(pilot).view
        assert view is not None
        low, high = view.hand_ranks[0], view.hand_ranks[-1]
        await pilot.press(*keys_for(low + high), "enter")
        await pilot.pause()

    assert snap_compare(make_app(), run_before=refuse)


def test_card_counter(snap_compare) -> None:
    async def counter(pilot: Pilot) -> None:
        await mid_game(pilot)
        await pilot.press("c")

    assert snap_compare(make_app(), run_before=counter)


def test_result(snap_compare) -> None:
    async def to_the_end(pilot: Pilot) -> None:
        await sit_down(pilot)
        await take_turns(pilot)

    assert snap_compare(make_app(), run_before=to_the_end)


def test_help(snap_compare) -> None:
    assert snap_compare(make_app(), press=["f1"])


def test_settings(snap_compare, config_dir, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(Path(config_dir).parent))  # the path shown is ~/config/...
    assert snap_compare(make_app(), press=["s"])


def test_terminal_too_small(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(70, 20))


def test_ascii_cards(snap_compare) -> None:
    assert snap_compare(make_app(ascii_cards=True), run_before=mid_game)


def test_chinese(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH), run_before=mid_game)


def test_chinese_title(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH))
