"""One check of a player's name, for the profile, the server and the SSH door."""

from __future__ import annotations

import pytest

from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import check_name as check_name_online
from ddz_tui.records.names import NAME_MAX, BadName, check_name


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
