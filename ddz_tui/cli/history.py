"""`ddz history`, `ddz export` and `ddz replay`: your kept games, listed, written out as
records, and stepped through (a kept one, or a record from a file)."""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ddz_tui.cli.errors import CommandError, UsageError
from ddz_tui.cli.play import open_app

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import JustifyMethod
    from rich.table import Table

    from ddz_tui.engine import Event
    from ddz_tui.records.store import GameSummary, KeptGame, Store
    from ddz_tui.ui.screens.replay import Replay


RECORD_LIMIT = 1 << 20
"""The most a record file may hold, in bytes: a real one is 3 to 10 KB."""
LINE_LIMIT = 1 << 16
"""The longest line a record file may hold, in bytes: a real one's longest (the deal) is
under 300."""


def add_commands(commands: argparse._SubParsersAction) -> None:
    history = commands.add_parser("history", help="list your recent games")
    history.add_argument("--limit", type=int, default=20, help="how many games (default 20)")
    history.set_defaults(handler=cmd_history)
    export = commands.add_parser("export", help="write a kept game's record as JSON lines")
    export.add_argument("game_id", metavar="GAME_ID", type=int, help="the # from ddz history")
    export.add_argument("-o", "--output", type=Path, help="a file (default: standard output)")
    export.set_defaults(handler=cmd_export)
    replay = commands.add_parser(
        "replay", help="step through a finished game: a kept one, or a record from a file"
    )
    replay.add_argument(
        "game",
        metavar="GAME_ID|FILE",
        help="the # from ddz history, or a JSON lines record (as ddz export writes)",
    )
    replay.set_defaults(handler=cmd_replay)


def _open_store(args: argparse.Namespace) -> Store:
    from ddz_tui.paths import history_file
    from ddz_tui.records.store import Store, StoreError

    try:
        return Store.open(history_file(args.data_dir))
    except StoreError as exc:
        raise CommandError(str(exc)) from None


def cmd_history(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    from ddz_tui.i18n import t
    from ddz_tui.records.store import unreadable_note

    with _open_store(args) as store:
        games = store.recent_games(args.limit)
    console = Console()
    if games:
        console.print(_history_table(games))
    elif not games.skipped:
        console.print(Text(t("history.empty")))
    note = unreadable_note(len(games.skipped))
    if note is not None:
        console.print(Text(note))
    return 0


def _history_table(games: Sequence[GameSummary]) -> Table:
    """Every cell a plain Text: what the database holds is never read as markup."""
    from rich.table import Table
    from rich.text import Text

    from ddz_tui.i18n import t

    title = t("history.title_one") if len(games) == 1 else t("history.title", n=len(games))
    table = Table(title=Text(title))
    for column in ("#", "history.when", "history.where", "history.you", "history.result",
                   "history.score", "history.multiplier", "history.players"):  # fmt: skip
        justify: JustifyMethod = (
            "right" if column in ("#", "history.score", "history.multiplier") else "left"
        )
        table.add_column(Text(column if column == "#" else t(column)), justify=justify)
    for game in games:
        table.add_row(*(Text(cell) for cell in _history_row(game)))
    return table


def _history_row(game: GameSummary) -> tuple[str, ...]:
    from ddz_tui.i18n import t
    from ddz_tui.text import printable

    mine = game.my_seat
    role = "" if mine is None else t("role.landlord" if mine == game.landlord else "role.peasant")
    result = "" if game.i_won is None else t("history.won" if game.i_won else "history.lost")
    if mine is not None and game.left == mine:
        result = t("history.left")
    score = "" if game.my_score is None else f"{game.my_score:+d}"
    return (
        str(game.id),
        game.finished.astimezone().strftime("%Y-%m-%d %H:%M"),
        t(f"origin.{game.origin.value}"),
        role,
        result,
        score,
        f"×{game.my_stake}",
        printable(", ".join(game.names)),  # kept printable already: made sure here
    )


def cmd_export(args: argparse.Namespace) -> int:
    from ddz_tui.engine import dumps

    with _open_store(args) as store:
        try:
            record = store.record(args.game_id)
        except KeyError:
            raise UsageError(f"GAME_ID: no game {args.game_id} in {store.path}") from None
        except ValueError as exc:  # the row holds no record this version can read
            raise CommandError(f"game {args.game_id}: {exc}") from None
    text = dumps(record)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """A number is a kept game's id; anything else is a file, as `ddz export` writes."""
    target: str = args.game
    replay = _kept_replay(args, int(target)) if target.isdigit() else _file_replay(target)
    return open_app(args, replay=replay)


def kept_game(args: argparse.Namespace, game_id: int) -> KeptGame:
    """A kept game; an unknown id is a usage error, a game whose rows cannot be read
    (another program wrote them) a command error."""
    with _open_store(args) as store:
        try:
            return store.game(game_id)
        except KeyError:
            raise UsageError(f"GAME_ID: no game {game_id} in {store.path}") from None
        except ValueError as exc:
            raise CommandError(f"game {game_id}: {exc}") from None


def read_record(name: str) -> list[Event]:
    """The record in a file, as `ddz export` writes it; a file that cannot be read or
    holds no record is a usage error. The file is anyone's: it is read no further than
    RECORD_LIMIT, and whatever the parser makes of it (nesting past the recursion
    limit, a memory error, bytes that are not UTF-8) is one line, not a traceback."""
    from ddz_tui.engine import loads

    text = _decode(name, _read_capped(name))
    try:
        return loads(text)
    except ValueError as exc:
        raise UsageError(f"{name}: not a finished game's record: {exc}") from None
    except RecursionError:
        raise UsageError(f"{name}: not a game record (nested too deeply)") from None
    except MemoryError:
        raise UsageError(f"{name}: not a game record (too large to read)") from None


def _read_capped(name: str) -> bytes:
    """The file's bytes, read to one past RECORD_LIMIT at most (its size as the disk
    tells it is not trusted: a pipe has none)."""
    try:
        with open(name, "rb") as file:
            data = file.read(RECORD_LIMIT + 1)
    except OSError as exc:
        raise UsageError(f"{name}: {exc.strerror or exc}") from None
    if len(data) > RECORD_LIMIT:
        raise UsageError(f"{name}: not a game record (larger than {_size(RECORD_LIMIT)})")
    return data


def _decode(name: str, data: bytes) -> str:
    """The file's text, once every line is shorter than LINE_LIMIT and it is UTF-8."""
    start = 0
    for number in itertools.count(1):
        end = data.find(b"\n", start)
        stop = len(data) if end < 0 else end
        if stop - start > LINE_LIMIT:
            raise UsageError(
                f"{name}: not a game record (line {number} is longer than {_size(LINE_LIMIT)})"
            )
        if end < 0:
            break
        start = end + 1
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{name}: not a game record (not UTF-8 text)") from None


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


def _kept_replay(args: argparse.Namespace, game_id: int) -> Replay:
    from ddz_tui.ui.screens.replay import Replay

    kept = kept_game(args, game_id)
    try:
        return Replay.of_kept(kept)
    except ValueError as exc:
        raise CommandError(f"game {game_id} cannot be replayed: {exc}") from None


def _file_replay(name: str) -> Replay:
    from ddz_tui.text import printable
    from ddz_tui.ui.screens.replay import Replay

    events = read_record(name)
    try:
        return Replay.of(events, title=printable(Path(name).name))
    except ValueError as exc:
        raise UsageError(f"{name}: not a finished game's record: {exc}") from None
