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


class NoPerfectMatchingError(ValueError):
    """A minimum-cost perfect matching was asked of a graph that has no perfect matching.

    ``str(error)`` names the Tutte–Berge deficiency; ``vertices``, ``deficiency`` (the number of
    vertices every maximum matching leaves free), ``barrier`` (the size of a Tutte–Berge barrier
    ``A``) and ``odd_components`` (of ``G - A``; ``odd_components - barrier == deficiency``) are
    the figures.
    """

    vertices: int
    deficiency: int
    barrier: int
    odd_components: int

    def __init__(self, message: str, vertices: int, deficiency: int, barrier: int, odd_components: int) -> None:
        super().__init__(message)
        self.vertices = vertices
        self.deficiency = deficiency
        self.barrier = barrier
        self.odd_components = odd_components
