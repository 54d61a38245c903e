"""What every screen of the app shares: keys in the player's language, and the
"terminal too small" notice in place of a layout that cannot fit."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from ddz_tui.i18n import Lang, language, t
from ddz_tui.sound import Music
from ddz_tui.ui.localized import Localized
from ddz_tui.ui.widgets.plain import Plain

MIN_WIDTH, MIN_HEIGHT = 80, 24
ALWAYS_ALLOWED = {"quit"}
SOUND_KEY = Binding("m,M", "app.toggle_sound", "keys.sound")
"""Sound on or off from every screen and dialog (a dialog hides the app's own keys,
so each screen carries this one)."""


class TooSmall(Plain):
    """Covers the screen while the terminal is smaller than the game needs."""


class Fitted(Localized):
    """Mix in first, before Screen or ModalScreen."""

    MUSIC: ClassVar[Music | None] = None
    """The music to play while this screen is on top; None keeps whatever plays."""

    too_small = False
    _focus_before: Widget | None = None
    _language: Lang | None = None

    def on_mount(self) -> None:
        self._language = language()
        self.mount(TooSmall())
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    async def on_screen_resume(self) -> None:
        if self.MUSIC is not None:
            self.app.sound.music(self.MUSIC)  # type: ignore[attr-defined]
        if self._language is not None and self._language is not language():
            await self.relocalize()
        self._fit()

    async def relocalize(self) -> None:
        """Show this screen again in the language now chosen."""
        screen: Screen[Any] = self  # type: ignore[assignment]
        self._language = language()
        self.localize_bindings()
        await screen.recompose()
        await screen.mount(TooSmall())
        self.too_small = False
        self._fit()
        screen.refresh_bindings()

    def _fit(self) -> None:
        screen: Screen[Any] = self  # type: ignore[assignment]
        width, height = screen.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = screen.query_one(TooSmall)
        notice.update(t("ui.too_small", need=f"{MIN_WIDTH}×{MIN_HEIGHT}", have=f"{width}×{height}"))
        if small == self.too_small:
            return
        self.too_small = small
        notice.display = small
        screen.set_class(small, "-too-small")
        if small:
            self._focus_before = screen.focused
            screen.set_focus(None)
        elif self._focus_before is not None and self._focus_before.is_attached:
            screen.set_focus(self._focus_before)
        screen.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While too small, only quitting works; screens extend this for their rules."""
        return not self.too_small or action in ALWAYS_ALLOWED


class AppScreen(Fitted, Screen[Any]):
    """A full screen of the app."""

    BINDINGS: ClassVar[list[BindingType]] = [SOUND_KEY]

    def action_help(self) -> None:
        """Help and rules, for the screens that bind a key to it."""
        from ddz_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())


class AppModal(Fitted, ModalScreen[Any]):
    """A dialog over another screen."""

    BINDINGS: ClassVar[list[BindingType]] = [SOUND_KEY]
