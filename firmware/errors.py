"""Errors that end a command with one line on stderr."""


class UsageError(Exception):
    """Bad arguments or input from the user: one line on stderr, exit status 2."""
