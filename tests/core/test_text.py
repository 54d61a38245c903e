"""`printable`: text from outside, made safe for a terminal."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.text import is_printable, printable

# what a terminal must never be sent from outside
FORBIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
ATTACKS = [
    "\x1b]52;c;aGVsbG8=\x07",  # OSC 52: write the clipboard
    "\x1b]0;owned\x1b\\",  # OSC 0: the window title, ended by ST
    "\x1b[2J\x1b[H",  # CSI: clear the screen, home
    "\x9b2J\x9d0;t\x9c",  # the same in C1 controls
    "\x1bP+q544e\x1b\\",  # DCS
    "\u202eevil\u202c \u2066x\u2069",  # bidi override and isolate
    "\u200b\u200d\u2060\ufeff\u00ad",  # zero-width characters, BOM, soft hyphen
    "\U000e0041\U000e007f",  # tag characters
    "\ud800\udfff",  # lone surrogates (not even UTF-8)
    "\ue000\U000f0000",  # private use
    "\x00\x7f\x85",  # NUL, DEL, NEL
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_escape_sequences_and_invisible_controls_are_dropped(attack) -> None:
    shown = printable(f"ann{attack}bob")
    assert shown.startswith("ann") and shown.endswith("bob")
    assert not any(unicodedata.category(c) in FORBIDDEN for c in shown)
    assert "\x1b" not in shown and not is_printable(attack)


@pytest.mark.parametrize(
    "text",
    ["ann", "张三", "地主 · 3 号桌", "🂡 🃏 👍🏽 ♠♥", "1️⃣", "Zoë", "ﾊﾝﾄﾞﾙ", "[b]x[/b]", ""],
)
def test_ordinary_text_stays_as_it_is(text) -> None:
    assert printable(text) == text and is_printable(text)


def test_whitespace_becomes_a_space_so_words_stay_apart() -> None:
    assert printable("a\tb\nc\r\nd\u2028e\u2029f") == "a b c  d e f"
    assert printable("张\u3000三\xa0四") == "张 三 四"


def test_a_limit_cuts_what_is_left() -> None:
    assert printable("\x1b[2Jabcdef", limit=3) == "[2J"
    assert printable("ab", limit=5) == "ab"
    assert printable("abc", limit=0) == ""


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_no_forbidden_character_survives(text: str) -> None:
    shown = printable(text)
    assert not any(unicodedata.category(c) in FORBIDDEN for c in shown)
    assert all(unicodedata.category(c) != "Zs" or c == " " for c in shown)
    shown.encode("utf-8")  # never a surrogate


@settings(max_examples=500, deadline=None)
@given(st.text(), st.none() | st.integers(min_value=0, max_value=50))
def test_printable_is_idempotent_and_never_longer(text: str, limit: int | None) -> None:
    once = printable(text, limit)
    assert printable(once, limit) == once
    assert len(once) <= len(text) and (limit is None or len(once) <= limit)


@settings(max_examples=500, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Z"))))
def test_printable_text_is_unchanged(text: str) -> None:
    assert printable(text) == text


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_is_printable_means_what_str_isprintable_means(text: str) -> None:
    """So the checks that refuse a name agree with the cleaning that shows one."""
    assert is_printable(text) == text.isprintable()
