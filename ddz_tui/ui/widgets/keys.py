"""The footer: the keys that work on this screen, drawn as one line by one widget.

Textual's `Footer` builds a widget per key and builds them all again whenever the
screen's bindings may have changed, which at the table is after every key press: a
restyle and a layout of the whole screen, most of a key's cost. This footer looks the
same (the same component classes and colours), works out the keys again at the same
moments, and redraws its one line only when they differ.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.strip import Strip

from ddz_tui.ui.kept_lines import ancestry
from ddz_tui.ui.widgets.looks import KeptLooks

if TYPE_CHECKING:
    from textual.screen import Screen


@dataclass(frozen=True)
class ShownKey:
    """One key as the footer shows it."""

    key: str  # what pressing it means, for a click (the binding's first key)
    display: str
    description: str
    enabled: bool
    tooltip: str


def _parts(item: ShownKey) -> list[tuple[str, str]]:
    """An item's words, each with the component class it is drawn in."""
    if item.description:
        return [
            (f" {item.display} ", "footer-key--key"),
            (f"{item.description} ", "footer-key--description"),
        ]
    return [(item.display, "footer-key--key")]


def _spans(keys: tuple[ShownKey, ...]) -> list[tuple[int, int]]:
    """Each item's columns, [start, end)."""
    spans = []
    x = 0
    for item in keys:
        width = sum(cell_len(text) for text, _ in _parts(item))
        spans.append((x, x + width))
        x += width
    return spans


class KeyFooter(KeptLooks, can_focus=False):
    """The screen's shown bindings, one item each (the first binding of each action),
    like Textual's Footer. A click on an item presses its key. Its few looks (a card
    raised or not: Clear or Leave) are each drawn once."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer-key--key",
        "footer-key--description",
        "footer-key--item",
        "footer-key--hover",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        width: 100%;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer-key--item { background: $footer-item-background; }
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[ShownKey, ...] = ()
        self._spans: list[tuple[int, int]] = []  # each item's columns, [start, end)
        self._hover: int | None = None
        self._update_due = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)
        self._update_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """Heard as the bindings change (`immediate`): the keys are worked out once the
        screen's message being handled now is done (one update for any number of
        signals), in the screen's own step, before the frame, where Textual's footer
        waits for a round of its own queue (and the signal, not immediate, took one
        more). Only while the app has the focus: keys that change while it has not are
        shown when it comes back, as Textual's footer does."""
        if not screen.app.app_focus or self._update_due:
            return
        if self.is_attached and screen is self.screen:
            self._update_due = True
            screen.call_next(self._update_keys)

    def on_app_focus(self) -> None:
        self._update_keys()

    def _update_keys(self) -> None:
        self._update_due = False
        if not self.is_attached:  # (gone with its screen since the update was asked for)
            return
        keys = self.shown_keys()
        if keys != self._keys:
            self._keys = keys
            self._spans = _spans(keys)
            self.refresh()

    def shown_keys(self) -> tuple[ShownKey, ...]:
        """The screen's shown bindings now, the first binding of each action: what
        `Screen.active_bindings` has, asking only after the bindings that may show (a
        shown one, or a hidden one on a key that a shown one has). The table binds
        some fifty keys and shows a dozen; asking after every one cost a millisecond."""
        app = self.app
        chain = self.screen._modal_binding_chain
        shown = {key for _node, bindings in chain for key, b in bindings if b.show}
        active: dict[str, tuple[Binding, bool]] = {}
        for namespace, bindings in chain:
            for key, binding in bindings:
                if key not in shown:
                    continue
                taken = active.get(key)
                if taken is not None and not (binding.priority and not taken[0].priority):
                    continue
                state = app._check_action_state(binding.action, namespace)
                if state is not False:  # False: not shown at all; None: greyed
                    active[key] = binding, bool(state)
        by_action: defaultdict[str, list[ShownKey]] = defaultdict(list)
        for binding, enabled in active.values():
            if binding.show:
                display = app.get_key_display(binding)
                by_action[binding.action].append(
                    ShownKey(binding.key, display, binding.description, enabled, binding.tooltip)
                )
        return tuple(items[0] for items in by_action.values())

    def look(self) -> tuple[tuple[ShownKey, ...], int | None]:
        return self._keys, self._hover

    def render_line(self, y: int) -> Strip:
        """The keys as segments (the line API): no `Text` to turn into strips again."""
        base = ancestry(self).rich_style
        styles = {
            part: base + self.get_component_rich_style(part)
            for part in ("footer-key--key", "footer-key--description")
        }
        dim = Style(dim=True)
        segments: list[Segment] = []
        for index, item in enumerate(self._keys):
            item_class = "footer-key--hover" if index == self._hover else "footer-key--item"
            item_style = base + self.get_component_rich_style(item_class)
            for text, part in _parts(item):
                style = item_style + styles[part]
                segments.append(Segment(text, style if item.enabled else style + dim))
        width = self._spans[-1][1] if self._spans else 0
        return Strip(segments, width).crop_extend(0, self.size.width, base)

    def _item_at(self, x: int) -> int | None:
        for index, (start, end) in enumerate(self._spans):
            if start <= x < end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self._item_at(event.x)
        if index != self._hover:
            self._hover = index
            self.tooltip = self._keys[index].tooltip or None if index is not None else None
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._item_at(event.x)
        if index is None:
            return
        item = self._keys[index]
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()
