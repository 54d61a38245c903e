"""A player's name: one check and one limit for the profile name in Settings, the name
given when joining or hosting, the server's lobby and the SSH door, so that a name the
profile keeps is a name every table takes."""

from __future__ import annotations

import unicodedata

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


# Cyrillic and Greek letters (as `str.casefold` leaves them) that a reader takes for a
# Latin letter or a digit. A name is compared case-folded, so a letter is mapped by what
# its capital looks like when the capital and the small letter disagree (Greek Ν is an
# N, though ν looks like a v): the capitals are the exact look-alikes.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "з": "3", "і": "i", "ј": "j", "к": "k", "м": "m",
        "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
        "һ": "h", "ү": "y", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
        # Greek
        "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
        "ν": "n", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    }
)  # fmt: skip


def name_key(name: str) -> str:
    """What two names are compared by, to tell whether a name is in use: the same key
    means one player could pass for the other. The name shown stays as typed.

    NFKC makes fullwidth and styled letters (ａｎｎ, 𝐚𝐧𝐧) plain, case folding makes Ann
    and ANN ann, and a small skeleton map makes the common Cyrillic and Greek
    look-alikes of Latin letters Latin (Cyrillic а in аnn, Greek Α in ΑΝΝΑ), accents
    kept (ё is ë). A map rather than refusing names that mix scripts: a name all in
    Cyrillic (рор) mixes nothing and still passes for pop, and Russian or Greek
    players keep their own names. Only look-alikes a reader takes for the same letter
    are mapped: ASCII's l, I, 1, O and 0 stay apart (a terminal's font tells them apart,
    and names use digits), and so does every script beyond these three."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    letters = unicodedata.normalize("NFD", folded).translate(_LOOK_ALIKES)
    return unicodedata.normalize("NFC", letters)
