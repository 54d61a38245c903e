"""Bots in threads: they share the plan caches, and no thread may see another's clearing
of them; a search leaves the garbage collector to the process."""

from __future__ import annotations

import gc
import random
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from ddz_tui.bots import hard, plan
from ddz_tui.bots.hard import HardBot
from ddz_tui.cards import RANKS
from ddz_tui.engine import Game, LandlordMode, PlayerView
from ddz_tui.moves import pack

THREADS = 4
ROUNDS = 3_000


def _hands(seed: int, n: int) -> list[int]:
    """Small packed hands (few cards: each plan is quick to work out)."""
    rng = random.Random(seed)
    deck = [rank for rank in RANKS[:13] for _ in range(4)] + list(RANKS[13:])
    return [pack("".join(sorted(rng.sample(deck, rng.randint(3, 7))))) for _ in range(n)]


@pytest.fixture
def tiny_caches(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Caches that start over every few hands, and threads switched as often as Python
    allows: the crossing of the limit, rare in a game, happens thousands of times."""
    monkeypatch.setattr(plan, "_CACHE_LIMIT", 5)
    monkeypatch.setattr(plan, "_values", {})
    monkeypatch.setattr(plan, "_groups", {})
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_threads_read_plans_while_others_clear_the_caches(tiny_caches: None) -> None:
    errors: list[BaseException] = []
    hands = _hands(7, 40)
    expected = {key: plan._best_plan(key) for key in hands}

    def hammer(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(ROUNDS):
                key = rng.choice(hands)
                best = expected[key]
                assert plan.plan_of(key) == best
                assert plan.group_cards(key) == tuple(g.cards for g in best.groups)
                assert plan.value_of(key) == best.value
        except BaseException as error:  # any failure is the finding
            errors.append(error)

    threads = [threading.Thread(target=hammer, args=(seed,)) for seed in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []


@pytest.mark.parametrize("enabled", [True, False], ids=["collector on", "collector off"])
def test_searches_in_threads_leave_the_collector_as_it_is(
    monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    """A hard bot's search and bid, under way together in two threads, leave the garbage
    collector as the process has it, for its other threads too: on if it was on, off
    (and still off after) if someone else had turned it off."""
    barrier = threading.Barrier(2, timeout=30)
    seen: list[bool] = []
    errors: list[BaseException] = []
    started = threading.local()
    real_playout = hard.playout

    def playout(*args: object, **kwargs: object) -> bool:
        if not getattr(started, "done", False):  # each thread's first playout
            started.done = True
            barrier.wait()  # both under way
            seen.append(gc.isenabled())
            barrier.wait()
        return real_playout(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "playout", playout)
    game = Game(1, LandlordMode.RANDOM)
    lead = game.view(game.turn)  # the landlord's first lead: 20 cards, a search by playouts
    bidding = Game(3, LandlordMode.BID).view(0)

    def run(call: Callable[[PlayerView], object], view: PlayerView) -> None:
        try:
            call(view)
        except BaseException as error:  # any failure is the finding
            errors.append(error)

    was = gc.isenabled()
    gc.enable() if enabled else gc.disable()
    try:
        threads = [
            threading.Thread(target=run, args=(HardBot(1, budget=None, samples=8).choose, lead)),
            threading.Thread(target=run, args=(HardBot(2, budget=None).bid, bidding)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in threads)
        assert errors == []
        assert seen == [enabled, enabled]
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
