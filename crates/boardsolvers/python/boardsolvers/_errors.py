"""The exception a malformed input raises."""


class InputError(ValueError):
    """The input text is malformed or past a limit.

    ``str(error)`` is ``line L, column C: message``, what the command-line binaries print after
    ``error:`` (1-based line and column of the offending token).
    """

    line: int
    column: int
    message: str

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.message = message
        self.line = line
        self.column = column


class CertificateError(ValueError):
    """A mate array is not a maximum matching of its graph.

    ``str(error)`` says why: a vertex matched along a non-edge or asymmetrically, or the
    augmenting path that makes the matching larger.
    """
