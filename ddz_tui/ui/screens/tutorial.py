"""The first-game lesson at the real table: the table screen over a `TutorialTable`,
with the coach's line above the message line, and the two dialogs around it (the offer
on the very first start, and "you're ready" at the end). The lesson's script is in
`ui/tutorial.py`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button

from ddz_tui.cards import Card
from ddz_tui.i18n import t
from ddz_tui.table.seats import TableState
from ddz_tui.ui.screens.base import ButtonDialog
from ddz_tui.ui.screens.confirm import YesOrNo
from ddz_tui.ui.screens.table import TableScreen, TableUpdated
from ddz_tui.ui.tutorial import LESSON, TutorialTable, coach, ranks_of
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.prose import prose
from ddz_tui.ui.widgets.table_parts import MessageLine


class CoachLine(Plain):
    """What the lesson asks for now, and how the last key went."""


class TutorialScreen(TableScreen):
    """The lesson: a real hand at the real table, the coach's line saying what to do
    next. Esc leaves at once (nothing is at stake, and nothing is kept); the end is a
    "you're ready" and the title."""

    AT_STAKE = False  # Ctrl+Q quits at once, as Esc leaves

    def __init__(self, pace: float = 0.0) -> None:
        self.lesson = TutorialTable(pace)
        super().__init__(self.lesson)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, MessageLine):
                yield CoachLine(id="lesson-coach")
            yield widget

    # Textual calls each class's own handler of an event or message (the table's
    # first, then these): none of them calls the table's again.

    def on_mount(self) -> None:
        self.watch(self.hand, "selected", self._coach_raised, init=False)
        self._coach()

    def on_table_updated(self, _: TableUpdated) -> None:
        self.call_after_refresh(self._coach)  # once the table has drawn the new state

    def _coach_raised(self, _before: frozenset[Card], _after: frozenset[Card]) -> None:
        self._coach()

    def _coach(self) -> None:
        lesson = self.lesson
        words = coach(lesson.step, ranks_of(self.hand.selected_cards), lesson.hinted)
        number = min(lesson.index + 1, len(LESSON))
        self.query_one(CoachLine).update(
            prose(t("ui.tutorial.line", n=number, of=len(LESSON), text=words))
        )

    def action_hint(self) -> None:
        self._hinting()
        super().action_hint()

    @on(Button.Pressed, "#hint")
    def _hinting(self) -> None:
        """The hint key or button (whose handler is the table's own action_hint)."""
        if self._game_key("hint") is True:
            self.lesson.hinted = True

    def action_leave(self) -> None:
        """Nothing is at stake in the lesson: Esc leaves it at once."""
        self.dismiss()

    def _show_result(self, state: TableState) -> None:
        """The hand is won: "you're ready", then back to the title."""
        self._result_open = True
        self.app.push_screen(TutorialDone(), self._after_done)

    def _after_done(self, _: object) -> None:
        self.dismiss()


class _Dialog(ButtonDialog):
    """A few words and buttons, the first button focused (← → move between them)."""

    def __init__(self, text: str, buttons: Iterable[tuple[str, str]], dialog_id: str) -> None:
        super().__init__()
        self.text = text
        self.buttons = tuple(buttons)
        self.dialog_id = dialog_id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id=self.dialog_id):
            yield Plain(prose(self.text), classes="tutorial-text")
            with Horizontal(classes="buttons"):
                for button_id, label in self.buttons:
                    yield Button(label, id=button_id, variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        first: Widget = self.query_one(f"#{self.buttons[0][0]}", Button)
        first.focus()


class TutorialOffer(YesOrNo, _Dialog):
    """The first start's question: play the lesson now? True for yes; Esc is no."""

    def __init__(self) -> None:
        super().__init__(
            t("ui.tutorial.offer"),
            (("yes", t("ui.tutorial.offer.yes")), ("no", t("ui.tutorial.offer.no"))),
            "tutorial-offer",
        )


class TutorialDone(_Dialog):
    """The lesson's end: you're ready. Enter or Esc goes back to the title."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back")]

    def __init__(self) -> None:
        super().__init__(
            t("ui.tutorial.done"), (("back", t("ui.tutorial.done.back")),), "tutorial-done"
        )

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)
