"""The lab's opponent styles (`bots/lab/styles.py`): legal, repeatable, and unlike the
normal bot where they mean to be."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations

import pytest

from ddz_tui.bots import Level, make_bot
from ddz_tui.bots.hard import HardBot
from ddz_tui.bots.lab.arena import Match, run
from ddz_tui.bots.lab.simulate import simulate
from ddz_tui.bots.lab.styles import Style, make_player, player_of
from ddz_tui.bots.runner import play_out
from ddz_tui.bots.sampling import Chain, Hidden
from ddz_tui.cli import main
from ddz_tui.engine import Game, Phase, parse_rules
from ddz_tui.moves import UNIT
from tests.support.scenes import scene

STYLES = [style.value for style in Style]


def _games(style: str, seed: int) -> list[tuple]:
    """Three games of `style` at every seat of one of the two sides, with bidding and
    every yes-or-no house rule; each game's events."""
    rules = parse_rules("grab,double,show")
    played = []
    for index, seats in enumerate(((style, "normal", "normal"), ("normal", style, style))):
        game = Game(seed + index, rules=rules)
        bots = [make_player(name, seed + seat) for seat, name in enumerate(seats)]
        play_out(game, bots)  # the engine refuses an illegal action: finishing is legal
        assert game.phase is Phase.OVER
        played.append(tuple(game.events))
    return played


@pytest.mark.parametrize("style", STYLES)
def test_a_style_plays_legal_games_that_repeat_from_their_seed(style: str) -> None:
    assert _games(style, 11) == _games(style, 11)
    assert _games(style, 11) != _games(style, 12)


@pytest.mark.parametrize("style", STYLES)
def test_a_style_goes_out_when_one_play_empties_its_hand(style: str) -> None:
    view = scene("5555", landlord=1, left={1: 5, 2: 7}, unseen="3467789TJQKA", last=(1, "22"))
    assert make_player(style).choose(view).cards == "5555"


# --- aggressive ------------------------------------------------------------------------


def _choice(player: str, view) -> str | None:
    play = make_player(player, seed=5).choose(view)
    assert play is None or play in view.legal_plays
    return None if play is None else play.cards


def test_aggressive_bombs_as_soon_as_only_a_bomb_beats_the_trick() -> None:
    # The landlord's A faces a hand of low singles and a bomb, an opponent at 15 cards.
    view = scene(
        "34675555", seat=1, landlord=0, left={0: 15, 2: 16},
        unseen="8899TTJJQQKKAA22" + "3344667788TTJJQ", last=(0, "A"),
    )  # fmt: skip
    assert _choice("aggressive", view) == "5555"
    assert _choice("normal", view) is None, "the normal bot keeps it"


def test_aggressive_leads_its_longest_chain_first() -> None:
    unseen = "4444" + "666777888999TTTJJJ" + "QQQQKKKKAAAA"
    view = scene("356789TJ", landlord=0, left={1: 17, 2: 17}, unseen=unseen)
    assert _choice("aggressive", view) == "56789TJ"
    assert _choice("normal", view) == "3", "the normal bot leads its low single first"


# --- cautious --------------------------------------------------------------------------


def test_cautious_holds_its_bomb_while_the_opponent_has_many_cards() -> None:
    view = scene(
        "34675555", seat=1, landlord=0, left={0: 14, 2: 17},
        unseen="8899TTJJQQKKAA2" + "3344667788TTJJQ2", last=(0, "2"),
    )  # fmt: skip
    assert _choice("cautious", view) is None
    assert _choice("aggressive", view) == "5555"


def test_cautious_bombs_an_opponent_at_two_cards() -> None:
    view = scene(
        "34675555", seat=1, landlord=0, left={0: 2, 2: 16},
        unseen="8Q" + "3344667788TTJJQ2", last=(0, "2"),
    )  # fmt: skip
    assert _choice("cautious", view) == "5555"


def test_cautious_lets_its_partners_trick_stand() -> None:
    # Seat 1, a peasant, led a 4; the landlord (seat 0) plays after seat 2.
    view = scene(
        "699JJJQ", seat=2, landlord=0, left={0: 15, 1: 10},
        unseen="3345577888TTKKAA22BR" + "3457T", last=(1, "4"),
    )  # fmt: skip
    assert _choice("cautious", view) is None
    assert _choice("normal", view) == "Q", "the normal bot's single Q (a group) rides along"


def test_cautious_bids_less_and_aggressive_more_than_normal() -> None:
    """Over 300 random hands, how often each bids at all."""
    bids = {name: 0 for name in ("aggressive", "normal", "cautious")}
    for seed in range(300):
        game = Game(seed)
        view = game.view(game.turn)
        for name in bids:
            bids[name] += make_player(name).bid(view) > 0
    assert bids["cautious"] < bids["normal"] < bids["aggressive"]


# --- the arena and the command line ----------------------------------------------------


def test_names_mean_a_level_or_a_style() -> None:
    assert player_of("hard") is Level.HARD and player_of("cautious") is Style.CAUTIOUS
    with pytest.raises(ValueError, match="choose from random, easy, normal, hard, aggressive"):
        player_of("genius")
    with pytest.raises(TypeError):
        make_player("aggressive", budget=1.0)
    assert isinstance(make_player("hard", 1, budget=0.1), HardBot)
    assert make_bot("normal") is not None


@pytest.mark.parametrize("style", list(Style))
def test_the_arena_plays_a_level_against_a_style(style: Style) -> None:
    match = Match(Level.NORMAL, style, seed=3)
    report = run(match, games=6)
    assert report.games == 6 and report.timing(style).decisions > 0
    assert [r.a_won for r in report.results] == [r.a_won for r in run(match, games=6).results]


def test_the_arena_command_takes_the_styles(capsys) -> None:
    assert main(["arena", "cautious", "aggressive", "--games", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "cautious (A) vs aggressive (B): 4 games" in out and "WP" in out


def test_the_arena_command_takes_the_hard_bots_trust(capsys) -> None:
    argv = ["arena", "hard", "cautious", "--games", "2", "--budget", "0.02", "--trust", "1"]
    assert main(argv) == 0
    assert "hard budget 0.02 s, trust 1" in capsys.readouterr().out
    assert main(["arena", "hard", "cautious", "--trust", "1.5"]) == 2
    assert "--trust: give a chance between 0 and 1" in capsys.readouterr().err


def test_simulate_takes_the_styles() -> None:
    tally = simulate(4, 1, ["aggressive", "normal", "cautious"])
    assert tally.games == 4
    assert main(["simulate", "--games", "2", "--bots", "aggressive,cautious,easy"]) == 0


@pytest.mark.parametrize("command", ["arena", "simulate"])
def test_the_help_names_the_styles(command: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "aggressive" in text and "cautious" in text
    if command == "arena":
        assert "--trust P" in text


# --- the hard bot's trust in the normal policy -----------------------------------------


@dataclass(frozen=True)
class _Holds:
    """A stand-in past action: explained by a guess that gives `seat` the rank `rank`."""

    seat: int
    rank: int

    def agrees(self, hand: int, landlord: int) -> bool:
        return bool(hand >> (4 * self.rank) & 15)


def _hidden(trust: float) -> tuple[Hidden, list[int]]:
    """Six cards of six ranks shared 3 and 3, four stand-in actions no deal explains all
    of; and the 20 ways to deal the first seat's share."""
    actions = (_Holds(1, 0), _Holds(1, 1), _Holds(2, 0), _Holds(2, 5))
    pool = tuple(UNIT[r] for r in range(6))
    hidden = Hidden((1, 2), (3, 3), (0, 0), pool, 0, actions, trust)  # type: ignore[arg-type]
    return hidden, [sum(UNIT[r] for r in first) for first in combinations(range(6), 3)]


def _walk(hidden: Hidden, start: int, steps: int) -> Counter[int]:
    total = sum(hidden.pool)
    chain = Chain(hidden, random.Random(3), (start, total - start))
    return Counter(chain.walk(1)[0] for _ in range(steps))


def test_at_trust_1_the_guesses_ignore_past_play() -> None:
    hidden, deals = _hidden(1.0)
    total = sum(hidden.pool)
    assert all(hidden.misses((d, total - d), 0) == 0 for d in deals)
    seen = _walk(hidden, deals[-1], 20_000)
    assert set(seen) == set(deals) and max(seen.values()) / min(seen.values()) < 1.5


def test_at_trust_0_the_guesses_keep_to_the_deals_that_explain_the_most() -> None:
    hidden, deals = _hidden(0.0)
    total = sum(hidden.pool)
    misses = {d: replace(hidden, trust=0.5).misses((d, total - d), math.inf) for d in deals}
    best = min(misses.values())
    start = next(d for d in deals if misses[d] == best)
    seen = _walk(hidden, start, 2_000)
    assert {misses[d] for d in seen} == {best} and len(seen) > 1


def test_the_hard_bots_trust_is_a_chance() -> None:
    assert HardBot(1, budget=0.1, trust=0.0).trust == 0.0
    with pytest.raises(ValueError, match="trust"):
        HardBot(1, trust=1.5)
