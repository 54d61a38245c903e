"""Text from outside made safe to show: the one definition of "printable".

A name, a table title, a notice or an error line from a server, a record file, the
database or the settings file reaches the player's terminal; in it, ESC and the C1
controls start sequences that write the clipboard (OSC 52), retitle the window
(OSC 0) or clear the screen (CSI 2J), and bidi overrides reorder what is read. So
every such string passes through `printable` where it comes in, and checks that
refuse text (a player's name, say) use `is_printable`, the same definition.

A character is printable when `str.isprintable()` says so: not a control (Cc, which
holds C0, DEL and C1), not a format character (Cf: bidi embeddings, overrides and
isolates, zero-width characters, U+FEFF, tag characters), not a surrogate (Cs, which
cannot even be written as UTF-8), not private-use (Co) or unassigned in this
Python's Unicode (Cn, whose width no one can know), and no separator but the space.
Whitespace among those (tab, a line break, U+2028, a no-break or ideographic space)
becomes a space, so words stay apart; the rest is dropped. CJK text, emoji (with
their variation selectors and keycaps) and accents are kept; a zero-width joiner is
not, so a joined emoji shows as its parts.

This module imports nothing of the game: every layer may use it.
"""

from __future__ import annotations


def printable(text: str, limit: int | None = None) -> str:
    """`text` with every character that is not printable dropped (or, for
    whitespace, made a space), cut to `limit` characters when given."""
    if not text.isprintable():  # the usual text passes straight through
        text = "".join(_char(c) for c in text)
    return text if limit is None else text[:limit]


def is_printable(text: str) -> bool:
    """True when `printable` would leave `text` as it is."""
    return printable(text) == text


def _char(c: str) -> str:
    if c.isprintable():
        return c
    return " " if c.isspace() else ""
