"""癞子 (wildcards) at the table: what a play holding wilds looks like in the lanes and
the state line, and the replay of a 癞子 game."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Switch

from ddz_tui.cards import DECK, format_rank, lowest_suits
from ddz_tui.cli.command import main
from ddz_tui.cli.errors import EXIT_USAGE
from ddz_tui.engine import Game, LandlordMode, Phase, Rules, loads, parse_rules
from ddz_tui.engine.events import WildDrawn
from ddz_tui.engine.score import Multiplier
from ddz_tui.i18n import Lang, set_language, t
from ddz_tui.rules import Kind
from ddz_tui.sound.clips import Effect
from ddz_tui.table.clients import LocalTable
from ddz_tui.table.seats import TableState
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.reading_choice import ReadingChoice
from ddz_tui.ui.screens.replay import Replay, ReplayScreen
from ddz_tui.ui.screens.result import multiplier_parts
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.settings import SettingsStore
from ddz_tui.ui.show.cues import table_cues
from ddz_tui.ui.show.reading import last_trick, on_table
from ddz_tui.ui.show.table import reading_line, table_show
from ddz_tui.ui.widgets.cards import CardRow
from ddz_tui.ui.widgets.chips import (
    PLAIN_INK,
    face_rows,
    mini_chips,
    plain_label,
    plain_row,
    strip_lines,
    strip_of,
)
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import HouseRules
from ddz_tui.wild import BombClass, Reading, readings
from tests.support.rigging import rigged
from tests.support.ui import (
    at_a_scripted_table,
    make_app,
    saved_settings,
    settle,
    sit_down,
    switch_in_settings,
    table_screen,
    take_a_turn,
    text_of,
)
from tests.ui.test_show import RANKS_IN_ORDER, SEATS

LAIZI = Rules(laizi=True)
RECORD = Path(__file__).parents[1] / "core" / "records" / "v8_laizi.jsonl"


def wild_threes() -> Game:
    """Seat 0 holds the 3s to the 6s and a 7, bids 3 and leads; the 3s are wild (put in
    place of the rank drawn)."""
    d = RANKS_IN_ORDER
    game = rigged([d[0:17], d[17:34], d[34:51]], d[51:], first=0, rules=LAIZI)
    game.bid(0, 3)
    assert isinstance(game.events[-1], WildDrawn)
    game._wild = "3"
    game._events[-1] = WildDrawn("3")
    game._standing = None
    return game


def soft_bomb_of_fours(game: Game) -> None:
    """Seat 0 plays 4 4 3 3 with both 3s standing for 4s: no play of the classic game."""
    soft = next(r for r in readings("3344", "3") if r.bomb is BombClass.SOFT)
    game.play(0, lowest_suits("3344", game.view(0).hand), soft)


def test_a_play_holding_wilds_lies_in_its_lane_as_it_was_read() -> None:
    game = wild_threes()
    soft_bomb_of_fours(game)
    view = game.view(1)
    shown = on_table(view)[0]
    assert [card.rank for card in shown.cards] == ["4", "4", "3", "3"]
    assert shown.stands == ("", "", "4", "4") and shown.to_beat
    game.pass_turn(1)
    game.pass_turn(2)
    assert [seat for seat, _ in last_trick(game.view(1))] == [0, 1, 2]
    set_language(Lang.EN)
    state = TableState(2, SEATS, game.view(2))
    assert table_show(state, None, None).lanes[0].cards == ()  # the trick is over
    game.play(0, lowest_suits("5", game.view(0).hand))
    show = table_show(TableState(1, SEATS, game.view(1)), None, None)
    assert "a single 5" in show.status


def test_the_state_line_says_a_soft_bomb_to_beat() -> None:
    game = wild_threes()
    soft_bomb_of_fours(game)
    set_language(Lang.EN)
    show = table_show(TableState(1, SEATS, game.view(1)), None, None)
    assert "a soft bomb of 4s" in show.status
    set_language(Lang.ZH)
    show = table_show(TableState(1, SEATS, game.view(1)), None, None)
    assert "4软炸" in show.status
    set_language(Lang.EN)


async def test_the_replay_of_a_laizi_game_steps_through_its_wild_plays() -> None:
    """The kept version 8 record holds a soft bomb: every step is drawn and said."""
    set_language(Lang.EN)
    replay = Replay.of(loads(RECORD.read_text(encoding="utf-8")))
    said = []
    rules = set()  # the house rules the replay lists, as the table does
    app = make_app(Lang.EN)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = ReplayScreen(replay)
        await app.push_screen(screen)
        await pilot.pause()
        for step in range(len(replay.frames)):
            screen.step = step
            await pilot.pause()
            said.append(screen._says())
            rules.add(text_of(screen.query_one("#replay-rules", Plain)).strip())
    assert any("a soft bomb of" in words for words in said)
    wild = replay.frames[-1].wild
    assert wild is not None and rules == {"Wildcards", f"Wild: {format_rank(wild)}"}, rules


# --- at a local table, by keys --------------------------------------------------------

SEED = 1  # we bid 3 and lead; 7s are not wild, Ks are: 7 7 7 K reads two ways


async def our_lead(pilot: Pilot) -> TableScreen:
    """A local 癞子 game against random bots: bid 3, then answer as `take_a_turn` does,
    until our first turn of play."""
    screen = await sit_down(pilot, rules=LAIZI)
    for _ in range(12):
        await settle(pilot)
        view = screen.view
        assert view is not None
        if view.phase is Phase.PLAYING and view.my_turn:
            assert view.wild == "K" and view.leads and "777" in view.hand_ranks
            return screen
        if view.phase is Phase.BIDDING and view.my_turn:
            await pilot.press("3")
        else:
            await take_a_turn(pilot, view)
    raise AssertionError("never our lead")


async def test_enter_opens_the_choice_of_readings_and_plays_the_one_chosen() -> None:
    app = make_app(seed=SEED)
    async with app.run_test() as pilot:
        screen = await our_lead(pilot)
        assert "Wild: K" in text_of(screen.query_one(HouseRules))
        await pilot.press("7", "7", "7", "k")
        assert "2 ways: Enter chooses" in text_of(screen.my_line)
        raised = screen.hand.selected
        await pilot.press("enter")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ReadingChoice)
        assert chooser.lines == (
            "7 7 7 7(wild) → a soft bomb of 7s",
            "7 7 7 K(wild) → three 7s with a single",
        )
        await pilot.press("escape")  # nothing played, the cards still raised
        await pilot.pause()
        assert app.screen is screen and screen.hand.selected == raised
        view = screen.view
        assert view is not None and not view.history
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReadingChoice)
        await pilot.press("down", "enter")
        await settle(pilot)
        view = screen.view
        assert view is not None and view.history[0] == (0, "777K")
        played = view.readings[0]
        assert played is not None and played.kind is Kind.TRIO_SINGLE and played.wilds == "K"


async def test_a_number_chooses_the_reading_and_the_lane_shows_what_the_wild_stands_for() -> None:
    app = make_app(seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.press("7", "7", "7", "k", "enter")
        await pilot.pause()
        await pilot.press("1")
        await settle(pilot)
        view = screen.view
        assert view is not None and view.readings[0] is not None
        assert view.readings[0].bomb is BombClass.SOFT
        lane = screen.query_one("#my-play", CardRow)
        assert lane.marks == ("", "", "", "7")
        assert "7癞" in text_of(lane) or "癞" in text_of(lane)


async def test_the_hint_offers_each_reading_and_enter_plays_the_one_offered() -> None:
    app = make_app(seed=SEED)
    async with app.run_test() as pilot:
        screen = await our_lead(pilot)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        offered = [hint for hint in screen._hints if isinstance(hint, Reading)]
        assert len(offered) == len(screen._hints)
        sevens = [hint for hint in offered if hint.cards == "777K"]
        assert {hint.kind for hint in sevens} == {Kind.BOMB, Kind.TRIO_SINGLE}
        soft = offered.index(next(hint for hint in sevens if hint.kind is Kind.BOMB))
        screen._hint_index = soft - 1  # (the bombs come last: hundreds of H presses)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        message = text_of(screen.query_one("#message"))
        assert f"Hint {soft + 1} of {len(offered)}: 7 7 7 7(wild) → a soft bomb of 7s" in message
        await pilot.press("enter")  # no choice to make: the hint said which
        await settle(pilot)
        view = screen.view
        assert view is not None and view.history[0] == (0, "777K")
        played = view.readings[0]
        assert played is not None and played.bomb is BombClass.SOFT


async def test_a_long_play_with_a_wild_says_its_wild_whole_on_your_line_at_80_columns() -> None:
    app = make_app(seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        await pilot.press("7", "8", "9", "j", "q", "k")  # the K stands for the 10
        await pilot.pause()
        line = text_of(screen.my_line).rstrip()
        assert line.endswith("10(wild) → a straight 7–Q"), line
        assert "…" not in line
        await pilot.press("escape", "3", "4", "5", "k", "7")  # room for every card
        await pilot.pause()
        assert text_of(screen.my_line).rstrip().endswith("3 4 5 6(wild) 7 → a straight 3–7")


# --- choosing the rule -----------------------------------------------------------------


async def test_wildcards_are_chosen_by_keys_in_new_game_and_remembered() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        switch = app.screen.query_one("#laizi", Switch)
        assert not switch.value
        await pilot.press("shift+tab")  # from Deal back to the last rule's row
        assert app.screen.focused is switch
        await pilot.press("space", "enter")  # on, deal
        await settle(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable)
        assert screen.client.host.rules == LAIZI
        view = screen.view
        assert view is not None
        house = text_of(screen.query_one(HouseRules))
        if view.wild is None:  # before the draw: the rule, never a rank
            assert "Wildcards" in house and "Wild:" not in house
    saved = saved_settings(app)
    assert saved.laizi and saved.rules == LAIZI


async def test_wildcards_are_switched_in_settings() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await switch_in_settings(pilot, "laizi")
        assert app.settings.laizi and app.settings.rules == LAIZI


def test_ddz_rules_laizi_starts_the_session_with_wildcards(tmp_path) -> None:
    """`ddz --rules laizi`: the forms start with the rule (as if chosen in Settings);
    a spec that is no house rule is a usage error before any terminal is asked for."""
    app = DdzApp(SettingsStore(tmp_path), rules=parse_rules("laizi,grab"))
    assert app.settings.rules == Rules(LandlordMode.GRAB, laizi=True)
    assert main(["--rules", "wildest"]) == EXIT_USAGE


# --- snapshots ---------------------------------------------------------------------------


async def _soft_bomb_played(pilot: Pilot) -> None:
    """Our soft bomb of 7s (7 7 7 and the K standing for a 7) on the table."""
    await our_lead(pilot)
    await pilot.press("7", "7", "7", "k", "enter", "1")
    await settle(pilot)


async def _choosing(pilot: Pilot) -> None:
    """7 7 7 K raised and Enter pressed: the two readings to choose from."""
    await our_lead(pilot)
    await pilot.press("7", "7", "7", "k", "enter")
    await pilot.pause()


def test_a_laizi_table_with_a_soft_bomb_played(snap_compare) -> None:
    """Read as text: 'Wild: K' among the house rules, the K in our lane drawn as the 7
    it stands for with the wild's mark, the Ks in our hand marked."""
    assert snap_compare(make_app(seed=SEED), run_before=_soft_bomb_played)


def test_a_laizi_table_with_a_soft_bomb_played_chinese(snap_compare) -> None:
    """The same in Chinese: '癞子 K'."""
    assert snap_compare(make_app(Lang.ZH, seed=SEED), run_before=_soft_bomb_played)


def test_the_choice_of_readings(snap_compare) -> None:
    """Read as text: the soft bomb first, then three 7s with a single."""
    assert snap_compare(make_app(seed=SEED), run_before=_choosing)


def test_the_choice_of_readings_chinese(snap_compare) -> None:
    assert snap_compare(make_app(Lang.ZH, seed=SEED), run_before=_choosing)


# --- the wild's mark in every card style ---------------------------------------------------


def test_a_wild_is_marked_in_every_card_style() -> None:
    king = next(card for card in DECK if card.rank == "K")
    assert face_rows(king, False, "7") == ("7 ", "癞")
    assert face_rows(king, True, "7") == ("7 ", "W ")
    assert face_rows(king, True) == ("K ", king.suit.letter.ljust(2))  # a natural card
    assert plain_label(king, False, "7") == "7癞" and plain_label(king, True, "7") == "7W"
    assert mini_chips([king], PLAIN_INK, True, 20, marks=("7",)).plain == " 7W "
    assert mini_chips([king], PLAIN_INK, True, 20, plain=True, marks=("7",)).plain == "7W"
    assert plain_row([king], True, 10, wild="K") == [(4, "KW")]
    assert strip_of([king], PLAIN_INK, False, wild="K").plain == " K癞 "
    assert strip_lines([king, king], PLAIN_INK, True, 40, wild="K").plain == " KW KW "


async def test_a_soft_bomb_in_ascii_and_the_discreet_style() -> None:
    app = make_app(seed=SEED, ascii_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        ranks, suits = text_of(screen.hand).splitlines()[2:4]
        at = suits.index("|W |")  # the K's suit row: the wild's mark
        assert ranks[at : at + 4] == "|K |"
        await pilot.press("7", "7", "7", "k", "enter", "1")
        await settle(pilot)
        lane = screen.query_one("#my-play", CardRow)
        assert "W" in text_of(lane)
        await pilot.press("d")  # the discreet style: ranks in plain text
        await pilot.pause()
        assert "7 7 7 7W" in text_of(lane)


async def test_no_auto_pass_when_only_a_play_with_wilds_beats() -> None:
    """要不起 passes for you only when nothing beats: under 癞子 the four wilds may be
    all that beats a hard bomb (the plays without wilds are none of them)."""
    game = rigged(
        ["33334444555566667", "7778888999TTTTJJJ", "9JQQQQKKKKAAAA22B"], "22R", rules=LAIZI
    )
    game.bid(0, 3)
    game._wild = "3"
    game._events[-1] = WildDrawn("3")
    game._standing = None
    game.play(0, lowest_suits("4", game.view(0).hand))
    game.play(1, lowest_suits("8888", game.view(1).hand))
    game.pass_turn(2)
    view = game.view(0)
    assert view.my_turn and not view.legal_plays and view.wild_plays
    app = make_app(auto_pass=True)
    async with app.run_test() as pilot:
        table = await at_a_scripted_table(pilot)
        table.publish(view)
        await pilot.pause()
        screen = table_screen(pilot)
        assert screen._auto_pass is None
        assert "Nothing beats" not in text_of(screen.query_one("#message"))
        await pilot.press("h")
        await app.workers.wait_for_complete()
        assert screen.hand.selected and all(card.rank == "3" for card in screen.hand.selected)


def test_a_soft_bomb_sounds_as_a_bomb() -> None:
    game = wild_threes()
    before = game.view(1)
    soft_bomb_of_fours(game)
    assert table_cues(before, game.view(1)) == [Effect.BOMB]


def test_a_joker_beside_wilds_is_named_as_its_face_shows_it() -> None:
    small = next(card for card in DECK if card.rank == "B")
    twos = [card for card in DECK if card.rank == "2"][:1]
    wilds = [card for card in DECK if card.rank == "3"][:2]
    trio = next(r for r in readings("233B", "3") if r.kind is Kind.TRIO_SINGLE)
    set_language(Lang.EN)
    assert reading_line((*twos, *wilds, small), trio) == (
        "2 2(wild) 2(wild) 小王 → three 2s with a single"
    )


def test_the_result_says_each_class_of_bomb() -> None:
    """Under 癞子 a bomb of four natural cards is a hard bomb, beside soft and wild ones;
    in the classic game a bomb is a bomb."""
    set_language(Lang.EN)
    multiplier = Multiplier(3, bombs=1, soft_bombs=2, wild_bombs=1)
    parts = multiplier_parts(multiplier, laizi=True)
    assert {"1 hard bomb ×2", "2 soft bombs ×4", "1 wild bomb ×2"} <= set(parts)
    assert "1 bomb ×2" in multiplier_parts(Multiplier(3, bombs=1))
    set_language(Lang.ZH)
    assert "硬炸1个 ×2" in multiplier_parts(multiplier, laizi=True)
    set_language(Lang.EN)


def test_help_tells_the_wildcards_and_their_keys() -> None:
    assert "## Wildcards (癞子)" in t("ui.help.house", Lang.EN)
    assert "Enter asks which" in t("ui.help.house", Lang.EN)
    assert "## 癞子" in t("ui.help.house", Lang.ZH)
