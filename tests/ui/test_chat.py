"""Chat at the table by keys, at 80x24: E opens the phrases, a number (or Enter) says
one, Tab and Enter say your own words; a line shows beside its sender's seat until
the screen's clock says its time is up; a muted seat's lines show nowhere."""

from __future__ import annotations

from textual.pilot import Pilot

from ddz_tui.engine import Game, LandlordMode
from ddz_tui.i18n import Phrase
from ddz_tui.table.chat import (
    SHOWN_SECONDS,
    ChatLine,
    ChatListener,
    ChatRefusal,
    ChatRefused,
    QuickPhrase,
)
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.screens.chat import ChatDialog
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.screens.tutorial import TutorialScreen
from ddz_tui.ui.widgets.table_parts import MessageLine, MyLine, SeatPanel
from tests.support.clock import ManualClock
from tests.support.ui import (
    SCRIPTED_SEATS,
    ScriptedTable,
    make_app,
    sit_down,
    text_of,
    wait_for,
)

SIZE = (80, 24)


class ChattyTable(ScriptedTable):
    """A scripted table that chats: what the player says comes back as their line (as a
    table says it to every seat), and the test says the others' lines."""

    def __init__(self) -> None:
        super().__init__(SCRIPTED_SEATS)
        self.said: list[tuple[QuickPhrase | None, str | None]] = []
        self.refuse: ChatRefused | None = None
        self.chat_listener: ChatListener | None = None

    def subscribe_chat(self, listener: ChatListener):
        self.chat_listener = listener
        return lambda: None

    async def say(self, phrase: QuickPhrase | None = None, text: str | None = None) -> None:
        if self.refuse is not None:
            raise self.refuse
        self.said.append((phrase, text))
        self.hear(ChatLine("me", 0, phrase, text))

    def hear(self, line: ChatLine) -> None:
        assert self.chat_listener is not None
        self.chat_listener(line)


async def _at_a_chatty_table(pilot: Pilot) -> tuple[ChattyTable, TableScreen, ManualClock]:
    table = ChattyTable()
    pilot.app.open_table(table)  # type: ignore[attr-defined]
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    clock = screen.clock = ManualClock()
    table.publish(Game(5, LandlordMode.BID).view(0))  # the seats have names to show
    await pilot.pause()
    return table, screen, clock


def _panel_of(screen: TableScreen, name: str) -> SeatPanel:
    for panel in screen.query(SeatPanel):
        if panel.border_title is not None and name in str(panel.border_title):
            return panel
    raise AssertionError(f"no seat panel for {name}")


def _bottom(panel: SeatPanel) -> str:
    return text_of(panel).splitlines()[-1]


async def test_e_and_a_number_say_a_phrase_and_it_shows_by_your_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        await pilot.press("e")
        assert isinstance(app.screen, ChatDialog)
        dialog_text = "\n".join(text_of(w) for w in app.screen.query("OptionList"))
        for phrase in QuickPhrase:
            assert phrase.words() in dialog_text
        assert "Mute Ann" in dialog_text and "Mute Bo" in dialog_text
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is screen
        assert table.said == [(QuickPhrase.HURRY, None)]
        assert "“Hurry up!”" in text_of(screen.query_one(MyLine))


async def test_another_seats_phrase_shows_beside_it_until_its_time_is_up() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, clock = await _at_a_chatty_table(pilot)
        ann = _panel_of(screen, "Ann")
        assert "Well played" not in _bottom(ann)
        table.hear(ChatLine("Ann", 1, QuickPhrase.WELL_PLAYED))
        await pilot.pause()
        assert "“Well played!”" in _bottom(ann)
        clock.advance(SHOWN_SECONDS - 0.5)
        screen._tick()
        await pilot.pause()
        assert "“Well played!”" in _bottom(ann), "still there within its seconds"
        clock.advance(0.5)
        screen._tick()
        await pilot.pause()
        assert "Well played" not in _bottom(ann)


async def test_tab_then_your_own_words_and_enter_say_them() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        await pilot.press("e", "tab", *"gl 2 u", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert table.said == [(None, "gl 2 u")]  # the digit typed, not a phrase chosen


async def test_a_refused_line_is_said_on_the_message_line() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        table.refuse = ChatRefused(ChatRefusal.LIMITED, Phrase("table.chat.too_fast", n=1, s=1))
        await pilot.press("e", "3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "1 line a second at most" in text_of(screen.query_one(MessageLine))


async def test_a_muted_seat_is_shown_nowhere_until_heard_again() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, clock = await _at_a_chatty_table(pilot)
        ann = _panel_of(screen, "Ann")
        table.hear(ChatLine("Ann", 1, None, "first"))
        await pilot.pause()
        assert "first" in _bottom(ann)
        # E, down past the eight phrases to "Mute Ann", Enter: what Ann said goes too
        await pilot.press("e", *["down"] * len(QuickPhrase), "enter")
        await pilot.pause()
        assert app.screen is screen
        assert "Ann" in screen.muted
        assert "Ann is muted" in text_of(screen.query_one(MessageLine))
        assert "first" not in _bottom(ann)
        clock.advance(10)
        table.hear(ChatLine("Ann", 1, None, "spam spam"))
        table.hear(ChatLine("Bo", 2, QuickPhrase.THANKS))
        await pilot.pause()
        assert "spam" not in _bottom(ann)
        assert "Thanks!" in _bottom(_panel_of(screen, "Bo"))
        await pilot.press("e")
        dialog = app.screen
        assert isinstance(dialog, ChatDialog)
        assert not any("spam" in line for line in dialog.recent)
        assert "Hear Ann again" in "\n".join(text_of(w) for w in dialog.query("OptionList"))
        await pilot.press(*["down"] * len(QuickPhrase), "enter")
        await pilot.pause()
        assert "Ann" not in screen.muted
        clock.advance(10)
        table.hear(ChatLine("Ann", 1, None, "back"))
        await pilot.pause()
        assert "back" in _bottom(ann)


async def test_escape_closes_the_chat_and_says_nothing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        await pilot.press("e", "escape")
        assert app.screen is screen and table.said == []


async def test_a_game_against_bots_chats_through_its_table() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await sit_down(pilot)
        client = screen.client
        assert isinstance(client, LocalTable)
        await pilot.press("e", "4")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [line.phrase for line in client.host.chat.lines] == [QuickPhrase.SORRY]
        assert "“Sorry!”" in text_of(screen.query_one(MyLine))


async def test_the_lesson_has_no_chat() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.open_tutorial()  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)
        await pilot.press("e")
        assert not isinstance(app.screen, ChatDialog)


async def test_your_words_too_long_for_your_line_are_said_on_the_message_line() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        words = "a long line of my own words, longer than my line has room for"
        await pilot.press("e", "tab", *words, "enter")
        await pilot.pause()
        assert table.said == [(None, words)]
        assert f"me: {words}" in text_of(screen.query_one(MessageLine))
        assert "long line" not in text_of(screen.query_one(MyLine)), "not cut on your line"


async def test_a_seats_countdown_comes_before_what_it_said() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        game = Game(5, LandlordMode.BID)
        turn = game.view(0).turn
        assert turn is not None and turn != 0
        table.publish(game.view(0), turn_seconds=20)
        await pilot.pause()
        name = SCRIPTED_SEATS[turn].name
        table.hear(ChatLine(name, turn, None, "thinking hard about a very long plan here"))
        await pilot.pause()
        bottom = _bottom(_panel_of(screen, name))
        assert "20s left" in bottom and "“thinking" in bottom
        assert bottom.index("20s left") < bottom.index("“thinking")


async def test_words_too_long_for_a_seats_border_are_said_whole_on_the_message_line() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        short, long = "gl", "take your time, but not too much time please :)"
        table.hear(ChatLine("Ann", 1, None, short))
        await pilot.pause()
        assert "Ann: gl" not in text_of(screen.query_one(MessageLine)), "its border holds it"
        table.hear(ChatLine("Ann", 1, None, long))
        await pilot.pause()
        assert f"Ann: {long}" in text_of(screen.query_one(MessageLine))
        assert "“take your time" in _bottom(_panel_of(screen, "Ann"))


async def test_markup_in_a_line_is_shown_as_typed() -> None:
    # a player's words are text: Textual or Rich markup in them styles nothing
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, _ = await _at_a_chatty_table(pilot)
        table.hear(ChatLine("Ann", 1, None, "[b]hi[/b]"))
        await pilot.pause()
        assert "“[b]hi[/b]”" in _bottom(_panel_of(screen, "Ann"))
        table.hear(ChatLine("Ann", 1, None, "[red]" + "x" * 60 + "[/red]"))
        await pilot.pause()
        assert "Ann: [red]" + "x" * 60 + "[/red]" in text_of(screen.query_one(MessageLine))


async def test_the_screen_ticks_only_while_a_countdown_or_a_line_beside_a_seat_shows() -> None:
    """A server hosts many players' screens: one with nothing to count down asks for no
    ticks. A turn timer starts them (the countdown then goes by the screen's own ticks),
    so does a line said beside a seat, and they stop once neither is left."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, screen, clock = await _at_a_chatty_table(pilot)

        def ticking() -> bool:
            return screen._ticker._active.is_set()

        assert not ticking(), "no timer, nothing said"
        view = Game(5, LandlordMode.BID).view(0)
        assert view.turn is not None and view.turn != 0
        panel = _panel_of(screen, SCRIPTED_SEATS[view.turn].name)
        table.publish(view, turn_seconds=20)
        await pilot.pause()
        assert ticking() and "20s left" in _bottom(panel)
        clock.advance(1)
        await wait_for(pilot, lambda: "19s left" in _bottom(panel))
        table.publish(view)  # the turn timer is off
        await wait_for(pilot, lambda: not ticking())
        ann = _panel_of(screen, "Ann")
        table.hear(ChatLine("Ann", 1, QuickPhrase.WELL_PLAYED))
        await pilot.pause()
        assert ticking() and "“Well played!”" in _bottom(ann)
        clock.advance(SHOWN_SECONDS)
        await wait_for(pilot, lambda: "Well played" not in _bottom(ann))
        await wait_for(pilot, lambda: not ticking())
