"""`ddz review`: the coach's marks on a finished game, as a table (the replay's C key
shows the same marks on the table)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ddz_tui.cli.errors import CommandError, UsageError
from ddz_tui.cli.history import kept_game, read_record

if TYPE_CHECKING:
    from ddz_tui.bots.coach import Verdict
    from ddz_tui.engine import Event


def add_commands(commands: argparse._SubParsersAction) -> None:
    from ddz_tui.bots import COACH_BUDGET as DEFAULT_BUDGET

    review = commands.add_parser(
        "review",
        help="the coach's marks on your decisions in a finished game (a kept one, or a record "
        "from a file)",
    )
    review.add_argument(
        "game",
        metavar="GAME_ID|FILE",
        help="the # from ddz history, or a JSON lines record (as ddz export writes)",
    )
    review.add_argument(
        "--seat",
        type=_seat,
        help="whose decisions, 1 to 3 (default: yours in a kept game, seat 1 in a file)",
    )
    review.add_argument(
        "--budget",
        type=_budget,
        default=DEFAULT_BUDGET,
        help=f"the hard bot's search per decision, in seconds of its play (default "
        f"{DEFAULT_BUDGET:g}); a fixed amount of work, so a review is the same on any machine",
    )
    review.set_defaults(handler=cmd_review)


@dataclass(frozen=True)
class Reviewed:
    """A game to review: its record, whose decisions, and how to name them."""

    events: Sequence[Event]
    seat: int
    whose: str  # "your", "Seat 2's"
    game: str


def cmd_review(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ddz_tui.bots.coach import review
    from ddz_tui.i18n import t

    target: str = args.game
    game = _kept(args, int(target)) if target.isdigit() else _from_file(target, args.seat)
    verdicts: list[Verdict] = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task(t("coach.cli.progress"), total=None)
        for total, verdict in review(game.events, game.seat, args.seed or 0, args.budget):
            verdicts.append(verdict)
            progress.update(task, total=total, completed=len(verdicts))
    Console().print(_table(game, verdicts))
    return 0


def _table(game: Reviewed, verdicts: list[Verdict]) -> object:
    from rich.table import Table
    from rich.text import Text

    from ddz_tui.bots.coach import chance_text, play_text
    from ddz_tui.i18n import t

    marked = [v for v in verdicts if v.marked]
    if not marked:
        return Text(t("coach.cli.none", whose=game.whose, n=len(verdicts)))
    title = t(
        "coach.cli.title", whose=game.whose, game=game.game, marked=len(marked), n=len(verdicts)
    )
    table = Table(title=Text(title))  # a name in it is not markup
    table.add_column("#", justify="right")
    table.add_column(t("coach.cli.trick"), justify="right")
    table.add_column(t("coach.cli.you"))
    table.add_column(t("coach.cli.your_chance"), justify="right")
    table.add_column(t("coach.cli.coach"))
    table.add_column(t("coach.cli.coach_chance"), justify="right")
    for v in marked:
        table.add_row(
            str(v.decision),
            str(v.trick),
            play_text(v.played),
            chance_text(v.played_chance),
            play_text(v.coach),
            chance_text(v.coach_chance),
        )
    return table


def _kept(args: argparse.Namespace, game_id: int) -> Reviewed:
    from ddz_tui.bots.coach import refusal, whose
    from ddz_tui.engine.replay import frames
    from ddz_tui.i18n import t
    from ddz_tui.text import printable

    kept = kept_game(args, game_id)
    try:
        frames(kept.events)
    except ValueError as exc:
        raise CommandError(f"game {game_id} cannot be reviewed: {exc}") from None
    refused = refusal(kept.events)
    if refused is not None:
        raise CommandError(f"game {game_id} cannot be reviewed: {refused}")
    mine = kept.summary.my_seat
    seat = mine if args.seat is None else args.seat
    if seat is None:
        raise UsageError(f"game {game_id} was not played from this seat: choose one with --seat")
    who = whose(seat == mine, printable(kept.seats[seat].name))
    return Reviewed(kept.events, seat, who, t("coach.cli.game", id=game_id))


def _from_file(name: str, seat: int | None) -> Reviewed:
    from ddz_tui.bots.coach import refusal, whose
    from ddz_tui.engine.replay import frames
    from ddz_tui.i18n import t
    from ddz_tui.text import printable

    events = read_record(name)
    try:
        frames(events)
    except ValueError as exc:
        raise UsageError(f"{name}: not a finished game's record: {exc}") from None
    refused = refusal(events)
    if refused is not None:
        raise CommandError(f"{name} cannot be reviewed: {refused}")
    seat = 0 if seat is None else seat
    who = whose(False, t("ui.replay.seat", n=seat + 1))
    return Reviewed(events, seat, who, printable(Path(name).name))


def _seat(text: str) -> int:
    if text not in ("1", "2", "3"):
        raise argparse.ArgumentTypeError(f"a seat is 1, 2 or 3, not {text}")
    return int(text) - 1


def _budget(text: str) -> float:
    from ddz_tui.bots.coach import samples_for

    try:
        value = float(text)
        samples_for(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text}: {exc}") from None
    return value
