"""Help → Keys at the smallest terminal (80×24): every row's words whole, wrapped at
spaces in English and between characters in Chinese, never cut with an ellipsis."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import TabbedContent

from ddz_tui.i18n import Lang, t
from ddz_tui.ui.screens.help import KEYS
from ddz_tui.ui.widgets.plain import Plain
from tests.support.ui import make_app


def described_rows(lines: list[Strip], start: int) -> list[str]:
    """Each row's description, its lines joined: a row begins where the key column
    (the cells before `start`) holds text."""
    rows: list[list[str]] = []
    for line in lines:
        key, words = line.crop(0, start).text.strip(), line.crop(start).text.strip()
        if key:
            rows.append([])
        if rows and words:
            rows[-1].append(words)
    return [" ".join(row) for row in rows]


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
async def test_every_key_row_wraps_whole_words_at_80x24(lang: Lang) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1", "right")
        await pilot.pause()
        pane = app.screen.query_one(TabbedContent).active_pane
        assert pane is not None and pane.id == "keys"
        keys = pane.query_one(VerticalScroll).query_one(Plain)
        width, height = keys.content_size
        lines = keys.render_lines(Region(0, 0, width, height))
        first = lines[0].text
        start = cell_len(first[: first.index(t(KEYS[0][1], lang)[:4])])
        rows = described_rows(lines, start)
        assert len(rows) == len(KEYS)
        text = "\n".join(line.text for line in lines)
        for (_, key), shown in zip(KEYS, rows, strict=True):
            words = t(key, lang)
            if lang is Lang.ZH:  # Chinese wraps between any two characters
                assert shown.replace(" ", "") == words.replace(" ", ""), f"{shown!r} in\n{text}"
            else:
                assert shown == " ".join(words.split()), f"{shown!r} in\n{text}"


def test_the_replays_keys_are_in_help() -> None:
    """Every key the replay's footer shows is told in Help (stepping, autoplay, speed)."""
    told = {key for key, _ in KEYS}
    assert "← →  Home End" in told and "Space  - +" in told
    what = {what for _, what in KEYS}
    assert {"ui.help.key.steps", "ui.help.key.autoplay"} <= what
