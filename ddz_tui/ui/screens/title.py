"""The title screen: the menu every session starts from."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ddz_tui.cards import DECK
from ddz_tui.i18n import t
from ddz_tui.sound.clips import Music
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.widgets.cards import CardRow
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain

if TYPE_CHECKING:
    from ddz_tui.ui.screens.new_game import LocalGame

MENU = (
    ("new_game", "ui.menu.new_game"),
    ("tutorial", "ui.menu.tutorial"),
    ("join", "ui.menu.join"),
    ("host", "ui.menu.host"),
    ("stats", "ui.menu.stats"),
    ("title_help", "ui.menu.help"),
    ("settings", "ui.menu.settings"),
    ("quit", "ui.menu.quit"),
)
"""(action, label key) for each menu entry, in order. An entry runs its action."""

AWAY = frozenset({"join", "host"})
"""The entries that play on another server, or host one: not for an app with a home
server (the SSH door's), whose title offers its lobby in their place."""
HOME = ("lobby", "ui.menu.lobby")

FAN = tuple(DECK[i] for i in (44, 45, 48, 52, 53))
"""The cards on the title: two aces, a 2 and the rocket, a hand anyone would like."""


class Menu(OptionList):
    """The title menu, with its first entry ready for Enter."""

    def on_mount(self) -> None:
        self.highlighted = 0


class TitleScreen(AppScreen):
    MUSIC = Music.ROOM
    CSS_PATH = None  # its rules are the app's own (app.tcss): see SCREENS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,N", "new_game", "keys.new_game"),
        # the menu offers it; the footer has no room at 80 columns (T is the statistics)
        Binding("u,U", "tutorial", "keys.tutorial", show=False),
        Binding("j,J", "join", "keys.join_game"),
        Binding("o,O", "host", "keys.host_game"),  # H is the hint at the table
        Binding("l,L", "lobby", "keys.to_lobby"),
        Binding("t,T", "stats", "keys.stats"),
        Binding("f1,question_mark", "title_help", "keys.help"),
        Binding("s,S", "settings", "keys.settings"),
        Binding("q,Q", "quit", "keys.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield CardRow(FAN, id="fan")
            yield Plain(t("ui.title.name"), id="game-name")
            yield Plain(t("ui.title.tagline"), id="tagline")
            with Center():
                yield Menu(
                    *(Option(t(label), id=action) for action, label in self.menu()), id="menu"
                )
        yield KeyFooter()

    def menu(self) -> list[tuple[str, str]]:
        if self.ddz.home is None:
            return list(MENU)
        entries = [entry for entry in MENU if entry[0] not in AWAY]
        entries.insert(1, HOME)
        return entries

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action in AWAY:
            return self.ddz.home is None
        if action == HOME[0]:
            return self.ddz.home is not None
        return True

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        await self.run_action(event.option.id)

    # Every screen the title opens is the preload's (see DdzApp.loaded), its own two
    # dialogs first, so a reinstall of the package under a running game takes away no
    # screen it can open, and the title shows without them.

    async def action_new_game(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.new_game")
        from ddz_tui.ui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen(), self._deal)

    def _deal(self, choice: LocalGame | None) -> None:
        if choice is not None:
            self.ddz.start_local_game(choice)

    async def action_tutorial(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.tutorial")
        self.ddz.open_tutorial()

    async def action_join(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.connect")
        self.ddz.join_game()

    async def action_host(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.connect")
        self.ddz.host_game()

    async def action_lobby(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.lobby")
        self.ddz.enter_home()

    async def action_stats(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.stats")
        from ddz_tui.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    async def action_title_help(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.help")
        self.ddz.open_help()

    async def action_settings(self) -> None:
        await self.ddz.loaded("ddz_tui.ui.screens.settings")
        from ddz_tui.ui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_quit(self) -> None:
        self.app.exit()
