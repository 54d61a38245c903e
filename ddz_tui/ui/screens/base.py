"""What every screen of the app shares: keys in the player's language, and the
"terminal too small" notice in place of a layout that cannot fit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from ddz_tui.i18n import Lang, as_shown, ascii_mode, language, t
from ddz_tui.sound.clips import Music
from ddz_tui.ui.localized import Localized
from ddz_tui.ui.typed import ddz_app
from ddz_tui.ui.widgets.plain import Plain

if TYPE_CHECKING:
    from ddz_tui.ui.app import DdzApp

SCREENS_CSS = Path(__file__).with_name("screens.tcss")
"""Every screen's rules but the title's (the title's are in ../app.tcss, with what every
screen needs): each screen names it as its CSS_PATH, so that Textual reads it as the
first of them opens and `ddz` parses only the title's part before the title shows."""
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
    _ascii = False

    @property
    def as_screen(self) -> Screen[Any]:
        """This screen as Textual sees it: Fitted is only ever mixed into a Screen."""
        return cast("Screen[Any]", self)

    @property
    def ddz(self) -> DdzApp:
        """The app, typed."""
        return ddz_app(self.as_screen)

    def on_mount(self) -> None:
        self._language = language()
        self._ascii = ascii_mode()
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    async def on_screen_resume(self) -> None:
        if self.MUSIC is not None:
            self.ddz.sound.music(self.MUSIC)
        changed = self._language is not language() or self._ascii != ascii_mode()
        if self._language is not None and changed:
            await self.relocalize()
        self._fit()

    async def relocalize(self) -> None:
        """Show this screen again in the language now chosen."""
        screen = self.as_screen
        self._language = language()
        self._ascii = ascii_mode()
        self.localize_bindings()
        await screen.recompose()  # (the notice too, if it was there)
        self.too_small = False
        self._fit()
        screen.refresh_bindings()

    def _fit(self) -> None:
        screen = self.as_screen
        width, height = screen.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self._notice(small)
        if notice is not None:
            need, have = as_shown(f"{MIN_WIDTH}×{MIN_HEIGHT}"), as_shown(f"{width}×{height}")
            notice.update(t("ui.too_small", need=need, have=have))
        if small == self.too_small:
            return
        self.too_small = small
        if notice is not None:
            notice.display = small
        screen.set_class(small, "-too-small")
        if small:
            self._focus_before = screen.focused
            screen.set_focus(None)
        elif self._focus_before is not None and self._focus_before.is_attached:
            screen.set_focus(self._focus_before)
        screen.refresh_bindings()

    def _notice(self, needed: bool) -> TooSmall | None:
        """The too-small notice; mounted the first time it is `needed` (most screens
        never need it, and a widget mounted costs every screen a layout as it opens)."""
        screen = self.as_screen
        for child in screen.children:
            if isinstance(child, TooSmall):
                return child
        if not needed:
            return None
        notice = TooSmall()
        screen.mount(notice)
        return notice

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While too small, only quitting works; screens extend this for their rules."""
        return not self.too_small or action in ALWAYS_ALLOWED


class AppScreen(Fitted, Screen[Any]):
    """A full screen of the app."""

    CSS_PATH: ClassVar[Path | None] = SCREENS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [SOUND_KEY]

    def dismiss_if(self, yes: bool | None) -> None:
        """Close this screen when a question was answered yes (a `push_screen` callback)."""
        if yes:
            self.dismiss()

    def action_help(self) -> None:
        """Help and rules, for the screens that bind a key to it."""
        self.ddz.open_help()


class AppModal(Fitted, ModalScreen[Any]):
    """A dialog over another screen."""

    CSS_PATH = SCREENS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [SOUND_KEY]


class ListDialog(AppModal):
    """A dialog that opens on its list of choices: the first lit and focused, so Enter
    takes it and the arrows move from it."""

    def on_mount(self) -> None:  # (Textual calls the bases' own too)
        from textual.widgets import OptionList  # the dialogs' module has it loaded already

        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()


class ButtonDialog(AppModal):
    """A dialog with a row of buttons: ← → move between them, as in any dialog (Tab
    too), and Enter presses the focused one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "to_button(-1)", show=False),
        Binding("right", "to_button(1)", show=False),
    ]

    def action_to_button(self, step: int) -> None:
        from textual.widgets import Button  # the dialogs' module has it loaded already

        buttons = [
            button
            for button in self.as_screen.query(Button)
            if button.display and not button.disabled
        ]
        if not buttons:
            return
        focused = self.as_screen.focused
        at = buttons.index(focused) + step if focused in buttons else (0 if step > 0 else -1)
        buttons[max(0, min(at, len(buttons) - 1))].focus()
