"""Games hosted in one process, as the SSH door's workers run them: each session has its
own language, ASCII mode and folder; one that fails, idles or takes no screen ends alone;
a worker that dies takes only its sessions."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import sys
from pathlib import Path

import pytest

from ddz_tui.i18n import Lang, ascii_mode, language
from ddz_tui.net.ssh_link import (
    MAX_FRAME,
    Frame,
    HangUp,
    SessionStart,
    frame,
    read_exit,
    read_frame,
    resize_frame,
)
from ddz_tui.net.ssh_pool import WorkerPool
from ddz_tui.ui.sessions.session import GameSession, run_session
from tests.support.loopback import running, until


class Player:
    """The door's end of one session's link: sends frames, keeps the screen."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.screen = bytearray()
        self.exit: tuple[int, str] | None = None

    def send(self, data: bytes) -> None:
        self.writer.write(data)

    def key(self, keys: str) -> None:
        self.send(frame(Frame.INPUT, keys.encode()))

    async def read_until(self, text: str, timeout: float = 20) -> str:
        async def read() -> None:
            while text.encode() not in self.screen:
                got = await read_frame(self.reader)
                if got is None:
                    raise AssertionError(f"the link ended before {text!r}")
                kind, payload = got
                if kind is Frame.OUTPUT:
                    self.screen += payload
                elif kind is Frame.EXIT:
                    self.exit = read_exit(payload)
                    raise AssertionError(f"the session ended before {text!r}: {self.exit}")

        await asyncio.wait_for(read(), timeout)
        return self.screen.decode("utf-8", "replace")

    async def ended(self, timeout: float = 20) -> tuple[int, str]:
        async def read() -> tuple[int, str]:
            while (got := await read_frame(self.reader)) is not None:
                kind, payload = got
                if kind is Frame.OUTPUT:
                    self.screen += payload
                elif kind is Frame.EXIT:
                    return read_exit(payload)
            raise AssertionError("the link ended with no exit")

        return await asyncio.wait_for(read(), timeout)


def start(url: str, name: str, folder, **fields) -> SessionStart:
    return SessionStart(name=name, url=url, folder=str(folder), guest=True, **fields)


async def open_session(
    session_start: SessionStart, tasks: set[asyncio.Task[None]], **options
) -> Player:
    """A session run here, as a worker runs it, with `session_start` sent to it."""
    door_end, session_end = socket.socketpair()
    session_reader, session_writer = await asyncio.open_connection(sock=session_end)
    tasks.add(asyncio.create_task(run_session(session_reader, session_writer, **options)))
    reader, writer = await asyncio.open_connection(sock=door_end)
    player = Player(reader, writer)
    player.send(frame(Frame.START, session_start.encode()))
    return player


async def back_to_the_lobby(mei: Player, ann: Player) -> None:
    """Both press Esc, and their lobbies are drawn again."""
    for player in (mei, ann):
        player.screen.clear()
        player.key("\x1b")
    await mei.read_until("你是mei")
    await ann.read_until("you are ann")


async def test_two_sessions_in_one_process_keep_their_own_language_mode_and_folder(
    tmp_path,
) -> None:
    zh_folder, en_folder = tmp_path / "mei", tmp_path / "ann"
    (zh_folder / "settings").mkdir(parents=True)
    (zh_folder / "settings" / "settings.json").write_text(json.dumps({"ascii_cards": True}))
    tasks: set[asyncio.Task[None]] = set()
    async with running() as server:
        mei = await open_session(start(server.url, "mei", zh_folder, lang="zh_CN.UTF-8"), tasks)
        ann = await open_session(start(server.url, "ann", en_folder, lang="en_US.UTF-8"), tasks)
        zh_screen = await mei.read_until("你是mei")
        en_screen = await ann.read_until("you are ann")
        assert "大厅" in zh_screen and "Lobby" not in zh_screen
        assert "Lobby" in en_screen and "大厅" not in en_screen
        assert language() is Lang.EN and not ascii_mode(), "the process's own voice untouched"
        for player in (mei, ann):  # each opens help at once, in their own words
            player.key("\x1bOP")
        await mei.read_until("帮助与规则")
        await ann.read_until("Help and rules")
        await back_to_the_lobby(mei, ann)
        for player in (mei, ann):  # both open the New table dialog at once
            player.key("c")
        zh_dialog = await mei.read_until("牌桌名称")
        en_dialog = await ann.read_until("Name of the table")
        assert "╭" not in zh_dialog and "─" not in zh_dialog, "mei's screen is in ASCII"
        assert "─" in en_dialog, "ann's is not"
        await back_to_the_lobby(mei, ann)
        for player in (mei, ann):
            player.send(frame(Frame.HANGUP, HangUp.GONE.value.encode()))
            assert (await player.ended())[0] == 0
        await asyncio.gather(*tasks)
    assert "\x1b[?1049l" in ann.screen.decode(), "the terminal given back"
    assert json.loads((zh_folder / "settings" / "settings.json").read_text())["ascii_cards"]
    assert not (en_folder / "sessions.json").exists() and not (zh_folder / "sessions.json").exists()


async def test_a_session_plays_on_the_doors_server_only(tmp_path) -> None:
    """Straight into the door's lobby; away from it, the title offers that lobby, never
    joining another server from the door's machine or hosting one on it."""
    tasks: set[asyncio.Task[None]] = set()
    async with running() as server:
        ann = await open_session(start(server.url, "ann", tmp_path / "ann"), tasks)
        first = await ann.read_until("you are ann")
        assert "Join a game" not in first and "Connect" not in first, "no title, no dialog"
        ann.screen.clear()
        ann.key("\x1b")  # Esc asks first: Tab to Leave, Enter
        await ann.read_until("Leave the server ws:")
        ann.key("\t")
        ann.key("\r")
        title = await ann.read_until("Lobby: play with others")
        assert "Host a game" not in title and "Join a game" not in title
        ann.screen.clear()
        ann.key("o")
        ann.key("j")
        ann.key("l")
        back = await ann.read_until("you are ann")
        assert "Host a game" not in back and "Join a game" not in back, "no dialog opened"
        ann.send(frame(Frame.HANGUP, HangUp.GONE.value.encode()))
        await ann.ended()
        await asyncio.gather(*tasks)


async def test_a_session_that_fails_ends_alone_with_a_line_and_a_log_entry(
    tmp_path, monkeypatch, caplog
) -> None:
    from ddz_tui.ui.app import DdzApp

    def broken(self) -> None:
        if self.player == "bob":
            raise RuntimeError("a bug in bob's game")
        DdzApp.open_help(self)

    monkeypatch.setattr(DdzApp, "open_help", broken, raising=False)
    tasks: set[asyncio.Task[None]] = set()
    async with running() as server:
        ann = await open_session(start(server.url, "ann", tmp_path / "ann"), tasks)
        bob = await open_session(start(server.url, "bob", tmp_path / "bob"), tasks)
        await ann.read_until("you are ann")
        await bob.read_until("you are bob")
        bob.key("\x1bOP")  # F1: help, which fails for bob
        status, farewell = await bob.ended()
        assert status != 0 and "your game stopped on an error" in farewell
        assert "a bug in bob's game" in caplog.text and "bob: the game failed" in caplog.text
        ann.key("c")
        await ann.read_until("New table")  # ann plays on
        ann.send(frame(Frame.HANGUP, HangUp.GONE.value.encode()))
        await ann.ended()
        await asyncio.gather(*tasks)


async def test_a_session_idle_away_from_a_table_is_told_and_closed(tmp_path, monkeypatch) -> None:
    import ddz_tui.ui.sessions.session as session_module

    monkeypatch.setattr(session_module, "IDLE_CHECK", 0.02)
    now = [0.0]
    looks = [0]

    def clock() -> float:
        looks[0] += 1
        return now[0]

    tasks: set[asyncio.Task[None]] = set()
    async with running() as server:
        ann = await open_session(
            start(server.url, "ann", tmp_path / "ann", idle_seconds=600.0), tasks, clock=clock
        )
        await ann.read_until("you are ann")
        now[0] = 599.0
        ann.key("c")  # a key: the idle time starts again
        await ann.read_until("Name of the table")
        now[0] = 1198.0
        seen = looks[0]
        await until(lambda: looks[0] >= seen + 3)  # it looked, and found ann not idle
        assert not any(t.done() for t in tasks)
        now[0] = 1199.5
        _, farewell = await ann.ended()
        assert "no key pressed for 10 minutes away from a table" in farewell
        await asyncio.gather(*tasks)


async def test_a_player_who_takes_no_screen_is_ended_holding_a_bounded_screen(
    tmp_path, monkeypatch, caplog
) -> None:
    import ddz_tui.ui.sessions.session as session_module

    caplog.set_level(logging.INFO)
    monkeypatch.setattr(session_module, "MAX_OUTPUT_HELD", 64 * 1024)
    held: list[int] = []
    write = session_module.SessionLink.write

    def noting(self, data: bytes) -> None:
        write(self, data)
        held.append(self._writer.transport.get_write_buffer_size())

    monkeypatch.setattr(session_module.SessionLink, "write", noting)
    tasks: set[asyncio.Task[None]] = set()
    async with running() as server:
        ann = await open_session(start(server.url, "ann", tmp_path / "ann"), tasks)
        await ann.read_until("you are ann")
        ann.send(resize_frame(1000, 1000))  # a screen of megabytes, which the door never reads
        done, _ = await asyncio.wait(tasks, timeout=30)
        assert done == tasks, "the session ended"
    assert "ann: takes no screen; the session ends" in caplog.text
    assert max(held) <= 64 * 1024 + MAX_FRAME + 16, "held: the bound and one frame at most"


def test_idle_is_never_at_a_table(tmp_path) -> None:
    session = GameSession.__new__(GameSession)
    session.start = start("ws://x", "ann", tmp_path, idle_seconds=60.0)
    session.clock = lambda: 1000.0
    session.last_key = 0.0

    class App:
        at_table = True

    session.app = App()  # type: ignore[assignment]
    session.farewell = ""
    assert not session.idle(), "at a table, the turn timer and auto-play see to it"
    App.at_table = False
    assert session.idle() and "1 minutes" in session.farewell


async def test_a_worker_that_dies_takes_only_its_sessions_and_is_replaced(tmp_path, caplog) -> None:
    caplog.set_level(logging.INFO)
    pool = WorkerPool(2, [sys.executable, "-m", "ddz_tui.ui.sessions.host"])
    await pool.start()
    try:
        async with running() as server:
            players = []
            for name in ("ann", "bob"):
                link, place = await pool.open()
                reader, writer = await asyncio.open_connection(sock=link)
                player = Player(reader, writer)
                player.send(frame(Frame.START, start(server.url, name, tmp_path / name).encode()))
                players.append((player, place))
            for player, _ in players:
                await player.read_until("you are", timeout=60)
            assert {place for _, place in players} == set(pool.workers), "one on each"
            (ann, doomed), (bob, _) = players
            doomed.process.kill()

            async def to_the_end() -> None:  # what the worker wrote before it died, then EOF
                while await read_frame(ann.reader) is not None:
                    pass

            await asyncio.wait_for(to_the_end(), 20)
            bob.key("c")
            await bob.read_until("New table")  # bob's worker goes on
            await until(lambda: len(pool.workers) == 2 and doomed not in pool.workers, 20)
            link, _ = await pool.open()  # the new worker takes sessions
            reader, writer = await asyncio.open_connection(sock=link)
            cy = Player(reader, writer)
            cy.send(frame(Frame.START, start(server.url, "cy", tmp_path / "cy").encode()))
            await cy.read_until("you are cy", timeout=60)
    finally:
        await pool.close()
    assert all(w.process.returncode is not None for w in pool.workers)
    assert "ended (status -9)" in caplog.text


@pytest.mark.parametrize(
    "raw",
    [b"", b"{}", b'{"name": "\\u001b[2J"}', b"not json"],
)
def test_a_start_that_is_not_one_is_refused(raw: bytes) -> None:
    from ddz_tui.net.ssh_link import LinkError

    with pytest.raises(LinkError):
        SessionStart.decode(raw)


def test_a_worker_walks_its_whole_heap_once_a_quarter_of_its_sessions_ended(monkeypatch) -> None:
    from ddz_tui.ui.sessions import host

    walks: list[int] = []
    thresholds: list[tuple[int, ...]] = []
    monkeypatch.setattr(host.gc, "collect", lambda *args: walks.append(1) or 0)
    monkeypatch.setattr(host.gc, "set_threshold", lambda *args: thresholds.append(args))
    running_sessions: set = set(range(200))
    collector = host.Collector(running_sessions)
    assert thresholds == [(host.YOUNG_OBJECTS,)], "young collections made rare"
    for _ in range(49):
        collector.session_ended(None)
    assert not walks, "49 of 200 ended: not yet"
    collector.session_ended(None)
    assert len(walks) == 1, "50 of 200: a quarter"
    running_sessions.clear()
    for _ in range(host.ENDED_BEFORE_COLLECTING):
        collector.session_ended(None)
    assert len(walks) == 2, "a few sessions: a walk after the least number ended"


def styles_of(app) -> dict[int, tuple[dict, dict]]:
    """Each node's rules as matched, and its component classes' rules."""
    return {
        id(node): (
            dict(node._css_styles._rules),
            {name: dict(styles.base._rules) for name, styles in node._component_styles.items()},
        )
        for screen in app.screen_stack
        for node in screen.walk_children(with_self=True)
    }


async def test_players_of_a_process_share_style_matches_and_a_history_thread(
    tmp_path, monkeypatch
) -> None:
    from textual.css.stylesheet import Stylesheet

    import ddz_tui.ui.sessions.session as session_module
    from ddz_tui.ui import styles as shared

    made: list[GameSession] = []

    class Noted(GameSession):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(session_module, "GameSession", Noted)
    shared._matched.clear()
    tasks: set[asyncio.Task[None]] = set()
    apps = []
    async with running() as server:
        for name, lang in (("ann", "en_US.UTF-8"), ("bob", "en_US.UTF-8"), ("mei", "zh_CN")):
            folder = tmp_path / name
            if name == "mei":
                (folder / "settings").mkdir(parents=True)
                (folder / "settings" / "settings.json").write_text(
                    json.dumps({"ascii_cards": True})
                )
            player = await open_session(start(server.url, name, folder, lang=lang), tasks)
            await player.read_until("you are" if name != "mei" else "你是")
            player.key("c")  # the New table dialog over the lobby
            await player.read_until("Name of the table" if name != "mei" else "牌桌名称")
            apps.append(player)
        assert len(made) == 3
        assert any(match is not None for match in shared._matched.values()), "matches kept"
        threads = {id(session.app.history._thread) for session in made}
        assert len(threads) == 1, "one history thread for every player of the process"
        for session in made:  # each player's history in their own folder, open
            assert await session.app.history.ready()
            assert session.app.history.path.parent == Path(session.start.folder)
        for session in made:
            app = session.app
            kept = styles_of(app)
            for screen in app.screen_stack:  # match every node again, as Textual would
                for node in screen.walk_children(with_self=True):
                    shared._matched.clear()
                    Stylesheet.apply(app.stylesheet, node)
            assert styles_of(app) == kept
        for player in apps:
            player.send(frame(Frame.HANGUP, HangUp.GONE.value.encode()))
        await asyncio.gather(*tasks)
