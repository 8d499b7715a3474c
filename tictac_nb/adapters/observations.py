"""A seat's view as a flat vector of numbers from 0 to 1, of one fixed length per game and options.

Each game writes its own in its folder and declares it (`Game.observation`, in the vocabulary of
`tictac_nb.core.observation`): it reads `state.view(seat)` and nothing else, so a vector holds exactly what
that seat may know (less, in places: logs and words are left out). Counts are divided by the most they can
reach under the options, so every entry lies from 0 to 1. The grid family has `_grid` here; any other game
gets `_hashed`, which sets one place of a fixed-length vector per leaf of its view, so a new game needs no
edit here. `encoder(game, options)` gives an `Encoding` with its `size`, `encode(view)` (a list of floats) and
`parts` (name and length of each part, in order) for readers of the vector; `array(encoding, view)` makes it
a float32 numpy array.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from ..core.engine import State
from ..core.observation import Encoding
from ..grid import MARKS, GridState
from .actions import game_of, numbering


def array(encoding: Encoding, view: dict) -> Any:
    """`encoding.encode(view)` as a float32 numpy array; an encoding with a long, mostly empty part (Trek's
    cells) writes only its non-zero places into zeros."""
    import numpy as np

    if encoding.sparse is None:
        return np.array(encoding.encode(view), dtype=np.float32)
    out = np.zeros(encoding.size, np.float32)
    head = encoding.header(view)
    out[:len(head)] = head
    tail = encoding.sparse(view, out)
    out[encoding.size - len(tail):] = tail
    return out


def _grid(state: Any) -> Encoding:
    """Each square one-hot over empty, blocked and the four marks; then the marks left this turn."""
    kinds: dict[str | None, int] = {None: 0, "#": 1, **{mark: 2 + i for i, mark in enumerate(MARKS)}}
    rows = {kind: [1.0 if i == at else 0.0 for i in range(len(kinds))] for kind, at in kinds.items()}
    per_turn = state.per_turn

    def body(view: dict, out: list[float]) -> None:
        for cell in view["cells"]:
            out.extend(rows[cell])
        out.append(view["marks_left"] / per_turn)

    def board(at: dict[str, int]) -> tuple[int, int, list[int]]:
        return state.rows, state.cols, list(range(at["cells"], at["cells"] + len(state.board) * len(kinds)))

    return Encoding(state.num_players, [("cells", len(state.board) * len(kinds)), ("marks_left", 1)], body,
                    board=board)


HASHED_SIZE = 1024
"""Numbers in the vector of a game with no encoder of its own."""
LEFT_OUT = frozenset({"game", "viewer", "players", "to_move", "outcome", "status"})
"""Header fields the shared header already encodes, or words."""


def features(value: Any, path: str, out: set[str]) -> None:
    """Each leaf of the JSON data `value` as one token "path=value" (list places and dict keys in the path)."""
    if isinstance(value, dict):
        for key, item in value.items():
            features(item, f"{path}/{key}", out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            features(item, f"{path}/{i}", out)
        out.add(f"{path}#={len(value)}")
    else:
        out.add(f"{path}={json.dumps(value)}")


def _hashed(state: Any) -> Encoding:
    """Any game's view, with no encoder written for it: each leaf of the view's body ("cells/4=\"X\"") sets one
    of `HASHED_SIZE` places, chosen by a fixed hash (crc32). It reads the view only, so it holds nothing the
    seat may not know; two leaves may share a place, so a game's own (`Game.observation`) is sharper."""
    def body(view: dict, out: list[float]) -> None:
        tokens: set[str] = set()
        for key, value in view.items():
            if key not in LEFT_OUT:
                features(value, key, tokens)
        part = [0.0] * HASHED_SIZE
        for token in tokens:
            part[zlib.crc32(token.encode()) % HASHED_SIZE] = 1.0
        out.extend(part)

    return Encoding(state.num_players, [("hashed", HASHED_SIZE)], body)


def encoder(game: Any, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding of `game`'s views under `options` (made once per game and options): the game's own
    (`Game.observation`), else the grid family's, else the hashed view."""
    space = numbering(game, options)
    cached = _CACHE.get(id(space))
    if cached is None:
        make = space.game.observation
        if make is None:
            make = _grid if issubclass(space.game.state_class, GridState) else _hashed
        cached = _CACHE[id(space)] = (space, make(game_of(space.game).start(0, dict(space.options))))
    return cached[1]


_CACHE: dict[int, tuple[Any, Encoding]] = {}


def observe(state: State, seat: int) -> list[float]:
    """`state.view(seat)` as its game's vector."""
    return encoder(state.game, state.options).encode(state.view(seat))
