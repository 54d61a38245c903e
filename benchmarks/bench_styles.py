"""The hard bot's gain over the normal bot against opponents of other styles, per deal.

    python benchmarks/bench_styles.py [--games 120] [--seed 1] [--budget 0.1]
                                      [--trust 0.1,1] [--against aggressive,cautious,normal]
                                      [--workers 1]

The hard bot's guesses weight the hidden deals by how likely the normal policy would
have made the plays seen (`bots/sampling.py`, its trust). Does its margin hold against
opponents that play otherwise (`bots/lab/styles.py`)? For each opponent X this plays
`ddz arena normal X` and `ddz arena hard X` (once per `--trust`) on the same duplicate
deals (the same `--seed`), and prints each one's WP (the share of games A's side won)
and, per deal, the hard bot's share less the normal bot's: its gain over the normal bot
against X, with a 95% interval from the deals' differences (pairing the deals takes
their luck out). Against the normal bot itself the normal bot's share is 0.5 exactly.

The hard bot's games depend on the clock (its `--budget` per decision), so a rerun
differs a little, and a loaded machine plays it weaker. Figures: docs/bots.md,
"Opponent styles".
"""

from __future__ import annotations

import argparse
import time

from ddz_tui.bots import Level
from ddz_tui.bots.lab.arena import Estimate, Match, Report, run
from ddz_tui.bots.lab.styles import Player, player_of


def _shares(report: Report) -> list[float]:
    """A's share of each deal's two games, by deal."""
    return [(r.a_won[0] + r.a_won[1]) / 2 for r in report.results]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="per match, an even number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.1, help="the hard bot's seconds")
    parser.add_argument("--trust", default="0.1,1", help="the hard bot's trusts to try")
    parser.add_argument("--against", default="aggressive,cautious,normal")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    trusts = [float(t) for t in args.trust.split(",")]
    print(f"{args.games} games a match, seed {args.seed}, hard budget {args.budget:g} s")
    for name in args.against.split(","):
        opponent = player_of(name.strip())
        start = time.perf_counter()
        if opponent is Level.NORMAL:
            normal = [0.5] * (args.games // 2)
        else:
            normal = _shares(run(Match(Level.NORMAL, opponent, args.seed), args.games))
        line = [f"against {opponent.value}: normal {Estimate.of(normal).mean:.3f}"]
        for trust in trusts:
            options: dict[Player, dict[str, object]] = {
                Level.HARD: {"budget": args.budget, "trust": trust}
            }
            match = Match(Level.HARD, opponent, args.seed, options)
            hard = _shares(run(match, args.games, args.workers))
            wp = Estimate.of(hard)
            gain = Estimate.of([h - n for h, n in zip(hard, normal, strict=True)])
            line.append(
                f"hard (trust {trust:g}) {wp.mean:.3f} ± {wp.half_width:.3f}, "
                f"gain {gain.mean:+.3f} ± {gain.half_width:.3f}"
            )
        print("; ".join(line) + f" ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
