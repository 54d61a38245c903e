"""Languages, phrases and rendering: `t(key, lang, **fields)` and `Phrase`.

A message that may be read in more than one language (a server's refusal, a table's
notice, an engine's refusal) travels as a `Phrase` (key and fields) and is put into
words only by whoever shows it, in the reader's language. `set_language` sets the
language of whoever is speaking (the command line, the app's settings); `lang=None`
means that one.

Who is speaking is a `Voice`: the process's own, or one an app takes for itself
(`own_voice`) when many apps share a process (the SSH door's sessions). It lives in a
context variable, so every task and thread an app starts speaks with the app's voice.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from ddz_tui.i18n.catalog import CATALOG


class Lang(str, Enum):
    EN = "en"
    ZH = "zh"


_COLUMN = {Lang.EN: 0, Lang.ZH: 1}  # where each language stands in a catalogue entry

EN: dict[str, str] = {key: texts[0] for key, texts in CATALOG.items()}
ZH: dict[str, str] = {key: texts[1] for key, texts in CATALOG.items()}
CATALOGS: dict[Lang, dict[str, str]] = {Lang.EN: EN, Lang.ZH: ZH}


@dataclass
class Voice:
    """The language and the ASCII mode one player's screens are in."""

    lang: Lang = Lang.EN
    ascii: bool = False


_PROCESS_VOICE = Voice()
_voice: ContextVar[Voice] = ContextVar("ddz_voice", default=_PROCESS_VOICE)
"""The voice in this context: the process's own (the one shared default, meant to be
changed in place) unless an app took its own."""


def own_voice(lang: Lang | str = Lang.EN, ascii: bool = False) -> Voice:
    """Speak with a voice of its own from here on, in this context and those it starts
    (an app hosted among others, before it starts): its language and ASCII mode change
    without touching anyone else's."""
    voice = Voice(Lang(lang), ascii)
    _voice.set(voice)
    return voice


def default_language(environ: Mapping[str, str] | None = None) -> Lang:
    """Chinese when the locale says so (LC_ALL, LC_MESSAGES or LANG start with zh)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return Lang.ZH if value.lower().startswith("zh") else Lang.EN
    return Lang.EN


def set_language(lang: Lang | str) -> None:
    """The language spoken here: set at start-up (and when the player changes it)."""
    _voice.get().lang = Lang(lang)


def language() -> Lang:
    return _voice.get().lang


def t(key: str, lang: Lang | str | None = None, **fields: object) -> str:
    """`key`'s text in `lang` (None: the process's language), filled with `fields`;
    a field that is a Phrase is put into words in the same language. Text for this
    process's own screen (lang None) is in ASCII in ASCII mode; the fields, such as
    names, are shown as given, and text for another reader (a server's player) as
    written."""
    chosen = _voice.get().lang if lang is None else Lang(lang)
    template = CATALOG[key][_COLUMN[chosen]]
    if lang is None:
        template = as_shown(template)
    if not fields:
        return template
    return template.format(
        **{
            name: value.render(chosen) if isinstance(value, Phrase) else value
            for name, value in fields.items()
        }
    )


def sentences(*texts: str, lang: Lang | str | None = None) -> str:
    """Sentences one after another, as `lang` (None: the one spoken here) writes them:
    English puts a space between two, Chinese none (`你：1分。你成为地主。`). Empty
    texts are left out."""
    chosen = _voice.get().lang if lang is None else Lang(lang)
    gap = "" if chosen is Lang.ZH else " "
    return gap.join(text.strip() for text in texts if text.strip())


# --- ASCII mode: for terminals without the glyphs ----------------------------------

ASCII_SYMBOLS = str.maketrans(
    {
        "×": "x",
        "…": "...",
        "–": "-",
        "—": "-",
        "·": "|",
        "→": "->",
        "←": "<-",
        "↑": "Up",
        "↓": "Down",
        "▶": ">",
        "✓": "*",
        "🔒": "[P]",  # a private table in the lobby
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
    }
)
"""Each symbol our texts use, in ASCII."""

_GLOSS = re.compile(r"\s*\(\s*[\u3000-\u9fff]+\s*\)|\s+[\u3000-\u9fff]+|^[\u3000-\u9fff]+\s*")
"""A Chinese word given beside the English one: `(记牌器)`, `地主 `."""


def set_ascii(on: bool) -> None:
    """ASCII mode (`--ascii`, or the setting), spoken as the language is."""
    _voice.get().ascii = on


def ascii_mode() -> bool:
    return _voice.get().ascii


def as_shown(text: str) -> str:
    """Our own text (a catalogue entry, a key name, a marker) as the mode shows it:
    as written, or in ASCII mode in ASCII. There, English leaves out its Chinese
    glosses (`地主 Landlord` is `Landlord`); Chinese changes only its symbols."""
    voice = _voice.get()
    if not voice.ascii:
        return text
    out = text.translate(ASCII_SYMBOLS)
    if voice.lang is Lang.EN:
        plain = _GLOSS.sub("", out)
        if plain != out:
            plain = plain.strip().lstrip("| ")
            out = plain[1:-1] if plain.startswith("(") and plain.endswith(")") else plain
    return out


@dataclass(frozen=True, init=False)
class Phrase:
    """A message not yet in words: a catalogue key and its fields (which may be
    phrases themselves). Rendered when read, in the reader's language."""

    key: str
    fields: Mapping[str, object]

    def __init__(self, key: str, /, **fields: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "fields", MappingProxyType(fields))

    @classmethod
    def as_is(cls, text: str) -> Phrase:
        """Text already in words (a peer's message as it came): the same in any language."""
        return cls("as_is", text=text)

    def render(self, lang: Lang | str | None = None) -> str:
        return t(self.key, lang, **self.fields)

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrase):
            return NotImplemented
        return self.key == other.key and dict(self.fields) == dict(other.fields)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.fields.items()))))

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.fields.items())
        return f"Phrase({self.key!r}{fields})"

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle (bots in processes)
        return (_phrase, (self.key, dict(self.fields)))


def _phrase(key: str, fields: dict[str, object]) -> Phrase:
    return Phrase(key, **fields)


class PhrasedError(Exception):
    """An error whose message is a Phrase: whoever shows it says it in their reader's
    language (`phrase.render(lang)`); `message` and str() use the process's."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase)
        self.phrase = phrase

    @property
    def message(self) -> str:
        return self.phrase.render()

    def __str__(self) -> str:
        return self.message
