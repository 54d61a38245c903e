"""A player's name: one check and one limit for the profile name in Settings, the name
given when joining or hosting, the server's lobby and the SSH door, so that a name the
profile keeps is a name every table takes."""

from __future__ import annotations

from ddz_tui.i18n import Phrase, PhrasedError
from ddz_tui.text import is_printable

NAME_MAX = 16
"""The most characters a name may have (a seat on the table shows that many)."""


class BadName(PhrasedError, ValueError):
    """Text that cannot be a name; the phrase says why, for the player."""


def check_name(name: str) -> str:
    """The name as kept and shown (trimmed); BadName says why the text will not do."""
    name = name.strip()
    if not name:
        raise BadName(Phrase("net.name.empty"))
    if len(name) > NAME_MAX:
        raise BadName(Phrase("net.name.too_long", n=NAME_MAX))
    if not is_printable(name):
        raise BadName(Phrase("net.name.unprintable"))
    return name
