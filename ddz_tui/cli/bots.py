"""`ddz simulate` and `ddz arena`: headless games between bots, and one level measured
against another on duplicate deals."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ddz_tui.cli.errors import UsageError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from ddz_tui.bots.lab.arena import BiddingReport, Report
    from ddz_tui.engine import Rules


def add_commands(commands: argparse._SubParsersAction) -> None:
    simulate = commands.add_parser("simulate", help="play headless games between bots")
    simulate.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    simulate.add_argument("--seed", type=int, default=0, help="seed for the deals and bots")
    simulate.add_argument(
        "--bots",
        default="random,random,random",
        help="three bot levels, seat 0 to 2: random, easy, normal, hard, or the lab's "
        "opponent styles aggressive and cautious (default random,random,random)",
    )
    simulate.add_argument(
        "--mode",
        choices=["bid", "random", "grab"],
        help="how the landlord is chosen (default bid; or name it in --rules)",
    )
    _add_rules_option(simulate)
    simulate.set_defaults(handler=cmd_simulate)

    arena = commands.add_parser(
        "arena",
        help="measure bot level A against level B on duplicate deals",
        description="Each deal is played twice with the landlord's seat fixed: A as landlord "
        "against two B peasants, then B as landlord against two A peasants.",
    )
    arena.add_argument(
        "a",
        metavar="A",
        help="a bot level: random, easy, normal or hard, or an opponent style of the lab: "
        "aggressive (big plays first, follows and bombs at once, bids light) or cautious "
        "(low leads, keeps its plan and its bombs, bids only strong hands)",
    )
    arena.add_argument("b", metavar="B", help="the level or style to measure it against")
    arena.add_argument(
        "--games",
        type=int,
        help="how many games, an even number (default 1000); with --bidding a multiple of 6 "
        "(default 1200)",
    )
    arena.add_argument("--seed", type=int, default=0, help="seed for the deals and bots")
    arena.add_argument(
        "--workers", type=int, default=1, help="processes to play in (default 1; one per core)"
    )
    arena.add_argument(
        "--budget", type=float, help="the hard bot's seconds per decision (default 1)"
    )
    arena.add_argument(
        "--trust",
        type=float,
        metavar="P",
        help="the hard bot's guesses keep a hidden deal with chance P for each past play the "
        "normal bot would not have made with it (default 0.1; 1 ignores past play, 0 keeps "
        "only the deals that explain the most)",
    )
    arena.add_argument(
        "--bidding",
        action="store_true",
        help="the bots bid for the landlord; each deal is played six times, A and B seated "
        "every way",
    )
    _add_rules_option(arena, arena=True)
    arena.set_defaults(handler=cmd_arena)


def _add_rules_option(parser: argparse.ArgumentParser, arena: bool = False) -> None:
    from ddz_tui.engine import RULES_SPEC_HELP

    extra = (
        "; without --bidding the landlord is drawn by lot, with it bid (or grab)" if arena else ""
    )
    parser.add_argument(
        "--rules",
        metavar="SPEC",
        default="plain",
        help=f"{RULES_SPEC_HELP}; e.g. --rules grab,double,show (default plain){extra}".replace(
            "%", "%%"
        ),
    )


def _rules(spec: str, mode: str | None = None) -> Rules:
    """The rules of --rules SPEC (with --mode, which must not contradict it)."""
    from ddz_tui.engine import LandlordMode, Rules, parse_rules

    try:
        rules = parse_rules(spec)
        named = parse_rules(spec, Rules(LandlordMode.RANDOM)).landlord is rules.landlord
    except ValueError as exc:
        raise UsageError(f"--rules: {exc}") from None
    if mode is not None:
        if named and rules.landlord.value != mode:
            raise UsageError(f"--mode {mode} and --rules {rules.landlord.value}: choose one")
        rules = replace(rules, landlord=LandlordMode(mode))
    return rules


def cmd_simulate(args: argparse.Namespace) -> int:
    import time

    from rich.console import Console
    from rich.table import Table

    from ddz_tui.bots.lab.simulate import simulate
    from ddz_tui.bots.lab.styles import player_of
    from ddz_tui.engine import LandlordMode, rules_spec

    levels = [level.strip() for level in args.bots.split(",")]
    if len(levels) != 3:
        raise UsageError(f"--bots: give three levels, one per seat (got {len(levels)})")
    for level in levels:
        try:
            player_of(level)
        except ValueError as exc:
            raise UsageError(f"--bots: {exc}") from None
    if args.games < 1:
        raise UsageError("--games: play at least one game")
    rules = _rules(args.rules, args.mode)
    console = Console()
    start = time.perf_counter()
    with _progress(console, remaining=False) as progress:
        task = progress.add_task("playing", total=args.games)
        tally = simulate(
            args.games,
            args.seed,
            levels,
            rules,
            progress=lambda: progress.advance(task),
        )
    elapsed = time.perf_counter() - start
    table = Table(
        title=f"{tally.games} games, bots {', '.join(levels)}, rules {rules_spec(rules)}, "
        f"seed {args.seed}"
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games per second", f"{tally.games / elapsed:,.0f}")
    table.add_row(
        "landlord win rate",
        f"{tally.landlord_win_rate:.1%} ± {tally.win_rate_interval():.1%}",
    )
    table.add_row(
        "landlord score per game",
        f"{tally.landlord_score_mean:+.2f} (sd {tally.landlord_score_stdev:.2f})",
    )
    table.add_row(
        "largest landlord win / loss",
        f"{max(tally.landlord_scores):+d} / {min(tally.landlord_scores):+d}",
    )
    table.add_row("seat totals", " ".join(f"{s:+d}" for s in tally.seat_totals))
    table.add_row(
        "bombs, rockets per game",
        f"{tally.bombs / tally.games:.2f}, {tally.rockets / tally.games:.2f}",
    )
    table.add_row(
        "bombs, rockets dealt per game",
        f"{tally.bombs_dealt / tally.games:.2f}, {tally.rockets_dealt / tally.games:.2f}",
    )
    table.add_row("springs, anti-springs", f"{tally.springs}, {tally.anti_springs}")
    table.add_row("redeals per game", f"{tally.redeals / tally.games:.2f}")
    if rules.landlord is LandlordMode.GRAB:
        table.add_row("grabs per game", f"{tally.grabs / tally.games:.2f}")
    if rules.showing:
        table.add_row("landlord shows the hand", f"{tally.shows / tally.games:.1%}")
    if rules.show_start:
        table.add_row("a hand shown before the bidding", f"{tally.start_shows / tally.games:.1%}")
    if rules.doubling:
        table.add_row("doubles per game", f"{tally.doubles / tally.games:.2f}")
    console.print(table)
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from ddz_tui.bots import Level
    from ddz_tui.bots.lab.arena import SEATINGS, Match, run, run_bidding
    from ddz_tui.bots.lab.styles import Player, player_of
    from ddz_tui.engine import LandlordMode, rules_spec

    levels = []
    for name in (args.a, args.b):
        try:
            levels.append(player_of(name))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if args.games is None:
        args.games = 1200 if args.bidding else 1000
    if args.bidding and (args.games < len(SEATINGS) or args.games % len(SEATINGS)):
        raise UsageError(
            "--games: give a multiple of 6 (with --bidding each deal is played six times, "
            "A and B seated every way)"
        )
    if args.games < 2 or args.games % 2:
        raise UsageError("--games: give an even number, at least 2 (each deal is played twice)")
    if args.workers < 1:
        raise UsageError("--workers: give at least 1")
    if args.budget is not None and args.budget <= 0:
        raise UsageError("--budget: give a positive number of seconds")
    if args.trust is not None and not 0 <= args.trust <= 1:
        raise UsageError("--trust: give a chance between 0 and 1")
    hard: dict[str, object] = {}
    if args.budget is not None:
        hard["budget"] = args.budget
    if args.trust is not None:
        hard["trust"] = args.trust
    options: dict[Player, dict[str, object]] = {Level.HARD: hard} if hard else {}
    rules = _rules(args.rules)
    if not args.bidding and rules.landlord is LandlordMode.GRAB:
        raise UsageError("--rules grab: the bots call and grab only with --bidding")
    match = Match(levels[0], levels[1], args.seed, options, rules)
    budget = args.budget if args.budget is not None else _default_budget()
    played = match.bidding_rules() if args.bidding else match.fixed_rules()
    details = f"; rules {rules_spec(played)}"
    details += f"; seed {args.seed}"
    if Level.HARD in (match.a, match.b):
        details += f"; hard budget {budget:g} s"
        if args.trust is not None:
            details += f", trust {args.trust:g}"
    with _games_progress(f"{match.a.value} vs {match.b.value}", args.games) as advance:
        if args.bidding:
            bidding = run_bidding(match, args.games, args.workers, advance)
            parts = _bidding_figures(bidding, details)
        else:
            parts = _arena_figures(run(match, args.games, args.workers, advance), details)
    _print_figures(parts)
    return 0


@dataclass(frozen=True)
class Figures:
    """A table of figures: printed with rich where it is installed, else as plain text
    (the arena runs on a bare Python too, on machines kept for measuring)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _print_figures(parts: Sequence[str | Figures]) -> None:
    """Headings and tables, the first column of each table left-aligned, the rest right."""
    try:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table
    except ImportError:
        for part in parts:
            print(part if isinstance(part, str) else _plain_table(part))
        return
    console = Console()
    for part in parts:
        if isinstance(part, str):
            console.print(escape(part))
            continue
        table = Table(title=part.title or None, title_justify="left")
        for i, column in enumerate(part.columns):
            table.add_column(column, justify="left" if i == 0 else "right")
        for row in part.rows:
            table.add_row(*row)
        console.print(table)


def _plain_table(figures: Figures) -> str:
    rows = [figures.columns, *figures.rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(figures.columns))]

    def line(row: tuple[str, ...]) -> str:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        return "  ".join(cells)

    lines = [figures.title] if figures.title else []
    lines += [line(figures.columns), "  ".join("-" * w for w in widths)]
    lines += [line(row) for row in figures.rows]
    return "\n".join(lines) + "\n"


@contextmanager
def _games_progress(description: str, total: int) -> Iterator[Callable[[int], None]]:
    """Advance by games played: a bar with time left (rich), else a line on stderr at
    every tenth of the games when stderr is a terminal."""
    try:
        from rich.console import Console
    except ImportError:
        done = [0]

        def advance(n: int) -> None:
            before, done[0] = done[0], done[0] + n
            if sys.stderr.isatty() and before * 10 // total != done[0] * 10 // total:
                print(f"{description}: {done[0]}/{total} games", file=sys.stderr)

        yield advance
        return
    with _progress(Console(), remaining=True) as progress:
        task = progress.add_task(description, total=total)
        yield lambda n: progress.advance(task, n)


def _progress(console: Console, remaining: bool) -> Progress:
    """A bar of games played (and time left, when the games take long enough to wait)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns: list[str | ProgressColumn] = [
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ]
    if remaining:
        columns.append(TimeRemainingColumn())
    return Progress(*columns, console=console, transient=True)


def _timing_figures(report: Report | BiddingReport) -> Figures:
    match = report.match
    rows = []
    for level in dict.fromkeys((match.a, match.b)):
        timing = report.timing(level)
        seconds = (timing.median, timing.p99, timing.max)
        rows.append(
            (level.value, f"{timing.decisions:,}", *(f"{s * 1000:.2f} ms" for s in seconds))
        )
    columns = ("level", "decisions", "median", "p99", "max")
    return Figures("decision time per bot call", columns, tuple(rows))


def _blunder_figures(report: Report | BiddingReport) -> Figures:
    """Each level's blunders per 100 games (`bots/lab/blunders`: kept a bomb in a lost
    game, let an opponent go out, missed a win in one play)."""
    match = report.match
    rows = []
    for level in dict.fromkeys((match.a, match.b)):
        per_100 = report.blunders(level).per_100(report.games)
        rows.append((level.value, *(f"{count:.2f}" for count in per_100)))
    columns = ("level", "kept a bomb", "let out", "missed a win", "total")
    return Figures("blunders per 100 games, by level", columns, tuple(rows))


def _arena_figures(report: Report, details: str) -> list[str | Figures]:
    """The arena's figures: a heading (ending in `details`), WP and ADP, win rates by
    role, decision times."""
    from ddz_tui.bots import Level

    match = report.match
    a, b = match.a.value, match.b.value
    heading = (
        f"{a} (A) vs {b} (B): {report.games} games on {report.games // 2} deals, "
        f"each played twice with the sides swapped{details}"
    )
    wp, adp = report.wp, report.adp
    results = Figures(
        "",
        ("measure", "value", "95% CI"),
        (
            ("WP: share of games A's side won", f"{wp.mean:.3f}", f"± {wp.half_width:.3f}"),
            (
                "ADP: A's points − B's points per game",
                f"{adp.mean:+.3f}",
                f"± {adp.half_width:.3f}",
            ),
        ),
    )
    roles = Figures(
        "win rate by role",
        ("side", "as landlord", "as peasants"),
        (
            (f"A: {a}", f"{report.win_rate(True):.3f}", f"{report.win_rate(False):.3f}"),
            (f"B: {b}", f"{1 - report.win_rate(False):.3f}", f"{1 - report.win_rate(True):.3f}"),
        ),
    )
    parts: list[str | Figures] = [heading, results, roles, _timing_figures(report)]
    parts.append(_blunder_figures(report))
    if Level.HARD in (match.a, match.b):
        parts.append(f"hard searches stopped by the time budget: {report.cut_short:,}")
    return parts


def _bidding_figures(report: BiddingReport, details: str) -> list[str | Figures]:
    """The figures of games with bidding: a heading (ending in `details`), the score
    difference, then per level how often it bids, takes the landlord and wins it, and
    its mean score; decision times."""
    from ddz_tui.bots import Level

    match = report.match
    a, b = match.a.value, match.b.value
    heading = (
        f"{a} (A) vs {b} (B), the bots bidding: {report.games} games on "
        f"{len(report.results)} deals, each played six times (one A and two Bs, two As "
        f"and one B, in every seat){details}"
    )
    score = report.score_difference
    results = Figures(
        "",
        ("measure", "value", "95% CI"),
        (("score per game: A's − B's", f"{score.mean:+.3f}", f"± {score.half_width:.3f}"),),
    )
    rows = []
    for name, level in ((f"A: {a}", match.a), (f"B: {b}", match.b)):
        f = report.level(level)
        rows.append(
            (
                name,
                f"{f.bid_rate:.3f}",
                f"{f.landlord_rate:.3f}",
                f"{f.landlord_win_rate:.3f}",
                f"{f.score:+.3f}",
            )
        )
    levels = Figures(
        "per level (each over its seats)",
        ("side", "bids when asked", "is landlord", "wins as landlord", "score per game"),
        tuple(rows),
    )
    parts: list[str | Figures] = [heading, results, levels]
    answered = _answer_figures(report)
    if answered is not None:
        parts.append(answered)
    parts += [_timing_figures(report), _blunder_figures(report)]
    parts.append(f"deals dealt again after all passed: {report.redeals:,}")
    if Level.HARD in (match.a, match.b):
        parts.append(f"hard searches stopped by the time budget: {report.cut_short:,}")
    return parts


_ANSWER_COLUMNS = {
    "call": "calls",
    "grab": "grabs",
    "double": "doubles",
    "show": "shows",
    "show_start": "shows at start",
}


def _answer_figures(report: BiddingReport) -> Figures | None:
    """Per level, how often it said yes to each yes-or-no decision of the house rules it
    met (call, grab, double, show; yes / asked and the share), its super doubles, and its
    mean score per game with its 95% interval; None when the rules asked none."""
    from ddz_tui.bots.lab.arena import ANSWERED

    match = report.match
    figures = {level: report.level(level) for level in dict.fromkeys((match.a, match.b))}
    asked = [d for d in ANSWERED if any(f.said(d)[0] for f in figures.values())]
    if not asked:
        return None
    supers = match.rules.super_double
    rows = []
    for level, f in figures.items():
        cells = []
        for decision in asked:
            n, yes = f.said(decision)
            cells.append(f"{yes}/{n} {yes / n:.3f}" if n else "-")
        if supers:
            cells.append(f"{f.supers}")
        rows.append(
            (level.value, *cells, f"{f.score:+.3f} ± {f.score_half_width:.3f}", f"{f.games:,}")
        )
    columns = tuple(_ANSWER_COLUMNS[d.value] for d in asked)
    if supers:
        columns += ("super doubles",)
    return Figures(
        "yes / times asked, per level (each over its seats)",
        ("level", *columns, "score per game", "games"),
        tuple(rows),
    )


def _default_budget() -> float:
    from ddz_tui.bots.hard import DEFAULT_BUDGET

    return DEFAULT_BUDGET
