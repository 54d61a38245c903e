"""The title comes first: what `ddz` loads before drawing it, and what the app loads
right after (every screen it can open, and the game behind them)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = (
    "ddz_tui.rules",  # the rule table
    "ddz_tui.moves",
    "ddz_tui.engine.game",
    "ddz_tui.bots.hard",
    "ddz_tui.ui.screens.table",
    "ddz_tui.ui.screens.help",  # and Markdown with it
    "ddz_tui.net.client.lobby",  # and websockets with it
)


def loaded_after(code: str) -> set[str]:
    """The modules of HEAVY that a fresh interpreter has loaded after running `code`."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_the_command_and_the_app_load_none_of_the_game_before_the_title() -> None:
    assert (
        loaded_after("import ddz_tui.cli.command as c\nc.build_parser()\nimport ddz_tui.ui.app")
        == set()
    )


def test_naming_phases_roles_and_house_rules_loads_no_rule_table() -> None:
    assert loaded_after("from ddz_tui.engine import LandlordMode, Phase, Role, Rules") == set()


def test_once_the_title_is_drawn_the_app_loads_every_screen_and_the_game() -> None:
    code = (
        "import asyncio, os, tempfile\n"
        "os.environ.update(DDZ_CONFIG_DIR=tempfile.mkdtemp(), DDZ_DATA_DIR=tempfile.mkdtemp(),"
        " DDZ_SOUND='off')\n"
        "from ddz_tui.ui.app import DdzApp\n"
        "async def main():\n"
        "    app = DdzApp()\n"
        "    async with app.run_test() as pilot:\n"
        "        await pilot.pause()\n"
        "        await app.workers.wait_for_complete()\n"
        "asyncio.run(main())"
    )
    assert loaded_after(code) == set(HEAVY)
