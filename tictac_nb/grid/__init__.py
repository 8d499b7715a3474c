"""A family of grid games to start from: placement on an m x n grid, k in a row, in a few lines.

    >>> import tictac_nb
    >>> from tictac_nb.grid import grid_game
    >>> connect3 = tictac_nb.register(grid_game("connect-3", "Connect 3", rows=4, cols=5, gravity=True))
    >>> state = connect3.new_game(seed=1)
    >>> state.legal_actions()           # with gravity, only the bottom row is open
    ('a4', 'b4', 'c4', 'd4', 'e4')
    >>> state.play("c4"); state.legal_actions()    # then the square above it (row by row: c3 first)
    ('c3', 'a4', 'b4', 'd4', 'e4')
    >>> tictac_nb.unregister("connect-3")

Options set the board size, k in a row, gravity, misère, marks a turn, blocked squares and the number of
players; each is a real rule option (the design lab sweeps it, a play page offers it). A rule the options
do not have is a subclass of `GridState` overriding one hook (`may_place`, `marks_for`, `wins`,
`after_place`), given as `state_class`. The hooks run in this order as a mark is placed: `may_place` and
`marks_for` made the legal actions, the mark goes on the grid, `after_place(cell, mark)` changes what else it
changes, then `wins(cell, mark)` looks for a line through the square just marked (only that square: a line
that `after_place` makes elsewhere needs its own check in `wins`).

A secret is one declaration on the subclass: `SECRETS = ("target",)` and a `setup` that deals a value per
seat (`self.target = [...]`); the kit hides each seat's from the others and deals them afresh for bots.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.bots import MCTSBot
from ..core.engine import Game, Option, boolean, int_between
from .render import render, rules_line
from .rules import MARK_NAMES, MARKS, GridState, check_blocked, geometry, square_name

__all__ = ["GridGame", "GridState", "MARKS", "MARK_NAMES", "geometry", "grid_bot", "grid_game", "square_name"]

BOT_BUDGET = 40_000
"""Iterations x squares the default bot may spend on one decision, at most 1,000 iterations: 100 ms or less a
move on 3 x 3 to 10 x 10 grids (`bench/grid.py` measures)."""


def grid_bot(cells: int) -> functools.partial:
    """The default bot of a grid of `cells` squares, made as `grid_bot(cells)(seed=...)`: `MCTSBot` with
    `BOT_BUDGET / cells` iterations, at most 1,000, so that a move takes about as long on any grid (a
    `functools.partial` of the kit's own class: it plays in this process, like the kit's bots)."""
    return functools.partial(MCTSBot, min(1000, BOT_BUDGET // cells))


MOVE_CAP = 100
"""A grid game lasts at most a mark a square (10 x 10), unless an `after_place` takes marks off again."""


@dataclass(frozen=True, repr=False)
class GridGame(Game):
    """A `Game` of the grid family: its rules text is written from its options (and its state class's
    docstring, where a variant says what its hook changes), so the rules page prints this very variant."""

    @property
    def rules(self) -> str:
        return grid_rules(self)


def grid_game(name: str, title: str, *, rows: int = 3, cols: int = 3, k: int = 3, gravity: bool = False,
              misere: bool = False, marks_per_turn: int = 1, blocked: tuple[str, ...] | list[str] = (),
              players: int = 2, state_class: type[GridState] = GridState, variants: dict | None = None,
              default_bot: Callable[..., Any] | None = None, move_cap: int = MOVE_CAP) -> GridGame:
    """A grid game called `name` (1 to 40 small letters, digits and dashes) whose options default to the
    given rules; `state_class` is `GridState` or a subclass overriding a hook. `default_bot` (made as
    `default_bot(seed=...)`) plays it unless told otherwise, `grid_bot` for the grid's size by default;
    `move_cap` is the most actions a game lasts (raise it where `after_place` takes marks off). Register it
    with `tictac_nb.register` to play it everywhere. Bad values raise `InvalidOption` naming the option."""
    if not (isinstance(state_class, type) and issubclass(state_class, GridState)):
        raise TypeError(f"state_class must be GridState or a subclass of it, not {state_class!r}")
    options = {
        "rows": Option(rows, int_between(2, 10), "rows of the grid, 2 to 10", label="Rows"),
        "cols": Option(cols, int_between(2, 10), "columns of the grid, 2 to 10", label="Columns"),
        "k": Option(k, int_between(2, 10), "marks in a row that make a line, at most the longer side",
                    label="In a row"),
        "gravity": Option(gravity, boolean, "marks fall: a mark needs something under it", label="Gravity"),
        "misere": Option(misere, boolean, "misère: whoever completes a line loses", label="Misère (a line loses)"),
        "marks_per_turn": Option(marks_per_turn, int_between(1, 3),
                                 "marks a turn (the first turn of the game is one mark)", label="Marks a turn"),
        "blocked": Option(tuple(blocked), check_blocked, "squares that take no mark, e.g. ['b2']",
                          label="Blocked squares"),
        "players": Option(players, int_between(2, 4), "players, 2 to 4 (X, O, Triangle, Square)",
                          label="Players", words=tuple((n, f"{n} players") for n in range(2, 5))),
    }
    game = GridGame(name=name, title=title, state_class=state_class, render=render, options=options,
                    default_bot=default_bot or grid_bot(rows * cols), variants=variants or {},
                    phases=("mark",), players=(2, 3, 4), move_cap=move_cap)
    game.new_game(0)  # the defaults together (k against the grid, blocked squares on it) are checked now
    return game


def grid_rules(game: Game) -> str:
    """The rules of grid game `game` as set by its default options, in the shape the print sheet reads."""
    state = game.new_game(0)
    o = state.options
    marks = ", ".join(MARK_NAMES[:o["players"]])
    rules = [f"{o['players']} players: {marks}. X starts, then each plays in that order.",
             "On your turn, place your mark on an empty square of the grid."]
    if o["gravity"]:
        rules.append("Marks fall: a mark goes on the bottom row, or on a mark or a blocked square.")
    if o["marks_per_turn"] > 1:
        rules.append(f"Place {o['marks_per_turn']} marks a turn; the very first turn of the game is one mark.")
    if o["blocked"]:
        rules.append(f"Blocked squares ({', '.join(o['blocked'])}) take no mark and make no line.")
    house = inspect.cleandoc(game.state_class.__dict__.get("__doc__") or "") if game.state_class is not GridState \
        else None
    if house:
        rules.append(f"House rule: {' '.join(house.split(chr(10) * 2)[0].split())}")
    goal = f"{o['k']} marks alike in a row, a column or a diagonal"
    rules.append(f"Whoever completes {goal} loses (misère)." if o["misere"] else f"Complete {goal} to win.")
    lines = [f"{game.title}: {rules_line(state.view(None))} (a grid game of tictac_nb.grid).", "",
             "Rules (as the engine implements them):",
             *(f"- {line}" for line in rules),
             "- A full grid, or a turn with no square open, is a draw.",
             "- Squares are named by column letter and row number, a1 at the top left; notation `b2`, or `b2 O` "
             "where a player has a choice of marks.", "",
             "For players (the rules page of the print sheet):",
             *(f"- {line}" for line in rules),
             "- If the grid fills up with no line, the game is a draw.",
             "- Play with counters you can turn over or swap (coins, or paper squares marked on both sides): a "
             "rule changes marks already on the grid."
             if getattr(game.state_class, "after_place", None) is not GridState.after_place
             else "- Mark with pencils, or with coins or counters of one colour a player.", "",
             "Rulings of this kit, where the rules are silent:",
             "- A line counts for whoever completes it, whatever mark it is made of.",
             "- In a game of three or four, a misère line makes every other player win.", ""]
    return "\n".join(lines)
