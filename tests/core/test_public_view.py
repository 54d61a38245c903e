"""A spectator's view (`Game.public_view`): a view for no seat hides every hand but a
shown one while the game is on, reads the game as the players' views do, and at the end
lays every hand open as theirs do."""

from __future__ import annotations

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import decide
from ddz_tui.engine import Answer, Decision, Game, LandlordMode, Rules
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind
from tests.support.history import finished_game


def test_a_public_view_has_no_hand_and_reads_the_game_as_a_players_view() -> None:
    game = Game(4)
    bot = make_bot("random", 1)
    for _ in range(12):
        view = game.view(game.turn)
        public = game.public_view(0)
        assert public.hand == () and public.seat == 0
        assert (public.phase, public.turn, public.cards_left) == (
            view.phase,
            view.turn,
            view.cards_left,
        )
        assert public.history == view.history and public.hands_at_end == ()
        game.act(game.turn, decide(bot, view))
    assert game.public_view(1).hand == ()


def test_a_shown_hand_is_public_to_a_spectator() -> None:
    game = Game(2, rules=Rules(LandlordMode.GRAB, showing=True))
    while game.decision is not Decision.SHOW:
        game.act(game.turn, Answer(game.decision, True))
    landlord = game.landlord
    game.act(landlord, Answer(Decision.SHOW, True))
    public = game.public_view(0)
    assert public.hand == ()
    assert public.shown_hands[landlord] == tuple(game.hand(landlord))


def test_at_the_end_every_hand_is_laid_open_to_a_spectator_as_to_a_player() -> None:
    game = finished_game(3)
    assert game.public_view(0) == game.view(0)
    assert len(game.public_view(0).hands_at_end) == 3


def test_a_host_sends_its_spectators_the_public_state() -> None:
    host = TableHost([SeatInfo("ann"), SeatInfo("b", SeatKind.BOT), SeatInfo("c", SeatKind.BOT)])
    host.game = Game(seed=3)
    seen = []
    stop = host.spectate(seen.append)
    assert host.spectators == 1
    assert seen[-1].watching and seen[-1].view.hand == () and seen[-1].seat == 0
    assert host.state(0).view.hand and not host.state(0).watching
    stop()
    assert host.spectators == 0
