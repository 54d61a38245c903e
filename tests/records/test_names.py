"""One check of a player's name, for the profile, the server and the SSH door."""

from __future__ import annotations

import pytest

from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import check_name as check_name_online
from ddz_tui.records.names import NAME_MAX, BadName, check_name, name_key


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("x" * (NAME_MAX + 1), f"at most {NAME_MAX} characters"),
        ("Twenty characters!!!", f"at most {NAME_MAX} characters"),
        ("tab\there", "printable"),
        ("\x07", "printable"),
        ("\x1b[31mred", "printable"),
    ],
)
def test_text_that_cannot_be_a_name_says_why(name: str, why: str) -> None:
    with pytest.raises(BadName, match=why):
        check_name(name)
    with pytest.raises(ProtocolError, match=why) as online:  # the server says the same
        check_name_online(name)
    assert online.value.reason is ErrorReason.BAD_NAME


def test_a_name_is_trimmed_and_may_have_the_longest_length() -> None:
    assert check_name("  Mei Ling ") == "Mei Ling"
    assert check_name("王小明") == "王小明"
    assert check_name("x" * NAME_MAX) == check_name_online("x" * NAME_MAX) == "x" * NAME_MAX


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("ann", "Ann"),
        ("ann", "ANN"),
        ("ann", "ａｎｎ"),  # fullwidth
        ("ann", "𝐚𝐧𝐧"),  # mathematical bold
        ("ann", "\u0430nn"),  # Cyrillic а
        ("AHOY", "\u0410\u041d\u041e\u03a5"),  # Cyrillic А, Н, О and Greek Υ
        ("pope", "\u0440\u043e\u0440\u0435"),  # all Cyrillic: рорe
        ("xeno", "\u03c7\u03b5\u03bd\u03bf"),  # Greek χενο
        ("Zoë", "zoe\u0308"),  # composed or not
        ("Zoë", "zo\u0451"),  # Cyrillic ё
        ("Straße", "STRASSE"),
    ],
)
def test_look_alike_names_share_a_key(name: str, other: str) -> None:
    assert name_key(check_name(name)) == name_key(check_name(other))


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("ann", "anne"),
        ("ann", "ann2"),
        ("Il", "ll"),  # a terminal's font tells these apart
        ("o0", "oo"),
        ("王小明", "王小名"),
        ("zoe", "zoë"),
        ("\u0438", "u"),  # Cyrillic и looks like no Latin letter
    ],
)
def test_names_that_differ_to_the_eye_keep_their_own_keys(name: str, other: str) -> None:
    assert name_key(name) != name_key(other)
