"""Every string a player reads exists in both languages and fills its fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

from ddz_tui.i18n import EN, ZH, Lang, default_language, set_language, t

PACKAGE = Path(__file__).resolve().parent.parent / "ddz_tui"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_english_key_has_chinese_with_the_same_fields() -> None:
    assert set(ZH) == set(EN), f"missing in zh: {sorted(set(EN) - set(ZH))[:5]}"
    for key, template in EN.items():
        assert _fields(ZH[key]) <= _fields(template) | {"r"}, key


def test_every_literal_key_used_in_the_code_exists() -> None:
    used = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_.]+)["']""", path.read_text("utf-8")))
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
