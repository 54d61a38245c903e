"""Key descriptions in the player's language.

Textual's bindings carry a fixed description. Ours carry an i18n key instead, and
every screen and widget of the app shows them through `t`, again whenever the
language changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.binding import BindingsMap

from ddz_tui.i18n import as_shown, t

KEY_PREFIX = "keys."
"""Descriptions that are i18n keys start with this; Textual's own stay as they are."""


APP_PREFIX = "app."
"""Actions of the whole app (such as sound on/off) rather than of one screen."""


def translated(bindings: BindingsMap) -> BindingsMap:
    """A copy of `bindings` with our descriptions in the active language, and the
    app's own keys last, so that every footer ends with them."""
    out = bindings.copy()
    for key, items in out.key_to_bindings.items():
        out.key_to_bindings[key] = [
            replace(
                binding,
                description=t(binding.description)
                if binding.description.startswith(KEY_PREFIX)
                else binding.description,
                key_display=binding.key_display and as_shown(binding.key_display),
            )
            for binding in items
        ]
    shared = [
        key
        for key, items in out.key_to_bindings.items()
        if all(binding.action.startswith(APP_PREFIX) for binding in items)
    ]
    for key in shared:
        out.key_to_bindings[key] = out.key_to_bindings.pop(key)
    return out


class Localized:
    """Mix in first (into a Screen or Widget): shows the binding descriptions in the
    active language. Not a DOMNode itself, so CSS type names still come from the
    widget class it is mixed into."""

    _merged_bindings: BindingsMap | None
    _bindings: BindingsMap

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.localize_bindings()

    def localize_bindings(self) -> None:
        if self._merged_bindings is not None:
            self._bindings = translated(self._merged_bindings)
