"""A key typed goes to its binding at once when nothing on its way reads keys.

Textual hands a key that no priority binding takes to the focused widget, which hands
it to its parent, and so on up to the screen and back to the app, a round through each
one's message queue, and only then does the app look for the key's binding: at the
table (the hand, the screen, the app) three rounds a key, some 0.3 ms of a move and more
of a play. When no widget on that way does anything with a key (no key handler of its
own, no `key_` method for it) and no key typed before it is still on its way (which it
would overtake), the app looks for the binding at once: the same binding, found from the
same focus, runs without the rounds. Otherwise the key goes Textual's way.

A screen that must see every key typed, in order, before any binding runs (the table:
the "0" of a "10" typed out is not a second ten) says so with `notice_key`, which the
app calls as each key arrives, whichever way it then goes.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.events import _key_to_identifier
from textual.keys import _get_key_aliases
from textual.widget import Widget

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.message import Message
    from textual.message_pump import MessagePump

_TEXTUAL_DEFAULTS = {Widget._on_key, Widget.handle_key, App._on_key}
"""Textual's own key handlers, which only look for `key_` methods (and the app's for a
binding): what `goes_unread` stands in for."""


def noticed(app: App[Any], key: str) -> bool:
    """The screen on top notices the key, if it notices keys (`notice_key(key) -> bool`,
    every key typed while it is on top, in order, before any binding); False if it
    stops the key there."""
    notice = getattr(app.screen, "notice_key", None)
    return notice is None or bool(notice(key))


def goes_unread(app: App[Any], key: str) -> bool:
    """Nothing the key would pass through (the focused widget up to the screen, then the
    app) reads it, and no key typed before it is still on that way."""
    screen = app.screen
    node: MessagePump | None = app.focused or screen
    chain: list[MessagePump] = []
    while node is not None:
        chain.append(node)
        if node is screen:
            break
        node = node._parent
    else:
        return False  # (a focused widget no longer on its screen: Textual's way)
    methods = _key_methods(key)
    for node in [*chain, app]:
        kind = type(node)
        if _reads_keys(kind) or _has_method(kind, methods):
            return False
    if any(_on_the_way(node, back=False) for node in chain):
        return False  # an earlier key on its way up ...
    return not (_on_the_way(app, back=True) or app._closing)  # ... or back at the app


def _on_the_way(node: MessagePump, back: bool) -> bool:
    """A key waits in `node`'s queue (`back`: one handed back to the app; the app's
    others are keys typed after this one)."""
    waiting: Iterable[Message | None] = node._message_queue.values
    return any(
        isinstance(message, events.Key) and (message.is_forwarded or not back)
        for message in waiting
    )


@lru_cache(maxsize=256)  # (a peer can send any character: bounded)
def _key_methods(key: str) -> tuple[str, ...]:
    """The names of the methods Textual's `dispatch_key` would call for `key`."""
    names = [_key_to_identifier(alias) for alias in _get_key_aliases(key)]
    return tuple(f"{prefix}key_{name}" for name in names for prefix in ("", "_"))


@lru_cache(maxsize=1024)
def _has_method(kind: type, names: tuple[str, ...]) -> bool:
    return any(hasattr(kind, name) for name in names)


@cache
def _reads_keys(kind: type) -> bool:
    """Instances of `kind` handle key events themselves (beyond Textual's defaults)."""
    for klass in kind.__mro__:
        for name in ("on_key", "_on_key", "handle_key"):
            handler = klass.__dict__.get(name)
            if handler is not None and handler not in _TEXTUAL_DEFAULTS:
                return True
        decorated = klass.__dict__.get("_decorated_handlers") or {}
        if any(issubclass(events.Key, message) for message in decorated):
            return True
    return False
