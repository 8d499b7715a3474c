"""A deck from a table: one row a card (name, count, effect, text and any columns of the student's own).

The table is a pandas DataFrame, a CSV file (its path) or a list of dicts; it is read here, in pure Python,
and every mistake is a sentence naming the row and the column (`CardTableError`), so that a designer fixes
the spreadsheet, not the code.
"""

from __future__ import annotations

import csv
import math
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.engine import InvalidOption, excerpt
from .effects import Step, describe_steps, parse_effect

REQUIRED = ("name", "count", "effect")
"""The columns every table has; `text` (the words on the card) is written from the effect when missing."""
MAX_NAME = 30
MAX_TEXT = 300
MAX_CARDS = 200
COLOURS = {  # light fills a card's band may take by name; a column may also hold "#rrggbb"
    "red": "#f4a6a6", "orange": "#f6c28b", "yellow": "#f7e08a", "green": "#a8d8a0", "teal": "#9ed8d0",
    "blue": "#a9c8f0", "purple": "#cdb4ee", "pink": "#f3b5d3", "brown": "#d2b48c", "grey": "#c8ccd0",
    "gray": "#c8ccd0", "white": "#ffffff", "black": "#3e4c59",
}
HEX = re.compile(r"#[0-9a-fA-F]{6}")
DECIMAL = re.compile(r"[+-]?[0-9]{1,15}(?:\.[0-9]{1,15})?")


class CardTableError(InvalidOption):
    """A table that makes no deck; the message names the row and the column at fault."""


@dataclass(frozen=True)
class Card:
    """One row of the table: a kind of card, `count` copies of it in the deck."""

    name: str
    count: int
    effect: str
    text: str
    steps: tuple[Step, ...]
    extra: tuple[tuple[str, Any], ...] = ()
    """The student's own columns (cost, colour, type ...), in the table's order, as plain values."""

    def get(self, column: str, default: Any = None) -> Any:
        """The value of one of the student's columns (or `default`)."""
        return dict(self.extra).get(column, default)


@dataclass(frozen=True, eq=False)
class Deck:
    """The cards of a table, in its order, and the names of its columns (compared and hashed by identity:
    every state of a game shares its deck)."""

    cards: tuple[Card, ...]
    columns: tuple[str, ...]
    functions: Mapping[str, Callable[..., Any]]
    """Python effects by name, for what the vocabulary lacks: `fn(state, seat)`."""
    colour: str = "colour"
    """The column that colours each card."""

    @property
    def size(self) -> int:
        return sum(card.count for card in self.cards)

    def index(self, name: str) -> int | None:
        """The kind (row) of the card called `name`, any case, or None."""
        folded = name.strip().casefold() if isinstance(name, str) else None
        return next((i for i, card in enumerate(self.cards) if card.name.casefold() == folded), None)


def read_rows(table: Any) -> tuple[list[dict[str, Any]], tuple[str, ...]]:
    """The rows of a DataFrame, a CSV path or a list of dicts, as plain dicts, and the column names."""
    if isinstance(table, (str, Path)):
        path = Path(table)
        if not path.is_file():
            raise CardTableError(f"there is no card table at {excerpt(str(path))}")
        with path.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            rows = [dict(row) for row in reader]
            return rows, tuple(reader.fieldnames or ())
    if hasattr(table, "to_dict") and hasattr(table, "columns"):  # a pandas DataFrame, without importing pandas
        columns = tuple(str(c) for c in table.columns)
        return [{str(k): v for k, v in row.items()} for row in table.to_dict("records")], columns
    if isinstance(table, (list, tuple)):
        seen: list[str] = []
        for number, row in enumerate(table, 1):
            if not isinstance(row, Mapping):
                raise CardTableError(f"row {number} is {type(row).__name__} {excerpt(row)}: a card is a dict of "
                                     f"column to value, such as {{'name': 'Fireball', 'count': 2, 'effect': 'place'}}")
            seen += [str(k) for k in row if str(k) not in seen]
        return [{str(k): v for k, v in row.items()} for row in table], tuple(seen)
    raise CardTableError(f"a card table is a pandas DataFrame, the path of a CSV file or a list of dicts, "
                         f"not {type(table).__name__}")


def plain(value: Any) -> Any:
    """A cell as plain data: numpy scalars as Python numbers, numbers written as text ("2", "2.0", "1.5") as
    numbers, whole ones as ints, NaN and empty text as None."""
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            value = value.item()
        except (TypeError, ValueError):
            return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if value.is_integer() and abs(value) < 1e15:  # a column with an empty cell reads as floats
            return int(value)
    if isinstance(value, str):
        if not value.strip():
            return None
        if DECIMAL.fullmatch(value.strip()):  # a CSV file holds text: its numbers read as numbers
            number = float(value)
            return int(number) if number.is_integer() else number
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def _count(value: Any, where: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if type(value) is not int or value < 1:
        raise CardTableError(f"{where}, column 'count': {excerpt(value)} is not a count of cards; "
                             f"a count is a whole number of 1 or more")
    return value


def _words(value: Any, where: str, column: str, limit: int) -> str:
    if not isinstance(value, str):
        value = "" if value is None else str(value)
    bad = next((c for c in value if unicodedata.category(c) in ("Cc", "Cs") and c != "\n"), None)
    if bad is not None:
        raise CardTableError(f"{where}, column {column!r}: the text holds the control character U+{ord(bad):04X}; "
                             f"write plain words")
    if len(value) > limit:
        raise CardTableError(f"{where}, column {column!r}: {len(value)} characters is too long for a card "
                             f"(at most {limit})")
    return " ".join(value.split())


def card_colour(value: Any) -> str | None:
    """The fill of a colour cell: a name from `COLOURS` or "#rrggbb" (None when the cell is empty)."""
    if value is None:
        return None
    text = str(value).strip()
    if HEX.fullmatch(text):
        return text.lower()
    return COLOURS.get(text.lower())


def make_deck(table: Any, functions: Mapping[str, Callable[..., Any]] | None = None,
              colour: str = "colour") -> Deck:
    """The deck of `table`; `functions` names Python effects a row's `effect` may use, and `colour` the
    column that colours each card. Bad tables raise `CardTableError` naming the row and the column."""
    rows, columns = read_rows(table)
    functions = dict(functions or {})
    for key, fn in functions.items():
        if not callable(fn):
            raise CardTableError(f"the Python effect {key!r} is {type(fn).__name__}, not a function fn(state, seat)")
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise CardTableError(f"the table has no column {missing[0]!r} (its columns: {', '.join(columns) or 'none'}); "
                             f"a card table has the columns name, count and effect, and may have text and your own")
    if not rows:
        raise CardTableError("the table has no rows: write one row for each card")
    if len(rows) > MAX_CARDS:
        raise CardTableError(f"the table has {len(rows)} rows; a deck has at most {MAX_CARDS} kinds of card")
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(rows, 1):
        where = f"row {number}"
        name = _words(plain(row.get("name")), where, "name", MAX_NAME)
        if not name:
            raise CardTableError(f"{where}, column 'name': a card needs a name")
        if any(c in name for c in ";@"):
            raise CardTableError(f"{where}, column 'name': {excerpt(name)} holds ';' or '@', which the notation uses")
        where = f"row {number} ({name})"
        folded = name.casefold()
        if folded in seen:
            raise CardTableError(f"{where}, column 'name': the name {name!r} is used twice (rows {seen[folded]} and "
                                 f"{number}); give each card its own name, or raise the first one's count")
        seen[folded] = number
        count = _count(plain(row.get("count")), where)
        raw = row.get("effect")
        if callable(raw):  # a list-of-dicts table may hold the function itself
            functions[name] = raw
            raw = name
        effect = _words(plain(raw), where, "effect", MAX_TEXT)
        try:
            steps = parse_effect(effect, functions)
        except ValueError as error:
            raise CardTableError(f"{where}, column 'effect': {error}") from None
        text = _words(plain(row.get("text")), where, "text", MAX_TEXT) or describe_steps(steps)
        extra = []
        for column in columns:
            if column in REQUIRED or column == "text":
                continue
            value = plain(row.get(column))
            if isinstance(value, str):
                value = _words(value, where, column, MAX_TEXT)
            if column == colour and value is not None and card_colour(value) is None:
                raise CardTableError(f"{where}, column {column!r}: {excerpt(value)} is no colour; write a name "
                                     f"({', '.join(sorted(COLOURS))}) or '#rrggbb'")
            extra.append((column, value))
        cards.append(Card(name, count, effect, text, steps, tuple(extra)))
    deck = Deck(tuple(cards), columns, functions, colour)
    if deck.size > 999:
        raise CardTableError(f"the column 'count' adds up to {deck.size} cards; a deck holds at most 999")
    return deck
