"""The coach in a replay: one line under the table, with a progress bar while it works.

The review runs in a thread worker (`ddz_tui.bots.coach`), reporting each decision as
a message, so the replay steps on while it works; leaving the replay removes this
widget, which cancels the worker: the review stops at its next guessed deal, or once
the hard bot has chosen in the decision it is looking at (the bot's own search cannot
be stopped midway; it is a second or two at most).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from enum import Enum

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.renderables.bar import Bar as BarRenderable
from textual.widgets import ProgressBar
from textual.worker import get_current_worker

from ddz_tui.bots.coach import DEFAULT_BUDGET, Verdict, refusal, review
from ddz_tui.bots.deal import OutOfTime
from ddz_tui.engine import Event
from ddz_tui.i18n import ascii_mode, t
from ddz_tui.ui.widgets.plain import Plain

log = logging.getLogger(__name__)

BUDGET = DEFAULT_BUDGET
"""The hard bot's search per decision in a replay (see `ddz review --budget`)."""


class AsciiBar(BarRenderable):
    """A progress bar's line in ASCII (Textual draws it in heavy box lines)."""

    HALF_BAR_LEFT = "-"
    BAR = "="
    HALF_BAR_RIGHT = "-"


class AsciiProgressBar(ProgressBar):
    """The coach's progress bar in ASCII mode."""

    BAR_RENDERABLE = AsciiBar


class CoachState(str, Enum):
    IDLE = "idle"
    WORKING = "working"
    DONE = "done"
    FAILED = "failed"
    REFUSED = "refused"  # a game the coach does not review (`coach.refusal`)


class CoachBar(Horizontal):
    """What the coach says about the step on show; hidden until the coach is asked
    (the class `-asked` shows it)."""

    class Judged(Message):
        """One more decision judged (sent from the worker's thread; it goes on to the
        screen, whose keys to the marks it may enable)."""

        def __init__(self, total: int, verdict: Verdict) -> None:
            super().__init__()
            self.total = total
            self.verdict = verdict

    class Finished(Message):
        """The review is over (failed: it could not be done); the marks are known."""

        def __init__(self, failed: bool = False) -> None:
            super().__init__()
            self.failed = failed

    def __init__(self, events: Sequence[Event], seat: int, whose: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.events = tuple(events)
        self.seat = seat
        self.whose = whose
        self.state = CoachState.IDLE
        self.verdicts: list[Verdict] = []
        self.total: int | None = None
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Plain(id="coach-line")
        kind = AsciiProgressBar if ascii_mode() else ProgressBar
        yield kind(id="coach-progress", show_eta=False, total=0)  # (see `show`)

    @property
    def marks(self) -> list[int]:
        """The steps of the marked decisions, in order."""
        return [v.step for v in self.verdicts if v.marked]

    def start(self) -> None:
        """Ask the coach (once; again after a failure)."""
        if self.state in (CoachState.WORKING, CoachState.DONE) or not self.events:
            return
        if refusal(self.events) is not None:
            self.state = CoachState.REFUSED
            self.add_class("-asked")
            self.show(self.step)
            return
        self.state = CoachState.WORKING
        self.verdicts, self.total = [], None
        self.add_class("-asked")
        self._review()
        self.show(self.step)

    @work(thread=True, exclusive=True, group="coach")
    def _review(self) -> None:
        worker = get_current_worker()
        try:
            for total, verdict in review(
                self.events, self.seat, budget=BUDGET, stop=lambda: worker.is_cancelled
            ):
                self.post_message(self.Judged(total, verdict))
        except OutOfTime:
            return  # cancelled: the replay was left
        except Exception:
            log.exception("the coach's review failed")
            self.post_message(self.Finished(failed=True))
            return
        self.post_message(self.Finished())

    def on_coach_bar_judged(self, message: Judged) -> None:
        self.verdicts.append(message.verdict)
        self.total = message.total
        self.show(self.step)

    def on_coach_bar_finished(self, message: Finished) -> None:
        self.state = CoachState.FAILED if message.failed else CoachState.DONE
        self.total = len(self.verdicts) if self.total is None else self.total
        self.show(self.step)

    def show(self, step: int) -> None:
        """Say what the coach has to say at `step`."""
        self.step = step
        line = self.query_one("#coach-line", Plain)
        bar = self.query_one(ProgressBar)
        working = self.state is CoachState.WORKING
        bar.display = working
        # a bar with no total is drawn moving, 15 times a second, shown or not: hidden,
        # it is given one (a replay step paid ~0.6 ms for it, and every idle second more)
        total = self.total if working or self.total is not None else 0
        bar.update(total=total, progress=len(self.verdicts))
        mark = next((v for v in self.verdicts if v.step == step and v.marked), None)
        line.set_class(mark is not None, "-mark")
        if mark is not None:
            line.update(t("ui.coach.mark", i=mark.decision, line=mark.line()))
        elif self.state is CoachState.WORKING:
            line.update(t("ui.coach.working", whose=self.whose))
        elif self.state is CoachState.FAILED:
            line.update(t("ui.coach.failed"))
        elif self.state is CoachState.REFUSED:
            line.update(t("ui.coach.no_wilds"))
        elif self.state is CoachState.DONE:
            line.update(self._summary())
        else:
            line.update(t("ui.coach.idle", whose=self.whose))

    def _summary(self) -> str:
        n = len(self.verdicts)
        if not n:
            return t("ui.coach.no_decisions", whose=self.whose)
        marked = len(self.marks)
        return t("ui.coach.done", marked=marked, n=n) if marked else t("ui.coach.none", n=n)
