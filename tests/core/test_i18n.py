"""Every string a player reads exists in both languages and fills its fields; phrases
render in the language asked for."""

from __future__ import annotations

import copy
import pickle
import re
import string
import types
from pathlib import Path

import pytest

from ddz_tui.i18n import EN, ZH, Lang, Phrase, PhrasedError, default_language, set_language, t
from ddz_tui.i18n.catalog import AREAS, MODULES, area_of, merged

PACKAGE = Path(__file__).resolve().parents[2] / "ddz_tui"
LITERAL_KEY = re.compile(r"""\b(?:t|Phrase)\(\s*["']([a-z0-9_.]+)["']""")  # t("key"), Phrase("key")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_english_key_has_chinese_with_the_same_fields() -> None:
    assert set(ZH) == set(EN), f"missing in zh: {sorted(set(EN) - set(ZH))[:5]}"
    for key, template in EN.items():
        assert _fields(ZH[key]) <= _fields(template) | {"r"}, key


def test_every_area_entry_holds_both_languages_with_the_same_fields() -> None:
    """The area modules themselves: each entry (English, Chinese), both non-empty."""
    for module in MODULES:
        for key, texts in module.PHRASES.items():
            assert isinstance(texts, tuple) and len(texts) == 2, (module.__name__, key)
            english, chinese = texts
            assert isinstance(english, str) and english, (module.__name__, key)
            assert isinstance(chinese, str) and chinese, (module.__name__, key)
            assert _fields(chinese) <= _fields(english) | {"r"}, (module.__name__, key)


def test_every_key_lives_in_the_area_of_its_prefix() -> None:
    for module in MODULES:
        for key in module.PHRASES:
            assert area_of(key) is module, f"{key} belongs in {area_of(key)}, not {module}"
    assert {module for _, module in AREAS} == set(MODULES)


def test_a_key_kept_in_two_areas_is_refused() -> None:
    twin = types.ModuleType("twin")
    twin.PHRASES = {"kind.bomb": ("bomb", "炸弹")}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"twin repeats i18n keys: \['kind\.bomb'\]"):
        merged((*MODULES, twin))


def test_t_renders_in_the_language_asked_for_whatever_the_process_speaks() -> None:
    set_language(Lang.EN)
    assert t("kind.bomb", Lang.ZH) == "炸弹"
    assert t("kind.bomb", "zh") == "炸弹"
    assert t("illegal.bid_not_higher", Lang.ZH, high=2) == "必须叫得比2分高，或者不叫"
    assert t("kind.bomb") == "a bomb"
    set_language(Lang.ZH)
    assert t("kind.bomb", Lang.EN) == "a bomb"
    assert t("kind.bomb") == "炸弹"
    set_language(Lang.EN)


def test_a_phrase_renders_in_each_language_with_its_fields_and_nested_phrases() -> None:
    bomb = Phrase("kind.bomb")
    refused = Phrase("refuse.not_stronger", play=Phrase("play.pair", r="5", rs="5s"), last=bomb)
    assert refused.render(Lang.EN) == "a pair of 5s does not beat a bomb"
    assert refused.render(Lang.ZH) == "一对5大不过炸弹"
    set_language(Lang.ZH)
    assert str(bomb) == "炸弹", "str() speaks the process's language"
    set_language(Lang.EN)
    assert str(bomb) == "a bomb"
    assert Phrase.as_is("[b]x").render(Lang.ZH) == "[b]x"


def test_a_phrase_is_a_frozen_value() -> None:
    phrase = Phrase("table.notice.left", name="ann")
    assert phrase == Phrase("table.notice.left", name="ann")
    assert phrase != Phrase("table.notice.left", name="bob")
    assert hash(phrase) == hash(Phrase("table.notice.left", name="ann"))
    assert phrase.fields["name"] == "ann"
    with pytest.raises(AttributeError):
        phrase.key = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        phrase.fields["name"] = "bob"  # type: ignore[index]
    assert pickle.loads(pickle.dumps(phrase)) == phrase
    assert copy.deepcopy(phrase) == phrase


def test_a_phrased_error_is_said_in_the_readers_language() -> None:
    error = PhrasedError(Phrase("illegal.must_play"))
    assert error.phrase.render(Lang.ZH) == ZH["illegal.must_play"]
    assert str(error) == error.message == EN["illegal.must_play"]


def test_every_literal_key_used_in_the_code_exists() -> None:
    used = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(LITERAL_KEY.findall(path.read_text("utf-8")))
    assert used, "the scan found no uses of t()"
    assert not used - set(EN), f"unknown keys: {sorted(used - set(EN))}"


def test_language_switch_and_locale_default() -> None:
    set_language(Lang.ZH)
    assert t("kind.bomb") == "炸弹"
    set_language("en")
    assert t("kind.bomb") == "a bomb"
    assert default_language({"LANG": "zh_CN.UTF-8"}) is Lang.ZH
    assert default_language({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}) is Lang.EN
    assert default_language({}) is Lang.EN


def test_every_key_description_exists() -> None:
    """Key descriptions in the app's bindings are i18n keys too ("keys.play")."""
    used = set()
    for path in (PACKAGE / "ui").rglob("*.py"):
        used |= set(re.findall(r"""["'](keys\.[a-z_]+)["']""", path.read_text("utf-8")))
    assert used, "the scan found no key descriptions"
    assert not used - set(EN), f"unknown keys: {sorted(used - set(EN))}"
