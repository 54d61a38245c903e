"""The app as its screens and widgets know it: typed, so that mypy checks every call
they make on it (Textual types `node.app` as a plain `App`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.message_pump import MessagePump

if TYPE_CHECKING:
    from ddz_tui.ui.app import DdzApp


def ddz_app(node: MessagePump) -> DdzApp:
    """The running `DdzApp` of a mounted screen or widget (ours only ever run in one)."""
    return cast("DdzApp", node.app)
