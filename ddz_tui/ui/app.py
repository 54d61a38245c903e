"""The Textual app that `ddz` opens: settings, language and theme, sound, and the screens.

The app owns what lasts a whole session (settings, the sound, the history of games,
the source of deal seeds, the network session when joining or hosting a game) and
opens tables; everything about one table lives in its `TableScreen`, which plays
through any `TableClient`, so tables on a server open with `open_table` just as local
ones do.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import signal
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.scrollbar import ScrollBar, ScrollBarRender

from ddz_tui.engine import Phase, Rules
from ddz_tui.engine.house import DEFAULT_FACTORS, Factors
from ddz_tui.i18n import Lang, ascii_mode, default_language, set_ascii, set_language, t
from ddz_tui.paths import history_file
from ddz_tui.records.history import History
from ddz_tui.sound.player import Sound
from ddz_tui.ui.kept_lines import keep_widget_lines
from ddz_tui.ui.keys_at_once import goes_unread, noticed
from ddz_tui.ui.one_layout import one_layout
from ddz_tui.ui.repaint import repaint_at_once
from ddz_tui.ui.screens.base import SCREENS_CSS
from ddz_tui.ui.screens.boss import BossScreen
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.settings import Settings, SettingsStore, rule_fields
from ddz_tui.ui.strips import acyclic_strips
from ddz_tui.ui.styles import parse_ahead, share_stylesheet
from ddz_tui.ui.theme import CARD_COLOURS, THEMES, theme_names
from ddz_tui.ui.widgets.cards import CARD_STYLES, CardWidget
from ddz_tui.ui.widgets.chips import CardStyle

if TYPE_CHECKING:
    from textual.driver import Driver

    from ddz_tui.net.client.lobby import LobbyClient
    from ddz_tui.table.clients import TableClient
    from ddz_tui.ui.online import HostRequest, JoinRequest, Online
    from ddz_tui.ui.screens.new_game import LocalGame
    from ddz_tui.ui.screens.replay import Replay

log = logging.getLogger(__name__)
acyclic_strips()  # every app of the process draws many lines a second: see ui/strips.py
keep_widget_lines()  # and most of them again as they were: see ui/kept_lines.py
repaint_at_once()  # a widget's repaint goes to its screen at once: see ui/repaint.py
one_layout()  # a layout that resizes is not laid out again: see ui/one_layout.py

PRELOADED = (
    "ddz_tui.ui.online",
    "ddz_tui.table.host",
    "ddz_tui.table.clients",
    "ddz_tui.table.keeping",
    "ddz_tui.bots.random_bot",
    "ddz_tui.bots.easy",
    "ddz_tui.bots.normal",
    "ddz_tui.bots.hard",
)
"""Modules the app imports once its title is drawn, beside every screen's (see
`DdzApp.on_ready`)."""
FIRST_FRAME_SECONDS = 0.03
"""How long a process of the game's own waits, once its first screen is drawn, before
it loads what the title did not need: Textual's writer thread puts the frame on the
terminal meanwhile, where threads importing beside it held the interpreter from it
(the title showed 15-20 ms later, bench_keys's start)."""
FIRST_LOADED = ("ddz_tui.ui.screens.new_game", "ddz_tui.ui.screens.settings")
"""The title's two dialogs (N, S), the first the preload imports: the title shows
without them, and a key pressed as it shows waits the least."""

NOTICE_SECONDS = 20
BOSS_KEY = "f9"
"""The boss key: a function key no screen uses, that tmux and SSH pass on as they are
(Ctrl+B is tmux's own prefix; F10 and F11 many terminals keep for their menu and full
screen)."""
SOUND_NOTICE_SECONDS = 4
SOUND_CHECK_SECONDS = 1.0
"""How long the notice after `m` waits for the audio thread to try the device."""
YOUNG_OBJECTS = 10_000
"""Objects made (net) between young garbage collections in a process of the game's own
(an SSH door's worker's too); Python's default: 700."""


class AsciiScrollBarRender(ScrollBarRender):
    """Scroll bars with whole cells only: the thumb is its colour, with no block glyphs
    for its ends."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * len(ScrollBarRender.VERTICAL_BARS)
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * len(ScrollBarRender.HORIZONTAL_BARS)


class VoicedScrollBarRender(ScrollBarRender):
    """Scroll bars drawn as the app drawing them speaks: in ASCII mode with whole cells
    only. Textual's renderer is one for the process; the mode is each app's own."""

    @classmethod
    def render_bar(cls, *args: Any, **kwargs: Any) -> Any:
        chosen = AsciiScrollBarRender if ascii_mode() else ScrollBarRender
        return chosen.render_bar(*args, **kwargs)


ScrollBar.renderer = VoicedScrollBarRender


class DdzApp(App[None]):
    CSS_PATH = Path(__file__).with_name("app.tcss")  # for subclasses elsewhere too
    COMPONENT_CLASSES: ClassVar[set[str]] = set(CARD_STYLES)
    TITLE = "ddz"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(BOSS_KEY, "boss", show=False, priority=True),  # before any screen's keys
    ]

    sound_on: var[bool] = var(False)
    """The sound switch as the settings screen shows it (the Sound holds the truth)."""

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notices quote names, paths and error lines: always shown as written.
        (Widgets and screens pass markup=True along; our strings never use markup.)"""
        super().notify(message, markup=False, **kwargs)

    def __init__(
        self,
        store: SettingsStore | None = None,
        *,
        ascii_cards: bool = False,
        lang: Lang | None = None,
        seed: int | None = None,
        make_sound: Callable[[bool | None], Sound] = Sound,
        data_dir: Path | None = None,
        replay: Replay | None = None,
        start: JoinRequest | HostRequest | None = None,
        owns_process: bool = False,
        default_lang: Lang | None = None,
        keep_tokens: bool = True,
        driver_class: type[Driver] | None = None,
        home: JoinRequest | None = None,
        history_thread: ThreadPoolExecutor | None = None,
        rules: Rules | None = None,
    ) -> None:
        """ascii_cards and lang (from the command line) win over the saved settings
        for this session; seed makes the deals and the bots repeat; make_sound builds
        the sound from the saved switch (None: the default for this terminal);
        data_dir holds the history and session tokens (default: $DDZ_DATA_DIR, else
        the user data directory); replay opens on that game's replay; start joins or
        hosts a game at once; owns_process: this app is the only one in its process (the
        `ddz` command), so it may tune the process (see `on_ready`); default_lang: the
        language when neither lang nor the settings choose one (default: the locale's);
        keep_tokens: keep the session tokens that hold a seat in data_dir (a guest at the
        SSH door keeps them only while the app runs); driver_class: how it reaches its
        terminal (default: Textual's for this one); home: the one server this app plays
        on (the SSH door's): it starts in that server's lobby, and its title offers that
        lobby where it would offer joining or hosting a game anywhere; history_thread:
        the thread the history is kept from, shared by the apps of a process (default:
        one of its own); rules (`ddz --rules`): the house rules New game, New table and
        Host start with this session (their switches, as if chosen in Settings, and the
        factors, kept for every game the forms start)."""
        super().__init__(driver_class=driver_class)
        share_stylesheet(self)
        for theme in THEMES:
            self.register_theme(theme)
        self.store = store or SettingsStore.default()
        loaded = self.store.load(theme_names())
        self.settings: Settings = loaded.settings
        if rules is not None:
            self.settings = replace(self.settings, **rule_fields(rules))
        self.factors: Factors = DEFAULT_FACTORS if rules is None else rules.factors
        """What each thing multiplies the stake by in games this session starts (`ddz
        --rules`; the forms choose no factors)."""
        self._settings_problem = loaded.problem
        self._ascii_override = ascii_cards
        self._seeds = random.Random(seed) if seed is not None else None
        self._replay = replay
        self.history = History(
            history_file(data_dir), on_problem=self._history_off, thread=history_thread
        )
        self._default_lang = default_lang or default_language()
        set_language(lang or self.settings.language or self._default_lang)
        self._show_ascii()
        self._show_card_style()
        self.theme = self.settings.theme
        self.sound = make_sound(self.settings.sound)
        self.sound.volumes = self.settings.volumes
        self.set_reactive(DdzApp.sound_on, self.sound.enabled)
        self._start = start
        self.home = home
        self._owns_process = owns_process
        self._data_dir = data_dir
        self._keep_tokens = keep_tokens
        self._online: Online | None = None
        self._quit_question: ConfirmScreen | None = None
        self._loaded = asyncio.Event()  # set once `preload` has run
        self._arrived = asyncio.Event()  # set (and made anew) as `preload` loads a module

    @property
    def online(self) -> Online:
        """The network session (joined or hosting), made when first asked for: the
        networking is not loaded before the title shows."""
        if self._online is None:
            from ddz_tui.net.client.tokens import TokenStore
            from ddz_tui.ui.online import Online

            tokens = TokenStore.default(self._data_dir) if self._keep_tokens else None
            self._online = Online(tokens, self.history, self._connection_lost)
        return self._online

    @property
    def ascii_cards(self) -> bool:
        return self._ascii_override or self.settings.ascii_cards

    @property
    def card_style(self) -> CardStyle:
        return self.settings.card_style

    def _show_card_style(self) -> None:
        """The discreet style's smaller rows (the stylesheet's `-discreet`), for this
        app alone: the SSH door's apps share a process."""
        self.set_class(self.card_style is CardStyle.DISCREET, "-discreet")

    @property
    def ascii_forced(self) -> bool:
        """The command line's --ascii turned ASCII on for this session, whatever the
        setting says."""
        return self._ascii_override

    def _show_ascii(self) -> None:
        """ASCII mode: the texts and the scroll bars (see `as_shown`), and the
        stylesheet's ASCII borders."""
        set_ascii(self.ascii_cards)
        self.set_class(self.ascii_cards, "-ascii")

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return CARD_COLOURS

    def _watch_theme(self, theme_name: str) -> None:
        """A theme set before the app runs (the saved one, in `__init__`) gives the
        stylesheet its variables, marks the app with the theme's classes and maps ANSI
        colours as Textual does, but is not followed by Textual's refresh of every
        style: nothing is parsed yet, and the first parse, still to come, reads this
        theme's variables, where the refresh parsed the stylesheet again and restyled
        every node of the title (a few ms of the start, of each SSH guest's too)."""
        if self._running:
            super()._watch_theme(theme_name)
            return
        self.stylesheet.set_variables(self.get_css_variables())
        theme = self.current_theme
        shown = {name: False for name in self.classes if name.startswith("-theme-")}
        shown |= {f"-theme-{theme.name}": True, "-dark-mode": theme.dark}
        self.update_classes(shown | {"-light-mode": not theme.dark}, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)
        self._invalidate_css()

    def on_mount(self) -> None:
        self._quit_on_sigterm(True)
        if self.home is not None:
            self.enter_home()
        else:
            self.push_screen(TitleScreen())
            if not self.settings.tutorial_offered and self._start is None:
                self.run_worker(self._offer_tutorial(), group="tutorial")
        if self._replay is not None:
            self.open_replay(self._replay)
        if self._settings_problem:
            self.notify(
                self._settings_problem,
                title=t("ui.settings.problem_title"),
                severity="warning",
                timeout=NOTICE_SECONDS,
            )
        if self._start is not None:
            from ddz_tui.ui.online import JoinRequest

            if isinstance(self._start, JoinRequest):
                self.join_game(self._start)
            else:
                self.host_game(self._start)

    async def on_event(self, event: events.Event) -> None:
        """A key typed is noticed first by the screen on top, if it notices keys
        (`keys_at_once.noticed`), which may stop it there."""
        if (
            isinstance(event, events.Key)
            and not event.is_forwarded
            and not noticed(self, event.key)
        ):
            return
        await super().on_event(event)

    async def _check_bindings(self, key: str, priority: bool = False) -> bool:
        """Textual's look for a key's binding. The app's first look at a key typed
        (`priority`) also runs its other bindings, when nothing on its way back to the
        app reads it (`keys_at_once.goes_unread`): the look the key would have come
        back for, without its rounds through the queues; a key that none binds then
        ends there too, as it would have at the end of that way."""
        if await super()._check_bindings(key, priority):
            return True
        if not priority or not goes_unread(self, key):
            return False
        await super()._check_bindings(key)
        return True

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; on Linux one whose keys the event loop
        reads (`ui/local_driver.py`). (macOS's kqueue may not watch a terminal.)"""
        driver = super().get_driver_class()
        if not sys.platform.startswith("linux"):
            return driver
        from textual.drivers.linux_driver import LinuxDriver

        from ddz_tui.ui.local_driver import LocalDriver

        return LocalDriver if driver is LinuxDriver else driver

    def on_ready(self) -> None:
        """The first screen is drawn: the history opens (a screen that needs it first
        opens it itself), and what the title did not need is loaded. In a process of
        the game's own (`ddz`), the garbage collector, off until now (cli.play.open_app),
        is back, with what the start made frozen out of its reach (its first young
        collection would walk all of it, some 30 ms), and the rest waits for the frame
        to reach the terminal (`FIRST_FRAME_SECONDS`)."""
        if self._owns_process:
            gc.freeze()
            gc.enable()
            self.run_worker(self._after_first_frame(), group="preload")
            return
        self.run_worker(self.history.ready(), group="history")
        self.run_worker(self._preload(), group="preload")

    async def _after_first_frame(self) -> None:
        await asyncio.sleep(FIRST_FRAME_SECONDS)
        self.run_worker(self.history.ready(), group="history")
        await self._preload()

    async def _preload(self) -> None:
        """Import, off the event loop, what the title did not need: every screen the
        app can open and the game behind them. The title shows sooner, the first deal
        waits for nothing, and a reinstall of the package under a running game cannot
        take away a screen it has yet to open. Then, in a process of its own, what is
        loaded by now is moved out of the garbage collector's reach: its full
        collections then walk only what play creates, where they took 40-80 ms now and
        then, the tail of a key's redraw; and young collections are made rarer
        (`YOUNG_OBJECTS`): most of what a key makes dies by reference counting within
        its frame, and every hundredth young collection is a full one (5-20 ms at the
        table, where a play made one every few plays)."""
        variables = dict(self.stylesheet._variables)  # the theme's, read on the loop
        try:
            with contextlib.suppress(Exception):  # a broken file is said as it is read
                await asyncio.to_thread(parse_ahead, SCREENS_CSS, variables)
            loop = asyncio.get_running_loop()

            def arrived() -> None:  # (in the preload's thread)
                with contextlib.suppress(RuntimeError):  # the app has ended: no loop
                    loop.call_soon_threadsafe(self._arrival)

            await asyncio.to_thread(preload, arrived)
        finally:
            self._loaded.set()
        if self._owns_process:
            gc.freeze()
            gc.set_threshold(YOUNG_OBJECTS)

    def _arrival(self) -> None:
        """The preload has loaded one more module: whoever waits for one looks again."""
        self._arrived.set()
        self._arrived = asyncio.Event()

    async def loaded(self, module: str) -> None:
        """Wait until `module` (a screen's) is imported, by the preload when it is not
        yet: a key that opens a screen never imports it itself, on the event loop beside
        the preload, where a reinstall of the package in between would take it away.
        (The title's own dialogs are the preload's first: see `FIRST_LOADED`.)"""
        while module not in sys.modules and not self._loaded.is_set():
            await self._arrived.wait()

    def _quit_on_sigterm(self, on: bool) -> None:
        """SIGTERM quits as Ctrl+Q does: a hosted server tells its players it is
        shutting down, the history is written, the terminal is given back. Only in a
        process of its own: among many apps, the process's host decides."""
        if not self._owns_process:
            return
        loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # no signals here
            if on:
                loop.add_signal_handler(signal.SIGTERM, self.exit)
            else:
                loop.remove_signal_handler(signal.SIGTERM)

    async def action_quit(self) -> None:
        """Ctrl+Q: mid-game, ask first (as leaving the table with Esc does), since the
        game would be lost; anywhere else, or pressed again on the question, quit."""
        question = self._quit_wording()
        if question is None or self.screen is self._quit_question:
            self.exit()
            return
        self._quit_question = ConfirmScreen(question, t("ui.quit.yes"), t("ui.quit.no"))
        await self.push_screen(self._quit_question, self._quit_answered)

    def _quit_answered(self, quit: bool | None) -> None:
        self._quit_question = None
        if quit:
            self._leave_tables()
            self.exit()

    def _leave_tables(self) -> None:
        """Quitting mid-game gets up from the table as Esc does: a game against bots is
        kept, lost (written before the history closes, as the app ends)."""
        from ddz_tui.table.clients import LocalTable
        from ddz_tui.ui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and isinstance(screen.client, LocalTable):
                screen.client.leave()

    @property
    def at_table(self) -> bool:
        """Whether a table is open (under whatever dialog shows over it)."""
        from ddz_tui.ui.screens.table import TableScreen

        return any(isinstance(screen, TableScreen) for screen in self.screen_stack)

    def _quit_wording(self) -> str | None:
        """What quitting would cost, when a game is in progress at a table; else None."""
        from ddz_tui.table.clients import LocalTable
        from ddz_tui.ui.screens.table import TableScreen

        playing = any(
            isinstance(screen, TableScreen)
            and screen.AT_STAKE
            and screen.view is not None
            and screen.view.phase is not Phase.OVER
            for screen in self.screen_stack
        )
        if not playing:
            return None
        online = self._online
        if online is not None and online.server is not None:
            return t("ui.quit.question_hosting")
        if online is not None and online.client is not None:
            return t("ui.quit.question_joined")
        left = next(
            (
                cost
                for screen in self.screen_stack
                if isinstance(screen, TableScreen)
                and isinstance(screen.client, LocalTable)
                and (cost := screen.client.leaving()) is not None
            ),
            None,
        )
        if left is not None:
            return t("ui.quit.question_lost", score=f"{left.scores[left.seat]:+d}")
        return t("ui.quit.question")

    # --- history ---------------------------------------------------------------------

    def _history_off(self, problem: str) -> None:
        """The one notice that history is off; the statistics screen says it again."""
        self.notify(
            problem,
            title=t("ui.history.off_title"),
            severity="warning",
            timeout=NOTICE_SECONDS,
        )

    def open_replay(self, replay: Replay) -> None:
        from ddz_tui.ui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(replay))

    def open_help(self) -> None:
        """Help and rules, over whatever screen is showing."""
        from ddz_tui.ui.screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def open_tutorial(self) -> None:
        """The first-game lesson: a guided hand at the table (nothing kept)."""
        from ddz_tui.ui.screens.tutorial import TutorialScreen

        self.push_screen(TutorialScreen(pace=self.settings.bot_delay))

    async def _offer_tutorial(self) -> None:
        """The very first start: the title offers the lesson, once. Answered either
        way, it is not offered again (the title's U opens it any time)."""
        await self.loaded("ddz_tui.ui.screens.tutorial")
        from ddz_tui.ui.screens.tutorial import TutorialOffer

        if not isinstance(self.screen, TitleScreen):
            return  # the player is elsewhere already: offered at the next start

        def answered(yes: bool | None) -> None:
            self.update_settings(tutorial_offered=True)
            if yes:
                self.open_tutorial()

        await self.push_screen(TutorialOffer(), answered)

    async def on_unmount(self) -> None:
        """End the network session (stopping a hosted server), finish writing the
        history, stop the music and the audio thread (which may take up to a second)."""
        self._quit_on_sigterm(False)
        if self._online is not None:
            await self._online.close()
        await self.history.close()
        await asyncio.to_thread(self.sound.close)

    # --- settings --------------------------------------------------------------------

    def update_settings(self, **changes: Any) -> None:
        """Change, apply and save settings (the settings screen calls this)."""
        self.settings = replace(self.settings, **changes)
        if "theme" in changes:
            self.theme = self.settings.theme
        if "language" in changes:
            set_language(self.settings.language or self._default_lang)
        if "ascii_cards" in changes:
            self._show_ascii()
            for screen in self.screen_stack:
                for widget in screen.query(CardWidget):
                    widget.ascii = self.ascii_cards
        if "card_style" in changes:
            self._show_card_style()
            for screen in self.screen_stack:
                for widget in screen.query(CardWidget):
                    widget.card_style = self.card_style
        if "music_volume" in changes or "effects_volume" in changes:
            self.sound.volumes = self.settings.volumes
        failure = self.store.save(self.settings)
        if failure:
            self.notify(failure, severity="error", timeout=NOTICE_SECONDS)

    # --- the boss key ----------------------------------------------------------------

    def action_boss(self) -> None:
        """The boss key (摸鱼), on any screen: a dull `top` page over everything, the
        music stopped, a game against bots held where it is; again, all back as it was.
        A server's table plays on (its turn timer and 托管 as ever)."""
        if isinstance(self.screen, BossScreen):
            self.pop_screen()
            self._pause_tables(False)
            return
        self._pause_tables(True)
        self.sound.music(None)
        self.push_screen(BossScreen())

    def _pause_tables(self, pause: bool) -> None:
        from ddz_tui.table.clients import LocalTable
        from ddz_tui.ui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and isinstance(screen.client, LocalTable):
                host = screen.client.host
                host.pause() if pause else host.unpause()

    # --- sound -----------------------------------------------------------------------

    def action_toggle_sound(self) -> None:
        """The `m` key, on any screen: flip the switch and say what it did."""
        if self.sound.locked:
            self.notify(self.sound.note or "", timeout=SOUND_NOTICE_SECONDS)
            return
        self.set_sound(not self.sound.enabled)
        self._tell_sound()

    def set_sound(self, on: bool) -> None:
        """Turn sound on or off and remember the choice (the `m` key, the settings)."""
        if self.sound.locked or on == self.sound.enabled:
            return
        self.sound.enabled = on
        self.sound_on = on
        self.update_settings(sound=on)

    @work(exclusive=True, group="sound")
    async def _tell_sound(self) -> None:
        """Say whether sound is on now, and why not when it cannot be: first let the
        audio thread try the device, off the event loop."""
        await asyncio.to_thread(self.sound.flush, SOUND_CHECK_SECONDS)
        on = self.sound.enabled
        message = t("ui.sound.on") if on else t("ui.sound.off")
        note = self.sound.note if on else None
        if note:
            message += "\n" + note
        self.notify(
            message, severity="warning" if note else "information", timeout=SOUND_NOTICE_SECONDS
        )

    # --- tables ----------------------------------------------------------------------

    def open_table(self, client: TableClient) -> None:
        """Sit down at a table: local, or any other kind of TableClient."""
        from ddz_tui.ui.screens.table import TableScreen

        self.push_screen(TableScreen(client))

    def start_local_game(self, game: LocalGame) -> None:
        from ddz_tui.records.store import SeatLabel
        from ddz_tui.table.clients import LocalTable
        from ddz_tui.table.host import TableHost
        from ddz_tui.table.keeping import keep_local_games
        from ddz_tui.table.seats import SeatInfo, SeatKind

        seats = [
            SeatInfo(t("ui.you"), label=SeatLabel.YOU),
            SeatInfo(t("ui.seat.right"), SeatKind.BOT, game.right.value, label=SeatLabel.RIGHT),
            SeatInfo(t("ui.seat.left"), SeatKind.BOT, game.left.value, label=SeatLabel.LEFT),
        ]
        seed = None if self._seeds is None else self._seeds.getrandbits(63)
        host = TableHost(seats, rules=game.rules, bot_delay=self.settings.bot_delay, seed=seed)
        leave = keep_local_games(host, self.history, seat=0)
        self.open_table(LocalTable(host, on_leave=leave))

    # --- network games ---------------------------------------------------------------

    def join_game(self, request: JoinRequest | None = None) -> None:
        """Ask for a server and a name (connecting at once when given), then the lobby."""
        from ddz_tui.ui.screens.connect import JoinScreen

        self.push_screen(JoinScreen(request, start=request is not None), self.enter_lobby)

    def host_game(self, request: HostRequest | None = None) -> None:
        """Start a server here and sit down at a new table on it."""
        from ddz_tui.ui.screens.connect import HostScreen

        self.push_screen(HostScreen(request, start=request is not None), self.enter_lobby)

    def enter_lobby(self, client: LobbyClient | None) -> None:
        """Show a server's lobby, and the table when the player holds a seat there."""
        from ddz_tui.ui.screens.lobby import LobbyScreen

        if client is None:
            return
        self.push_screen(LobbyScreen(client), self._left_lobby)
        if client.table is not None:
            self.open_table(client.table)

    @work(exclusive=True, group="home")
    async def enter_home(self) -> None:
        """Connect to the home server and show its lobby, with no dialog on the way (a
        session at the door is there to play on its server); when it cannot, the title
        says why. The title is built only if it is shown."""
        from ddz_tui.net.client.errors import NetError

        assert self.home is not None
        try:
            client = await self.online.join(self.home)
        except NetError as error:
            self.show_title()
            self.notify(
                error.message,
                title=t("ui.online.no_home_title"),
                severity="error",
                timeout=NOTICE_SECONDS,
            )
            return
        self.enter_lobby(client)

    def show_title(self) -> None:
        """Put the title under everything when it is not there yet (an app that started
        in a lobby has none until the lobby is left)."""
        if not any(isinstance(screen, TitleScreen) for screen in self.screen_stack):
            self.push_screen(TitleScreen())

    def _left_lobby(self, _: object) -> None:
        self.show_title()
        self.run_worker(self.online.close())

    def _connection_lost(self, message: str) -> None:
        """The connection dropped and could not be resumed: back to the title, and why."""
        self.run_worker(self._back_to_title(message), group="lost")

    async def _back_to_title(self, message: str) -> None:
        from ddz_tui.ui.screens.lobby import LobbyScreen

        while any(isinstance(screen, LobbyScreen) for screen in self.screen_stack):
            await self.pop_screen()
        await self.online.close()
        self.show_title()
        self.notify(
            message,
            title=t("ui.online.lost_title"),
            severity="error",
            timeout=NOTICE_SECONDS,
        )


def preload(arrived: Callable[[], None] = lambda: None) -> None:
    """Import `FIRST_LOADED`, every other screen of the app and `PRELOADED`, calling
    `arrived` after each; a module that fails is logged, and fails again where it is
    used, with the app's own handling there."""
    import importlib
    import pkgutil

    from ddz_tui.ui import screens

    names = [
        f"{screens.__name__}.{module.name}" for module in pkgutil.iter_modules(screens.__path__)
    ]
    for name in dict.fromkeys((*FIRST_LOADED, *names, *PRELOADED)):
        try:
            importlib.import_module(name)
        except Exception:
            log.exception("importing %s ahead of its use failed", name)
        arrived()
