"""The bot levels: legal and seeded, whatever they play against."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys

import pytest

from ddz_tui.bots import Level, hard, make_bot, policy
from ddz_tui.bots.hard import HardBot
from ddz_tui.bots.hints import hints
from ddz_tui.bots.plan import plan_of
from ddz_tui.bots.runner import decide
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import Game, LandlordMode, Phase, PlayerView
from ddz_tui.moves import pack

FAST = ["random", "easy", "normal"]


def _play(game: Game, bots) -> list[object]:
    """Play to the end, checking every bid and play is legal; the choices made."""
    choices: list[object] = []
    while game.phase is not Phase.OVER:
        seat = game.turn
        view = game.view(seat)
        choice = decide(bots[seat], view)
        assert choice in view.legal_actions(), (seat, choice, view.legal_actions())
        game.act(seat, choice)
        choices.append(choice)
    return choices


def test_levels_are_the_names_menus_show() -> None:
    assert [level.value for level in Level] == ["random", "easy", "normal", "hard"]


def test_the_fast_levels_only_bid_and_play_legally() -> None:
    """1,800 games, every mix of the fast levels at the table, bidding and random landlords."""
    mixes = list(itertools.product(FAST, repeat=3))
    games = 0
    for seed in range(1800):
        levels = mixes[seed % len(mixes)]
        mode = LandlordMode.BID if seed % 2 else LandlordMode.RANDOM
        bots = [make_bot(level, seed * 3 + seat) for seat, level in enumerate(levels)]
        _play(Game(seed, mode), bots)
        games += 1
    assert games == 1800


def test_the_hard_bot_only_bids_and_plays_legally() -> None:
    for seed in range(4):
        levels = ["hard", "normal", "easy"][seed % 3 :] + ["hard", "normal", "easy"][: seed % 3]
        bots = [
            make_bot(level, seed, **({"budget": 0.05} if level == "hard" else {}))
            for level in levels
        ]
        _play(Game(seed, LandlordMode.BID), bots)


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_a_seeded_bot_repeats_itself(level: str) -> None:
    first = _play(Game(11, LandlordMode.BID), [make_bot(level, seed=3) for _ in range(3)])
    again = _play(Game(11, LandlordMode.BID), [make_bot(level, seed=3) for _ in range(3)])
    assert first == again


def test_a_seeded_hard_bot_repeats_itself_when_the_budget_does_not_cut_it_short() -> None:
    def game() -> list[object]:
        bots = [make_bot("hard", seed=9, budget=None, samples=6)] + [
            make_bot("normal") for _ in range(2)
        ]
        return _play(Game(4, LandlordMode.BID), bots)

    assert game() == game()


def test_hard_decisions_depend_on_the_seed_and_the_position_only() -> None:
    game = Game(21, LandlordMode.RANDOM)
    view = game.view(game.turn)
    bot = make_bot("hard", seed=2, budget=None, samples=8)
    first = bot.choose(view)
    make_bot("hard", seed=99, budget=None, samples=8).choose(view)  # another bot in between
    twin = make_bot("hard", seed=2, budget=None, samples=8)
    assert bot.choose(view) == first == twin.choose(view)


def test_bot_options_are_checked() -> None:
    assert make_bot("hard", seed=1, budget=0.5).budget == 0.5
    with pytest.raises(ValueError, match="positive"):
        make_bot("hard", budget=0)
    with pytest.raises(TypeError):
        make_bot("normal", budget=0.5)


def test_the_hard_bot_stays_within_a_tiny_budget_by_cutting_its_search() -> None:
    """Not a timing test: with a budget far too small for the fixed work, the search
    must stop early and still answer with a legal play."""
    bot = make_bot("hard", seed=1, budget=0.001, samples=500)
    assert isinstance(bot, HardBot)
    game = Game(5, LandlordMode.RANDOM)
    view = game.view(game.turn)
    play = bot.choose(view)
    assert play in view.legal_plays
    assert bot.cut_short == 1


def test_a_hard_search_stops_dealing_once_a_single_candidate_is_left() -> None:
    """Deals go to the close decisions: once pruning leaves one candidate, more deals
    could not change the choice, so none are tried."""
    game = Game(5, LandlordMode.RANDOM)
    view = game.view(game.turn)
    candidates: list = list(view.legal_plays[:3])
    mine = view.seat == view.landlord  # a judge says whether the landlord wins

    def vote(judge) -> tuple[int | None, int]:
        bot = HardBot(seed=1, budget=None, samples=64)
        deal, hidden = hard.deal_for(view), hard.Hidden.of(view)
        rng, clock = random.Random(1), hard._Clock(None)
        best, _ = bot._vote(deal, hidden, candidates, rng, clock, 64, judge)
        return best, bot.deals

    # the others lose every deal the second wins: dropped at the first look
    assert vote(lambda deal: (deal.to_beat == candidates[1]) == mine) == (1, hard.PRUNE_EVERY)
    assert vote(lambda deal: mine) == (0, 64)  # all alike: the first, after every deal


def test_the_hard_bot_bids_by_playing_its_hand_out() -> None:
    game = Game(3, LandlordMode.BID)
    view = game.view(game.turn)
    bid = make_bot("hard", seed=1, budget=None).bid(view)
    assert bid in view.legal_bids


def test_normal_bids_strong_hands_and_passes_weak_ones() -> None:
    strong = PlayerView(0, "3456789TJQKA222BR", None, "", [])
    weak = PlayerView(0, "334456789TTJQQKK5", None, "", [])
    bot = make_bot("normal")
    assert bot.bid(strong) == 3
    assert bot.bid(weak) == 0


# --- hints -----------------------------------------------------------------------------


def _mid_game_views(count: int):
    bots = [make_bot("normal") for _ in range(3)]
    for seed in range(count):
        game = Game(seed, LandlordMode.RANDOM)
        while game.phase is not Phase.OVER:
            view = game.view(game.turn)
            yield view
            game.act(game.turn, decide(bots[game.turn], view))


def test_hints_lead_with_the_normal_plan_and_follow_weakest_first() -> None:
    leads = follows = 0
    for view in _mid_game_views(20):
        suggested = hints(view)
        if view.leads:
            leads += 1
            assert suggested[0] == policy.lead(Situation.of(view))
            assert sorted(p.cards for p in suggested) == sorted(p.cards for p in view.legal_plays)
        else:
            follows += 1
            assert suggested == view.legal_plays
    assert leads and follows


def test_leading_hints_put_the_plan_before_the_other_plays() -> None:
    view = PlayerView(0, "3344556678TTJQKA22BR", 0, "3BR", [])  # the landlord's first lead
    plan = plan_of(pack(view.hand_ranks)).groups
    suggested = hints(view)
    assert suggested[0] == policy.lead(Situation.of(view))
    assert {p.cards for p in suggested[: len(plan)]} == {g.cards for g in plan}
    assert len(suggested) == len(view.legal_plays)


def test_naming_a_level_loads_no_bot() -> None:
    """Settings and menus name levels; the bots (and the rule table) load with the
    first bot made."""
    code = (
        "import sys\n"
        "from ddz_tui.bots import COACH_BUDGET, Level\n"
        "assert Level('hard') is Level.HARD and COACH_BUDGET > 0\n"
        "loaded = [m for m in ('ddz_tui.rules', 'ddz_tui.bots.hard') if m in sys.modules]\n"
        "sys.exit(str(loaded) if loaded else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_every_level_has_a_name_in_every_language() -> None:
    from ddz_tui.i18n import CATALOGS

    for catalog in CATALOGS.values():
        assert all(catalog.get(f"ui.level.{level.value}") for level in Level)
