"""The pieces of the app's forms (new game, settings, a new table, joining, the bots
that fill a table): labelled rows and drop-downs with their options."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.widget import Widget
from textual.widgets import Label, Select, Static, Switch

from ddz_tui.bots import Level
from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.engine.house import CAPS
from ddz_tui.i18n import ascii_mode, t
from ddz_tui.ui.names import level_name
from ddz_tui.ui.settings import levels, rule_fields
from ddz_tui.ui.typed import ddz_app

FORM_KEYS: list[BindingType] = [
    Binding("down,right", "app.focus_next", show=False),
    Binding("up,left", "app.focus_previous", show=False),
]
"""A form's arrows go through its controls in reading order, as Tab and Shift+Tab do
(a text field keeps its ← and →, an open drop-down its ↑ and ↓)."""

FORM_HEIGHTS: list[tuple[int, str]] = [(0, "-short"), (34, "-tall")]
"""A form's vertical breakpoints: rows spaced in a tall terminal, one a line in a short
one (80×24), so that the house rules' rows, more with every mode, fit (`screens.tcss`)."""


def level_options() -> list[tuple[str, Level]]:
    return [(level_name(level), level) for level in levels()]


def mode_options() -> list[tuple[str, LandlordMode]]:
    return [(t(f"ui.mode.{mode.value}"), mode) for mode in LandlordMode]


def cap_options() -> list[tuple[str, int]]:
    """封顶's choices: none (0), then each cap (a Select's value is never None)."""
    return [(t("ui.cap.none"), 0), *((t("ui.cap.at", x=cap), cap) for cap in CAPS)]


def rules_rows(rules: Rules) -> list[Horizontal]:
    """The house rules a form offers (new game, new table, hosting): how the landlord
    is chosen, doubling (加倍) and super doubling (超级加倍), showing cards (明牌), the
    cap (封顶), no shuffle (不洗牌) and wildcards (癞子); `chosen_rules` reads them. One
    row a rule, its label at most 25 cells (the label column is 26) in both languages: a
    short terminal packs the rows one a line (`FORM_HEIGHTS`), with room at 80×24 for
    more."""
    return [
        form_row(t("ui.new_game.mode"), choice(mode_options(), rules.landlord, "mode")),
        form_row(t("ui.new_game.doubling"), OnOff(rules.doubling, id="doubling")),
        form_row(t("ui.new_game.super_double"), OnOff(rules.super_double, id="super_double")),
        form_row(t("ui.new_game.showing"), OnOff(rules.showing, id="showing")),
        form_row(t("ui.new_game.show_start"), OnOff(rules.show_start, id="show_start")),
        form_row(t("ui.new_game.cap"), choice(cap_options(), rules.cap or 0, "cap")),
        form_row(t("ui.new_game.no_shuffle"), OnOff(rules.no_shuffle, id="no_shuffle")),
        form_row(t("ui.new_game.laizi"), OnOff(rules.laizi, id="laizi")),
    ]


def chosen_rules(form: DOMNode) -> Rules:
    """The house rules chosen in a form's `rules_rows` (super doubling is a kind of
    doubling: on only with doubling), with what each thing is worth as the session says
    (`ddz --rules`: the forms choose no factors; those of a rule turned off dropped)."""
    doubling = form.query_one("#doubling", Switch).value
    laizi = form.query_one("#laizi", Switch).value
    show_start = form.query_one("#show_start", Switch).value
    return Rules(
        LandlordMode(form.query_one("#mode", Select).value),
        doubling=doubling,
        super_double=doubling and form.query_one("#super_double", Switch).value,
        showing=form.query_one("#showing", Switch).value,
        show_start=show_start,
        cap=_cap(form.query_one("#cap", Select).value),
        no_shuffle=form.query_one("#no_shuffle", Switch).value,
        laizi=laizi,
        factors=ddz_app(form).factors.fitting(laizi=laizi, show_start=show_start),
    )


def _cap(value: object) -> int | None:
    """The cap a `cap_options` drop-down holds (0: none)."""
    return value if isinstance(value, int) and value else None


def remember(node: MessagePump, **chosen: Any) -> None:
    """Keep what a form chose as the next default (in Settings), if it changed."""
    app = ddz_app(node)
    if any(getattr(app.settings, name) != value for name, value in chosen.items()):
        app.update_settings(**chosen)


def remember_rules(node: MessagePump, rules: Rules) -> None:
    """Keep the rules chosen as the next game's and table's default."""
    remember(node, **rule_fields(rules))


def form_row(label: str, field: Widget) -> Horizontal:
    """A labelled field of a form (new game, settings)."""
    return Horizontal(Label(label, classes="field-label"), field, classes="field")


class Choice(Select[Any]):
    """A Select whose arrows are in ASCII in ASCII mode (Textual draws ▼ and ▲). Closed,
    in a form's row, its ↑ and ↓ move through the form (`FORM_KEYS`), and Enter, Space
    or a click opens it; elsewhere (a row of buttons) ↑ and ↓ open it too."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "arrow(1)", show=False),
        Binding("up", "arrow(-1)", show=False),
    ]

    def action_arrow(self, step: int) -> None:
        parent = self.parent
        if not (isinstance(parent, Widget) and parent.has_class("field")):
            self.action_show_overlay()
        elif step > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def on_mount(self) -> None:
        if ascii_mode():
            self.query_one(".down-arrow", Static).update("v")
            self.query_one(".up-arrow", Static).update("^")


def choice(options: list[tuple[str, Any]], value: Any, name: str) -> Select[Any]:
    """A one-line drop-down that always holds one of its options."""
    return Choice(options, value=value, allow_blank=False, id=name, compact=True)


class OnOff(Switch):
    """An on/off switch that fits a one-line form row and says its state in words,
    `[x] On` or `[ ] Off`, so that it reads the same in every theme, in 16 or 256
    colours and in black and white. A Switch still: same keys, clicks and messages."""

    def __init__(self, value: bool = False, *, id: str | None = None, disabled: bool = False):
        super().__init__(value, animate=False, id=id, disabled=disabled)

    def render(self) -> Text:
        return Text(t("ui.switch.on") if self.value else t("ui.switch.off"), no_wrap=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(Text(t(key)).cell_len for key in ("ui.switch.on", "ui.switch.off"))
