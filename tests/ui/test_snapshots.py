"""Snapshots of every screen state, from fixed seeds with no bot delay.

Each baseline under __snapshots__/ was looked at before it was accepted; run
`pytest -n0 tests/ui/test_snapshots.py --snapshot-update` after a deliberate change and
look at the new ones again.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from ddz_tui.engine import LandlordMode
from ddz_tui.i18n import Lang
from ddz_tui.ui.show.reading import last_trick
from tests.support.ui import (
    keys_for,
    make_app,
    our_turns,
    sit_down,
    table_screen,
    take_a_turn,
    take_turns,
)

WIDE = (120, 40)
LARGE = (160, 50)


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


def test_mid_game_large(snap_compare) -> None:
    """A large terminal: the other hands fanned face down, the plays in the middle."""
    assert snap_compare(make_app(), run_before=mid_game, terminal_size=LARGE)


def test_ascii_table_large(snap_compare) -> None:
    assert snap_compare(make_app(ascii_cards=True), run_before=mid_game, terminal_size=LARGE)


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


TO_THE_ASCII_SWITCH = ["s", *["tab"] * 10]  # name, wait, bots, landlord, doubling, super double,
# showing, cap, no shuffle


def test_settings_with_a_switch_focused_off(snap_compare, config_dir, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(Path(config_dir).parent))
    assert snap_compare(make_app(), press=TO_THE_ASCII_SWITCH)


def test_settings_with_a_switch_focused_on(snap_compare, config_dir, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(Path(config_dir).parent))
    assert snap_compare(make_app(), press=[*TO_THE_ASCII_SWITCH, "space"])


def test_terminal_too_small(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(70, 20))


def test_ascii_cards(snap_compare) -> None:
    assert snap_compare(make_app(ascii_cards=True), run_before=mid_game)


def test_chinese(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH), run_before=mid_game)


def test_chinese_title(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH))


# --- the table's extras: the last trick, the end laid open --------------------------


async def to_a_finished_trick(pilot: Pilot) -> None:
    """Play until a trick has ended, then look back at it (L)."""
    await sit_down(pilot, LandlordMode.RANDOM)
    async for view in our_turns(pilot):
        if last_trick(view):
            break
        await take_a_turn(pilot, view)
    await pilot.press("l")


async def to_the_end_laid_open(pilot: Pilot) -> None:
    """A whole game: the result over the other hands, face up."""
    await sit_down(pilot)
    await take_turns(pilot)


async def to_the_end_result_aside(pilot: Pilot) -> None:
    """The result put aside (V) to look at the hands laid open."""
    await to_the_end_laid_open(pilot)
    await pilot.press("v")


def test_last_trick(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=to_a_finished_trick)


def test_last_trick_chinese(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH), run_before=to_a_finished_trick)


def test_end_laid_open_result_aside(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=to_the_end_result_aside)


def test_end_laid_open_result_aside_chinese(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH), run_before=to_the_end_result_aside)


def test_result_chinese(snap_compare) -> None:
    assert snap_compare(make_app(lang=Lang.ZH), run_before=to_the_end_laid_open)


def test_hand_by_count_in_auto_play(snap_compare) -> None:
    """The hand by count (O), and 托管 on (U) as the seat and the button show it."""

    async def by_count_auto(pilot: Pilot) -> None:
        await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot, 2)
        await pilot.press("g")
        table_screen(pilot).client.host.bot_delay = 60.0  # the bot thinks while we look
        await pilot.press("u")
        await pilot.pause()

    assert snap_compare(make_app(), run_before=by_count_auto)
