"""`ddz simulate` and the bots' entry point."""

from __future__ import annotations

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.lab.simulate import simulate
from ddz_tui.cli import main
from ddz_tui.engine import PASS, Game, LandlordMode, Phase, Play, Rules


def test_simulate_is_deterministic_for_a_seed() -> None:
    a = simulate(50, 9, ["random"] * 3)
    b = simulate(50, 9, ["random"] * 3)
    assert a == b and a.games == 50
    assert sum(a.seat_totals) == 0
    assert 0 <= a.landlord_win_rate <= 1


def test_random_mode_never_redeals() -> None:
    assert simulate(100, 1, ["random"] * 3, Rules(LandlordMode.RANDOM)).redeals == 0


def test_random_bot_plays_only_legal_moves_and_is_seeded() -> None:
    bot_a, bot_b = make_bot("random", seed=4), make_bot("random", seed=4)
    game = Game(2)
    while game.phase is not Phase.OVER:
        view = game.view(game.turn)
        if game.phase is Phase.BIDDING:
            bid = bot_a.bid(view)
            assert bid == bot_b.bid(view) and bid in view.legal_bids
            game.bid(game.turn, bid)
        else:
            play = bot_a.choose(view)
            assert play == bot_b.choose(view)
            assert play in view.legal_plays or (play is None and not view.leads)
            game.act(game.turn, PASS if play is None else Play(play))


def test_unknown_bot_level() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'genius': choose from random"):
        make_bot("genius")


def test_simulate_command_prints_a_table(capsys) -> None:
    assert main(["simulate", "--games", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for measure in ("games per second", "landlord win rate", "landlord score per game"):
        assert measure in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--bots", "random,random"], "give three levels, one per seat (got 2)"),
        (["simulate", "--bots", "random,x,random"], "unknown bot level 'x'"),
        (["simulate", "--games", "0"], "play at least one game"),
        (["simulate", "--rules", "grab,triple"], "--rules: unknown house rule 'triple'"),
        (["simulate", "--rules", "bomb=9"], "--rules: bomb='9': give a whole number from 1 to 5"),
        (["simulate", "--mode", "bid", "--rules", "grab"], "--mode bid and --rules grab"),
        (["arena", "normal", "easy", "--rules", "grab"], "only with --bidding"),
        (
            ["arena", "normal", "easy", "--rules", "show=x"],
            "--rules: show='x': give a whole number",
        ),
    ],
)
def test_simulate_refuses_bad_options(capsys, argv: list[str], message: str) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_simulate_plays_the_house_rules_it_is_given(capsys) -> None:
    argv = ["simulate", "--games", "12", "--bots", "normal,normal,normal"]
    assert main([*argv, "--rules", "grab,double,show"]) == 0
    out = capsys.readouterr().out
    assert "grab,double,show" in out
    for measure in ("grabs per game", "landlord shows the hand", "doubles per game"):
        assert measure in out
    assert "before the bidding" not in out
    assert main([*argv, "--rules", "bid,showstart"]) == 0
    assert "a hand shown before the bidding" in capsys.readouterr().out


def test_arena_plays_house_rules_with_and_without_bidding(capsys) -> None:
    assert main(["arena", "normal", "easy", "--games", "4", "--rules", "double,show"]) == 0
    assert "rules random,double,show" in capsys.readouterr().out
    argv = ["arena", "normal", "easy", "--games", "6", "--bidding", "--rules", "grab,double"]
    assert main(argv) == 0
    assert "rules grab,double" in capsys.readouterr().out


def test_a_no_shuffle_run_deals_from_the_last_game_and_deals_more_bombs(capsys) -> None:
    """不洗牌: each game of the run is dealt from the cards of the one before as they
    were played, which comes round with bombs (seeded: about 2.8 times as many)."""
    shuffled = simulate(300, 4, ["normal"] * 3, Rules())
    no_shuffle = simulate(300, 4, ["normal"] * 3, Rules(no_shuffle=True))
    assert no_shuffle.bombs_dealt > 2 * shuffled.bombs_dealt
    assert no_shuffle.bombs > shuffled.bombs
    assert main(["simulate", "--games", "5", "--rules", "noshuffle"]) == 0
    assert "bombs, rockets dealt per game" in capsys.readouterr().out
