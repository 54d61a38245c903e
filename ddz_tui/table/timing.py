"""How long a table waits, by default: apart from the host, so that settings and
command lines can name these without loading the game."""

DEFAULT_BOT_DELAY = 0.6  # seconds a bot waits before it acts, so its play can be followed
DEFAULT_GRACE = 20.0  # seconds a dropped player keeps the seat before a bot takes over
DEFAULT_TURN_SECONDS = 30.0  # the turn timer of networked tables
