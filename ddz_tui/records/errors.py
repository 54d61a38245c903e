"""What goes wrong with the history database, apart from the store itself: `history`
and the app name it without loading SQLite and the record values (the title does not
wait for them)."""

from __future__ import annotations

from ddz_tui.i18n import PhrasedError


class StoreError(PhrasedError):
    """The history database cannot be used; the phrase says why, for the player."""
