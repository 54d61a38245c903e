"""A key at the table redraws what it changed, and no more: no layout of the screen
for a cursor move or a raised card, the hand drawn again only when it changed, the
footer's keys worked out and drawn as one line. (How long a key takes is measured by
benchmarks/bench_keys.py; these tests hold the behaviour that makes it short.)"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from rich.segment import Segment
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import step
from ddz_tui.engine import Game, LandlordMode, Phase
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.kept_lines import RESTYLES, Ancestry, ancestry
from ddz_tui.ui.settings import MAX_BOT_DELAY
from ddz_tui.ui.show.table import Tone
from ddz_tui.ui.theme import theme_names
from ddz_tui.ui.widgets.cards import Hand
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import CardCounter, MyLine, SeatPanel
from tests.support.ui import (
    at_a_scripted_table,
    make_app,
    settle,
    sit_down,
    table_screen,
    text_of,
    wait_for,
)


def to_be_drawn(widget: Widget) -> bool:
    """The widget is drawn again in the next frame (marked dirty on its screen, or on
    its way there through its own queue)."""
    return widget._repaint_required or widget in widget.screen._dirty_widgets


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> Iterator[list[object]]:
    """Every call of `owner.name` while inside, by the object it was called on."""
    calls: list[object] = []
    original = getattr(owner, name)

    def spy(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, spy)
    yield calls
    monkeypatch.setattr(owner, name, original)


async def our_lead(pilot: Pilot):  # type: ignore[no-untyped-def]
    """At a local table, bid 3: the landlord's lead, ours."""
    screen = await sit_down(pilot)
    await pilot.press("3")
    await settle(pilot)
    assert screen.view is not None and screen.view.phase is Phase.PLAYING
    assert screen.view.my_turn and screen.view.leads
    return screen


async def test_moving_and_raising_cards_never_lays_the_screen_out(monkeypatch) -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        with counting(monkeypatch, Screen, "_refresh_layout") as layouts:
            for key in ("right", "space", "right", "space", "left", "space", "escape", "h"):
                await pilot.press(key)
                await screen.workers.wait_for_complete()  # the hint is worked out in a thread
                await pilot.pause()
            assert "Hint 1 of" in text_of(screen.query_one("#message", Plain))
            await pilot.press("escape")
            await pilot.pause()
        assert screen.hand.selected_cards == ()
        assert layouts == [], "a key that changes the hand and its words lays out nothing"
        await pilot.press("space")  # the first raised card: your name makes room for its words
        await pilot.pause()
        line = text_of(screen.my_line)
        assert line.startswith(" ▶ You  a single "), line


async def test_the_hand_is_drawn_again_only_when_it_changed(monkeypatch) -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        with counting(monkeypatch, Hand, "draw") as drawn:
            await pilot.press("c")  # the card counter: nothing about the hand
            await pilot.pause()
            assert screen.query_one(CardCounter).display
            assert drawn == []
            await pilot.press("right")
            await pilot.pause()
        assert len(drawn) == 1, "the cursor moved: the hand is drawn once"


async def test_a_plain_given_what_it_shows_draws_nothing() -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        message = screen.query_one("#message", Plain)
        await pilot.pause()
        message.update(message.content)
        assert not to_be_drawn(message), "the same words: nothing to draw"
        message.update(str(message.content) + "!")
        assert to_be_drawn(message)


async def test_the_footer_follows_the_keys_that_work_and_a_click_presses_one() -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        footer = screen.query_one(KeyFooter)
        assert "esc Leave" in text_of(footer) and "Clear" not in text_of(footer)
        await pilot.press("space")
        await pilot.pause()
        assert "esc Clear" in text_of(footer), "with a card raised, Esc lowers it"
        counter = screen.query_one(CardCounter)
        assert not counter.display
        start, _ = footer._spans[[key.key for key in footer._keys].index("c")]
        await pilot.click(KeyFooter, offset=(start + 1, 0))
        await pilot.pause()
        assert counter.display, "clicking c Counter pressed c"


async def test_the_footer_follows_the_keys_in_the_screens_step(monkeypatch) -> None:
    """Its keys are worked out as the screen's handling of the key ends, in the screen's
    own step before the frame, not in a round of the footer's own queue."""
    import asyncio

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        footer = screen.query_one(KeyFooter)
        steps: list[bool] = []
        original = KeyFooter._update_keys

        def spy(self: KeyFooter) -> None:
            steps.append(asyncio.current_task() is screen._task)
            original(self)

        monkeypatch.setattr(KeyFooter, "_update_keys", spy)
        await pilot.press("space")
        await pilot.pause()
        assert "esc Clear" in text_of(footer)
        await pilot.press("space")
        await pilot.pause()
        assert "esc Leave" in text_of(footer)
        assert steps and all(steps), steps


async def test_your_line_keeps_room_for_your_name_while_cards_are_raised() -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        line = screen.query_one(MyLine)
        room = line.styles.min_width
        # your name and cards left: the role too where the buttons leave room for it
        assert room is not None and room.value == len(" ▶ You · 20 left ")
        await pilot.press("space")
        await pilot.pause()
        assert line.styles.min_width == room, "a raised card changes no widget's size"


def footer_as_textual_has_it(screen: Screen) -> tuple[tuple[str, str, bool], ...]:
    """The footer's items as Textual's own `active_bindings` gives them (the first
    binding of each shown action)."""
    firsts: dict[str, tuple[str, str, bool]] = {}
    for _node, binding, enabled, _tip in screen.active_bindings.values():
        if binding.show:
            firsts.setdefault(binding.action, (binding.key, binding.description, enabled))
    return tuple(firsts.values())


async def test_the_footer_asks_only_after_the_keys_it_may_show(monkeypatch) -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        footer = screen.query_one(KeyFooter)
        for key in ("space", "c", "escape", "h", "escape"):  # raised, the counter, a hint
            await pilot.press(key)
            await screen.workers.wait_for_complete()
            await pilot.pause()
            shown = tuple((k.key, k.description, k.enabled) for k in footer.shown_keys())
            assert shown == footer_as_textual_has_it(screen), key
        with counting(monkeypatch, type(screen), "check_action") as asked:
            footer.shown_keys()
        assert 0 < len(asked) < 20, "the rank keys (some forty, never shown) are not asked"


async def test_a_turn_that_passes_restyles_no_button_lane_or_message_and_lays_nothing_out(
    monkeypatch,
) -> None:
    from textual.dom import DOMNode

    async with make_app(bot_delay=0.05).run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.press("h")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        with (
            counting(monkeypatch, Screen, "_refresh_layout") as layouts,
            counting(monkeypatch, DOMNode, "update_node_styles") as restyled,
        ):
            assert screen.view is not None
            moves = len(screen.view.history)
            await pilot.press("enter")  # played: the turn goes round the bots and back
            # (counted by the moves made: a loaded machine may look only once it is back)
            await wait_for(
                pilot,
                lambda: (
                    screen.view is not None
                    and len(screen.view.history) >= moves + 3
                    and screen.view.my_turn
                ),
            )
            await pilot.pause()
        play = screen.query_one("#play")
        assert play.disabled and play.styles.text_opacity == 0.6, "greyed: nothing raised"
        assert layouts == [], "whose turn it is, the buttons, your line: nothing changes size"
        kinds = {type(node).__name__ for node in restyled}
        assert not kinds & {"ActionButton", "MessageLine", "CardRow"}, kinds
        await pilot.press("h")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        if screen.hand.selected:  # a play to beat it: Play is lit again, as a button is
            assert not play.disabled and play.styles.text_opacity == 1.0


def _title_row(panel: SeatPanel) -> list[Segment]:
    return [seg for seg in panel.render_lines(Region(0, 0, panel.size.width, 1))[0] if seg.text]


async def test_whose_turn_it_is_is_drawn_on_the_seat_panel_without_a_restyle(monkeypatch) -> None:
    from textual.dom import DOMNode

    # the longest delay the settings take (a longer one is refused: the default, 0.6 s,
    # was in force, and a slow run saw the bot play while the themes were still changing)
    async with make_app(bot_delay=MAX_BOT_DELAY).run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        right = screen.query_one("#right-seat", SeatPanel)
        assert _title_row(right)[0].text == "╭"
        await pilot.press("h")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        with counting(monkeypatch, DOMNode, "update_node_styles") as restyled:
            await pilot.press("enter")  # played: the right bot's turn
            await wait_for(pilot, lambda: right.seat is not None and right.seat.turn)
            await pilot.pause()
        assert isinstance(screen.client, LocalTable)
        screen.client.host.pause()  # the bot's turn stays, however slow the themes come
        assert not [node for node in restyled if isinstance(node, SeatPanel)]
        shown: list[object] = []
        for theme in theme_names()[:2]:  # the accent of the theme in force
            pilot.app.theme = theme

            def drawn() -> bool:
                accent = right.get_component_rich_style("seat--turn").color
                return accent not in shown and _title_row(right)[0].style.color == accent

            await wait_for(pilot, drawn)
            accent = right.get_component_rich_style("seat--turn").color
            shown.append(accent)
            row = _title_row(right)
            assert row[0].text == "┏", theme
            title = next(seg for seg in row if "▶" in seg.text)
            assert title.style.color == accent and title.style.bold, theme
        left = screen.query_one("#left-seat", SeatPanel)
        assert _title_row(left)[0].text == "╭", "only the seat whose turn it is"


async def test_the_message_says_a_refusal_in_its_tone_without_a_restyle(monkeypatch) -> None:
    from textual.dom import DOMNode

    from ddz_tui.ui.widgets.table_parts import MessageLine

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        line = screen.query_one(MessageLine)
        plain = line.render_line(0)
        with counting(monkeypatch, DOMNode, "update_node_styles") as restyled:
            await pilot.press("home", "space", "end", "space", "enter")  # lowest and highest
            await pilot.pause()
        assert line.tone == "error" and restyled == []
        toned = line.render_line(0)
        error = line.get_component_rich_style("message--error")
        assert any(seg.style is not None and seg.style.color == error.color for seg in toned)
        assert all(seg.style is not None and seg.style.bold for seg in toned if seg.text.strip())
        assert not any(seg.style is not None and seg.style.bold for seg in plain)


async def test_a_move_at_a_table_in_this_process_is_made_before_its_key_is_done() -> None:
    """No worker (a task and three state messages, some half a millisecond) carries a
    move to a host in this process: a refusal's reason, and the play, are there the
    moment the key's action returns."""
    async with make_app(bot_delay=MAX_BOT_DELAY).run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        assert isinstance(screen.client, LocalTable)
        game = screen.client.host.game
        assert game is not None
        played_before = len(game.events)
        await pilot.press("home", "space", "end", "space")  # lowest and highest
        screen.action_play()
        assert screen._alert is not None and screen._alert.tone is Tone.ERROR
        assert len(game.events) == played_before, "refused: nothing played"
        await pilot.press("escape", "home", "space")  # the lowest card alone
        lowest = screen.hand.selected_cards
        screen.action_play()
        assert len(game.events) == played_before + 1
        trick = game.view(0).trick
        assert game.turn != 0 and trick.by == 0 and trick.to_beat is not None
        assert trick.to_beat.cards == "".join(card.rank for card in lowest)


@pytest.fixture
def unfrozen() -> Iterator[None]:
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


async def test_an_app_with_a_process_of_its_own_freezes_what_it_loaded(unfrozen) -> None:
    from ddz_tui.ui.app import YOUNG_OBJECTS

    defaults = gc.get_threshold()
    async with make_app(owns_process=True).run_test() as pilot:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # loading what the title did not need
        assert gc.get_freeze_count() > 0, "loaded objects are out of the collector's reach"
        assert gc.get_threshold()[0] == YOUNG_OBJECTS, "young collections made rare"
    gc.unfreeze()
    gc.set_threshold(*defaults)
    async with make_app().run_test() as pilot:  # one app among others (a server's)
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        assert gc.get_freeze_count() == 0, "the process is not the app's to tune"
        assert gc.get_threshold() == defaults


def test_a_strip_left_whole_is_freed_without_the_cycle_collector() -> None:
    """Divided at its end, padded or cut to its own length, a line stays acyclic: the
    compositor does this to most lines of a frame, and cycles made full collections,
    every player's slowest key, in a process drawing many screens (ui/strips.py)."""
    from rich.segment import Segment
    from textual.strip import Strip

    import ddz_tui.ui.app  # noqa: F401  (the app's module makes strips acyclic)

    gc.collect()
    gc.disable()
    try:
        strip = Strip([Segment("ab"), Segment("cd")], 4)
        assert strip.divide([4]) == [strip]
        assert strip.adjust_cell_length(4) is strip
        assert strip.crop_extend(0, 4, None) is strip
        assert strip.divide([2, 4])[0].text == "ab", "other cuts still made (and kept)"
        del strip
        assert gc.collect() == 0, "nothing left for the cycle collector"
    finally:
        gc.enable()


async def test_a_replay_step_restyles_nothing(monkeypatch) -> None:
    from textual.dom import DOMNode

    from ddz_tui.ui.screens.replay import Replay, ReplayScreen
    from tests.support.history import finished_game

    screen = ReplayScreen(Replay.of(finished_game(7).events, title="game.jsonl"))
    async with make_app().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(screen)
        await pilot.pause()
        with counting(monkeypatch, DOMNode, "update_node_styles") as restyled:
            for _ in range(12):  # the bids and the first plays: the turn goes round
                await pilot.press("right")
            await pilot.pause()
        assert restyled == [], {type(node).__name__ for node in restyled}
        mine = screen.query_one("#replay-me", Plain)
        for _ in range(60):  # on to a step where it is our turn: our line in the accent
            if screen.actor == screen.bottom_seat:
                break
            await pilot.press("right")
        await pilot.pause()
        accent = screen.get_component_rich_style("replay--turn", partial=True)
        words = [seg for seg in mine.render_line(0) if seg.text.strip()]
        assert words and all(seg.style.color == accent.color and seg.style.bold for seg in words)


async def test_buttons_and_the_footer_back_to_a_look_they_had_are_not_drawn_again(
    monkeypatch,
) -> None:
    from textual.widget import Widget

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        footer = screen.query_one(KeyFooter)
        play = screen.query_one("#play")
        for _ in range(2):  # each look once: a card raised (Play lit, Clear) and not
            await pilot.press("space")
            await pilot.pause()
        with counting(monkeypatch, Widget, "render_lines") as drawn:
            for _ in range(3):
                await pilot.press("space")
                await pilot.pause()
                assert not play.disabled and "esc Clear" in text_of(footer)
                await pilot.press("space")
                await pilot.pause()
                assert play.disabled and "esc Leave" in text_of(footer)
        kinds = {type(widget).__name__ for widget in drawn}
        assert "Hand" in kinds, "the hand changed: drawn"
        assert not kinds & {"ActionButton", "KeyFooter"}, kinds


def test_a_stale_lane_is_tinted_as_textual_tints_each_style_once(monkeypatch) -> None:
    """A lane going stale at every play tints each of its few styles once, and looks as
    Textual's `Tint` makes it (styles, text and control codes kept)."""
    from rich.style import Style
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME
    from textual.color import Color
    from textual.renderables.tint import Tint
    from textual.strip import Strip

    from ddz_tui.ui.widgets import cards

    red, edge = Style(color="red", bgcolor="white"), Style(color="#808080", bold=True)
    strips = [
        Strip([Segment("╭──", edge), Segment("3", red), Segment(" ", None)] * 7),
        Strip([Segment("x", edge), Segment("\x1b", None, [(1,)]), Segment("♥", red)]),  # type: ignore[list-item]
    ]
    tint, background = Color(0, 0, 0, 0.4), Color(10, 90, 40)
    expected = [
        list(Tint.process_segments(strip, tint, DEFAULT_TERMINAL_THEME, background))
        for strip in strips
    ]
    with counting(monkeypatch, Tint, "process_segments") as calls:
        got = cards.tinted(strips, tint, DEFAULT_TERMINAL_THEME, background)
    assert [list(strip) for strip in got] == expected
    assert [strip.cell_length for strip in got] == [strip.cell_length for strip in strips]
    assert len(calls) == 3  # red, the edge and no style: once each


async def test_the_hidden_card_counter_counts_nothing_and_opens_with_the_figures(
    monkeypatch,
) -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        counter = screen.query_one(CardCounter)
        with counting(monkeypatch, CardCounter, "show") as shown:
            await pilot.press("h")
            await screen.workers.wait_for_complete()  # the hint is worked out in a thread
            await pilot.press("enter")
            await settle(pilot)
            assert screen.view is not None and len(screen.view.hand) < 20, "a play was made"
            assert shown == [] and not counter.display
            await pilot.press("c")
            assert shown == [counter] and counter.display
        heads, counts = str(counter.render()).splitlines()[:2]
        unseen = screen.view.unseen
        figures = dict(zip(heads.split(), map(int, counts.split()), strict=True))
        assert figures["3"] == unseen.count("3") and figures["2"] == unseen.count("2")


async def test_a_widget_that_did_not_change_gives_its_lines_whole(monkeypatch) -> None:
    """A cursor move redraws the hand: the widgets around it that did not change give
    the compositor the lines they gave last (Textual worked each of them out again:
    background, filters, every line looked up and cut)."""
    from textual._styles_cache import StylesCache
    from textual.widget import Widget

    from ddz_tui.ui import kept_lines

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        caches = {id(widget._styles_cache): widget for widget in screen.query(Widget)}
        drawn_plainly: list[Widget] = []
        plain_box_lines = kept_lines.plain_box_lines

        def spy(widget: Widget, crop: Region):  # type: ignore[no-untyped-def]
            drawn_plainly.append(widget)
            return plain_box_lines(widget, crop)

        monkeypatch.setattr(kept_lines, "plain_box_lines", spy)
        with counting(monkeypatch, StylesCache, "render") as rendered:
            await pilot.press("right")
            await pilot.pause()
        redrawn = {caches[id(cache)] for cache in rendered if id(cache) in caches}
        redrawn |= set(drawn_plainly)
        assert screen.hand in redrawn, "the cursor moved: the hand is drawn"
        unchanged = [screen.query_one(SeatPanel), screen.query_one("#top"), screen]
        assert not redrawn & set(unchanged)


async def test_kept_lines_are_given_again_only_while_nothing_changed() -> None:
    """What marks a widget dirty (a refresh, a restyle, a new size) and what its lines
    depend on besides (the crop, the app's line filters) each make it draw again."""
    from textual.filter import Monochrome

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        seat = screen.query_one(SeatPanel)
        crop = Region(0, 0, seat.size.width, seat.size.height)
        lines = seat.render_lines(crop)
        assert seat.render_lines(crop) is lines
        narrower = crop.crop_size((seat.size.width - 1, seat.size.height))
        assert seat.render_lines(narrower) is not lines
        lines = seat.render_lines(crop)
        seat.refresh()
        assert seat.render_lines(crop) is not lines
        lines = seat.render_lines(crop)
        pilot.app._filters.append(Monochrome())
        try:
            grey = seat.render_lines(crop)
            assert grey is not lines and grey != lines, "the filter is applied"
        finally:
            pilot.app._filters.pop()
        assert seat.render_lines(crop) == lines


async def test_a_card_widget_works_out_its_style_only_after_a_restyle(monkeypatch) -> None:
    """Textual works a widget's style out from every ancestor each time it is asked: the
    hand keeps it (`ancestry`) while no style is applied anywhere (its key, its rows,
    each blank line used to ask at every redraw), and asks again after a restyle."""
    from textual.dom import DOMNode

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        asked: list[object] = []
        rich_style = DOMNode.rich_style

        def spy(node: DOMNode):  # type: ignore[no-untyped-def]
            asked.append(node)
            return rich_style.fget(node)  # type: ignore[attr-defined]

        monkeypatch.setattr(DOMNode, "rich_style", property(spy))
        await pilot.press("right")
        await pilot.pause()
        assert asked.count(screen.hand) == 0, "kept: nothing was restyled"
        screen.hand.add_class("-restyled")  # a class: the stylesheet is applied again
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        monkeypatch.setattr(DOMNode, "rich_style", rich_style)
        assert asked.count(screen.hand) == 1


async def test_a_kept_ancestry_follows_the_theme() -> None:
    """A widget's kept style and colours are those Textual works out, after a theme
    change as before it."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        hand = screen.hand
        before = ancestry(hand)
        assert before == Ancestry(hand.rich_style, hand.background_colors, hand.opacity)
        for theme in theme_names():
            pilot.app.theme = theme
            await pilot.pause()
            if hand.background_colors != before.background_colors:
                break
        else:
            pytest.fail("no theme with another background")
        for widget in (hand, screen.my_line, screen.query_one(KeyFooter)):
            kept = ancestry(widget)
            assert kept == Ancestry(widget.rich_style, widget.background_colors, widget.opacity)
        assert ancestry(hand) != before


async def test_a_restyle_in_another_app_keeps_this_ones_ancestry() -> None:
    """Restyles are counted per app: the SSH door runs many players' apps in one
    process, and one's hover or dialog must not make the others work styles out again."""
    from textual._context import active_app
    from textual.dom import DOMNode

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        kept = ancestry(screen.hand)
        other = make_app()
        token = active_app.set(other)
        try:
            DOMNode().notify_style_update()  # a node of the other app restyled
        finally:
            active_app.reset(token)
        assert getattr(other, RESTYLES) == 1
        assert ancestry(screen.hand) is kept
        screen.hand.add_class("-restyled")  # this app's own restyle: worked out again
        await pilot.pause()
        assert ancestry(screen.hand) is not kept


def textual_lines(widget: Widget, crop: Region) -> list[Strip]:
    """The widget's lines as Textual's own styles cache draws them."""
    from textual._styles_cache import StylesCache

    return StylesCache().render_widget(widget, crop)


async def test_a_plain_box_is_drawn_as_textual_draws_it() -> None:
    """Widgets drawn without Textual's styling of each line (no outline, tint or opacity)
    give the same lines, segment by segment: padded lanes, a stale lane, the hand, your
    line, the message, the top bar, the seat panels' borders (whose turn it is and not,
    in ASCII too); cut, and through a line filter."""
    from textual.filter import Monochrome

    from ddz_tui.ui.kept_lines import plain_box_lines

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.press("h", "enter")  # a play: the lane shows it, the next turn's
        await settle(pilot)
        await pilot.press("right", "space")  # a raised card: your line says it
        await pilot.pause()
        plain = [w for w in screen.query(Widget) if getattr(w, "PLAIN_BOX", False)]
        compared: set[str | None] = set()
        looks: set[tuple[str, bool]] = set()  # (a seat's border, whose turn it is)
        right = screen.query_one("#right-seat", SeatPanel)
        for ascii in (False, True):
            pilot.app.update_settings(ascii_cards=ascii)
            assert right.seat is not None
            right.seat = replace(right.seat, turn=True)  # the left seat's not
            await pilot.pause()
            for filters in ((), (Monochrome(),)):
                pilot.app._filters.extend(filters)
                try:
                    for widget in plain:
                        width, height = widget.region.size
                        if not (width and height):
                            continue
                        for crop in (
                            Region(0, 0, width, height),
                            Region(1, 1, width - 2, height - 1),
                        ):
                            lines = plain_box_lines(widget, crop)
                            assert lines is not None, widget
                            assert [list(line) for line in lines] == [
                                list(line) for line in textual_lines(widget, crop)
                            ], (widget, crop)
                            compared.add(widget.id)
                        if isinstance(widget, SeatPanel):
                            assert widget.seat is not None
                            looks.add((widget.styles.border_top[0], widget.seat.turn))
                finally:
                    del pilot.app._filters[len(pilot.app._filters) - len(filters) :]
        assert {"left-play", "right-play", "my-play", "hand", "my-line", "message"} <= compared
        assert {"left-seat", "right-seat"} <= compared
        assert looks == {("round", False), ("heavy", True), ("ascii", False), ("ascii", True)}


async def test_a_seat_panels_border_back_to_a_look_it_had_is_not_drawn_again(
    monkeypatch,
) -> None:
    """The turn goes round: a seat panel's border rows (its title and subtitle) are
    drawn by Textual once for each look, and given again when the look comes back."""
    from textual._styles_cache import StylesCache

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        seat = screen.query_one("#right-seat", SeatPanel)
        drawn: list[int] = []
        original = StylesCache.render_line

        def spy(self, styles, y, *args):  # type: ignore[no-untyped-def]
            if self is seat._styles_cache:
                drawn.append(y)
            return original(self, styles, y, *args)

        monkeypatch.setattr(StylesCache, "render_line", spy)
        first = seat.seat
        assert first is not None and not first.turn
        seat.seat = replace(first, turn=True)
        await pilot.pause()
        assert drawn and set(drawn) <= {0, seat.region.height - 1}  # a new look's edges
        drawn.clear()
        seat.seat = first
        await pilot.pause()
        seat.seat = replace(first, turn=True)
        await pilot.pause()
        assert drawn == []  # both looks kept
        seat.seat = replace(first, turn=True, cards_left=(first.cards_left or 0) + 1)
        await pilot.pause()
        assert drawn == []  # the words inside changed, not the border


async def test_a_seat_panels_rows_are_drawn_again_only_when_what_they_show_changed(
    monkeypatch,
) -> None:
    """Whose turn it is, thinking, the clock and a mark are on the panel's border: a
    change of them draws the border again, not the rows inside (a bot's turn came at
    every play, and a turn timer's clock every second)."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        seat = screen.query_one("#right-seat", SeatPanel)
        first = seat.seat
        assert first is not None and not first.turn and first.cards_left
        with counting(monkeypatch, SeatPanel, "draw") as drawn:
            for changed in (
                replace(first, turn=True),
                replace(first, turn=True, thinking=True),
                replace(first, turn=True, clock=15),
                replace(first, turn=True, clock=14, mark="away"),
            ):
                seat.seat = changed
                await pilot.pause()
                assert seat.border_subtitle or seat.border_title  # the border says it
            assert drawn == []
            seat.seat = replace(first, cards_left=first.cards_left - 1)
            await pilot.pause()
            assert drawn == [seat]
        assert str(first.cards_left - 1) in text_of(seat)


async def test_your_line_keeps_its_styles_across_redraws_until_the_theme_changes(
    monkeypatch,
) -> None:
    """Textual forgets a widget's component styles at every refresh: your line keeps its
    own, and a new theme's colours reach it."""
    from textual.widget import Widget as TextualWidget

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        line = screen.query_one(MyLine)
        keys = ("space", "right", "space", "right", "space", "escape")
        for key in keys:  # a valid play raised, then not, then none: each look once
            await pilot.press(key)
            await pilot.pause()
        with counting(monkeypatch, TextualWidget, "get_component_rich_style") as asked:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
        assert line not in asked
        for theme in theme_names()[:2]:
            pilot.app.theme = theme
            await pilot.pause()
            line._rich_style_cache.clear()
            turn = line.get_component_rich_style("my-line--turn")
            first = next(seg for seg in line.render_line(0) if seg.text.strip())
            assert first.style == line.rich_style + turn, theme


async def test_a_raised_card_works_out_your_line_alone(monkeypatch) -> None:
    """A raised card changes your line and Play: the whole table is not worked out."""
    from ddz_tui.ui.screens import table as table_screen

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        whole: list[object] = []
        table_show = table_screen.table_show

        def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
            whole.append(args)
            return table_show(*args, **kwargs)

        monkeypatch.setattr(table_screen, "table_show", spy)
        await pilot.press("space")
        await pilot.pause()
        assert whole == []
        words = screen.query_one(MyLine).words
        assert words.selection is not None and words.me == "▶ You"
        assert not screen.query_one("#play").disabled


async def test_a_lane_is_shown_with_one_redraw_and_none_for_the_same(monkeypatch) -> None:
    """A lane's six attributes are set together: one redraw for a change, none for what
    it shows already (Textual's reactive attributes redrew it once for each)."""
    from ddz_tui.ui.widgets.cards import CardRow

    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        lane = screen.query_one("#my-play", CardRow)
        cards = screen.hand.cards[:2]
        with counting(monkeypatch, CardRow, "refresh") as redrawn:
            lane.show(cards, passed=False, stale=True)
            assert redrawn == [lane]
            lane.show(cards, passed=False, stale=True)
            assert redrawn == [lane], "the same again: no redraw"
        assert lane.cards == tuple(cards) and lane.stale and not lane.word


async def test_a_look_kept_whole_is_not_worked_out_again(monkeypatch) -> None:
    """A button or the footer that did not change gives its lines without working out
    its look (its style walks every ancestor)."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        footer = screen.query_one(KeyFooter)
        crop = Region(0, 0, *footer.region.size)
        lines = footer.render_lines(crop)
        with counting(monkeypatch, KeyFooter, "look") as looked:
            assert footer.render_lines(crop) is lines
            assert looked == []
            footer.refresh()
            assert footer.render_lines(crop) == lines
            assert looked == [footer]


async def test_words_as_wide_as_before_are_not_measured(monkeypatch) -> None:
    """A replay's step or a score changing to words as wide as before takes the room it
    took: neither measured (twice) nor laid out; wider words are."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        session = screen.query_one("#session", Plain)
        words = str(session.content)
        with counting(monkeypatch, Plain, "_natural_size") as measured:
            session.update(words[:-1] + ("1" if words[-1] != "1" else "2"))
            assert measured == [] and not session._layout_required
            assert to_be_drawn(session), "drawn again, in its new words"
            session.update(words + " and more")
            assert measured == [session, session]


async def test_a_repaint_goes_to_the_screen_at_once() -> None:
    """A widget that only needs drawing again is marked dirty on its screen as it asks,
    not after a round through its own message queue (see ui/repaint.py)."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        hand = screen.hand
        assert hand not in screen._dirty_widgets
        hand.refresh()
        assert hand in screen._dirty_widgets, "marked dirty on the screen at once"
        assert hand._message_queue.empty(), "no round through the hand's own queue"
        assert not hand._repaint_required
        await pilot.pause()
        assert hand not in screen._dirty_widgets, "drawn in the next frame"


async def test_a_layout_goes_to_the_screen_at_once(monkeypatch) -> None:
    """A widget that needs a layout tells its screen as it asks, with its repaint: the
    screen cannot draw a frame of the repaints it heard of first and then the whole
    screen again once the layout's message comes (the game's end did)."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        assert not screen._layout_required
        line = screen.my_line
        line.refresh(layout=True)
        assert screen._layout_required, "the screen knows at once"
        assert line in screen._dirty_widgets
        assert line._message_queue.empty(), "no round through the line's own queue"
        assert not line._layout_required
        with counting(monkeypatch, Screen, "_refresh_layout") as layouts:
            await pilot.pause()
        assert not screen._layout_required
        assert layouts == [screen]


async def test_a_layout_asked_for_during_a_layout_follows_it(monkeypatch) -> None:
    """A layout asked for while the screen lays out (as a scrollbar that comes with a new
    size asks) is not lost when the screen, done, forgets that it needed one."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        line = screen.my_line
        size_updated = line._size_updated
        asked: list[bool] = []

        def and_again(*args: object, **kwargs: object) -> bool:
            resized = size_updated(*args, **kwargs)  # type: ignore[arg-type]
            if resized and not asked:
                asked.append(True)
                line.refresh(layout=True)
            return resized

        monkeypatch.setattr(line, "_size_updated", and_again)
        with counting(monkeypatch, Screen, "_refresh_layout") as layouts:
            screen.query_one("#play-buttons").display = False
            for _ in range(4):
                await pilot.pause()
        assert asked
        assert layouts == [screen, screen], "the layout asked for during the first follows it"


async def test_the_laid_open_seats_are_worked_out_once_each(monkeypatch) -> None:
    """At the game's end the seats grow to their laid-open hands: the layout asks each
    panel for its height (its row's, then its own) and then draws it, and the panel
    works out what it shows once, not at each question."""
    game = Game(3, LandlordMode.RANDOM)
    bots = [make_bot("random", seat) for seat in range(3)]
    while game.phase is not Phase.OVER:
        step(game, bots)
    app = make_app(bot_delay=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_a_scripted_table(pilot)
        screen = table_screen(pilot)
        await pilot.pause()
        with counting(monkeypatch, SeatPanel, "content") as worked_out:
            table.publish(game.view(0), games=1)
            for _ in range(3):
                await pilot.pause()
        assert screen.query_one("#seats").has_class("-laid-open")
        assert sorted(panel.id for panel in worked_out) == ["left-seat", "right-seat"]  # type: ignore[attr-defined]


def _over_with_long_hands() -> Game:
    """A game of random bots that ended with many cards in the seat panels' hands (seat
    0's view): laid open, they take more than a panel's row."""
    for seed in range(100):
        game = Game(seed, LandlordMode.RANDOM)
        bots = [make_bot("random", seat) for seat in range(3)]
        while game.phase is not Phase.OVER:
            step(game, bots)
        if max(len(hand) for hand in game.view(0).hands_at_end[1:]) >= 14:
            return game
    raise AssertionError("no such game in 100 seeds")


async def test_the_seats_lie_open_and_close_again_without_a_restyle(monkeypatch) -> None:
    """The game's end grows the seats to their laid-open hands, and the next deal takes
    them back to the stylesheet's heights, without matching the stylesheet again (the
    last play of every game did, 2 to 4 ms)."""
    from textual.dom import DOMNode

    game = _over_with_long_hands()
    app = make_app(bot_delay=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_a_scripted_table(pilot)
        screen = table_screen(pilot)
        await pilot.pause()
        seats = screen.query_one("#seats")
        panels = list(screen.query(SeatPanel))
        before = seats.region.height, [panel.region.height for panel in panels]
        with counting(monkeypatch, DOMNode, "update_node_styles") as restyled:
            table.publish(game.view(0), games=1)
            for _ in range(3):
                await pilot.pause()
            laid_open = seats.region.height, [panel.region.height for panel in panels]
            table.publish(Game(0, LandlordMode.RANDOM).view(0), games=2)  # a new deal
            for _ in range(3):
                await pilot.pause()
        assert not [node for node in restyled if node is seats or node in panels]
        assert laid_open[0] > before[0] and max(laid_open[1]) > max(before[1])
        assert (seats.region.height, [panel.region.height for panel in panels]) == before


async def test_the_tall_and_wide_layouts_seats_keep_their_height_laid_open() -> None:
    """There the panels hold a hand laid open as they are, at any size the terminal
    takes while the game's end is looked at."""
    game = _over_with_long_hands()
    app = make_app(bot_delay=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_a_scripted_table(pilot)
        screen = table_screen(pilot)
        seats = screen.query_one("#seats")
        panels = list(screen.query(SeatPanel))
        table.publish(game.view(0), games=1)
        heights = []
        for size in ((80, 24), (160, 50), (80, 24)):
            await pilot.resize_terminal(*size)
            for _ in range(4):
                await pilot.pause()
            heights.append((seats.region.height, [panel.region.height for panel in panels]))
        assert heights[1] == (9, [8, 8])  # the stylesheet's, tall and wide
        assert heights[0][0] == heights[2][0] < 9  # grown to the hands again


async def test_a_resize_is_laid_out_once(monkeypatch) -> None:
    """A layout that gives widgets new sizes (the buttons go: your line grows) is not
    followed by a second layout of the whole screen and a frame (ui/one_layout.py)."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        line = screen.my_line
        width = line.size.width
        with counting(monkeypatch, Screen, "_refresh_layout") as layouts:
            screen.query_one("#play-buttons").display = False
            for _ in range(3):
                await pilot.pause()
        assert line.size.width > width, "your line took the buttons' room"
        assert layouts == [screen]


async def test_a_hidden_widget_asks_for_no_frame() -> None:
    """A widget that is not displayed is not marked dirty on its screen."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.pause()
        counter = screen.query_one(CardCounter)
        assert not counter.display
        counter.refresh()
        assert counter not in screen._dirty_widgets
