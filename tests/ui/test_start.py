"""The title comes first: what `ddz` loads before drawing it, and what the app loads
right after (every screen it can open, and the game behind them)."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from ddz_tui.ui.screens.base import SCREENS_CSS
from ddz_tui.ui.widgets.chips import CardStyle
from tests.support.ui import make_app

HEAVY = (
    "ddz_tui.rules",  # the rule table
    "ddz_tui.moves",
    "ddz_tui.engine.game",
    "ddz_tui.bots.hard",
    "ddz_tui.ui.screens.table",
    "ddz_tui.ui.screens.help",  # and Markdown with it
    "ddz_tui.net.client.lobby",  # and websockets with it
    "ddz_tui.records.store",  # the history's store: SQLite and the record values,
    "ddz_tui.engine.events",  # loaded by the history's thread once the title is drawn
    "sqlite3",
)


BESIDE_THE_TITLE = (
    "ddz_tui.cli.bots",  # the subcommands' modules: `ddz` alone parses without them
    "ddz_tui.cli.history",
    "ddz_tui.cli.net",
    "ddz_tui.ui.screens.new_game",  # the title's dialogs: the preload's first
    "ddz_tui.ui.screens.settings",
    "ctypes",  # the sound's hush for ALSA: in the audio thread, when sound is on
)


def loaded_after(code: str, modules: tuple[str, ...] = HEAVY) -> set[str]:
    """The `modules` that a fresh interpreter has loaded after running `code`."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {modules!r} if m in sys.modules))"
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


async def test_the_app_parses_its_stylesheet_once_before_the_title(monkeypatch) -> None:
    """Textual parses it with the default theme's variables, then again, whole, when
    the app sets its own theme: a tenth of the start. Parsed once per theme now."""
    from textual.css.stylesheet import Stylesheet

    from ddz_tui.ui import styles
    from tests.support.ui import make_app

    monkeypatch.setattr(styles, "_parsed", {})
    parsed: list[str] = []
    parse = Stylesheet._parse_rules

    def counted(self, css, read_from, *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(str(read_from[0]))
        return parse(self, css, read_from, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "_parse_rules", counted)
    async with make_app().run_test() as pilot:
        await pilot.pause()
        assert "New game" in str(pilot.app.screen.query_one("#menu").get_option_at_index(0).prompt)
    ours = [source for source in parsed if source.endswith("app.tcss")]
    assert len(ours) == 1, parsed


@pytest.mark.parametrize(("saved", "dark"), [("ddz-felt", True), ("ddz-paper", False)])
async def test_the_saved_theme_is_in_place_before_the_first_styles(
    monkeypatch, saved: str, dark: bool
) -> None:
    """The saved theme, set before the app runs, is read by the stylesheet's first
    parse: the title is styled once, with no refresh of every style after it (Textual
    queued one, a second parse and restyle of the whole title). A theme chosen later
    refreshes them as before."""
    from textual.color import Color

    from ddz_tui.ui.app import DdzApp
    from tests.support.ui import make_app

    refreshed: list[str] = []
    refresh = DdzApp.refresh_css

    def counted(self, animate: bool = True) -> None:  # type: ignore[no-untyped-def]
        refreshed.append(self.theme)
        refresh(self, animate)

    monkeypatch.setattr(DdzApp, "refresh_css", counted)
    app = make_app(theme=saved)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert refreshed == []
        assert app.screen.styles.background == Color.parse(app.get_theme(saved).background)
        assert app.has_class(f"-theme-{saved}")
        assert app.has_class("-dark-mode") is dark and app.has_class("-light-mode") is not dark
        other = "ddz-paper" if dark else "ddz-night"
        app.theme = other
        await pilot.pause()
        assert refreshed == [other]
        assert app.has_class(f"-theme-{other}") and not app.has_class(f"-theme-{saved}")
        assert app.has_class("-dark-mode") is not dark
        assert app.screen.styles.background == Color.parse(app.get_theme(other).background)


def test_a_key_never_imports_the_screen_it_opens() -> None:
    """Issue 34: `pip install -e` under a running game took away a screen it had yet to
    open (S: No module named 'ddz_tui.ui.screens.settings'). Here the package's files
    are gone for the event loop from the moment the title is drawn, and the preload is
    held back while the keys are pressed: each key still opens its screen, the title's
    two dialogs too (the preload's first: the title shows without them)."""
    code = (
        "import asyncio, os, sys, tempfile, threading\n"
        "from importlib.abc import MetaPathFinder\n"
        "os.environ.update(DDZ_CONFIG_DIR=tempfile.mkdtemp(), DDZ_DATA_DIR=tempfile.mkdtemp(),"
        " DDZ_SOUND='off')\n"
        # a player who has started before: the first start's lesson offer stays away
        "open(os.path.join(os.environ['DDZ_CONFIG_DIR'], 'settings.json'), 'w').write('{}')\n"
        "from ddz_tui.ui import app as app_module\n"
        "from ddz_tui.ui.app import DdzApp\n"
        "held = threading.Event()\n"
        "real_preload = app_module.preload\n"
        "def held_preload(*args):\n"
        "    held.wait()\n"
        "    real_preload(*args)\n"
        "app_module.preload = held_preload\n"
        "class Reinstalled(MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        loop_thread = threading.current_thread() is threading.main_thread()\n"
        "        if name.startswith('ddz_tui') and loop_thread:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "        return None\n"
        "async def opens(pilot, app, key, name):\n"
        "    await pilot.press(key)\n"
        "    for _ in range(200):\n"
        "        await pilot.pause(0.01)\n"
        "        if type(app.screen).__name__ == name:\n"
        "            break\n"
        "    assert type(app.screen).__name__ == name, (key, app.screen)\n"
        "    await pilot.press('escape')\n"
        "async def main():\n"
        "    app = DdzApp()\n"
        "    async with app.run_test() as pilot:\n"
        "        sys.meta_path.insert(0, Reinstalled())\n"
        "        pressed = asyncio.create_task(opens(pilot, app, 's', 'SettingsScreen'))\n"
        "        await pilot.pause()\n"
        "        assert type(app.screen).__name__ == 'TitleScreen', 'S waits for the preload'\n"
        "        held.set()\n"
        "        await pressed\n"
        "        for key, name in [('n', 'NewGameScreen'), ('t', 'StatsScreen'),"
        " ('j', 'JoinScreen'), ('o', 'HostScreen'), ('f1', 'HelpScreen'),"
        " ('u', 'TutorialScreen')]:\n"
        "            await opens(pilot, app, key, name)\n"
        "    assert app.return_code in (None, 0), app.return_code\n"
        "asyncio.run(main())"
    )
    assert loaded_after(code) == set(HEAVY)


def test_ddz_alone_opens_the_title_without_the_subcommands_nor_the_titles_dialogs() -> None:
    code = "import ddz_tui.cli.command as c\nc.parse_arguments(['--lang', 'en'])\n"
    assert loaded_after(code + "import ddz_tui.ui.app", BESIDE_THE_TITLE) == set()


async def test_the_title_is_drawn_with_none_of_the_other_screens_rules() -> None:
    """Only app.tcss is parsed before the title shows; screens.tcss, every other
    screen's, as the first of them opens (Settings here)."""

    def names(app) -> set[str]:  # type: ignore[no-untyped-def]
        return {name for rule in app.stylesheet.rules for name in rule.selector_names}

    async with make_app().run_test() as pilot:
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "TitleScreen"
        assert "#menu" in names(pilot.app)
        assert not {"#hand", "#settings-form", "AppModal", "#boss-page"} & names(pilot.app)
        await pilot.press("s")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "SettingsScreen"
        assert {"#hand", "#settings-form", "AppModal", "#boss-page"} <= names(pilot.app)


@pytest.mark.parametrize(
    "settings",
    [{}, {"ascii_cards": True}, {"card_style": CardStyle.DISCREET}],
    ids=["plain", "ascii", "discreet"],
)
async def test_the_other_screens_rules_change_nothing_on_the_title(settings) -> None:
    """The title looks the same before and after screens.tcss is read (as it is when
    the first other screen opens): a rule the title needs belongs in app.tcss."""
    async with make_app(**settings).run_test() as pilot:
        await pilot.pause()
        title = pilot.app.screen
        assert type(title).__name__ == "TitleScreen"

        def looks() -> list[tuple[str, str | None, str]]:
            return [
                (type(node).__name__, node.id, node.styles.css)
                for node in title.walk_children(with_self=True)
            ]

        alone = looks()
        stylesheet = pilot.app.stylesheet
        assert not stylesheet.has_source(str(SCREENS_CSS), "")
        stylesheet.read(SCREENS_CSS)
        stylesheet.reparse()
        stylesheet.update(pilot.app)
        await pilot.pause()
        assert looks() == alone


async def test_a_process_of_the_games_own_collects_garbage_again_once_the_title_shows() -> None:
    """`ddz` turns the collector off until then (cli.play.open_app); what the start made
    is frozen out of its reach, so that its first collection does not walk it all."""
    gc.disable()
    try:
        async with make_app(owns_process=True).run_test() as pilot:
            await pilot.pause()
            assert gc.isenabled()
            assert gc.get_freeze_count() > 0
    finally:
        gc.enable()
        gc.unfreeze()
