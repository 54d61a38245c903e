"""Tools that write the checked-in data files: `datagen` (cards.json, rules.json) and
`soundgen` (sounds/*.wav), sharing `regenerate`'s command line. Run them as
`python -m ddz_tui.gen.datagen` and `python -m ddz_tui.gen.soundgen`; nothing in the
game imports them (they must run before the files they write exist)."""
