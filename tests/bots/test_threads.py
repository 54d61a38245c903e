"""Bots in threads share the plan caches: no thread may see another's clearing of them."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator

import pytest

from ddz_tui.bots import plan
from ddz_tui.cards import RANKS
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
