"""A grid game: placement on a rows x cols grid, k in a row (the m,n,k-game of OpenSpiel and Ludii).

Rules (as the engine implements them, for the options as set):
- Players take turns placing their own mark (X, O, then Triangle and Square) on an empty square; X
  (player 0) starts. Squares are named by column letter and row number, `a1` at the top left, `b2` the
  square right of it and one row down; notation `b2`. Where a player may place more than one kind of
  mark (a rule of `marks_for`), the notation names it: `b2 O`.
- `marks_per_turn` marks make a turn, except the very first turn of the game, which is one mark.
- With `gravity`, a mark needs something under it: the bottom row, a mark or a blocked square.
- Blocked squares (`blocked`) take no mark and are part of no line.
- The player who completes `k` equal marks in a row, a column or a diagonal wins; with `misere`, loses
  (and in a game of three or four, every other player wins). A full grid, or a turn with no square open,
  is a draw.

Options: `rows`, `cols` (2 to 10), `k` (2 to 10, at most the longer side), `gravity`, `misere`,
`marks_per_turn` (1 to 3), `blocked` (square names, e.g. `["b2"]`), `players` (2 to 4).

For players (the rules page of the print sheet):
- Take turns placing your mark on an empty square of the grid; X starts.
- Make a line of your marks in a row, a column or a diagonal to win.
- If the grid fills up with no line, the game is a draw.

Rulings of this kit, where the rules are silent:
- X always starts; the lab's first-player advantage is X's.
- With more than one mark a turn, the first turn of the game is one mark (as in Connect6), so that
  the first player does not start two marks ahead.
- A line counts for whoever completes it, whatever mark it is made of (a player with a choice of marks
  can complete a line of the opponent's mark).
"""

from __future__ import annotations

import random
import re
from bisect import insort
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.engine import InvalidOption, Outcome, State, excerpt
from ..core.frozen import FrozenDict

MARKS = ("X", "O", "T", "S")
"""The mark letter of each seat: X, O, Triangle, Square (written in notation and views)."""
MARK_NAMES = ("X", "O", "Triangle", "Square")
BLOCKED = 255
EMPTY = 0
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
COLUMNS = "abcdefghij"
SQUARE = re.compile(r"([a-j])(10|[1-9])")


def square_name(cell: int, cols: int) -> str:
    """The name of square `cell` (0 is the top left, row by row) on a grid `cols` wide.

    >>> square_name(0, 3), square_name(4, 3), square_name(11, 4)
    ('a1', 'b2', 'd3')
    """
    row, col = divmod(cell, cols)
    return f"{COLUMNS[col]}{row + 1}"


@dataclass(frozen=True)
class Geometry:
    """What a grid's size fixes, computed once per (rows, cols, k) and shared by every position (read-only)."""

    rows: int
    cols: int
    k: int
    names: tuple[str, ...]
    """Square names by cell."""
    cells: dict[str, int]
    """Cell by square name."""
    through: tuple[tuple[int, ...], ...]
    """Per cell, the bit masks of the lines of k squares through it."""
    lines: dict[int, tuple[int, ...]]
    """The cells of each line, by its mask."""
    placing: dict[str, tuple[int, int]]
    """(cell, mark) of every action naming its mark, such as 'b2 O'."""
    around: tuple[frozenset[int], ...]
    """Per cell, the up to eight cells around it."""


@cache
def geometry(rows: int, cols: int, k: int) -> Geometry:
    """The lines and names of a rows x cols grid with k in a row (cached: every game of that size shares them)."""
    names = tuple(square_name(cell, cols) for cell in range(rows * cols))
    lines: dict[int, tuple[int, ...]] = {}
    for row in range(rows):
        for col in range(cols):
            for dr, dc in DIRECTIONS:
                end_r, end_c = row + dr * (k - 1), col + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    cells = tuple((row + dr * i) * cols + col + dc * i for i in range(k))
                    lines[sum(1 << c for c in cells)] = cells
    through = tuple(tuple(mask for mask, cells in lines.items() if cell in cells) for cell in range(rows * cols))
    placing = {f"{name} {letter}": (cell, mark) for cell, name in enumerate(names)
               for mark, letter in enumerate(MARKS, 1)}
    around = tuple(frozenset((row + dr) * cols + col + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                             if (dr or dc) and 0 <= row + dr < rows and 0 <= col + dc < cols)
                   for row, col in (divmod(cell, cols) for cell in range(rows * cols)))
    return Geometry(rows, cols, k, names, FrozenDict({name: cell for cell, name in enumerate(names)}), through,
                    FrozenDict(lines), FrozenDict(placing), around)


def check_blocked(value: Any) -> tuple[str, ...]:
    """Square names such as ["b2", "c3"] (lower or upper case), each once, sorted; None or [] for none."""
    if value is None:
        return ()
    if type(value) not in (list, tuple):
        raise InvalidOption(f"must be a list of square names such as ['b2'], not {excerpt(value)}")
    names = []
    for item in value:
        if type(item) is not str or not SQUARE.fullmatch(item.lower()):
            raise InvalidOption(f"must name squares as a column letter and a row number, such as 'b2', "
                                f"not {excerpt(item)}")
        names.append(item.lower())
    return tuple(sorted(set(names), key=lambda n: (int(n[1:]), n[0])))


class GridState(State):
    """A position of a grid game. Override a hook to invent a rule the options do not have:

    - `may_place(cell)`: whether the mover may mark the empty square `cell` (0 is a1, row by row);
    - `marks_for(player)`: the marks (1 is X, 2 is O, 3 Triangle, 4 Square) `player` may place;
    - `wins(cell, mark)`: the cells of the line that placing `mark` on `cell` completes (or True), else ();
    - `after_place(cell, mark)`: anything more a placement does (use `put(cell, mark)` to change a square).

    The position is small: `board` (a bytearray, a mark per cell, 0 empty, 255 blocked), `bits` (a bit mask
    of cells per mark), `to_move`, `left` (marks still to place this turn) and `last` (the cell marked last).
    """

    player_names = MARK_NAMES
    fast = True
    """Whether the open squares follow from the options alone (no hook that changes them is overridden): then
    each placement updates them instead of asking `may_place` for every square."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.fast = all(getattr(cls, hook) is getattr(GridState, hook)
                       for hook in ("may_place", "marks_for", "after_place"))

    # ---- the hooks a variant overrides -----------------------------------------------------------
    def may_place(self, cell: int) -> bool:
        """Whether the mover may mark the empty square `cell`: anywhere, or with gravity only where something
        is under it (the bottom row, a mark, a blocked square)."""
        if not self.gravity:
            return True
        below = cell + self.cols
        return below >= len(self.board) or self.board[below] != EMPTY

    def marks_for(self, player: int) -> tuple[int, ...]:
        """The marks `player` may place (1 is X, 2 is O, ...): their own one."""
        return (player + 1,)

    def wins(self, cell: int, mark: int) -> tuple[int, ...] | bool:
        """The cells of a line of k `mark`s through `cell`, just marked; () when there is none."""
        bits = self.bits[mark]
        for line in self.geometry.through[cell]:
            if (bits & line) == line:
                return self.geometry.lines[line]
        return ()

    def after_place(self, cell: int, mark: int) -> None:
        """What else placing `mark` on `cell` does (nothing): a variant may capture, flip or block squares."""

    # ---- helpers for hooks -------------------------------------------------------------------------
    def put(self, cell: int, mark: int) -> None:
        """Set square `cell` to `mark` (0 empties it, BLOCKED blocks it), keeping the bit masks in step."""
        old = self.board[cell]
        if old not in (EMPTY, BLOCKED):
            self.bits[old] &= ~(1 << cell)
        self.board[cell] = mark
        if mark not in (EMPTY, BLOCKED):
            self.bits[mark] |= 1 << cell

    def cell(self, name: str) -> int:
        """The cell of square `name` ('b2')."""
        return self.geometry.cells[name]

    def neighbours(self, cell: int) -> frozenset[int]:
        """The up to eight cells around `cell` (computed once per grid size)."""
        return self.geometry.around[cell]

    # ---- the protocol ----------------------------------------------------------------------------------
    def setup(self, rng: random.Random) -> None:
        options = self.options
        self.rows, self.cols, self.k = options["rows"], options["cols"], options["k"]
        if self.k > max(self.rows, self.cols):
            raise InvalidOption(f"option 'k' must be at most the longer side of a {self.rows} by {self.cols} "
                                f"grid ({max(self.rows, self.cols)}), not {self.k}")
        self.gravity, self.misere = options["gravity"], options["misere"]
        self.per_turn = options["marks_per_turn"]
        self.num_players = options["players"]
        self.geometry = geometry(self.rows, self.cols, self.k)
        self.board = bytearray(self.rows * self.cols)
        for name in options["blocked"]:
            if name not in self.geometry.cells:
                raise InvalidOption(f"option 'blocked' names {name!r}, which is off the {self.rows} by {self.cols} "
                                    f"grid (a1 to {self.geometry.names[-1]})")
            self.board[self.geometry.cells[name]] = BLOCKED
        self.bits = [0] * (len(MARKS) + 1)
        self.to_move = 0
        self.left = 1
        self.last = -1
        self.line: tuple[int, ...] = ()
        self._open = [cell for cell in range(len(self.board)) if self.board[cell] == EMPTY and self.may_place(cell)]
        self._legal = self._actions()

    def _actions(self) -> tuple[str, ...]:
        """The mover's legal actions, from `_open` (the cells they may mark), in notation."""
        names = self.geometry.names
        mover = self.to_move
        assert mover is not None  # the game is not over
        marks = (mover + 1,) if self.fast else self.marks_for(mover)
        if len(marks) == 1:
            return tuple([names[cell] for cell in self._open])
        return tuple([f"{names[cell]} {MARKS[mark - 1]}" for cell in self._open for mark in marks])

    def legal_actions(self) -> tuple[str, ...]:
        return self._legal

    def is_legal(self, action: Any) -> bool:
        return type(action) is str and action in self._legal

    def apply(self, action: str) -> None:
        player = self.to_move
        assert player is not None
        geometry = self.geometry
        cell = geometry.cells.get(action)
        if cell is None:
            cell, mark = geometry.placing[action]
        else:
            mark = player + 1 if self.fast else self.marks_for(player)[0]
        self.board[cell] = mark
        self.bits[mark] |= 1 << cell
        self.last = cell
        if not self.fast:
            self.after_place(cell, mark)
        line = self.wins(cell, mark)
        if line:
            self.line = line if type(line) is tuple else ()
            self._end_by_line(player, mark)
            return
        self.left -= 1
        if self.left == 0:
            self.to_move = player = (player + 1) % self.num_players
            self.left = self.per_turn
        if self.fast:
            self._open.remove(cell)
            above = cell - self.cols
            if self.gravity and above >= 0 and self.board[above] == EMPTY:
                insort(self._open, above)
            if len(self._open) > 0:
                self._legal = tuple([geometry.names[c] for c in self._open])
                return
        else:
            self._open = [c for c in range(len(self.board)) if self.board[c] == EMPTY and self.may_place(c)]
            self._legal = self._actions()
            if self._legal:
                return
        self._legal = ()
        full = EMPTY not in self.board
        self.outcome = Outcome((), None, "The grid is full: a draw" if full else
                               f"No square is open to {self.player_name(player)}: a draw")
        self.to_move = None

    def _end_by_line(self, player: int, mark: int) -> None:
        line = f"a line of {self.k}" if self.line or self.k > 1 else "a line"
        if self.misere:
            others = tuple(p for p in range(self.num_players) if p != player)
            reason = f"{self.player_name(player)} completes {line} and loses (misère)"
            self.outcome = Outcome(others, None, reason)
        else:
            self.outcome = Outcome((player,), None, f"{self.player_name(player)} wins with {line}")
        self._legal = ()
        self.to_move = None

    def refusal(self, action: str) -> str:
        geometry = self.geometry
        name, _, letter = action.partition(" ")
        cell = geometry.cells.get(name.lower())
        if cell is None:
            return (f"{excerpt(action)} is no square of the {self.rows} by {self.cols} grid: name one by column "
                    f"letter and row number, a1 to {geometry.names[-1]}")
        name = geometry.names[cell]
        if action != action.lower() and action.lower() in self._legal:
            return f"write square names in small letters: {action.lower()!r}"
        if self.board[cell] == BLOCKED:
            return f"square {name} is blocked"
        if self.board[cell] != EMPTY:
            return f"square {name} is taken by {MARK_NAMES[self.board[cell] - 1]}"
        if not self.may_place(cell):
            if self.gravity and type(self).may_place is GridState.may_place:
                return f"with gravity a mark needs something under it, and square {name} has an empty square below"
            return f"square {name} is not open to {self.player_name(self.to_move)} now"
        choices = [a for a in self._legal if a.startswith(name)]
        if action not in geometry.cells and len(choices) == 1:
            return f"write the square alone: {choices[0]!r}"
        return f"say which mark: {' or '.join(repr(a) for a in choices)}"

    def phase(self) -> str:
        return "mark"

    def key(self) -> Any:
        if self.SECRETS:
            return (bytes(self.board), self.to_move, self.left,
                    *(tuple(map(repr, getattr(self, name))) for name in self.SECRETS))
        return bytes(self.board), self.to_move, self.left

    def clone(self) -> GridState:
        other = object.__new__(type(self))
        attributes = other.__dict__
        attributes.update(self.__dict__)
        for name, value in attributes.items():
            kind = type(value)
            if kind is list or kind is bytearray or kind is dict or kind is set:
                attributes[name] = value.copy()
        return other

    def status(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        mover = self.player_name(self.to_move)
        if self.per_turn > 1:
            return f"{mover} to move: {self.left} {'mark' if self.left == 1 else 'marks'} to place"
        return f"{mover} to move"

    def describe(self, action: str) -> str:
        name, _, letter = action.partition(" ")
        mark = MARK_NAMES[MARKS.index(letter)] if letter else MARK_NAMES[self.to_move or 0]
        return f"square {name}: place {'an' if mark in ('X', 'O') else 'a'} {mark}"

    def view_body(self, player: int | None) -> dict:
        names = self.geometry.names
        return {
            "rows": self.rows,
            "cols": self.cols,
            "k": self.k,
            "gravity": self.gravity,
            "misere": self.misere,
            "marks_per_turn": self.per_turn,
            "marks_left": self.left,
            "marks": list(MARKS[:self.num_players]),
            "cells": ["#" if m == BLOCKED else None if m == EMPTY else MARKS[m - 1] for m in self.board],
            "last": names[self.last] if self.last >= 0 else None,
            "line": [names[cell] for cell in self.line],
            **({"secrets": list(self.SECRETS)} if self.SECRETS else {}),
        }
