"""ASCII mode's texts: every English text in ASCII, Chinese keeping its words, and the
fields (names from outside) shown as given."""

from __future__ import annotations

from ddz_tui.i18n import EN, Lang, as_shown, set_ascii, set_language, t


def test_every_english_text_is_ascii_in_ascii_mode() -> None:
    set_ascii(True)
    odd = {key: t(key) for key in EN if any(ord(char) >= 128 for char in t(key))}
    assert not odd


def test_english_leaves_out_its_chinese_glosses_and_keeps_its_sense() -> None:
    set_ascii(True)
    assert t("ui.role.landlord") == "Landlord"
    assert t("ui.title.name") == "Dou Dizhu"
    assert t("ui.seat.takeover") == "bot plays"
    assert t("ui.help.key.counter").startswith("the card counter: ")
    assert t("ui.top.multiplier", x=2) == "Stake x2"
    assert as_shown("▶ ") == "> " and as_shown("← →") == "<- ->"


def test_names_are_shown_as_given_and_chinese_keeps_its_words() -> None:
    set_ascii(True)
    assert t("ui.seat.bot", name="小明", level="Hard") == "小明 | Hard"
    set_language(Lang.ZH)
    assert t("ui.role.landlord") == "地主"
    assert "×" not in t("ui.top.multiplier", x=2)


def test_off_by_default_everything_is_as_written() -> None:
    assert t("ui.role.landlord") == "地主 Landlord" and as_shown("▶") == "▶"
