"""A yes-or-no question over the current screen."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from ddz_tui.ui.screens.base import ButtonDialog
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.prose import prose


class YesOrNo(ButtonDialog):
    """A dialog whose #yes button dismisses it with True and #no (and Esc) with False."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "no", "keys.cancel")]

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def action_no(self) -> None:
        self.dismiss(False)


class ConfirmScreen(YesOrNo):
    """A question answered yes or no; ← → move between the two."""

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Plain(prose(self.question), id="question")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()
