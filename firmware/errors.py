"""Errors that end a command with one line on stderr."""


class UsageError(Exception):
    """Bad arguments or input from the user: one line on stderr, exit status 2."""


# What a `bloxcab fleet` or `bench --fleet` command says where the fleet service's
# dependencies (the ``fleet`` extra) are not installed: a cabinet's install has none.
FLEET_NOT_INSTALLED = "the fleet service is not installed here: pip install '.[fleet]'"
