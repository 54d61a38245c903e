"""Driving the app in tests: a fresh app at a fixed seed, waiting for the table, a
table the test scripts, and a silent Sound that notes what the app asks of it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Switch

from ddz_tui.bots import Level
from ddz_tui.engine import Decision, LandlordMode, Phase, PlayerView, Rules
from ddz_tui.i18n import Lang
from ddz_tui.sound.clips import Clip, Effect, Music
from ddz_tui.sound.player import Sound
from ddz_tui.table.clients import LocalTable
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.ui import app as app_module
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.online import HostRequest, JoinRequest
from ddz_tui.ui.screens.lobby import LobbyScreen, NewTableScreen
from ddz_tui.ui.screens.new_game import LocalGame
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.settings import Settings, SettingsStore
from ddz_tui.ui.theme import theme_names

SEED = 11
YES_OR_NO = (Decision.CALL, Decision.GRAB, Decision.SHOW, Decision.DOUBLE)
MAX_TURNS = 60  # far more of our turns than one game can take


class QuietPlayback:
    def is_playing(self) -> bool:
        return False

    def stop(self) -> None:
        pass


class QuietBackend:
    """Plays everything at once, into nowhere."""

    def play(self, clip: Clip) -> QuietPlayback:
        return QuietPlayback()


QUIET_CLIPS = {name: Clip.silence(0.01) for name in (*Effect, *Music)}


class SpySound(Sound):
    """The app's Sound on a silent backend, noting what the app asks for: effects,
    and each change of music (None: the music stops)."""

    def __init__(self, enabled: bool | None = None, *, backend=QuietBackend) -> None:
        self.asked: list[Effect | Music | None] = []
        self.playing: Music | None = None  # the music asked for last
        self.closed = False
        super().__init__(enabled, backend=backend, clips=lambda: QUIET_CLIPS)

    def effect(self, effect: Effect) -> None:
        self.asked.append(effect)
        super().effect(effect)

    def music(self, music: Music | None) -> None:
        if music != self.playing:
            self.asked.append(music)
            self.playing = music
        super().music(music)

    def effects(self) -> list[Effect]:
        return [a for a in self.asked if isinstance(a, Effect)]

    def close(self) -> None:
        self.closed = True
        super().close()


class NotingApp(DdzApp):
    """The app, keeping every notice it showed: a notice leaves the screen after some
    seconds of wall clock, which a loaded machine can spend before a test looks."""

    CSS_PATH = Path(app_module.__file__).with_name("app.tcss")  # not beside this file

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.notices_shown: list[str] = []

    def notify(self, message: str, **kwargs: Any) -> None:
        self.notices_shown.append(str(message))
        super().notify(message, **kwargs)


def make_app(
    lang: Lang = Lang.EN,
    seed: int = SEED,
    ascii_cards: bool = False,
    make_sound: Callable[[bool | None], Sound] = SpySound,
    start: JoinRequest | HostRequest | None = None,
    owns_process: bool = False,
    home: JoinRequest | None = None,
    rules: Rules | None = None,
    **settings: object,
) -> NotingApp:
    """An app with saved settings (no delay, random bots, no auto pass, unless given)
    in the test's config directory, and a silent sound (a SpySound unless given); `start` joins or
    hosts a game at once; `owns_process` as the `ddz` command has it; `home` the one
    server it plays on, as at the SSH door; `rules` as `ddz --rules` gives them."""
    store = SettingsStore(Path(os.environ["DDZ_CONFIG_DIR"]))
    values: dict[str, object] = {
        "bot_delay": 0.0,
        "left_bot": Level.RANDOM,
        "right_bot": Level.RANDOM,
        "auto_pass": False,  # its pause goes by real time: on only where a test moves it
        **settings,
    }
    store.save(Settings(**values))  # type: ignore[arg-type]
    # a value the game refuses would quietly be its default (a bot delay of 30 s was 0.6)
    problem = store.load(theme_names()).problem
    assert problem is None, problem
    return NotingApp(
        store,
        lang=lang,
        seed=seed,
        ascii_cards=ascii_cards,
        make_sound=make_sound,
        start=start,
        owns_process=owns_process,
        home=home,
        rules=rules,
    )


def local_game(mode: LandlordMode = LandlordMode.BID, rules: Rules | None = None) -> LocalGame:
    """A game against random bots, with `rules` when given (else the plain `mode`)."""
    return LocalGame(Level.RANDOM, Level.RANDOM, Rules(mode) if rules is None else rules)


def text_of(widget) -> str:
    """The text a widget shows on screen now."""
    region = Region(0, 0, *widget.outer_size)
    return "\n".join(strip.text for strip in widget.render_lines(region))


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


async def sit_down(
    pilot: Pilot, mode: LandlordMode = LandlordMode.BID, rules: Rules | None = None
) -> TableScreen:
    """Open a local table (as the title's New game does) and wait for the deal."""
    pilot.app.start_local_game(local_game(mode, rules))  # type: ignore[attr-defined]
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
        await take_a_turn(pilot, view)
        played += 1


async def take_a_turn(pilot: Pilot, view: PlayerView) -> None:
    """One turn by keys: bid the most, say yes to every house-rule decision (call,
    grab, show, double), play the first legal play, or pass."""
    if view.decision in YES_OR_NO:
        await pilot.press("y")
    elif view.phase is Phase.BIDDING:
        await pilot.press(str(view.legal_bids[-1]))
    elif view.legal_plays:
        await pilot.press(*keys_for(view.legal_plays[0].cards), "enter")
    else:
        await pilot.press("p")


class ScriptedTable:
    """A TableClient that shows whatever states the test publishes: the table screen
    needs nothing more than the protocol."""

    def __init__(self, seats: tuple[SeatInfo, SeatInfo, SeatInfo]) -> None:
        self.seat = 0
        self.seats = seats
        self.listener = None
        self.asked: list[str] = []

    def subscribe(self, listener):
        self.listener = listener
        listener(TableState(0, self.seats, None))
        return lambda: None

    def publish(self, view, **fields) -> None:
        self.listener(TableState(0, self.seats, view, **fields))

    async def act(self, action) -> None:
        self.asked.append(action)

    async def next_game(self) -> None:
        self.asked.append("next game")

    async def close(self) -> None:
        self.asked.append("close")


SCRIPTED_SEATS = (SeatInfo("me"), SeatInfo("Ann"), SeatInfo("Bo", SeatKind.BOT, "random"))


async def at_a_scripted_table(pilot: Pilot) -> ScriptedTable:
    """Open a ScriptedTable (me, a person and a bot) and wait for the screen."""
    table = ScriptedTable(SCRIPTED_SEATS)
    pilot.app.open_table(table)  # type: ignore[attr-defined]
    await pilot.pause()
    return table


async def wait_for(pilot: Pilot, condition: Callable[[], bool], timeout: float = 20) -> None:
    """Let the app (and whatever server it talks to) run until `condition` holds; fails
    the test if it never does."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError("the condition never came true")
        await pilot.pause(0.01)


async def new_table_form(pilot: Pilot) -> NewTableScreen:
    """Once the lobby shows: C, and the New table form it opens."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await pilot.press("c")
    await wait_for(pilot, lambda: isinstance(app.screen, NewTableScreen))
    assert isinstance(app.screen, NewTableScreen)
    return app.screen


def saved_settings(app: DdzApp) -> Settings:
    """The settings as the app's folder holds them, read afresh from the file."""
    return SettingsStore(app.store.directory).load(app.available_themes).settings


async def switch_in_settings(pilot: Pilot, name: str) -> None:
    """From the title: open Settings and turn the switch `#name` over by its key."""
    app = pilot.app
    await pilot.press("s")
    assert isinstance(app.screen, SettingsScreen)
    app.screen.query_one(f"#{name}", Switch).focus()
    await pilot.press("space")
    await pilot.pause()
