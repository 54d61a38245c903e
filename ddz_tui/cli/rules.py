"""`ddz rules classify` and `ddz rules beat`: the rule book from the command line."""

from __future__ import annotations

import argparse

from ddz_tui.cli.errors import EXIT_USAGE, UsageError


def add_commands(commands: argparse._SubParsersAction) -> None:
    rules = commands.add_parser("rules", help="classify plays and list what beats a play")
    rules_commands = rules.add_subparsers(title="rules commands", metavar="RULES_COMMAND")
    rules.set_defaults(handler=lambda _args: (rules.print_help(), EXIT_USAGE)[1])
    classify = rules_commands.add_parser(
        "classify", help="print a play's kind, strength and canonical cards"
    )
    classify.add_argument("cards", nargs="+", help="the cards, e.g. 333444 56 or '10 10 J J'")
    classify.set_defaults(handler=cmd_rules_classify)
    beat = rules_commands.add_parser("beat", help="list the plays from HAND that beat LAST")
    beat.add_argument("hand", metavar="HAND", help="the cards in hand, e.g. 3456789TTJQKA2")
    beat.add_argument("last", metavar="LAST", help="the play to beat, e.g. 99")
    beat.set_defaults(handler=cmd_rules_beat)


def _play(text: str, what: str) -> str:
    from ddz_tui.cards import parse_ranks

    try:
        return parse_ranks(text)
    except ValueError as exc:
        raise UsageError(f"{what}: {exc}") from None


def cmd_rules_classify(args: argparse.Namespace) -> int:
    from ddz_tui.rules import TABLE, classify, format_play, refusal

    text = _play(" ".join(args.cards), "cards")
    combo = classify(text)
    if combo is None:
        refused = refusal(text)
        assert refused is not None  # no play is made of these cards
        print(refused.message)
        return 1
    top = len(TABLE[combo.kind]) - 1
    print(f"kind:     {combo.kind.value} ({combo.describe()})")
    print(f"strength: {combo.level} (of 0..{top} in its kind)")
    print(f"cards:    {combo.cards} ({format_play(combo)})")
    return 0


def cmd_rules_beat(args: argparse.Namespace) -> int:
    from ddz_tui.cards import format_ranks
    from ddz_tui.moves import legal_plays
    from ddz_tui.rules import classify, main_first, refusal

    hand = _play(args.hand, "HAND")
    last_text = _play(args.last, "LAST")
    last = classify(last_text)
    if last is None:
        refused = refusal(last_text)
        assert refused is not None  # no play is made of these cards
        raise UsageError(f"LAST: {refused.message}")
    plays = legal_plays(hand, last)
    if not plays:
        print(f"nothing in {format_ranks(hand)} beats {last.describe()}: pass")
        return 0
    width = max(len(play.cards) for play in plays)
    for play in plays:
        print(f"{main_first(play):<{width}}  {play.describe()}")
    return 0
