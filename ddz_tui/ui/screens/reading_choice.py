"""癞子: choosing how raised cards holding wilds are played, when the game would take
them several ways (`IllegalReason.CHOOSE_READING`): a bomb or a trio with a single,
say. The strongest reading comes first; the game never picks one for the player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ddz_tui.i18n import as_shown, t
from ddz_tui.ui.screens.base import ListDialog
from ddz_tui.ui.widgets.keys import KeyFooter

MAX_NUMBERED = 9
"""Readings chosen by their number (1-9); any further ones by the arrows."""


class ReadingChoice(ListDialog):
    """The readings as a list: ↑ ↓ and Enter, or a reading's number, choose it (the
    dialog returns its index); Esc returns None and leaves the hand as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "keys.cancel"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, MAX_NUMBERED + 1)),
    ]

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__()
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="reading-choice") as dialog:
            dialog.border_title = t("ui.reading.title")
            yield OptionList(
                *(
                    Option(as_shown(f"{n}. {line}") if n <= MAX_NUMBERED else line, id=str(n - 1))
                    for n, line in enumerate(self.lines, start=1)
                ),
                id="readings",
            )
        yield KeyFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        if index < len(self.lines):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)
