"""The hot part of Tyc's rules: the position in flat lists and bit masks, its legal moves, and a move's effect.

This module is plain Python and the reference. It is also written so that mypyc can compile it (`make
speedups`): the compiled module is placed beside this file, Python imports it first, and the tests play
both and require the same games. Nothing else in the kit is compiled, and nothing needs this to be.
"""

from __future__ import annotations

from typing import Any, Final

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler needs it
    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]  # a stand-in for the decorator
        return lambda cls: cls

LETTERS: Final = "ABCDEFGHI"
FULL: Final = 511

# Cells of one 3x3 board are numbered 0-8; its eight lines of three.
LOCAL_LINES: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
THREE: Final = tuple(next((line for line in LOCAL_LINES if all(mask >> c & 1 for c in line)), ())
                     for mask in range(512))
"""Per 9-bit mask of one player's marks on a board, its first line of three (rows, columns, diagonals), or ()."""


def grid_position(board: int, cell: int) -> tuple[int, int]:
    """Row and column (0-8) in the 9x9 grid of `cell` (0-8) of `board` (0-8)."""
    return (board // 3) * 3 + cell // 3, (board % 3) * 3 + cell % 3


def _grid_lines() -> tuple[tuple[int, ...], ...]:
    at = {grid_position(b, c): b * 9 + c for b in range(9) for c in range(9)}
    return tuple(
        [tuple(at[r, k] for k in range(9)) for r in range(9)]
        + [tuple(at[k, c] for k in range(9)) for c in range(9)]
        + [tuple(at[k, k] for k in range(9)), tuple(at[k, 8 - k] for k in range(9))]
    )


GRID_LINES: Final = _grid_lines()
"""The 20 long lines of the 9x9 grid (rows, columns, the two diagonals), as global cells board * 9 + cell."""
LINES_AT: Final = tuple(tuple(i for i, line in enumerate(GRID_LINES) if g in line) for g in range(81))

ACTIONS: Final = tuple(tuple(tuple(f"{b + 1}{c + 1}{LETTERS[x]}" for x in range(9)) for c in range(9))
                       for b in range(9))
"""Every action string: ACTIONS[board][cell][letter]."""
PARSE: Final = {ACTIONS[b][c][x]: (b, c, x) for b in range(9) for c in range(9) for x in range(9)}
MOVE: Final = {a: (b, c, x, b * 9 + c, LINES_AT[b * 9 + c]) for a, (b, c, x) in PARSE.items()}
"""What `apply` needs of a move: board, cell, letter, global cell and the long lines through it."""
BITS: Final = tuple(tuple(i for i in range(9) if mask >> i & 1) for mask in range(512))
FRESH: Final = tuple(tuple(a for cell in board for a in cell) for board in ACTIONS)
"""The 81 moves of each empty board."""
EVERY_MOVE: Final = tuple(a for board in FRESH for a in board)


_AFTER_ONE: list[tuple[str, ...] | None] = [None] * 729
"""The moves of a board after its first move (board * 81 + cell * 9 + letter), made when first asked for."""


def board_actions(board: int, empty: int, used: int) -> tuple[str, ...]:
    """The moves on one board with `empty` cells and `used` letters (bit masks), cell by cell.

    Those of an empty board, and of a board after one move (long lists, asked for often), are kept.
    """
    if empty == FULL:
        return FRESH[board]
    cells = ACTIONS[board]
    if len(BITS[used]) == 1:
        key = board * 81 + BITS[FULL ^ empty][0] * 9 + BITS[used][0]
        kept = _AFTER_ONE[key]
        if kept is None:
            kept = _AFTER_ONE[key] = tuple([cells[c][x] for c in BITS[empty] for x in BITS[FULL ^ used]])
        return kept
    free = BITS[FULL ^ used]
    return tuple([cells[c][x] for c in BITS[empty] for x in free])


POSITION: Final = ("to_move", "outcome", "owner", "letter", "empty", "used", "mine", "letters", "filled", "three",
                   "target", "last", "end_lines", "_legal")
"""The attributes of `TycCore` (compiled, they live in its own slots, not in `__dict__`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class TycCore:
    """Tyc's position (the class `Tyc` adds the rest of the game), its legal moves and a move's effect."""

    to_move: int | None
    outcome: Any
    owner: list[int]      # by global cell board * 9 + cell: -1 empty, else the player
    letter: list[int]     # the letter written there, 0-8
    empty: list[int]      # per board, a bit per empty cell
    used: list[int]       # per board, a bit per letter written
    mine: list[int]       # a bit per cell marked by player p on board b, at b * 2 + p
    letters: list[int]    # letters x written by player p at p * 9 + x
    filled: list[int]     # marks on each long line of the 9x9 grid
    three: list[Any]      # per board, (player, line) of its first line of three, or None
    target: int | None    # the board named by the last cell (None: the first move)
    last: int | None      # the global cell of the last move
    end_lines: tuple[int, ...]
    _legal: tuple[str, ...] | None

    def clear(self) -> None:
        """The empty grid."""
        self.owner = [-1] * 81
        self.letter = [-1] * 81
        self.empty = [FULL] * 9
        self.used = [0] * 9
        self.mine = [0] * 18
        self.letters = [0] * 18
        self.filled = [0] * 20
        self.three = [None] * 9
        self.target = None
        self.last = None
        self.end_lines = ()
        self._legal = None

    def take_position(self, other: TycCore) -> None:
        """Take a copy of `other`'s position."""
        self.to_move = other.to_move
        self.outcome = other.outcome
        self.owner = other.owner[:]
        self.letter = other.letter[:]
        self.empty = other.empty[:]
        self.used = other.used[:]
        self.mine = other.mine[:]
        self.letters = other.letters[:]
        self.filled = other.filled[:]
        self.three = other.three[:]
        self.target = other.target
        self.last = other.last
        self.end_lines = other.end_lines
        self._legal = other._legal

    def legal_actions(self) -> tuple[str, ...]:
        legal = self._legal
        if legal is None:
            target = self.target
            empty = self.empty
            if self.outcome is not None:
                legal = ()
            elif target is None:
                legal = EVERY_MOVE
            elif empty[target]:
                legal = board_actions(target, empty[target], self.used[target])
            else:
                legal = tuple([a for b in range(9) if empty[b] for a in board_actions(b, empty[b], self.used[b])])
            self._legal = legal
        return legal

    def is_legal(self, action: object) -> bool:
        """Whether `action` is in `legal_actions()`, read from the masks without listing the moves."""
        if type(action) is not str or self.outcome is not None:
            return False
        move = MOVE.get(action)
        if move is None:
            return False
        b, c, x, _, _ = move
        empty = self.empty
        target = self.target
        if target is not None and empty[target] and b != target:
            return False
        return bool(empty[b] >> c & 1) and not self.used[b] >> x & 1

    def apply(self, action: str) -> None:
        b, c, x, g, lines = MOVE[action]
        p = self.to_move
        assert p is not None
        self.owner[g] = p
        self.letter[g] = x
        self.empty[b] ^= 1 << c
        self.used[b] |= 1 << x
        self.letters[p * 9 + x] += 1
        mine = self.mine
        k = b * 2 + p
        marked = mine[k] | 1 << c
        mine[k] = marked
        if THREE[marked] and self.three[b] is None:
            self.three[b] = (p, THREE[marked])
        self.last = g
        self._legal = None
        filled = self.filled
        ended: tuple[int, ...] = ()
        for i in lines:
            filled[i] += 1
            if filled[i] == 9:
                ended = (*ended, i)
        if ended:
            self.end_lines = ended
            self._finish()
        else:
            self.target = c
            self.to_move = 1 - p

    def _finish(self) -> None:
        """Score the game and set its outcome (`Tyc` does it)."""
        raise NotImplementedError
