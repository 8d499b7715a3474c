"""Tic Tac Trek: draw terrain tiles from a bag, lay out a map, light campfires on three-in-a-rows.

Rules (the rulebook, and this kit's rulings where it is silent):
- Two players, X (player 0) and O (player 1); who starts is `first_player` (random by seed).
- The box: 26 double-sided tiles, 6 mountain, 6 desert, 6 grassland, 6 forest and 2 lake; a tile has
  the same terrain on both sides, X on one side and O on the other. Each player has 6 campfires.
- Setup: the first two tiles out of the bag go in the middle, side by side, one X side up, one O side
  up. The other 24 stay in the bag, so each player places 12 and the second player takes the final turn.
- A turn: the mover draws a tile (both players see it; the bag's contents are public, only its order
  is hidden), turns their own symbol up and places it on an empty cell orthogonally next to a tile of
  the same terrain or next to a lake. A drawn lake may go next to any tile. When no empty cell
  qualifies, the tile may go next to any tile. Notation: the cell, `x,y`.
- Three-in-a-row: three consecutive tiles in a row, column or diagonal, all showing the mover's symbol,
  none carrying a campfire, one of them the tile just placed. Then the mover must put one campfire on
  the tile just placed (one per turn, however many lines). With no campfire left in supply, the mover
  instead decides: `fire x,y` moves their campfire standing at x,y onto the new tile, `keep` leaves
  every campfire where it stands. A tile's symbol is blocked only while a campfire stands on it.
- When the bag is empty, each campfire scores the empty cells among its 8 neighbours (0-7). Most
  points wins ("Top Trekker"); tied, more campfires placed wins; still tied, whoever took the final
  turn loses. So the game always has a winner.
- Coordinates: the first setup tile is at 0,0; x grows to the right, y downwards.

For players (the rules page of the print sheet):
- Two players, X and O; decide who starts. The box: 26 tiles (6 mountain, 6 desert, 6 grassland, 6 forest,
  2 lake), X on one side and O on the other, and 6 campfires for each player.
- Setup: draw two tiles from the bag and lay them side by side in the middle, one X up, one O up.
- On your turn, draw a tile, turn your symbol up and place it next to (not diagonally) a tile of the same
  terrain or next to a lake. A lake may go next to any tile. If no cell fits, place it next to any tile.
- Three in a row: three tiles in a line (row, column or diagonal) all showing your symbol, none with a
  campfire, one of them the tile you just placed. Then put one of your campfires on the tile you just
  placed (one per turn, however many lines). A line of four or more counts too.
- With no campfire left, you may move one of yours onto the new tile, or leave them all where they are.
- A campfire blocks only its own tile's symbol; the other tiles of a line can make new lines.
- When the bag is empty, each campfire scores the empty cells around it (up to 8). Most points wins; tied,
  more campfires on the map wins; still tied, whoever took the last turn loses.

Rulings of this kit, where the rulebook is silent:
- The rulebook does not say whether a line of four counts; this kit rules that a line of four or more
  through the placed tile holds 3-in-a-rows and lights one campfire.
- Only a campfire's own tile is blocked: the other tiles of an old line can make new lines.
- The second setup tile goes to the right of the first, at 1,0. The first shows X, the second O
  (which tiles they are is random, so this favours nobody).
- A campfire that moves leaves its old tile's symbol free again, but nothing is checked then: lines
  are only ever looked for through the tile just placed.
- "Placed most campfires" counts the campfires on the map; moving one does not place another.
- A turn ends after its campfire decision, so the game ends after the last tile's decision.
- Both players always know the same things (the bag's order is chance hidden from everyone), so the
  game is not marked as having hidden information: hot-seat play needs no "pass the screen" cover.
  Bots still see the bag only through `determinize`, which reshuffles its order; the copy holds a
  fresh seed and its new order (as the `bag` option), never the real ones.
- With a `mix` of an odd number of tiles the first player places one tile more and takes the final turn.

Options: `first_player` (0, 1 or None for the seed); `bag`, a fixed order for the first tiles out of
the bag, the two setup tiles first (letters M D G F L or terrain names; the rest of the mix follows in
seeded random order); `mix`, the tiles in the box per terrain (terrains not named keep their rulebook
count); `campfires`, each player's supply.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from ...core.engine import InvalidOption, Outcome, State, excerpt
from ...core.frozen import FrozenDict

SYMBOLS = ("X", "O")
TERRAINS = FrozenDict({"M": "mountain", "D": "desert", "G": "grassland", "F": "forest", "L": "lake"})
LETTERS = FrozenDict({name: letter for letter, name in TERRAINS.items()})
TERRAIN_INDEX = {"mountain": 0, "desert": 1, "grassland": 2, "forest": 3, "lake": 4}
"""The terrains in a fixed order, as tools number them."""
MIX = FrozenDict({"mountain": 6, "desert": 6, "grassland": 6, "forest": 6, "lake": 2})
BIT = FrozenDict({letter: 1 << i for i, letter in enumerate(TERRAINS)})
LAKE = "L"
MAX_TILES = 200

# A cell is one int: (y + OFFSET) * STRIDE + (x + OFFSET). Sorting cells sorts them row by row.
STRIDE = 1 << 12
OFFSET = STRIDE // 2
ORTHOGONAL = (1, -1, STRIDE, -STRIDE)
NEIGHBOURS = (-STRIDE - 1, -STRIDE, -STRIDE + 1, -1, 1, STRIDE - 1, STRIDE, STRIDE + 1)
DIRECTIONS = (1, STRIDE, STRIDE + 1, STRIDE - 1)
ORIGIN = OFFSET * STRIDE + OFFSET

# Cell names met so far, both ways; bounded, so that no stream of refused moves can grow it without end.
_NAMES: dict[int, str] = {}
_CELLS: dict[str, int] = {}
NAME_CACHE = 16_384
LOOSE_CELL = re.compile(r"[(\[]?\s*([+-]?[0-9]{1,5})\s*,\s*([+-]?[0-9]{1,5})\s*[)\]]?", re.ASCII)


def cell(x: int, y: int) -> int:
    return (y + OFFSET) * STRIDE + (x + OFFSET)


def xy(c: int) -> tuple[int, int]:
    y, x = divmod(c, STRIDE)
    return x - OFFSET, y - OFFSET


def window(state: Any) -> list[int]:
    """The cells a game under the state's options can reach, row by row: the numbering of its actions and its
    observation's window for tools that want a fixed size (`every_action`, `observation.py`).

    Ruling, as the open country has no fixed size: the two setup tiles lie at 0,0 and 1,0, and every later tile
    goes orthogonally next to a placed tile, so the k-th tile placed after setup lies at most k steps (Manhattan
    distance) from a setup tile. With `N` tiles in the box (the option `mix`), the `N - 2` placements reach only
    the cells within `N - 2` steps of 0,0 or 1,0: with the rulebook's 26 tiles, 1,250 cells (2,501 actions). No
    game under those options places a tile, or a campfire, outside it (the adapters' tests play games to check)."""
    reach = sum(state.options["mix"].values()) - 2
    return [cell(x, y) for y in range(-reach, reach + 1) for x in range(-reach, reach + 2)
            if min(abs(x), abs(x - 1)) + abs(y) <= reach]


def name(c: int) -> str:
    """The notation of a cell, `x,y`."""
    text = _NAMES.get(c)
    if text is None:
        x, y = xy(c)
        text = f"{x},{y}"
        if len(_NAMES) < NAME_CACHE:
            _NAMES[c] = text
            _CELLS[text] = c
    return text


def parse(text: str) -> int | None:
    """The cell written `x,y` (exactly as the notation writes it), or None."""
    c = _CELLS.get(text)
    if c is None:
        c = parse_loosely(text)
        if c is not None and name(c) != text:
            return None
    return c


def parse_loosely(text: str) -> int | None:
    """The cell meant by `x,y` written with spaces, brackets or a plus sign (ASCII digits), or None."""
    found = LOOSE_CELL.fullmatch(text.strip())
    if found is None:
        return None
    x, y = int(found[1]), int(found[2])
    return cell(x, y) if max(abs(x), abs(y)) < OFFSET else None


for _y in range(-20, 21):
    for _x in range(-20, 21):
        name(cell(_x, _y))


def _letter(item: Any) -> str:
    if isinstance(item, str):
        text = item.strip()
        if text.upper() in TERRAINS:
            return text.upper()
        if text.lower() in LETTERS:
            return LETTERS[text.lower()]
    raise InvalidOption(f"has {excerpt(item)}, which is no terrain "
                        "(M mountain, D desert, G grassland, F forest, L lake)")


def check_bag(value: Any) -> str | None:
    """None, or the first tiles out of the bag as letters, e.g. 'FGMLD' or ['forest', 'grassland']."""
    if value is None:
        return None
    if isinstance(value, str):
        items: list[Any] = [ch for ch in value if not ch.isspace()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise InvalidOption("must be a string of terrain letters like 'FGMLD' or a list of terrains, "
                            f"not {excerpt(value)}")
    letters = "".join(_letter(item) for item in items)
    if len(letters) < 2:
        raise InvalidOption(f"must name at least the two setup tiles, not {excerpt(value)}")
    return letters


def check_mix(value: Any) -> dict[str, int]:
    """The tiles in the box per terrain; terrains not named keep their rulebook count."""
    if not isinstance(value, dict):
        raise InvalidOption(f"must be a dict of terrain to count like {{'lake': 4}}, not {excerpt(value)}")
    mix = dict(MIX)
    for key, count in value.items():
        terrain = TERRAINS[_letter(key)]
        if type(count) is not int or not 0 <= count <= 40:
            raise InvalidOption(f"gives {terrain} {excerpt(count)} tiles; a count is a whole number from 0 to 40")
        mix[terrain] = count
    total = sum(mix.values())
    if not 2 <= total <= MAX_TILES:
        raise InvalidOption(f"has {total} tiles; the game needs 2 to {MAX_TILES}")
    return mix


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class TicTacTrek(State):
    num_players = 2
    player_names = SYMBOLS

    def every_action(self) -> list[str]:
        """Every action under the options, for tools that number them: every cell of the reachable `window`
        as `x,y`, row by row, then `fire x,y` for each of them, then `keep`."""
        cells = [name(c) for c in window(self)]
        return [*cells, *(f"fire {c}" for c in cells), "keep"]

    def setup(self, rng: random.Random) -> None:
        first = self.options["first_player"]
        if first is None:
            first = rng.randrange(2)
        box = Counter({LETTERS[t]: n for t, n in self.options["mix"].items()})
        fixed = self.options["bag"] or ""
        over = Counter(fixed) - box
        if over:
            letter = sorted(over)[0]
            raise InvalidOption(
                f"option 'bag' has {Counter(fixed)[letter]} {TERRAINS[letter]} tiles but option 'mix' puts "
                f"only {box[letter]} in the box")
        rest = sorted((box - Counter(fixed)).elements(), key="MDGFL".index)
        rng.shuffle(rest)
        order = list(fixed) + rest
        self.order = "".join(order)
        self.terrain: dict[int, str] = {}
        self.symbol: dict[int, int] = {}
        self.fires: dict[int, int] = {}
        self.placed: list[int] = []
        self.near: dict[int, int] = {}  # empty cells next to a tile -> bits of the terrains next to them
        self.bag = order[2:][::-1]  # the next tile out is the last one
        self.supply = [self.options["campfires"]] * 2
        self.lit = [0, 0]
        self.lines: tuple[tuple[int, int, int], ...] = ()
        self.pending: int | None = None
        self.final_turn: int | None = None
        self.first_player = first
        self._put(ORIGIN, order[0], 0)
        self._put(ORIGIN + 1, order[1], 1)
        self.to_move: int | None = first
        self.drawn: str | None = self.bag.pop() if self.bag else None
        self._legal: tuple[str, ...] | None = None
        if self.drawn is None:
            self._finish()

    def _put(self, c: int, letter: str, player: int) -> None:
        self.terrain[c] = letter
        self.symbol[c] = player
        self.placed.append(c)
        near = self.near
        near.pop(c, None)
        bit = BIT[letter]
        terrain = self.terrain
        for d in ORTHOGONAL:
            n = c + d
            if n not in terrain:
                near[n] = near.get(n, 0) | bit

    # ---- rules ---------------------------------------------------------------------------------
    def placements(self) -> list[int]:
        """The cells where the drawn tile may go, row by row."""
        letter = self.drawn
        if letter == LAKE:
            return sorted(self.near)
        wanted = BIT[letter] | BIT[LAKE]
        cells = [c for c, bits in self.near.items() if bits & wanted]
        return sorted(cells or self.near)

    def fallback(self) -> bool:
        """Whether no cell matches the drawn tile, so it may go next to any tile."""
        if self.drawn is None or self.drawn == LAKE:
            return False
        wanted = BIT[self.drawn] | BIT[LAKE]
        return not any(bits & wanted for bits in self.near.values())

    def legal_actions(self) -> tuple[str, ...]:
        if self._legal is None:
            if self.outcome is not None:
                self._legal = ()
            elif self.pending is not None:
                mine = sorted(c for c, owner in self.fires.items() if owner == self.to_move)
                self._legal = (*(f"fire {name(c)}" for c in mine), "keep")
            else:
                names = _NAMES
                self._legal = tuple(names.get(c) or name(c) for c in self.placements())
        return self._legal

    def apply(self, action: str) -> None:
        player = self.to_move
        assert player is not None  # the game is not over
        self._legal = None
        if self.pending is not None:
            if action != "keep":
                moved = parse(action[5:])
                assert moved is not None  # a legal action names a cell
                self.fires.pop(moved)
                self.fires[self.pending] = player
            self.pending = None
            self._end_turn(player)
            return
        c, drawn = parse(action), self.drawn
        assert c is not None and drawn is not None  # a legal placement names a cell, for the tile drawn
        self._put(c, drawn, player)
        self.drawn = None
        lines = self.lines = self._lines_through(c, player)
        if lines:
            if self.supply[player]:
                self.supply[player] -= 1
                self.lit[player] += 1
                self.fires[c] = player
            else:
                self.pending = c
                return
        self._end_turn(player)

    def _lines_through(self, c: int, player: int) -> tuple[tuple[int, int, int], ...]:
        """Every three-in-a-row of `player`'s free symbols through cell `c`."""
        symbol, fires = self.symbol, self.fires

        def free(n: int) -> bool:
            return symbol.get(n) == player and n not in fires

        found = []
        for d in DIRECTIONS:
            before, after = free(c - d), free(c + d)
            if before and free(c - 2 * d):
                found.append((c - 2 * d, c - d, c))
            if before and after:
                found.append((c - d, c, c + d))
            if after and free(c + 2 * d):
                found.append((c, c + d, c + 2 * d))
        return tuple(found)

    def _end_turn(self, player: int) -> None:
        self.final_turn = player
        if self.bag:
            self.drawn = self.bag.pop()
            self.to_move = 1 - player
        else:
            self._finish()

    def _finish(self) -> None:
        scores = self.current_scores()
        x, o = scores
        if x != o:
            winner = 0 if x > o else 1
            reason = f"{SYMBOLS[winner]} is Top Trekker, {max(x, o):g} points to {min(x, o):g}"
        elif self.lit[0] != self.lit[1]:
            winner = 0 if self.lit[0] > self.lit[1] else 1
            reason = (f"{SYMBOLS[winner]} wins the tie at {x:g} points by placing more campfires "
                      f"({max(self.lit)} to {min(self.lit)})")
        else:
            last = self.final_turn if self.final_turn is not None else 1 - self.first_player
            winner = 1 - last
            reason = (f"{SYMBOLS[winner]} wins the tie at {x:g} points and {_plural(self.lit[0], 'campfire')} "
                      f"each: {SYMBOLS[last]} took the final turn")
        self.outcome = Outcome((winner,), scores, reason)
        self.to_move = None
        self.drawn = None
        self._legal = ()

    def campfire_points(self) -> list[tuple[int, int, list[int]]]:
        """Each campfire on the map: its cell, its owner and the empty neighbours that score for it."""
        terrain = self.terrain
        return [(c, owner, [c + d for d in NEIGHBOURS if c + d not in terrain])
                for c, owner in sorted(self.fires.items())]

    def current_scores(self) -> tuple[float, float]:
        scores = [0, 0]
        terrain = self.terrain
        for c, owner in self.fires.items():
            scores[owner] += sum(1 for d in NEIGHBOURS if c + d not in terrain)
        return float(scores[0]), float(scores[1])

    def refusal(self, action: str) -> str:
        assert self.to_move is not None  # the engine asks for refusals only while the game runs
        mover = SYMBOLS[self.to_move]
        text = " ".join(action.split()).lower()
        if text in self.legal_actions():
            return f"write {text!r}, not {excerpt(action)}"
        if self.pending is not None:
            where = name(self.pending)
            if text.startswith("fire"):
                c = parse_loosely(text[4:])
                if c is None:
                    return f"{excerpt(action)} names no cell; write 'fire x,y' for the campfire at x,y"
                if f"fire {name(c)}" in self.legal_actions():
                    return f"write 'fire {name(c)}', not {excerpt(action)}"
                owner = self.fires.get(c)
                if owner is None:
                    return f"no campfire stands at {name(c)}"
                return f"the campfire at {name(c)} is {SYMBOLS[owner]}'s, not {mover}'s"
            return (f"{mover} made three in a row at {where} with no campfire left: first move a campfire "
                    f"there ('fire x,y') or 'keep'")
        if text.startswith("fire") or text == "keep":
            if not self.supply[self.to_move]:
                return "a campfire may move only onto a tile that has just made three in a row"
            return (f"{mover} still has {_plural(self.supply[self.to_move], 'campfire')} in supply; "
                    f"campfires move only once all are out")
        c = parse_loosely(text)
        if c is None:
            return (f"{excerpt(action)} is not a cell; write a placement as x,y, like '1,0' "
                    "(x to the right, y downwards)")
        if name(c) in self.legal_actions():
            return f"write the cell as {name(c)!r}"
        if c in self.terrain:
            return f"{name(c)} is taken by a {TERRAINS[self.terrain[c]]} tile"
        if c not in self.near:
            return f"{name(c)} is not next to any tile (tiles go on a cell beside a placed tile)"
        drawn = TERRAINS[self.drawn]
        touching = sorted({TERRAINS[self.terrain[c + d]] for d in ORTHOGONAL if c + d in self.terrain})
        return (f"the drawn {drawn} must go next to a {drawn} or a lake tile; {name(c)} touches only "
                f"{' and '.join(touching)}")

    # ---- information ---------------------------------------------------------------------------
    def reasons(self, c: int) -> str:
        """Why the drawn tile may go on cell `c`, in words."""
        if self.drawn == LAKE:
            return "a lake may go next to any tile"
        if self.fallback():
            return f"no cell matches {TERRAINS[self.drawn]}, so next to any tile"
        found = {self.terrain[c + d] for d in ORTHOGONAL if c + d in self.terrain}
        return "next to " + " and ".join(TERRAINS[t] for t in "MDGFL" if t in found and t in (self.drawn, LAKE))

    def phase(self) -> str:
        return "campfire" if self.pending is not None else "place"

    def view_body(self, player: int | None) -> dict:
        bag = Counter(self.bag)
        return {
            "tiles": [{"x": xy(c)[0], "y": xy(c)[1], "terrain": TERRAINS[self.terrain[c]],
                       "symbol": SYMBOLS[self.symbol[c]],
                       "campfire": None if c not in self.fires else SYMBOLS[self.fires[c]]}
                      for c in self.placed],
            "drawn": None if self.drawn is None else TERRAINS[self.drawn],
            "fallback": self.fallback(),
            "bag": {TERRAINS[t]: bag[t] for t in "MDGFL"},
            "bag_size": len(self.bag),
            "campfires_left": dict(zip(SYMBOLS, self.supply, strict=True)),
            "campfires_placed": dict(zip(SYMBOLS, self.lit, strict=True)),
            "last": name(self.placed[-1]) if len(self.placed) > 2 else None,
            "pending": None if self.pending is None else name(self.pending),
            "lines": [[name(c) for c in line] for line in self.lines],
            "scores": dict(zip(SYMBOLS, self.current_scores(), strict=True)),
            "campfire_points": [{"cell": name(c), "owner": SYMBOLS[owner], "points": len(empty),
                                 "empty": [name(e) for e in empty]}
                                for c, owner, empty in self.campfire_points()],
            "first_player": SYMBOLS[self.first_player],
        }

    def determinize(self, player: int | None, rng: random.Random) -> TicTacTrek:
        """The bag's order is hidden from everyone, its contents are public: a copy with the bag reshuffled.

        It depends only on the public position, the moves and `rng`: the real seed and order go too. A fresh
        seed from `rng` and the whole new order (as the `bag` option, tiles already out first) take their
        place, so the copy's record and `undo` replay the reshuffled bag.
        """
        rest = sorted(self.bag, key="MDGFL".index)
        seed = rng.randrange(2**32)
        rng.shuffle(rest)
        copy = self.clone()
        copy.bag = rest
        out = [self.terrain[c] for c in self.placed] + ([self.drawn] if self.drawn else [])
        copy.order = "".join(out) + "".join(reversed(rest))
        copy.seed = seed
        copy.options = FrozenDict(self.options, bag=copy.order, first_player=self.first_player)
        return copy

    def status(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        assert self.to_move is not None  # the game is not over
        mover = SYMBOLS[self.to_move]
        if self.pending is not None:
            return (f"{mover} made three in a row with no campfire left: move a campfire to "
                    f"{name(self.pending)} or keep them where they stand")
        left = _plural(len(self.bag), "tile")
        return f"{mover} to place a {TERRAINS[self.drawn]} tile ({left} left in the bag)"

    def describe(self, action: str) -> str:
        if action == "keep":
            return "keep every campfire where it stands"
        if action.startswith("fire "):
            return f"move the campfire at {action[5:]} to {name(self.pending)}" if self.pending else action
        c = parse(action)
        if c is None or self.drawn is None or action not in self.legal_actions():
            return action
        return f"place the {TERRAINS[self.drawn]} tile at {action} ({self.reasons(c)})"

    # ---- the card report's hooks (tictac_nb.cards.events): tile kinds as cards --------------------
    def hand_cards(self, seat: int) -> dict[str, int]:
        """The tile `seat` has drawn and not yet placed (only the mover holds one), by terrain."""
        drawn = self.drawn
        return {TERRAINS[drawn]: 1} if drawn and seat == self.to_move and self.pending is None else {}

    def card_played(self, action: str) -> str | None:
        """The terrain of the tile the mover places with `action` (a campfire decision places none)."""
        return TERRAINS[self.drawn] if self.drawn and self.pending is None and self.outcome is None else None

    def setup_record(self) -> dict:
        return {"bag": self.order, "first_player": self.first_player}

    def key(self) -> Any:
        return (tuple(self.placed), tuple(self.symbol[c] for c in self.placed), "".join(self.terrain[c]
                for c in self.placed), tuple(sorted(self.fires.items())), tuple(self.bag), self.drawn,
                tuple(self.supply), tuple(self.lit), self.pending, self.to_move, self.outcome)

    def clone(self) -> TicTacTrek:
        copy = object.__new__(TicTacTrek)
        copy.__dict__.update(self.__dict__)
        copy.terrain = self.terrain.copy()
        copy.symbol = self.symbol.copy()
        copy.fires = self.fires.copy()
        copy.placed = self.placed[:]
        copy.near = self.near.copy()
        copy.bag = self.bag[:]
        copy.supply = self.supply[:]
        copy.lit = self.lit[:]
        copy.history = self.history[:]
        return copy
