"""One line about sound where the player looks for it (settings, help): why there is
none, that it starts off over SSH, or that it was turned off for the session."""

from __future__ import annotations

from ddz_tui.ui.typed import ddz_app
from ddz_tui.ui.widgets.plain import Plain

REREAD_SECONDS = 0.5
"""The audio thread may find a problem at any moment: the note is read this often."""


class SoundNote(Plain):
    """Hidden while there is nothing to say."""

    _note: str | None = None

    def on_mount(self) -> None:
        self.display = False
        self.reread()
        self.set_interval(REREAD_SECONDS, self.reread)

    def reread(self) -> None:
        note = ddz_app(self).sound.note
        if note == self._note:
            return
        self._note = note
        self.display = note is not None
        self.update(note or "")
