"""Chat at a table (E): the last lines said, the quick phrases, a line for your own
words, and a mute for each other seat. The dialog only chooses; the table screen
says the line (or mutes), and shows what the table refuses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from ddz_tui.i18n import as_shown, t
from ddz_tui.table.chat import CHAT_MAX, QuickPhrase
from ddz_tui.text import printable
from ddz_tui.ui.screens.base import ListDialog
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain, literal

RECENT = 4  # lines said lately that the dialog shows above the phrases
PHRASES = tuple(QuickPhrase)


@dataclass(frozen=True)
class ChatChoice:
    """What the player chose: a phrase to say, words to say, or a name to mute (or
    hear again)."""

    phrase: QuickPhrase | None = None
    text: str | None = None
    mute: str | None = None


class ChatDialog(ListDialog):
    """↑ ↓ and Enter (or a phrase's number) say a phrase or mute a seat; Tab goes to
    the line for your own words, Enter says them. Esc closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "keys.cancel"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, len(PHRASES) + 1)),
    ]

    def __init__(
        self, recent: Sequence[str], others: Sequence[tuple[str, bool]], lobby: bool = False
    ) -> None:
        """recent: the last lines said, as shown (`name: words`); others: the other
        players' names, each with whether it is muted now; lobby: said in the lobby,
        not at a table."""
        super().__init__()
        self.recent = tuple(recent)[-RECENT:]
        self.others = tuple(others)
        self.lobby = lobby

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="chat-dialog") as dialog:
            dialog.border_title = t("ui.chat.title")
            nothing = t("ui.chat.nothing_yet_lobby" if self.lobby else "ui.chat.nothing_yet")
            recent = "\n".join(self.recent) if self.recent else nothing
            yield Plain(recent, id="chat-recent")
            options: list[Option | None] = [
                Option(as_shown(f"{n}. ") + phrase.words(), id=f"phrase:{phrase.value}")
                for n, phrase in enumerate(PHRASES, start=1)
            ]
            if self.others:
                options.append(None)  # a separator
            for name, muted in self.others:
                key = "ui.chat.unmute" if muted else "ui.chat.mute"
                options.append(Option(literal(t(key, name=name)), id=f"mute:{name}"))
            yield OptionList(*options, id="chat-phrases")
            yield Input(
                placeholder=t("ui.chat.placeholder", n=CHAT_MAX),
                max_length=CHAT_MAX,
                id="chat-input",
                compact=True,
            )
        yield KeyFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        kind, _, value = (event.option.id or "").partition(":")
        if kind == "phrase":
            self.dismiss(ChatChoice(phrase=QuickPhrase(value)))
        elif kind == "mute":
            self.dismiss(ChatChoice(mute=value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        words = " ".join(printable(event.value).split())
        if words:
            self.dismiss(ChatChoice(text=words))

    def action_pick(self, index: int) -> None:
        if isinstance(self.focused, Input):
            return  # a digit typed among your words
        self.dismiss(ChatChoice(phrase=PHRASES[index]))

    def action_cancel(self) -> None:
        self.dismiss(None)
