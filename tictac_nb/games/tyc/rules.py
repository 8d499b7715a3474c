"""Tyc: nine tic-tac-toe boards, nine letters, four ways to score.

Rules (the rulebook, and this kit's rulings where it is silent):
- Two players, Red (player 0) and Blue (player 1); who starts is the option `first_player`
  (None: chosen at random by the seed). Boards and cells are numbered 1-9 row by row from the top left.
- A move writes one of the letters A to I in an empty cell: `51A` writes A in cell 1 of board 5.
- The first move may go on any board. Afterwards the cell of the last move names the board of the
  next move. If that board is full, the mover may play on any board that is not full.
- The same letter may not appear twice on one board, whoever wrote it. (A board with k marks has
  9 - k free letters and 9 - k empty cells, so a board that is not full always has a move.)
- The game ends at once when a full line of the 9x9 grid is filled with marks of either colour:
  one of its 9 rows, 9 columns or 2 long diagonals, each traversing three boards.
- Scoring, four ways:
  Three-in-a-row: on each board, the first player to get three marks of their colour in a row
  (row, column or diagonal of that board) scores 2 points; a board awards it once and stays playable.
  Line bonus: each player scores 1 point per mark of theirs on the line that ended the game; if one
  move fills several lines, each cell of their union counts once.
  Area majority: on each board, the player with more marks scores the board's empty cells; a tie
  scores nothing.
  Letter bonus: per letter, the number of times a player wrote it scores from the table
  0:0, 1:-3, 2:-1, 3:1, 4:3, 5:6, 6:10, 7:15, 8:21, 9:28 (option `letter_table`).
  The higher total wins; equal totals are a draw.

For players (the rules page of the print sheet):
- Two players, Red and Blue; decide who starts. Nine boards of nine cells, in a 3 by 3 square, numbered 1
  to 9 row by row from the top left (boards and cells alike).
- On your turn, write one of the letters A to I in an empty cell, in your colour. A letter may be on a
  board only once, whoever wrote it.
- The first move may go on any board. After that, the cell you wrote in names the board your opponent
  plays on next; if that board is full, they may play on any board that is not full.
- The game ends at once when a whole line of the big 9 by 9 grid is filled, in either colour: one of its
  9 rows, 9 columns or 2 long diagonals.
- Three in a row: the first player to get three of their colour in a row on a board scores 2 points
  (once per board; the board stays in play). Only colours count for lines, never letters.
- Line bonus: 1 point for each of your marks on the line that ended the game.
- Area majority: on each board, the player with more marks scores its empty cells; a tie scores nothing.
- Letter bonus: count how many times you wrote each letter and score it from the table: once -3, twice -1,
  3 times 1, 4 times 3, 5 times 6, 6 times 10, 7 times 15, 8 times 21, 9 times 28.
- The higher total wins; equal totals are a draw.

Rulings of this kit, where the rulebook is silent:
- Letters play no part in three-in-a-rows or in the line that ends the game: only the colour of the
  marks counts. A letter is on a board at most once, so a player writes it at most nine times.
- If one move completes two lines of three on a board that has none yet (both are the mover's), the
  board still awards 2 points once; the line drawn is the first of rows, columns, diagonals.
- A three-in-a-row made by the move that ends the game scores: it was made during the game.
- The rows of the big grid are numbered 1-9 from the top, the columns 1-9 from the left, in words
  only (the notation names boards and cells).
- `letter_table` is a rule option (10 whole numbers, the points for writing a letter 0 to 9 times) so
  that a teacher can try a flatter or steeper table; the default is the rulebook's. Each entry lies
  from -999 to 999, so every score stays a short number that the board shows and a record holds.
- The rulebook's worked example prints 18 for Blue, but its own parts (4 + 5 + 10 - 2) give 17: it adds
  up to Red 29 and Blue 17. The engine follows the rules, not the printed sum.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.engine import InvalidOption, Outcome, State, Target, excerpt, seed_bits
from .core import ACTIONS, BITS, EVERY_MOVE, GRID_LINES, LETTERS, PARSE, POSITION, TycCore

PLAYERS = ("Red", "Blue")
DIGITS = "123456789"
LETTER_TABLE = (0, -3, -1, 1, 3, 6, 10, 15, 21, 28)
CATEGORIES = ("three-in-a-row", "line bonus", "area majority", "letter bonus")  # the four ways to score
THREE_POINTS = 2
GRID_LINE_NAMES = tuple(
    [f"row {r + 1}" for r in range(9)] + [f"column {c + 1}" for c in range(9)]
    + ["the diagonal from top left to bottom right", "the diagonal from top right to bottom left"]
)


TABLE_LIMIT = 999


def check_letter_table(value: Any) -> tuple[int, ...]:
    """10 whole numbers from -999 to 999: the points for writing one letter 0, 1, ..., 9 times.

    Bounded so that every score stays a short number the board can show and a record can hold.
    """
    rule = (f"must be 10 whole numbers from {-TABLE_LIMIT} to {TABLE_LIMIT}, the points for writing a letter "
            f"0 to 9 times, like {LETTER_TABLE}")
    if not isinstance(value, list | tuple):
        raise InvalidOption(f"{rule}, not {excerpt(value)}")
    if len(value) != 10:
        raise InvalidOption(f"{rule}, not {len(value)} entries")
    for count, points in enumerate(value):
        if type(points) is not int or not -TABLE_LIMIT <= points <= TABLE_LIMIT:
            shown = excerpt(points) if isinstance(points, int | float | str) else f"a {type(points).__name__}"
            raise InvalidOption(f"{rule}; writing a letter {count} times gives {shown}")
    return tuple(value)


class Tyc(TycCore, State):
    num_players = 2
    player_names = PLAYERS
    POSITION = POSITION
    __getstate__ = State.__getstate__  # not the compiled core's own, which keeps only its slots
    __setstate__ = State.__setstate__

    def every_action(self) -> list[str]:
        """Every action, for tools that number them: the 729 moves `11A` ... `99I`, board by board, cell by
        cell, letter by letter."""
        return list(EVERY_MOVE)

    @classmethod
    def deals(cls, options: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The equally likely deals under `options`: who moves first (None where `first_player` says)."""
        return None if options["first_player"] is not None else [{"first_player": 0}, {"first_player": 1}]

    def setup(self, rng: random.Random) -> None:
        first = self.options["first_player"]
        self.first_player = seed_bits(self.seed) & 1 if first is None else first
        self.to_move = self.first_player
        self.table: tuple[int, ...] = self.options["letter_table"]
        self.clear()

    # ---- rules ---------------------------------------------------------------------------------
    def playable_boards(self) -> tuple[int, ...]:
        """The boards (0-8) the mover may play on."""
        if self.outcome is not None:
            return ()
        if self.target is not None and self.empty[self.target]:
            return (self.target,)
        return tuple(b for b in range(9) if self.empty[b])

    def _finish(self) -> None:
        totals = self.current_scores()
        red, blue = totals
        lines = " and ".join(GRID_LINE_NAMES[i] for i in self.end_lines)
        why = f"{lines} of the grid {'was' if len(self.end_lines) == 1 else 'were'} filled"
        if red == blue:
            self.outcome = Outcome((), totals, f"draw: {red} to {blue} ({why})")
        else:
            winner = 0 if red > blue else 1
            high, low = max(totals), min(totals)
            self.outcome = Outcome((winner,), totals, f"{PLAYERS[winner]} wins {high} to {low} ({why})")
        self.to_move = None

    def refusal(self, action: str) -> str:
        if self.outcome is not None:
            return f"the game is over ({self.outcome.reason})"
        text = "".join(action.split()).upper()
        if text in self.legal_actions():
            return f"write {text!r}, not {excerpt(action)} (Tyc notation: board, cell, letter, like '51A')"
        if len(text) != 3 or text[0] not in DIGITS or text[1] not in DIGITS or not text[2].isalpha():
            return (f"{excerpt(action)} is not a Tyc move: write board, cell and letter, "
                    "like '51A' (board 5, cell 1, letter A)")
        if text[2] not in LETTERS:
            return f"there is no letter {text[2]}: Tyc uses the letters A to I"
        b, c, x = PARSE[text]
        if not self.empty[b]:
            return f"board {b + 1} is full"
        if b not in self.playable_boards():
            assert self.to_move is not None and self.target is not None  # a board is named: the game runs
            return (f"{PLAYERS[self.to_move]} must play on board {self.target + 1}, "
                    f"named by the last mark's cell {self.target + 1}")
        g = b * 9 + c
        if self.owner[g] >= 0:
            return (f"cell {c + 1} of board {b + 1} is taken "
                    f"({PLAYERS[self.owner[g]]} wrote {LETTERS[self.letter[g]]} there)")
        return f"letter {LETTERS[x]} is already on board {b + 1}"

    # ---- scores --------------------------------------------------------------------------------
    def score_breakdown(self) -> dict[str, tuple[int, ...]]:
        """Points per category and player (Red, Blue): the final scores, or the scores if the game ended now.

        Before the end no line has ended the game, so the line bonus is 0 for both.
        """
        three = [0, 0]
        for award in self.three:
            if award is not None:
                three[award[0]] += THREE_POINTS
        line = [0, 0]
        for g in {g for i in self.end_lines for g in GRID_LINES[i]}:
            line[self.owner[g]] += 1
        area = [0, 0]
        for b in range(9):
            red, blue = len(BITS[self.mine[b * 2]]), len(BITS[self.mine[b * 2 + 1]])
            if red != blue:
                area[0 if red > blue else 1] += len(BITS[self.empty[b]])
        table = self.table
        bonus = [sum(table[n] for n in self.letters[p * 9:p * 9 + 9]) for p in (0, 1)]
        return dict(zip(CATEGORIES, (tuple(three), tuple(line), tuple(area), tuple(bonus)), strict=True))

    def current_scores(self) -> tuple[int, int]:
        parts = self.score_breakdown().values()
        return sum(p[0] for p in parts), sum(p[1] for p in parts)

    def letter_counts(self, player: int) -> dict[str, int]:
        """How many times `player` wrote each letter, A to I."""
        return {LETTERS[x]: self.letters[player * 9 + x] for x in range(9)}

    # ---- information ---------------------------------------------------------------------------
    def cell(self, board: int, cell: int) -> tuple[str, int] | None:
        """What is written in `cell` of `board` (both 1-9): (letter, player), or None."""
        g = (board - 1) * 9 + cell - 1
        return None if self.owner[g] < 0 else (LETTERS[self.letter[g]], self.owner[g])

    def phase(self) -> str:
        return "move"

    def view_body(self, player: int | None) -> dict:
        breakdown = self.score_breakdown()
        return {
            "cells": [[None if self.owner[b * 9 + c] < 0 else
                       {"letter": LETTERS[self.letter[b * 9 + c]], "player": self.owner[b * 9 + c]}
                       for c in range(9)] for b in range(9)],
            "forced": None if self.target is None or not self.empty[self.target] else self.target + 1,
            "named": None if self.target is None else self.target + 1,
            "playable": [b + 1 for b in self.playable_boards()],
            "threes": [{"board": b + 1, "player": award[0], "cells": [c + 1 for c in award[1]]}
                       for b, award in enumerate(self.three) if award is not None],
            "end_lines": [{"name": GRID_LINE_NAMES[i],
                           "cells": [[g // 9 + 1, g % 9 + 1] for g in GRID_LINES[i]]} for i in self.end_lines],
            "last": None if self.last is None else ACTIONS[self.last // 9][self.last % 9][self.letter[self.last]],
            "scores": {name: list(points) for name, points in breakdown.items()},
            "totals": [sum(p[0] for p in breakdown.values()), sum(p[1] for p in breakdown.values())],
            "letters": [self.letters[0:9], self.letters[9:18]],
            "letter_table": list(self.table),
        }

    def status(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        assert self.to_move is not None  # the game is not over
        name = PLAYERS[self.to_move]
        if self.target is None:
            return f"{name} to move: the first move may go on any board"
        if not self.empty[self.target]:
            return f"{name} to move on any board that is not full (board {self.target + 1} is full)"
        return f"{name} to move on board {self.target + 1}"

    def describe(self, action: str) -> str:
        """Words for a move ("51A") or for its first step, the cell ("51")."""
        if action in PARSE:
            b, c, x = PARSE[action]
            return f"write {LETTERS[x]} in board {b + 1} cell {c + 1}"
        if len(action) == 2 and action[0] in DIGITS and action[1] in DIGITS:
            return f"board {action[0]} cell {action[1]}, empty: pick a letter for it"
        return action

    def targets(self) -> list[Target]:
        """Every move, and before them each cell that has a move (the first click, which opens the letters)."""
        legal = self.legal_actions()
        cells = dict.fromkeys(action[:2] for action in legal)
        return [Target(c, self.describe(c)) for c in cells] + [Target(a, self.describe(a)) for a in legal]

    def setup_record(self) -> dict:
        return {"first_player": self.first_player}

    def key(self) -> Any:
        return (tuple(self.owner), tuple(self.letter), self.target, self.to_move, self.outcome)

    def clone(self) -> Tyc:
        copy = self.__class__.__new__(self.__class__)
        copy.__dict__.update(self.__dict__)
        copy.take_position(self)
        copy.history = self.history[:]
        return copy
