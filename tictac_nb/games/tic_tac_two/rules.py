"""Tic Tac Two: tic-tac-toe on a main board and, beneath it, a board of face-down tiles.

Rules (the rulebook, and this kit's rulings where it is silent):
- X (player 0) moves first, then O. Squares are numbered 1-9 row by row; notation `5`.
- Marking a square flips the tile under it. Marking the centre activates the split centre: for the
  marker it counts on the middle row and column, for the opponent on both diagonals; before that it
  counts for nobody.
- Flipping the Peek tile gives the mover a second decision, `peek 3`: look at one outer tile still
  face down. Only the peeker learns the tile; everyone learns the square. No face-down tile: no Peek.
  The split centre is face up from the start, known to both, so it is never a Peek choice.
- Then both boards are checked for both players. A tile line needs three face-up tiles that each count
  for that player on that line (X or O tiles for their owner, Wild for both, Peek for nobody).
  One player with a line wins (even by the opponent's move); both: a tie; nine marks and no line: a draw.
  Win, tie and draw are three distinct results.

Options: `tiles` fixes the layout (9 letters row by row from X O W P, `C` at position 5, and `-` for
the blank that replaces the Peek or Wild tile); `peek=False` / `wild=False` play without that tile.

For players (the rules page of the print sheet):
- Two players, X and O; X starts. Lay the tiles face down in a 3 by 3 square, the split centre tile face
  up in the middle, and the main board on top of it.
- On your turn, mark an empty square of the main board. Flip the tile under that square face up.
- The split centre: once marked, it counts for the player who marked it on the middle row and column, and
  for the opponent on both diagonals. Unmarked, it counts for nobody.
- The Peek tile: when you flip it, look at one tile still face down (only you see it; everyone sees which
  square you chose).
- After each turn both boards are checked for both players: three of your marks in a line on the main
  board, or three face-up tiles in a line that each count for you (your own tiles, the Wild tile for
  both players; the Peek tile counts for nobody).
- One player with a line wins, even if the opponent made it; both players with a line: a tie; nine marks
  and no line: a draw.
- Tiles still face down when the game ends stay face down. If you flip the Peek tile with a winning mark,
  you still peek, then win.

Rulings of this kit, where the rulebook is silent:
- Hidden tiles stay hidden when the game ends (the rulebook never reveals them).
- Without the Peek (or Wild) tile, a blank tile takes its place: it counts for nobody, like the Peek.
- A fixed layout is one shuffle of the box: its outer tiles are exactly 3 X, 3 O, the Wild and the
  Peek (or a blank for each one switched off), in any order; letters may be lower case.
- The Peek decision comes before the check even when the mark already completed a line, so a player
  who flips the Peek tile with a winning mark still peeks, then wins.
- Bots see the tiles only through `determinize`, which deals the tiles unknown to their seat anew; the
  copy holds a fresh seed and its dealt layout (as the `tiles` option), never the real ones.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from ...core.engine import InvalidOption, Outcome, State, excerpt, seed_bits
from ...core.frozen import FrozenDict
from .core import CENTRE, LINES_THROUGH, OUTER, PEEK_NAMES, PEEKS, POSITION, SQUARE_NAMES, SQUARES, TicTacTwoCore

MARKS = ("X", "O")
TILE_LETTERS = {"X": 0, "O": 1, "W": 2, "P": 3, "-": 4, "C": 5}
"""The tiles' letters in a fixed order (X, O, Wild, Peek, blank, the split centre), as tools number them."""
LINE_MASKS = tuple(tuple((sum(1 << i for i in cells), cells, name, diagonal) for cells, name, diagonal in through)
                   for through in LINES_THROUGH)
"""Per square, each line through it as (bit mask, squares, name, whether it is a diagonal)."""


@cache
def layouts(box: str) -> tuple[str, ...]:
    """Every distinct layout of the eight outer tiles `box` around C, each once."""
    found: list[str] = []

    def place(prefix: str, rest: str) -> None:
        if not rest:
            found.append(prefix[:4] + "C" + prefix[4:])
        for tile in sorted(set(rest)):
            place(prefix + tile, rest.replace(tile, "", 1))

    place("", box)
    return tuple(found)


def check_tiles(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 9:
        raise InvalidOption(f"must be 9 letters row by row, like 'XOWPCOXXO', not {excerpt(value)}")
    value = value.upper()
    if value[CENTRE] != "C" or value.count("C") != 1:
        raise InvalidOption(f"must have the split centre C at position 5 and nowhere else, not {excerpt(value)}")
    bad = set(value) - set("XOWP-C")
    if bad:
        raise InvalidOption(f"uses {''.join(sorted(bad))!r}; tiles are X, O, W (wild), P (peek), - (blank)")
    return value


def box_tiles(peek: bool, wild: bool) -> str:
    """The eight outer tiles in the box: 3 X, 3 O, the Wild and the Peek (a blank `-` for each left out)."""
    return "XXXOOO" + ("W" if wild else "-") + ("P" if peek else "-")


LAYOUTS = {(True, True): layouts(box_tiles(True, True))}
"""The layouts of the rulebook's box, ready for every new game; `layouts` makes the others when first asked."""


class TicTacTwo(TicTacTwoCore, State):
    num_players = 2
    player_names = MARKS
    POSITION = POSITION
    __getstate__ = State.__getstate__  # not the compiled core's own, which keeps only its slots
    __setstate__ = State.__setstate__

    def every_action(self) -> list[str]:
        """Every action under the options, for tools that number them: the squares `1`-`9`, then `peek N` for
        the eight outer squares (only with the Peek tile)."""
        return [*SQUARE_NAMES, *(PEEK_NAMES.values() if self.options["peek"] else ())]

    @classmethod
    def deals(cls, options: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The equally likely deals under `options`, each as the `tiles` option that pins it: every distinct
        layout of the box's tiles (None where `tiles` fixes the layout already)."""
        if options["tiles"] is not None:
            return None
        return [{"tiles": layout} for layout in layouts(box_tiles(options["peek"], options["wild"]))]

    def setup(self, rng: random.Random) -> None:
        """The layout is one of the box's distinct layouts, each equally likely, picked by `seed_bits`."""
        options = self.options
        layout = options["tiles"]
        if layout is None:
            peek, wild = options["peek"], options["wild"]
            choices = LAYOUTS.get((peek, wild)) or layouts(box_tiles(peek, wild))
            layout = choices[seed_bits(self.seed) % len(choices)]
        else:
            if not self.options["peek"] and "P" in layout:
                raise InvalidOption("option 'tiles' has a Peek tile but 'peek' is False")
            if not self.options["wild"] and "W" in layout:
                raise InvalidOption("option 'tiles' has a Wild tile but 'wild' is False")
            box = box_tiles(self.options["peek"], self.options["wild"])
            if sorted(layout[i] for i in OUTER) != sorted(box):
                mix = ", ".join(f"{n} {t}" for t, n in Counter(box).items())
                raise InvalidOption(f"option 'tiles' must lay out the box's outer tiles ({mix}) around C, "
                                    f"not {layout!r}")
        self.tiles = layout

    @property
    def marks(self) -> list[int | None]:
        """The mark on each square: 0 (X), 1 (O) or None."""
        m = self._marks
        return [0 if m >> i & 1 else 1 if m >> 9 + i & 1 else None for i in range(9)]

    @property
    def face_up(self) -> list[bool]:
        """Whether each square's tile is face up."""
        return [bool(self._up >> i & 1) for i in range(9)]

    # ---- rules ---------------------------------------------------------------------------------
    def _end_turn(self, player: int, square: int) -> None:
        """The turn ends with a line through `square` (the fast check in `apply` saw one): who won."""
        found = self.lines = self._lines_through(square)
        if len({p for *_, p in found}) == 2:
            detail = "; ".join(f"{MARKS[p]}: " + " and ".join(f"{name} of the {board}" for board, _, name, q in found
                                                        if q == p) for p in (0, 1))
            self._finish((), f"tie: both completed a line ({detail})")
        else:
            board, _, name, winner = found[0]
            by = "" if winner == player else f" ({MARKS[player]} flipped the tile)"
            self._finish((winner,), f"{MARKS[winner]} completed the {name} of the {board}{by}")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.outcome = Outcome(winners, None, reason)
        self.to_move = None
        self._legal = ()

    def _lines_through(self, square: int) -> tuple[tuple[str, tuple[int, ...], str, int], ...]:
        """Every line through `square` complete on either board, for either player, in the order of LINES."""
        found = []
        x, o = self._marks & 511, self._marks >> 9
        for mask, cells, name, diagonal in LINE_MASKS[square]:
            if x & mask == mask or o & mask == mask:
                found.append(("main board", cells, name, 0 if x & mask == mask else 1))
            credit = self._diagonal if diagonal else self._straight  # only face-up tiles give credit
            if credit & mask == mask:
                found.append(("tile board", cells, name, 0))
            if credit >> 9 & mask == mask:
                found.append(("tile board", cells, name, 1))
        return tuple(found)

    def refusal(self, action: str) -> str:
        text = " ".join(action.lower().split())
        if text in self.legal_actions():
            return f"write {text!r}, not {excerpt(action)} (Tic Tac Two notation: '5' or 'peek 3')"
        assert self.to_move is not None  # the engine asks for refusals only while the game runs
        if self.peeking:
            if text in SQUARES:
                return f"{MARKS[self.to_move]} flipped the Peek tile and must first choose a tile to peek at"
            if text.startswith("peek"):
                square = text[4:].strip()
                if square == "5":
                    return "the split centre is known to all, so it cannot be peeked at"
                if f"peek {square}" in self.legal_actions():
                    return f"write 'peek {square}', not {excerpt(action)} (Tic Tac Two notation: 'peek 3')"
                if square in SQUARES:
                    return f"the tile under square {square} is already face up"
            return f"{excerpt(action)} is not a Peek choice; write 'peek N' for a face-down tile N"
        if text.startswith("peek"):
            return "you may peek only right after flipping the Peek tile"
        owner = self.marks[SQUARES[text]] if text in SQUARES else None
        if owner is not None:  # a square that is not legal now is taken
            return f"square {text} is taken by {MARKS[owner]}"
        return f"{excerpt(action)} is not a square; squares are numbered 1 to 9"

    # ---- information ---------------------------------------------------------------------------
    def known_tiles(self, player: int | None) -> list[str | None]:
        known = [t if up else None for t, up in zip(self.tiles, self.face_up, strict=True)]
        for peeker, square in self.peeks:
            if peeker == player:
                known[square] = self.tiles[square]
        return known

    def tile_mix(self) -> dict[str, int]:
        return dict(sorted(Counter(self.tiles[i] for i in OUTER).items()))

    def phase(self) -> str:
        return "peek" if self.peeking else "mark"

    def view_body(self, player: int | None) -> dict:
        return {
            "marks": [None if m is None else MARKS[m] for m in self.marks],
            "tiles": self.known_tiles(player),
            "face_up": list(self.face_up),
            "tile_mix": self.tile_mix(),
            "centre_owner": None if self.centre_owner is None else MARKS[self.centre_owner],
            "peeks": [{"by": MARKS[p], "square": s + 1, "mine": p == player} for p, s in self.peeks],
            "lines": [{"board": b, "squares": [i + 1 for i in cells], "player": MARKS[p]}
                      for b, cells, _, p in self.lines],
            "last": self.history[-1] if self.history else None,
        }

    def determinize(self, player: int | None, rng: random.Random) -> TicTacTwo:
        """A copy whose tiles hidden from `player` are dealt anew from the tiles they have not seen.

        It depends only on what `player` knows, the moves and `rng`: the real seed and layout go too, a
        fresh seed from `rng` and the dealt layout (as the `tiles` option) take their place, so the copy's
        record and `undo` replay the dealt tiles. (The unseen tiles are exactly those under the hidden
        squares, sorted before the deal so that it does not depend on where they really lie.)
        """
        up, tiles = self._up, self.tiles
        hidden = [i for i in OUTER if not up >> i & 1]
        if self.peeks and player is not None:
            hidden = [i for i in hidden if (player, i) not in self.peeks]
        deal = sorted([tiles[i] for i in hidden])
        seed = rng.randrange(2**32)
        rng.shuffle(deal)
        layout = list(tiles)
        for square, tile in zip(hidden, deal, strict=True):
            layout[square] = tile
        copy = self.clone()
        copy.tiles = "".join(layout)
        copy.seed = seed
        copy.options = FrozenDict(self.options, tiles=copy.tiles)
        return copy

    def status(self) -> str:
        if self.peeking and self.to_move is not None:  # peeking: the game runs
            return f"{MARKS[self.to_move]} flipped the Peek tile: choose a face-down tile to peek at"
        return super().status()

    def describe(self, action: str) -> str:
        if action in PEEKS:
            return f"peek at the tile under square {action[5:]}"
        return f"mark square {action}"

    def setup_record(self) -> dict:
        return {"tiles": self.tiles}

    def key(self) -> Any:
        return (self.tiles, self._marks, self._up, self.centre_owner, self.peeking, self.peeks, self.to_move,
                self.outcome)

    def clone(self) -> TicTacTwo:
        copy = self.__class__.__new__(self.__class__)
        copy.__dict__.update(self.__dict__)
        copy.take_position(self)
        copy.history = self.history[:]
        return copy
