"""Fitting the win-rate tables that `bots.answers` bids, grabs, doubles and shows by.

Random deals, the landlord drawn by lot, played out by the normal policy for all three
seats (`deal.playout`: thousands a minute). Each game gives the landlord's dealt 17
cards and its 20 with the bottom, each peasant's 17, and who won; a logistic model per
table is fitted by Newton's method (a little ridge keeps it steady), in plain Python.

    python -m ddz_tui.bots.lab.win_rates --games 6000 --seed 1

prints the tables as `answers.py` holds them (the generation is seeded: the same
command prints the same numbers), and how well each fits.

    python -m ddz_tui.bots.lab.win_rates --show-cost hard --games 80 --lowest 0.8

measures what showing costs a landlord (`answers.SHOW_COST`).

Who "called" is read from the dealt hands by the normal bot's old rule
(`policy.hand_strength` at `policy.BID_AT[0]`): a landlord whose opponent would have
called is a landlord that grabbed it from a caller, and a peasant facing a landlord who
would have called is a peasant facing a landlord who called.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from ddz_tui.bots import Bot, Level, make_bot
from ddz_tui.bots.answers import DOUBLE_MARGIN, LANDLORD20, features, logit_of
from ddz_tui.bots.deal import Deal, playout
from ddz_tui.bots.policy import BID_AT, hand_strength
from ddz_tui.bots.runner import play_out
from ddz_tui.cards import RANKS
from ddz_tui.engine import Decision, Game, LandlordMode, PlayerView, Rules, Side
from ddz_tui.moves import pack
from ddz_tui.rules import Combo
from ddz_tui.wild import Reading

Row = tuple[tuple[float, ...], bool]

_DECK = [pack(rank) for rank in RANKS[:13] for _ in range(4)] + [pack("B"), pack("R")]


def games(count: int, seed: int) -> dict[str, list[Row]]:
    """Rows for each table from `count` games: `landlord17` (dealt hand, an opponent
    called), `landlord20` (with the bottom, an opponent called), `peasant17` (the
    hand, the landlord called), and `peasant_shown` (the hand, and the landlord's 20
    cards as `landlord20` rates them: what a shown hand tells)."""
    rng = random.Random(seed)
    deck = list(_DECK)
    rows: dict[str, list[Row]] = {
        "landlord17": [],
        "landlord20": [],
        "peasant17": [],
        "peasant_shown": [],
        "landlord_doubled": [],
    }
    for _ in range(count):
        rng.shuffle(deck)
        hands = [sum(deck[0:17]), sum(deck[17:34]), sum(deck[34:51])]
        bottom = sum(deck[51:])
        landlord = rng.randrange(3)
        called = [hand_strength(h) >= BID_AT[0] for h in hands]
        dealt = hands[landlord]
        hands[landlord] += bottom
        won = playout(Deal((hands[0], hands[1], hands[2]), landlord, landlord))
        others = [s for s in range(3) if s != landlord]
        opponent_called = float(any(called[s] for s in others))
        rows["landlord17"].append(((*features(dealt), opponent_called), won))
        rows["landlord20"].append(((*features(hands[landlord]), opponent_called), won))
        rows["landlord_doubled"].append(((*features(hands[landlord]), 0.0), won))  # below
        for seat in others:
            mine = features(hands[seat])
            rows["peasant17"].append(((*mine, float(called[landlord])), not won))
            rows["peasant_shown"].append(((*mine, 0.0), not won))  # the shown hand: below
    return rows


def fit(rows: Sequence[Row], ridge: float = 1.0, steps: int = 8) -> tuple[float, ...]:
    """The logistic model's weights (one per feature, the first feature being 1)."""
    n = len(rows[0][0])
    w = [0.0] * n
    for _ in range(steps):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in rows:
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-z))
            r = float(y) - p
            v = p * (1 - p)
            for i in range(n):
                grad[i] += r * x[i]
                xi_v = x[i] * v
                row = hess[i]
                for j in range(i, n):
                    row[j] += xi_v * x[j]
        for i in range(1, n):
            grad[i] -= ridge * w[i]
            hess[i][i] += ridge
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
    return tuple(w)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _shown_rows(rows: dict[str, list[Row]], landlord20: Sequence[float]) -> list[Row]:
    """`peasant_shown` with its last input the shown landlord's log-odds by `landlord20`
    (the landlord's row of the same game: two peasant rows a landlord row)."""
    out = []
    for i, (x, y) in enumerate(rows["peasant_shown"]):
        lord = rows["landlord20"][i // 2][0]
        out.append(((*x[:-1], logit_of(landlord20, lord[:-1], 0.0)), y))
    return out


def _doubled_rows(rows: dict[str, list[Row]], peasant17: Sequence[float]) -> list[Row]:
    """`landlord_doubled` with its last input how many peasants would double: their
    side's rate by `peasant17` at least 0.5 + `answers.DOUBLE_MARGIN`."""
    out = []
    for i, (x, y) in enumerate(rows["landlord_doubled"]):
        peasants = rows["peasant17"][2 * i : 2 * i + 2]
        doubled = sum(_p(peasant17, px) >= 0.5 + DOUBLE_MARGIN for px, _ in peasants)
        out.append(((*x[:-1], float(doubled)), y))
    return out


def _p(weights: Sequence[float], x: Sequence[float]) -> float:
    return 1 / (1 + math.exp(-sum(w * xi for w, xi in zip(weights, x, strict=True))))


def _calibration(weights: Sequence[float], rows: Sequence[Row], bins: int = 10) -> str:
    """Predicted against won, by tenths of the prediction: how well the table fits."""
    groups: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for x, y in rows:
        z = sum(w * xi for w, xi in zip(weights, x, strict=True))
        p = 1 / (1 + math.exp(-z))
        groups[min(bins - 1, int(p * bins))].append((p, y))
    parts = []
    for group in groups:
        if group:
            predicted = sum(p for p, _ in group) / len(group)
            won = sum(y for _, y in group) / len(group)
            parts.append(f"{predicted:.2f}→{won:.2f} ({len(group)})")
    return "; ".join(parts)


class _Shows:
    """A bot whose answer to 明牌 is fixed; everything else is its own."""

    def __init__(self, bot: Bot, show: bool) -> None:
        self.bot, self.show = bot, show

    def choose(self, view: PlayerView) -> Combo | None:
        return self.bot.choose(view)

    def choose_wild(self, view: PlayerView) -> Reading | None:
        return self.bot.choose_wild(view)

    def bid(self, view: PlayerView) -> int:
        return self.bot.bid(view)

    def answer(self, view: PlayerView) -> bool:
        return self.show if view.decision is Decision.SHOW else self.bot.answer(view)

    def super_double(self, view: PlayerView) -> bool:
        return self.bot.super_double(view)


def show_cost(peasants: str, deals: int, seed: int, lowest: float, budget: float) -> str:
    """What showing costs a landlord (the normal bot) against `peasants`: deals drawn by
    lot whose landlord `LANDLORD20` rates at `lowest` or more, each played shown and
    hidden; the landlord's win rate both ways."""
    rules = Rules(LandlordMode.RANDOM, showing=True)
    options = {"budget": budget} if peasants == Level.HARD.value else {}
    won = {True: 0, False: 0}
    played = index = 0
    while played < deals:
        index += 1
        deal_seed = random.Random(f"show-cost:{seed}:{index}").getrandbits(63)
        landlord = Game(deal_seed, rules=rules).landlord
        assert landlord is not None
        hand = pack(Game(deal_seed, rules=rules).view(landlord).hand_ranks)
        if _p(LANDLORD20, (*features(hand), 0.0)) < lowest:
            continue
        played += 1
        for show in (True, False):
            game = Game(deal_seed, rules=rules)
            bots: list[Bot] = [make_bot(peasants, deal_seed + s, **options) for s in range(3)]
            bots[landlord] = _Shows(make_bot(Level.NORMAL, deal_seed), show)
            won[show] += play_out(game, bots).side is Side.LANDLORD
    return (
        f"{deals} deals rated {lowest} or more, {peasants} peasants: the landlord won "
        f"{won[False] / deals:.3f} hidden, {won[True] / deals:.3f} shown"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--show-cost",
        metavar="LEVEL",
        help="instead: what showing costs a normal landlord against peasants of LEVEL",
    )
    parser.add_argument("--lowest", type=float, default=0.0, help="with --show-cost")
    parser.add_argument("--budget", type=float, default=0.1, help="with --show-cost hard")
    args = parser.parse_args(argv)
    if args.show_cost:
        print(show_cost(args.show_cost, args.games, args.seed, args.lowest, args.budget))
        return 0
    start = time.perf_counter()
    rows = games(args.games, args.seed)
    print(f"# {args.games} games, seed {args.seed}, {time.perf_counter() - start:.0f} s")
    fitted = {}
    for name in ("landlord17", "landlord20", "peasant17"):
        fitted[name] = fit(rows[name])
    rows["peasant_shown"] = _shown_rows(rows, fitted["landlord20"])
    fitted["peasant_shown"] = fit(rows["peasant_shown"])
    rows["landlord_doubled"] = _doubled_rows(rows, fitted["peasant17"])
    fitted["landlord_doubled"] = fit(rows["landlord_doubled"])
    callers = sum(row[0][-1] for row in rows["peasant17"]) / len(rows["peasant17"])
    print(f"OPPONENT_CALLS = {callers:.3f}")
    for name, weights in fitted.items():
        print(f"{name.upper()} = ({', '.join(f'{w:.3f}' for w in weights)})")
        print(f"# {name}, predicted→won (games): {_calibration(weights, rows[name])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
