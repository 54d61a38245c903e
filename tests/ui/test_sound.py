"""Sound in the app: which music and effects it asks for at each moment, the `m` key
and the setting, and the one line that says why there is no sound."""

from __future__ import annotations

import json
from functools import partial

import pytest
from textual.pilot import Pilot
from textual.widgets import Switch, TabbedContent

from ddz_tui.cli import build_parser, main
from ddz_tui.engine import LandlordMode, Phase, PlayerView
from ddz_tui.sound.clips import Clip, Effect, Music, Problem, SoundError, Unavailable
from ddz_tui.sound.player import Sound
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.settings import Settings, SettingsStore
from ddz_tui.ui.show.cues import dealt, play_effect, table_cues
from ddz_tui.ui.show.reading import won
from ddz_tui.ui.theme import theme_names
from ddz_tui.ui.widgets import sound_note
from ddz_tui.ui.widgets.sound_note import SoundNote
from tests.support.ui import (
    QuietBackend,
    QuietPlayback,
    ScriptedTable,
    SpySound,
    make_app,
    settle,
    sit_down,
    table_screen,
    take_turns,
)

SSH = "10.0.0.2 51000 10.0.0.1 22"
HAND = "33445566778TJQKA2"  # no 9: another seat may hold the 9999 bomb
DEAL = PlayerView(0, HAND, None, "", (), (), first_bidder=1)
BIDS = ((1, 1), (2, 0), (0, 3))
PLAYING = PlayerView(0, HAND + "8BR", 0, "8BR", (), BIDS)


def after(view: PlayerView, *plays: tuple[int, str]) -> PlayerView:
    """The view once `plays` have been made (our own plays leave our hand)."""
    hand = view.hand_ranks
    for seat, cards in plays:
        if seat == view.seat:
            for rank in cards:
                hand = hand.replace(rank, "", 1)
    return PlayerView(view.seat, hand, view.landlord, view.bottom, view.history + plays, view.bids)


# The landlord (seat 1) is beaten: seat 0, a peasant, plays out all 17 cards.
PEASANTS_WIN = (
    (1, "3"), (2, "4"), (0, "3456789TJQKA"), (1, ""), (2, ""), (0, "22"), (1, ""), (2, ""),
    (0, "BR"), (1, ""), (2, ""), (0, "K"),
)  # fmt: skip


def over(seat: int, landlord: int) -> tuple[PlayerView, PlayerView]:
    """The view just before and just after the peasants' last play, seen by `seat`."""
    start = PlayerView(seat, "", landlord, "567", (), ((landlord, 3),))
    return after(start, *PEASANTS_WIN[:-1]), after(start, *PEASANTS_WIN)


# --- which sounds the table makes, from two views ------------------------------------


def test_the_first_view_of_a_deal_is_the_deal_sound_and_a_repeat_is_silent() -> None:
    assert table_cues(None, DEAL) == [Effect.DEAL]
    assert table_cues(DEAL, DEAL) == [], "the same view again (a bot starts thinking)"
    bid = PlayerView(0, HAND, None, "", (), ((1, 1),), first_bidder=1)
    assert table_cues(DEAL, bid) == [], "bids are silent"


def test_a_redeal_and_the_next_game_are_deals() -> None:
    bidding = PlayerView(0, HAND, None, "", (), ((1, 0), (2, 0)), first_bidder=1)
    redealt = PlayerView(0, "3456789TJQKA2BR33", None, "", (), (), first_bidder=2)
    assert dealt(bidding, redealt) and table_cues(bidding, redealt) == [Effect.DEAL]
    _, ended = over(0, 1)
    drawn = PlayerView(0, HAND + "BR7", 0, "BR7", (), ())  # landlord drawn by lot
    assert table_cues(ended, drawn) == [Effect.DEAL]


def test_sitting_down_in_the_middle_of_a_game_replays_nothing() -> None:
    assert table_cues(None, after(PLAYING, (0, "3"), (1, "4"))) == []


def test_each_play_and_pass_of_any_seat_has_its_sound() -> None:
    plays = ((0, "3"), (1, ""), (2, "7777"), (0, "BR"), (1, ""), (2, ""), (0, "345678"))
    assert table_cues(PLAYING, after(PLAYING, *plays)) == [
        Effect.PLAY,
        Effect.PASS,
        Effect.BOMB,
        Effect.ROCKET,
        Effect.PASS,
        Effect.PASS,
        Effect.PLAY,
    ]
    assert play_effect("77773355") is Effect.PLAY, "four with two pairs is not a bomb"


@pytest.mark.parametrize(
    ("seat", "landlord", "end"),
    [(0, 1, Effect.WIN), (2, 1, Effect.WIN), (1, 1, Effect.LOSE)],
    ids=["my-own-play-wins", "my-partner-wins", "the-landlord-loses"],
)
def test_the_end_sounds_as_this_seat_lived_it(seat: int, landlord: int, end: Effect) -> None:
    before, ended = over(seat, landlord)
    assert ended.phase is Phase.OVER and won(ended) is (end is Effect.WIN)
    assert table_cues(before, ended) == [Effect.PLAY, end]
    assert table_cues(ended, ended) == [], "the end sounds once"


# --- the app asks for them ------------------------------------------------------------


def spy(pilot: Pilot) -> SpySound:
    sound = pilot.app.sound  # type: ignore[attr-defined]
    assert isinstance(sound, SpySound)
    return sound


async def test_music_follows_the_screen_and_stops_when_the_app_quits() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        sound = spy(pilot)
        await pilot.pause()
        assert sound.asked == [Music.ROOM]
        await pilot.press("s", "escape", "f1", "escape")  # settings, help: the same music
        assert sound.asked == [Music.ROOM]
        await pilot.press("n", "enter")  # New game, Deal
        await settle(pilot)
        assert sound.asked[:3] == [Music.ROOM, Music.GAME, Effect.DEAL]
        await pilot.press("f1")
        await pilot.press("escape")
        assert sound.playing is Music.GAME, "help over the table keeps the game music"
        await pilot.press("escape")  # leave the table...
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("tab", "enter")  # ... for good
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and sound.playing is Music.ROOM
        assert not sound.closed
        await pilot.press("q")
        await pilot.pause()
    assert sound.closed


async def test_the_table_sounds_from_the_deal_to_the_end() -> None:
    """Deal, raising chips (key, click, hint; lowering is silent), plays and passes of
    every seat, a bomb, the rocket, and the end from our side; then the next deal."""
    seats = (SeatInfo("me"), SeatInfo("Ann"), SeatInfo("Bo", SeatKind.BOT, "random"))
    table = ScriptedTable(seats)
    app = make_app()
    async with app.run_test() as pilot:
        sound = spy(pilot)
        app.open_table(table)
        await pilot.pause()
        assert sound.asked == [Music.ROOM, Music.GAME]
        sound.asked.clear()

        async def show(view: PlayerView, **fields: object) -> list[Effect]:
            sound.asked.clear()
            table.publish(view, **fields)
            await pilot.pause()
            return sound.effects()

        assert await show(DEAL) == [Effect.DEAL]
        assert await show(DEAL, thinking=1) == []
        assert await show(PLAYING) == []
        screen = table_screen(pilot)
        hand = screen.hand
        sound.asked.clear()
        await pilot.press("3")  # a rank key
        await pilot.press("space")  # the cursor is on that 3: lowered, silently
        assert sound.effects() == [Effect.SELECT] and not hand.selected
        start, step = hand._layout()
        assert await pilot.click(hand, offset=(start + 5 * step + 1, 2))
        assert sound.effects() == [Effect.SELECT, Effect.SELECT]
        await pilot.press("escape")  # lower everything: silent
        await pilot.press("h")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert hand.selected and sound.effects() == [Effect.SELECT] * 3
        await pilot.press("escape")

        ours = after(PLAYING, (0, "3"))
        assert await show(ours) == [Effect.PLAY]
        theirs = after(ours, (1, "4"), (2, ""))
        assert await show(theirs) == [Effect.PLAY, Effect.PASS]
        bomb = after(theirs, (0, "5"), (1, ""), (2, "9999"))
        assert await show(bomb) == [Effect.PLAY, Effect.PASS, Effect.BOMB]
        rocket = after(bomb, (0, "BR"))
        assert await show(rocket) == [Effect.ROCKET]

        before, ended = over(0, 1)
        await show(before)
        assert await show(ended) == [Effect.PLAY, Effect.WIN]
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("enter")  # the next game
        await pilot.pause()
        assert await show(DEAL) == [Effect.DEAL]
        assert sound.playing is Music.GAME


async def test_a_whole_game_ends_with_the_sound_of_our_result() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot)
        view = table_screen(pilot).view
        assert view is not None and view.phase is Phase.OVER
        effects = spy(pilot).effects()
        assert effects[0] is Effect.DEAL
        assert effects[-1] is (Effect.WIN if won(view) else Effect.LOSE)
        plays = [e for e in effects if e in (Effect.PLAY, Effect.BOMB, Effect.ROCKET)]
        assert len(plays) == sum(1 for _, cards in view.history if cards)
        assert effects.count(Effect.PASS) == sum(1 for _, cards in view.history if not cards)


# --- the switch: the m key and the setting -------------------------------------------


def saved_sound(config_dir: str) -> object:
    return json.loads(SettingsStore(config_dir).path.read_text())["sound"]


def notices(pilot: Pilot) -> list[str]:
    return [n.message for n in pilot.app._notifications]


async def test_m_turns_sound_off_and_on_anywhere_and_it_is_remembered(config_dir) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        sound = spy(pilot)
        assert sound.enabled and saved_sound(config_dir) is None
        await pilot.press("m")
        await app.workers.wait_for_complete()
        assert not sound.enabled and saved_sound(config_dir) is False
        assert notices(pilot)[-1] == "Sound off."
        await pilot.press("n")  # a dialog (New game) hides the app's keys: m still works
        await pilot.press("m")
        await app.workers.wait_for_complete()
        assert sound.enabled and saved_sound(config_dir) is True
        assert notices(pilot)[-1] == "Sound on."
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("M")  # at the table, where letters are card ranks
        assert not sound.enabled and saved_sound(config_dir) is False

    reopened = DdzApp(SettingsStore(config_dir), make_sound=SpySound)
    assert not reopened.sound.enabled, "the saved choice is the next session's"
    reopened.sound.close()


async def test_the_sound_key_is_shown_last_in_the_footers() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        # Settings opens on the name, where M is a letter: the key shows once off it
        for open_screen in ((), ("n",), ("escape", "s", "tab")):
            await pilot.press(*open_screen)
            keys = [b.binding.action for b in app.screen.active_bindings.values() if b.binding.show]
            assert keys[-1] == "app.toggle_sound", app.screen
        await pilot.press("escape")
        await sit_down(pilot)
        keys = [b.binding for b in app.screen.active_bindings.values() if b.binding.show]
        assert keys[-1].action == "app.toggle_sound" and keys[-1].description == "Sound"


async def test_the_settings_switch_and_the_m_key_are_the_same_switch(config_dir) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        switch = app.screen.query_one("#sound", Switch)
        assert switch.value and not switch.disabled
        switch.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not spy(pilot).enabled and saved_sound(config_dir) is False
        await pilot.press("m")
        await pilot.pause()
        assert switch.value and spy(pilot).enabled and saved_sound(config_dir) is True
        assert app.screen.query_one(SoundNote).display is False, "sound works: nothing to say"


def test_the_sound_setting_is_read_back_and_checked(tmp_path) -> None:
    store = SettingsStore(tmp_path)
    for value in (True, False, None):
        store.save(Settings(sound=value))
        assert store.load(theme_names()).settings.sound is value
    store.path.write_text(json.dumps({"sound": "loud"}))
    loaded = store.load(theme_names())
    assert loaded.settings.sound is None and "sound" in (loaded.problem or "")


# --- no sound, and why ------------------------------------------------------------------


class NoDevice:
    def play(self, clip: Clip) -> QuietPlayback:
        raise SoundError(Unavailable(Problem.NO_DEVICE))


class Breakable(QuietBackend):
    """Plays until the test breaks it."""

    broken = False

    def play(self, clip: Clip) -> QuietPlayback:
        if self.broken:
            raise SoundError(Unavailable(Problem.PLAYBACK_FAILED, "the device went away"))
        return super().play(clip)


async def open_note(pilot: Pilot, *keys: str) -> SoundNote:
    await pilot.press(*keys)
    return pilot.app.screen.query_one(SoundNote)


async def test_settings_and_help_say_why_there_is_no_sound() -> None:
    app = make_app(make_sound=partial(SpySound, backend=NoDevice))
    async with app.run_test() as pilot:
        assert app.sound.flush()
        note = await open_note(pilot, "s")
        assert note.display and str(note.render()) == "sound unavailable: no audio device"
        assert app.screen.query_one("#sound", Switch).value, "the switch is still on"
        await pilot.press("escape")
        note = await open_note(pilot, "f1")
        app.screen.query_one(TabbedContent).active = "keys"
        await pilot.pause()
        assert note.display and "no audio device" in str(note.render())
        await pilot.press("escape", "m", "m")  # off, then on again: the device is tried again
        await app.workers.wait_for_complete()
        assert notices(pilot)[-1] == "Sound on.\nsound unavailable: no audio device"


async def test_a_problem_found_later_shows_up_while_the_screen_is_open() -> None:
    backend = Breakable()
    app = make_app(make_sound=partial(SpySound, backend=lambda: backend))
    async with app.run_test() as pilot:
        note = await open_note(pilot, "s")
        assert not note.display
        backend.broken = True
        app.sound.effect(Effect.SELECT)
        for _ in range(100):  # the note is read again every half second
            if note.display:
                break
            await pilot.pause(0.1)
        assert "playback failed (the device went away)" in str(note.render())


async def test_over_ssh_sound_starts_off_and_settings_say_so(monkeypatch, config_dir) -> None:
    monkeypatch.setenv("SSH_CONNECTION", SSH)
    monkeypatch.setattr(sound_note, "REREAD_SECONDS", 3600)  # only the switch updates it
    async with make_app().run_test() as pilot:
        assert not spy(pilot).enabled
        note = await open_note(pilot, "s")
        assert "starts off over SSH" in str(note.render())
        assert not pilot.app.screen.query_one("#sound", Switch).value
        await pilot.press("tab", "m")  # off the name, where M would be typed
        await pilot.pause()
        assert spy(pilot).enabled and not note.display
    async with make_app(sound=True).run_test() as pilot:
        assert spy(pilot).enabled, "an explicit setting wins"


async def test_ddz_sound_off_locks_sound_off_for_the_session(monkeypatch, config_dir) -> None:
    monkeypatch.setenv("DDZ_SOUND", "off")
    app = make_app(sound=True)
    async with app.run_test() as pilot:
        assert app.sound.locked and not app.sound.enabled
        await pilot.press("m")
        await pilot.pause()
        assert not app.sound.enabled and saved_sound(config_dir) is True, "setting untouched"
        assert notices(pilot)[-1] == "sound is off for this session (DDZ_SOUND=off)"
        note = await open_note(pilot, "s")
        assert note.display and "DDZ_SOUND=off" in str(note.render())
        assert app.screen.query_one("#sound", Switch).disabled


def test_ddz_sound_is_documented_in_the_help() -> None:
    assert "DDZ_SOUND=off" in build_parser().format_help()


def test_a_ddz_sound_value_it_cannot_mean_is_one_line(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DDZ_SOUND", "loud")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err == "ddz: DDZ_SOUND: 'loud' is not a setting; DDZ_SOUND=off turns sound off\n"


async def test_the_real_sound_plays_a_game_into_the_null_device() -> None:
    """The app with the real Sound and simpleaudio, into ALSA's null device (conftest)."""
    pytest.importorskip("simpleaudio")
    app = make_app(make_sound=Sound)
    async with app.run_test() as pilot:
        await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot, 3)
        assert app.sound.flush()
        assert app.sound.available, app.sound.reason
        assert app.sound.enabled and app.sound.note is None
        await pilot.press("ctrl+q")
    assert app.sound._thread is not None and not app.sound._thread.is_alive()
