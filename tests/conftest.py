"""Shared test setup: English messages, colour on, and no sound device."""

from __future__ import annotations

import os

import pytest

from ddz_tui.i18n import Lang, set_language

os.environ.pop("NO_COLOR", None)


@pytest.fixture(autouse=True)
def english() -> None:
    set_language(Lang.EN)
