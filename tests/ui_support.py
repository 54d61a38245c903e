"""Driving the app in tests: a fresh app at a fixed seed, and waiting for the table."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

from textual.pilot import Pilot

from ddz_tui.bots import Level
from ddz_tui.engine import LandlordMode, Phase, PlayerView
from ddz_tui.i18n import Lang
from ddz_tui.table import LocalTable
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.new_game import LocalGame
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.settings import Settings, SettingsStore

SEED = 11
MAX_TURNS = 60  # far more of our turns than one game can take


def make_app(
    lang: Lang = Lang.EN, seed: int = SEED, ascii_cards: bool = False, **settings: object
) -> DdzApp:
    """An app with saved settings (no delay, random bots unless given) in the test's
    config directory."""
    store = SettingsStore(Path(os.environ["DDZ_CONFIG_DIR"]))
    values: dict[str, object] = {
        "bot_delay": 0.0,
        "left_bot": Level.RANDOM,
        "right_bot": Level.RANDOM,
        **settings,
    }
    store.save(Settings(**values))  # type: ignore[arg-type]
    return DdzApp(store, lang=lang, seed=seed, ascii_cards=ascii_cards)


def local_game(mode: LandlordMode = LandlordMode.BID) -> LocalGame:
    return LocalGame(Level.RANDOM, Level.RANDOM, mode)


def table_screen(pilot: Pilot) -> TableScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))


async def settle(pilot: Pilot) -> None:
    """Wait until the bots have acted and the screen has shown the result."""
    screen = table_screen(pilot)
    client = screen.client
    assert isinstance(client, LocalTable)
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await client.host.settled()
        await pilot.pause()


async def sit_down(pilot: Pilot, mode: LandlordMode = LandlordMode.BID) -> TableScreen:
    """Open a local table (as the title's New game does) and wait for the deal."""
    pilot.app.start_local_game(local_game(mode))  # type: ignore[attr-defined]
    await pilot.pause()
    await settle(pilot)
    return table_screen(pilot)


RANK_KEY = {"T": "t", "B": "b", "R": "r"}


def keys_for(ranks: str) -> list[str]:
    """The keys that raise these ranks (each press raises the next card of a rank)."""
    return [RANK_KEY.get(rank, rank.lower()) for rank in ranks]


async def our_turns(pilot: Pilot, limit: int = MAX_TURNS) -> AsyncIterator[PlayerView]:
    """Each of our turns, until the game is over (the bots play in between)."""
    screen = table_screen(pilot)
    for _ in range(limit):
        await settle(pilot)
        view = screen.view
        assert view is not None
        if view.phase is Phase.OVER:
            return
        assert view.my_turn, "the bots have played, so it is our turn"
        yield view
    raise AssertionError(f"the game took more than {limit} of our turns")


async def take_turns(pilot: Pilot, turns: int = MAX_TURNS) -> None:
    """Play as a simple player would, by keys: bid the most, play the first legal
    play, pass when nothing beats. Stops after `turns` of our turns, or at the end."""
    played = 0
    async for view in our_turns(pilot):
        if played == turns:
            return
        if view.phase is Phase.BIDDING:
            await pilot.press(str(view.legal_bids[-1]))
        elif view.legal_plays:
            await pilot.press(*keys_for(view.legal_plays[0].cards), "enter")
        else:
            await pilot.press("p")
        played += 1
