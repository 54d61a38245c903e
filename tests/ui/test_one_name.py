"""Issue 34, the second hour: one name everywhere (the profile's, set in Settings),
and a game hosted from the command line that shows its progress, never a half-drawn
dialog."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

from textual.widgets import Input

from ddz_tui.records.store import FILE_NAME, Store
from ddz_tui.ui import online as online_module
from ddz_tui.ui.online import HostRequest
from ddz_tui.ui.screens.connect import HostScreen, JoinScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.settings import Settings, SettingsStore
from tests.support.loopback import running
from tests.support.ui import NotingApp, SpySound, make_app, wait_for
from tests.ui.test_first_hour import screen_text
from tests.ui.test_net import SIZE, free_port


def profile(data_dir: Path, name: str) -> None:
    with Store.open(data_dir / FILE_NAME) as store:
        store.set_profile_name(name)


def settings_file() -> dict[str, object]:
    path = Path(os.environ["DDZ_CONFIG_DIR"]) / "settings.json"
    return json.loads(path.read_text(encoding="utf-8"))


async def test_ddz_host_seats_you_under_the_profiles_name(data_dir: Path) -> None:
    """`ddz host` with no --name: Settings says Tester, so does the table (it seated
    the login name, at "root's table", and wrote it to settings.json)."""
    profile(data_dir, "Tester")
    port = free_port()
    app = make_app(start=HostRequest("", port, host="127.0.0.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.state is not None)
        assert screen.state.seats[0].name == "Tester"
        assert "Tester's table" in str(screen.query_one("#wait-box").border_title)
    assert "player_name" not in settings_file(), "the name is the profile's, kept once"
    assert app.history.profile_name == "Tester"


async def test_join_and_host_offer_the_profiles_name_not_an_old_one(data_dir: Path) -> None:
    """A settings file from before, naming the login name, is read without complaint
    and offers it nowhere: Join and Host show the name Settings shows."""
    profile(data_dir, "Tester")
    store = SettingsStore(Path(os.environ["DDZ_CONFIG_DIR"]))
    store.save(Settings(bot_delay=0.0))
    old = {**settings_file(), "player_name": "root"}
    store.path.write_text(json.dumps(old), encoding="utf-8")
    app = NotingApp(store, make_sound=SpySound)
    async with app.run_test(size=SIZE) as pilot:
        for key, dialog in (("j", JoinScreen), ("o", HostScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda dialog=dialog: isinstance(app.screen, dialog))
            field = app.screen.query_one("#name", Input)
            await wait_for(pilot, lambda field=field: field.value != "")
            assert field.value == "Tester"
            await pilot.press("escape")
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#profile_name", Input).value == "Tester"
    assert not app.notices_shown, "no broken-settings notice for an old name"


async def test_the_name_played_under_is_the_one_settings_shows(data_dir: Path) -> None:
    """A name typed in the Join dialog is the profile's from then on: Settings and the
    records say it too (one name, wherever it was changed last)."""
    profile(data_dir, "Tester")
    async with running() as server:
        app = make_app(server_address=server.url)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            assert isinstance(app.screen, JoinScreen)
            field = app.screen.query_one("#name", Input)
            await wait_for(pilot, lambda: field.value == "Tester")
            field.value = "Mei"
            await pilot.press("enter")
            await wait_for(pilot, lambda: not isinstance(app.screen, JoinScreen))
            await wait_for(pilot, lambda: app.history.profile_name == "Mei")
            with Store.open(data_dir / FILE_NAME) as store:
                assert store.profile_name() == "Mei"


async def test_hosting_from_the_command_line_shows_progress_not_a_form(monkeypatch) -> None:
    """While the server starts, `ddz host` shows the dialog's title, "Starting a
    server…" and Back: no form (its fields, disabled, drew as labels without inputs).
    When it cannot start, the form shows, to put the port right."""
    started = asyncio.Event()
    go_on = asyncio.Event()
    real_host = online_module.Online.host

    async def slow_host(self, request, bot_delay):
        started.set()
        await go_on.wait()
        return await real_host(self, request, bot_delay)

    monkeypatch.setattr(online_module.Online, "host", slow_host)
    port = free_port()
    app = make_app(start=HostRequest("ann", port, host="127.0.0.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, started.is_set)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HostScreen)
        shown = screen_text(app)
        assert f"Starting a server on port {port}" in shown
        assert "Back" in shown
        for hidden in ("Your name", "Port", "Open to your network", "The landlord", "   Host   "):
            assert hidden not in shown, hidden
        assert not any(field.display for field in dialog.query(".field"))
        go_on.set()
        await wait_for(pilot, lambda: not isinstance(app.screen, HostScreen))
        await app.online.close()  # the table's own drawing is not this test's
