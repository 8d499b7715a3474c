"""The hot part of Tic Tac Two's rules: the position in bit masks, its legal actions, and an action's effect.

This module is plain Python and the reference. It is also written so that mypyc can compile it (`make
speedups`, see tictac_nb/core/speedups.py); the tests play both and require the same games.
"""

from __future__ import annotations

from typing import Any, Final

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler needs it
    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]  # a stand-in for the decorator
        return lambda cls: cls

CENTRE: Final = 4
OUTER: Final = (0, 1, 2, 3, 5, 6, 7, 8)
LINES: Final = (
    ((0, 1, 2), "top row"), ((3, 4, 5), "middle row"), ((6, 7, 8), "bottom row"),
    ((0, 3, 6), "left column"), ((1, 4, 7), "middle column"), ((2, 5, 8), "right column"),
    ((0, 4, 8), "diagonal 1-5-9"), ((2, 4, 6), "diagonal 3-5-7"),
)
DIAGONALS: Final = ((0, 4, 8), (2, 4, 6))
LINES_THROUGH: Final = tuple(tuple((cells, name, cells in DIAGONALS) for cells, name in LINES if i in cells)
                             for i in range(9))
SQUARE_NAMES: Final = tuple(str(i + 1) for i in range(9))
PEEK_NAMES: Final = {i: f"peek {i + 1}" for i in OUTER}
SQUARES: Final = {name: i for i, name in enumerate(SQUARE_NAMES)}
PEEKS: Final = {name: i for i, name in PEEK_NAMES.items()}

# Bit masks (square i is bit i; for O, bit 9 + i).
OUTER_MASK: Final = sum(1 << i for i in OUTER)
CENTRE_BIT: Final = 1 << CENTRE
TILE_CREDIT_BITS: Final = {"X": 1, "O": 1 << 9, "W": 1 | 1 << 9, "P": 0, "-": 0, "C": 0}
"""Per tile letter, the credit bits it sets when face up: bit 0 if it counts for X, bit 9 for O."""
SQUARE_CHOICES: Final = tuple(tuple(SQUARE_NAMES[i] for i in range(9) if not taken >> i & 1) for taken in range(512))
PEEK_CHOICES: Final = tuple(tuple(PEEK_NAMES[i] for i in OUTER if not up >> i & 1) for up in range(512))
"""The legal actions by the mask of marked squares (marking) or of face-up tiles (peeking)."""


def _completes(square: int, diagonals: bool | None) -> bytes:
    """For each 9-bit mask, 1 if it holds a line through `square` (only diagonals, only the others,
    or any line when `diagonals` is None)."""
    masks = [sum(1 << i for i in cells) for cells, _, diagonal in LINES_THROUGH[square]
             if diagonals is None or diagonal == diagonals]
    return bytes(any(m & line == line for line in masks) for m in range(512))


ANY_LINE: Final = tuple(_completes(i, None) for i in range(9))
STRAIGHT_LINE: Final = tuple(_completes(i, False) for i in range(9))
DIAGONAL_LINE: Final = tuple(_completes(i, True) for i in range(9))

POSITION: Final = ("to_move", "outcome", "tiles", "centre_owner", "peeking", "peeks", "lines", "_legal", "_marks",
                   "_up", "_straight", "_diagonal", "_last")
"""The attributes of `TicTacTwoCore` (compiled, they live in its own slots, not in `__dict__`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class TicTacTwoCore:
    """Tic Tac Two's position (the class `TicTacTwo` adds the rest of the game), its legal actions and an
    action's effect. Every attribute but `tiles` starts as the class says: a new game sets only its tiles."""

    to_move: int | None = 0
    outcome: Any = None
    tiles: str
    centre_owner: int | None = None
    peeking: bool = False
    peeks: tuple[tuple[int, int], ...] = ()  # (peeker, square) in order
    lines: Any = ()  # (board, squares, name, player) of each line that ended the game
    _legal: tuple[str, ...] = SQUARE_NAMES
    _marks: int = 0  # bit i: X marked square i; bit 9 + i: O did
    _up: int = CENTRE_BIT  # bit i: tile i is face up
    _straight: int = 0  # bit i (9 + i): face-up tile i counts for X (O) on a row or column
    _diagonal: int = 0  # the same on a diagonal (they differ at the split centre only)
    _last: int = CENTRE  # the square marked last

    def take_position(self, other: TicTacTwoCore) -> None:
        """Take `other`'s position (every part of it is immutable, so nothing is copied)."""
        self.to_move = other.to_move
        self.outcome = other.outcome
        self.tiles = other.tiles
        self.centre_owner = other.centre_owner
        self.peeking = other.peeking
        self.peeks = other.peeks
        self.lines = other.lines
        self._legal = other._legal
        self._marks = other._marks
        self._up = other._up
        self._straight = other._straight
        self._diagonal = other._diagonal
        self._last = other._last

    def legal_actions(self) -> tuple[str, ...]:
        return self._legal

    def apply(self, action: str) -> None:
        player = self.to_move
        assert player is not None
        if self.peeking:
            self.peeks = (*self.peeks, (player, PEEKS[action]))
            self.peeking = False
            square, marks = self._last, self._marks
        else:
            square = SQUARES[action]
            bit = 1 << square
            up = self._up | bit
            self._up = up
            tile = self.tiles[square]
            if square == CENTRE:  # the split centre counts for its marker on straight lines, else on diagonals
                self.centre_owner = player
                self._straight |= bit << 9 if player else bit
                self._diagonal |= bit if player else bit << 9
            else:
                credit = TILE_CREDIT_BITS[tile] << square
                self._straight |= credit
                self._diagonal |= credit
            marks = self._marks | (bit << 9 if player else bit)
            self._marks = marks
            self._last = square
            if tile == "P" and up & OUTER_MASK != OUTER_MASK:
                self.peeking = True
                self._legal = PEEK_CHOICES[up]
                return
        taken = (marks | marks >> 9) & 511
        self._legal = SQUARE_CHOICES[taken]
        line = ANY_LINE[square]
        if line[marks >> 9 if player else marks & 511] or line[self._up] and self._tile_line(square):
            self._end_turn(player, square)
        elif taken == 511:
            self._finish((), "draw: the board is full")
        else:
            self.to_move = 1 - player

    def _tile_line(self, square: int) -> bool:
        """Whether the face-up tiles make a line through `square` for either player."""
        straight, diagonal = self._straight, self._diagonal
        return bool(STRAIGHT_LINE[square][straight & 511] or STRAIGHT_LINE[square][straight >> 9]
                    or DIAGONAL_LINE[square][diagonal & 511] or DIAGONAL_LINE[square][diagonal >> 9])

    def _end_turn(self, player: int, square: int) -> None:
        """Who won, now that a line runs through `square` (`TicTacTwo` says)."""
        raise NotImplementedError

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        """End the game (`TicTacTwo` does)."""
        raise NotImplementedError
