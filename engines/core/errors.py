"""Errors an engine raises. Nothing here knows about HTTP or sockets."""


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow right now.

    The message is shown to the player as it is, so it must read as a sentence.
    """
