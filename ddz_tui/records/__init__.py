"""Your record: `store` keeps the profile and every finished game in SQLite; `history`
uses the store from an event loop without waiting on the disk, and turns itself off at
the first trouble. Records hold record values (`SeatRecord`), never the table's."""
