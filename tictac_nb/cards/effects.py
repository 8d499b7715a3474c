"""The vocabulary of card effects: short words a table's `effect` column holds, steps joined by ";".

    place                 place your mark on any empty square
    place row 2           ... in row 2 (also: column b, corner, edge, centre, or squares: place a1 c3)
    block                 block an empty square: no mark, no line (takes the same places as `place`)
    remove                take an opponent's mark off the grid
    move                  move one of your marks to an empty square (two choices: from, then to)
    swap                  swap one of your marks with an opponent's (two choices)
    draw 2                draw cards (1 when no number)
    discard               discard a card of your choice (`discard 2`: two, one at a time)
    steal                 take a card at random from an opponent's hand (you choose whom)
    again                 take another turn after this one
    points 2              score points (the `points` way to win counts them)
    nothing               no effect
    NAME                  a Python function fn(state, seat) given to `card_game(effects={NAME: fn})`

`draw 1; place` draws, then places. A card may be played only if its first step can do something now;
a later step with nothing to act on is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..grid.rules import COLUMNS


class Step(NamedTuple):
    """One step of an effect: its verb and what it takes (a place, a number, a function's name)."""

    verb: str
    arg: Any = None


CHOICES = frozenset({"place", "block", "remove", "move", "swap", "discard", "steal"})
"""Verbs that ask the player for a choice; the others are done at once."""
WORDS = "place, block, remove, move, swap, draw N, discard N, steal, again, points N, nothing"
PLACES = re.compile(r"(?:in\s+|on\s+|the\s+)*(?:(anywhere|any)|row\s+(10|[1-9])|column\s+([a-j])|(corners?)|"
                    r"(edges?)|(centre|center|middle)|((?:[a-j](?:10|[1-9])[\s,]*)+))")
NUMBER = re.compile(r"[+-]?\d{1,2}")


def _place(words: str) -> tuple:
    if not words:
        return ("any",)
    match = PLACES.fullmatch(words)
    if not match:
        raise ValueError(f"{words!r} is no place: write anywhere, row 2, column b, corner, edge, centre or "
                         f"squares such as a1 c3")
    anywhere, row, column, corner, edge, centre, squares = match.groups()
    if row:
        return ("row", int(row))
    if column:
        return ("column", column)
    if corner:
        return ("corner",)
    if edge:
        return ("edge",)
    if centre:
        return ("centre",)
    if squares:
        return ("squares", tuple(re.findall(r"[a-j](?:10|[1-9])", squares)))
    return ("any",)


def _number(words: str, verb: str, default: int | None = 1, low: int = 1) -> int:
    if not words and default is not None:
        return default
    if not NUMBER.fullmatch(words) or int(words) < low:
        raise ValueError(f"'{verb} {words}' needs a whole number of {low} or more after it, such as '{verb} 2'")
    return int(words)


def parse_effect(effect: str, functions: Mapping[str, Any]) -> tuple[Step, ...]:
    """The steps of an effect cell ("draw 1; place row 2"); a word that is no effect raises ValueError."""
    steps: list[Step] = []
    for part in effect.split(";"):
        words = " ".join(part.split())
        if not words:
            continue
        if words in functions:
            steps.append(Step("call", words))
            continue
        verb, _, rest = words.lower().partition(" ")
        if verb in ("place", "block"):
            steps.append(Step(verb, _place(rest)))
        elif verb in ("remove", "move", "swap", "steal") and not rest:
            steps.append(Step(verb))
        elif verb == "draw":
            steps.append(Step("draw", _number(rest, verb)))
        elif verb == "discard":
            steps.extend([Step("discard")] * _number(rest, verb))
        elif verb in ("points", "score"):
            steps.append(Step("points", _number(rest, verb, None, low=-99)))
        elif words.lower() in ("again", "another turn", "extra turn", "take another turn"):
            steps.append(Step("again"))
        elif words.lower() in ("nothing", "none", "no effect"):
            steps.append(Step("nothing"))
        else:
            named = f"; or a Python effect: {', '.join(functions)}" if functions else ""
            raise ValueError(f"{words!r} is no effect; the effects are {WORDS}{named}")
    return tuple(steps) or (Step("nothing"),)


def place_words(where: tuple) -> str:
    """Where a place or block step may go: 'on an empty square', 'in row 2', 'on an empty corner', ..."""
    kind = where[0]
    if kind == "row":
        return f"in row {where[1]}"
    if kind == "column":
        return f"in column {where[1]}"
    if kind == "corner":
        return "on an empty corner"
    if kind == "edge":
        return "on an empty edge square"
    if kind == "centre":
        return "in the centre"
    if kind == "squares":
        return "on " + " or ".join(where[1])
    return "on an empty square"


def step_words(step: Step) -> str:
    """A step in a player's words, for card texts, the rules and the status line."""
    verb, arg = step
    if verb == "place":
        return f"place your mark {place_words(arg)}"
    if verb == "block":
        return f"block a square {place_words(arg)}" if arg[0] != "any" else "block an empty square"
    return {
        "remove": "remove an opponent's mark",
        "move": "move one of your marks to an empty square",
        "swap": "swap one of your marks with an opponent's",
        "discard": "discard a card",
        "steal": "take a card at random from an opponent's hand",
        "again": "take another turn",
        "nothing": "no effect",
    }.get(verb) or (f"draw {arg} card{'s' if arg != 1 else ''}" if verb == "draw"
                    else f"score {arg} point{'s' if abs(arg) != 1 else ''}" if verb == "points" else f"{arg}")


def describe_steps(steps: tuple[Step, ...]) -> str:
    """The words of a whole effect: 'Draw 1 card, then place your mark on an empty square.'"""
    text = ", then ".join(step_words(step) for step in steps)
    return text[:1].upper() + text[1:] + "."


def cells_of(where: tuple, rows: int, cols: int) -> frozenset[int] | None:
    """The cells a place names on a rows x cols grid (None: anywhere); ValueError when it is off the grid."""
    kind = where[0]
    if kind == "any":
        return None
    if kind == "row":
        if where[1] > rows:
            raise ValueError(f"row {where[1]} is off a grid of {rows} rows")
        return frozenset(range((where[1] - 1) * cols, where[1] * cols))
    if kind == "column":
        col = COLUMNS.index(where[1])
        if col >= cols:
            raise ValueError(f"column {where[1]} is off a grid of {cols} columns")
        return frozenset(range(col, rows * cols, cols))
    if kind == "corner":
        return frozenset({0, cols - 1, (rows - 1) * cols, rows * cols - 1})
    if kind == "edge":
        return frozenset(c for c in range(rows * cols) if c // cols in (0, rows - 1) or c % cols in (0, cols - 1))
    if kind == "centre":
        middle_rows = {rows // 2} if rows % 2 else {rows // 2 - 1, rows // 2}
        middle_cols = {cols // 2} if cols % 2 else {cols // 2 - 1, cols // 2}
        return frozenset(r * cols + c for r in middle_rows for c in middle_cols)
    cells = set()
    for name in where[1]:
        col, row = COLUMNS.index(name[0]), int(name[1:])
        if col >= cols or row > rows:
            raise ValueError(f"square {name} is off a {rows} by {cols} grid")
        cells.add((row - 1) * cols + col)
    return frozenset(cells)
