"""A table: three seats, a run of games, bots that act on their own.

`host`: `TableHost`, which runs the games and the bots at one table; `seats`: the values
it hands out (who sits where, what a seat sees); `clients`: one seat as the table screen
plays it; `keeping`: every finished game kept in the history, as record values.
"""
