"""Statistics and replays in the app: recording games, the screens, history off."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from ddz_tui.cli.history import _file_replay
from ddz_tui.engine import dumps
from ddz_tui.engine.replay import frames
from ddz_tui.i18n import Lang, set_language
from ddz_tui.records.store import FILE_NAME, Origin, SeatLabel, SeatRecord, Store, _explain
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.replay import OpenHand, ReplayScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.stats import ScoreChart, StatsScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.widgets.table_parts import MessageLine
from tests.support.history import HOSTILE_ROWS, LINK_NAME, finished_game, seed_history, spoil
from tests.support.ui import NotingApp, make_app, settle, take_turns


async def loaded(pilot: Pilot) -> None:
    """Wait for the history to answer and the screen to show it."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def notices(app: NotingApp) -> list[str]:
    return app.notices_shown


def text_of(widget: Static) -> str:
    """What a Static shows, as plain text (tables included)."""
    console = Console(width=100, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(widget.content)
    return capture.get()


async def play_a_game(pilot: Pilot) -> None:
    """From the title, a game by keys until its result shows; then wait for it to be kept."""
    await pilot.press("n", "enter")
    await settle(pilot)
    await take_turns(pilot)
    assert isinstance(pilot.app.screen, ResultScreen)
    await pilot.app.history.flush()  # type: ignore[attr-defined]


async def test_statistics_open_from_the_title_and_explain_an_empty_history() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("t")
        await loaded(pilot)
        assert isinstance(app.screen, StatsScreen)
        note = app.screen.query_one("#stats-note", Static)
        assert "No games yet" in text_of(note)
        assert not app.screen.query(ScoreChart) and not app.screen.query(DataTable)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("down", "down", "down", "down", "enter")  # the menu's fifth entry
        await loaded(pilot)
        assert isinstance(app.screen, StatsScreen)


async def test_a_finished_local_game_is_kept_with_its_seats(data_dir: Path) -> None:
    seed_history(data_dir, 0, name="Mei")
    app = make_app()
    async with app.run_test() as pilot:
        await play_a_game(pilot)
        table = app.screen_stack[-2]
        game = table.client.host.game  # type: ignore[attr-defined]
        assert not notices(app)
    with Store.open(data_dir / FILE_NAME) as store:
        [summary] = store.recent_games()
        kept = store.game(summary.id)
    assert kept.events == tuple(game.events)
    assert summary.my_seat == 0 and summary.origin is Origin.LOCAL
    assert kept.seats == (
        SeatRecord("Mei"),
        SeatRecord("Right", "random", SeatLabel.RIGHT),
        SeatRecord("Left", "random", SeatLabel.LEFT),
    )


async def test_a_game_played_in_chinese_keeps_its_seats_without_words(data_dir: Path) -> None:
    """Kept as labels, the seats read in the language of whoever reads them."""
    app = make_app(lang=Lang.ZH)
    async with app.run_test() as pilot:
        await play_a_game(pilot)
    set_language(Lang.EN)
    with Store.open(data_dir / FILE_NAME) as store:
        [summary] = store.recent_games()
        rows = store._db.execute("SELECT name, label FROM seats ORDER BY seat").fetchall()
    assert rows == [("", "you"), ("", "right"), ("", "left")]
    assert summary.names == ("You", "Right", "Left")


async def test_the_statistics_show_the_record_and_open_a_replay(data_dir: Path) -> None:
    games = seed_history(data_dir, 5)
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("t")
        await loaded(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        figures = text_of(screen.query_one("#figures", Static))
        assert "Games played" in figures and "5" in figures
        mine = sum(game.result.scores[0] for game in games)
        assert f"{mine:+d}" in figures
        chart = screen.query_one(ScoreChart)
        assert chart.scores[-1] == mine and len(chart.scores) == 5
        recent = screen.query_one("#recent", DataTable)
        assert app.focused is recent and recent.row_count == 5
        await pilot.press("down", "enter")  # the second latest: game 4
        await loaded(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.replay.title == "Game #4"
        assert len(replay.replay.frames) == len(frames(games[3].events))
        await pilot.press("escape")
        assert app.screen is screen and app.focused is recent


async def test_stepping_through_a_replay_by_keys(data_dir: Path) -> None:
    [game] = seed_history(data_dir, 1)
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("t")
        await loaded(pilot)
        await pilot.press("enter")
        await loaded(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        message = screen.query_one(MessageLine)
        last = len(screen.replay.frames) - 1
        assert screen.step == 0 and "The deal" in text_of(message)
        await pilot.press("left")  # nothing before the deal
        assert screen.step == 0
        await pilot.press("right", "right", "right", "left")
        assert screen.step == 2
        frame = screen.frame
        assert screen.query_one("#replay-left", OpenHand).hand == frame.hands[2]
        assert screen.query_one("#replay-right", OpenHand).hand == frame.hands[1]
        assert screen.query_one("#replay-hand").cards == frame.hands[0]
        await pilot.press("end")
        assert screen.step == last
        assert "wins" in text_of(message)
        scores = game.result.scores
        assert f"{scores[0]:+d}" in text_of(screen.query_one("#replay-me", Static))
        assert f"{scores[1]:+d}" in str(screen.query_one("#replay-right").border_subtitle)
        await pilot.press("right")
        assert screen.step == last
        await pilot.press("home")
        assert screen.step == 0


async def test_ddz_replay_file_opens_the_app_on_the_replay(tmp_path: Path) -> None:
    game = finished_game(7)
    path = tmp_path / "game.jsonl"
    path.write_text(dumps(game.events), encoding="utf-8")
    replay = _file_replay(str(path))  # what `ddz replay FILE` opens the app with
    app = DdzApp(make_app().store, replay=replay)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.title == "game.jsonl"
        assert screen.replay.names == ("Seat 1", "Seat 2", "Seat 3")
        await pilot.press("end")
        assert screen.frame.result == game.result
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_a_corrupt_database_means_history_off_said_once(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / FILE_NAME).write_bytes(b"this is not a database" * 100)
    app = make_app()
    async with app.run_test() as pilot:
        await loaded(pilot)
        [notice] = notices(app)
        assert "history is off" in notice and "damaged" in notice
        await play_a_game(pilot)
        await pilot.press("escape")  # back to the title
        await pilot.pause()
        await pilot.press("t")
        await loaded(pilot)
        note = text_of(app.screen.query_one("#stats-note", Static))
        assert "not kept" in note and "damaged" in note
        await pilot.press("escape", "s")
        assert isinstance(app.screen, SettingsScreen)
        name = app.screen.query_one("#profile_name")
        assert not isinstance(name, Input) and "history is off" in text_of(name)
        assert len(notices(app)) == 1


async def test_a_failed_write_is_one_notice_and_play_goes_on(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(store: Store, *args: object, **kwargs: object) -> int:
        raise _explain(store.path, sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(Store, "record_game", disk_full)
    app = make_app()
    async with app.run_test() as pilot:
        await play_a_game(pilot)
        [notice] = notices(app)
        assert "the disk is full" in notice
        await pilot.press("enter")  # the next game
        await take_turns(pilot)
        assert isinstance(app.screen, ResultScreen)
        await app.history.flush()
        assert len(notices(app)) == 1


async def test_the_profile_name_is_set_in_settings(data_dir: Path) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await loaded(pilot)
        await pilot.press("s")
        field = app.screen.query_one("#profile_name", Input)
        field.focus()
        await pilot.press(*"Mei Ling", "enter")
        await loaded(pilot)
        assert app.history.profile_name == "Mei Ling"
        await pilot.press(*["backspace"] * 8, "space", "tab")  # a blank name, left behind
        await loaded(pilot)
        assert "a name cannot be empty" in notices(app)[-1]
        assert app.history.profile_name == "Mei Ling"
        field.focus()  # one limit for every name: none that a table would refuse
        field.value = "Twenty characters!!!"  # pasted, or kept from before the limit
        await pilot.press("enter")
        await loaded(pilot)
        assert "a name has at most 16 characters" in notices(app)[-1]
        assert app.history.profile_name == "Mei Ling"
        field.value = "Mei"
        await pilot.press("escape")  # straight from the field: kept as well
        await loaded(pilot)
        assert isinstance(app.screen, TitleScreen)
    with Store.open(data_dir / FILE_NAME) as store:
        assert store.profile_name() == "Mei"


async def test_a_damaged_record_says_why_it_cannot_be_replayed(data_dir: Path) -> None:
    seed_history(data_dir, 2)
    db = sqlite3.connect(data_dir / FILE_NAME)
    record = db.execute("SELECT record FROM games WHERE id = 2").fetchone()[0]
    db.execute("UPDATE games SET record = ? WHERE id = 2", ("".join(record.splitlines(True)[:-5]),))
    db.commit()
    db.close()
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("t")
        await loaded(pilot)
        screen = app.screen
        await pilot.press("enter")  # game 2, the latest
        await loaded(pilot)
        assert app.screen is screen
        assert notices(app)[-1].startswith("Game #2 cannot be replayed: the record ")
        await pilot.press("down", "enter")  # game 1 is whole
        await loaded(pilot)
        assert isinstance(app.screen, ReplayScreen)


async def test_the_statistics_skip_rows_they_cannot_read_with_one_note(data_dir: Path) -> None:
    """Hostile rows (the hardening issue) used to stop the whole app here."""
    seed_history(data_dir, 4)
    spoil(
        data_dir,
        HOSTILE_ROWS["a score stored as text"],
        HOSTILE_ROWS["an escape in the multiplier"].replace("id = 2", "id = 3"),
        f"UPDATE seats SET name = '{LINK_NAME}' WHERE game_id = 4 AND seat = 1",
    )
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("t")
        await loaded(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        recent = screen.query_one("#recent", DataTable)
        assert recent.row_count == 2 and app.focused is recent
        cells = [recent.get_row_at(row) for row in range(2)]
        assert all(isinstance(cell, Text) for row in cells for cell in row)
        assert cells[0][-1].plain == f"Mei, {LINK_NAME}, Left"
        note = text_of(screen.query_one("#stats-unreadable", Static))
        assert "2 games could not be read" in note
        games_played = text_of(screen.query_one("#figures", Static)).splitlines()[0]
        assert games_played.split() == ["Games", "played", "2"]


async def test_the_statistics_say_so_when_no_game_can_be_read(data_dir: Path) -> None:
    seed_history(data_dir, 1)
    spoil(data_dir, "UPDATE games SET origin = 'mars'")
    set_language(Lang.ZH)
    app = make_app(lang=Lang.ZH)
    async with app.run_test() as pilot:
        await pilot.press("t")
        await loaded(pilot)
        assert "1局无法读取" in text_of(app.screen.query_one("#stats-unreadable", Static))


def test_a_statistics_row_shows_my_own_stake() -> None:
    """The × column is my stake, what the score says I won or lost: −8 as a doubled
    peasant at a shared ×2 is ×8, as in `ddz history` (issue 34)."""
    import datetime as dt

    from ddz_tui.engine import Side
    from ddz_tui.records.store import GameSummary
    from ddz_tui.ui.screens.stats import _row

    game = GameSummary(
        1, dt.datetime.now(dt.timezone.utc), Origin.LOCAL, "grab", 0, 1, Side.LANDLORD, 2,
        (-8, 12, -4), ("Mei", "A", "B"),
    )  # fmt: skip
    cells = [text.plain for text in _row(game)]
    assert cells[5:7] == ["-8", "×8"]
