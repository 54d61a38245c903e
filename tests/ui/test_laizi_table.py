"""癞子 (wildcards) at the table: what a play holding wilds looks like in the lanes and
the state line, and the replay of a 癞子 game."""

from __future__ import annotations

from pathlib import Path

from ddz_tui.cards import lowest_suits
from ddz_tui.engine import Game, Rules, loads
from ddz_tui.engine.events import WildDrawn
from ddz_tui.i18n import Lang, set_language
from ddz_tui.table.seats import TableState
from ddz_tui.ui.screens.replay import Replay, ReplayScreen
from ddz_tui.ui.show.reading import last_trick, on_table
from ddz_tui.ui.show.table import table_show
from ddz_tui.wild import BombClass, readings
from tests.support.rigging import rigged
from tests.support.ui import make_app
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
    app = make_app(Lang.EN)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = ReplayScreen(replay)
        await app.push_screen(screen)
        await pilot.pause()
        for step in range(len(replay.frames)):
            screen.step = step
            await pilot.pause()
            said.append(screen._says())
    assert any("a soft bomb of" in words for words in said)
