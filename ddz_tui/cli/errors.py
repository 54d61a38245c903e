"""How a command ends when it cannot do its work: one line on stderr and an exit status."""

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class CommandError(Exception):
    """The command could not do its work (a file, a database): one line, exit status 1."""
