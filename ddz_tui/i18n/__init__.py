"""Every string a player reads, in English and Simplified Chinese, side by side.

`t(key, lang=None, **fields)` puts a key into words; `Phrase(key, **fields)` is a
message kept as a value until someone reads it, so that a server can say it in each
player's own language (`phrase.render(lang)`). The language spoken here is set at
start-up (`set_language`), for the process or for one app among many (`own_voice`);
`lang=None` means that one. See `core`.

Where a key goes: the catalogue is split by area, one module per area, each a dict
`PHRASES = {"key": ("English", "中文"), ...}` with both languages on one entry. A key
belongs in the module of its longest prefix in `catalog.AREAS` (a test checks it):

  common   `as_is`                                         (text already in words)
  rules    `rank.` `ranks.` `kind.` `kindname.` `play.` `plural` `refuse.`
  engine   `illegal.` `role.`
  table    `table.`
  records  `store.` `history.` `origin.`
  sound    `sound.`
  net      `net.` `ssh.`                                   (server, client, lobby, SSH)
  cli      `net.cli.`
  ui       `ui.` `keys.` `coach.`                          (screens, buttons, key help)

A new key with a new prefix: add the prefix to `catalog.AREAS` (and the line above).
Every key needs both texts, with the same {fields} (tests/core/test_i18n.py).
"""

from __future__ import annotations

from ddz_tui.i18n.core import (
    CATALOGS,
    EN,
    ZH,
    Lang,
    Phrase,
    PhrasedError,
    as_shown,
    ascii_mode,
    default_language,
    language,
    own_voice,
    sentences,
    set_ascii,
    set_language,
    t,
)

__all__ = [
    "CATALOGS",
    "EN",
    "ZH",
    "Lang",
    "Phrase",
    "PhrasedError",
    "as_shown",
    "ascii_mode",
    "default_language",
    "language",
    "own_voice",
    "sentences",
    "set_ascii",
    "set_language",
    "t",
]
