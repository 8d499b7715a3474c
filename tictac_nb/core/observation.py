"""A seat's view as a flat vector of numbers from 0 to 1: the vocabulary a game's observation for learners is
written in, as `svg.py` is its drawing's.

A game declares its observation on its `Game` (`Game.observation`): a function of a started state (whose
options fix every length) that returns an `Encoding` of its views. The encoding reads `state.view(seat)` and
nothing else, so a vector holds exactly what that seat may know. Every vector starts with the same header:
the viewer, the seat to move and the winners (one-hot over the seats) and whether the game is over; the
game's `body` appends its parts after it. The research adapters (`tictac_nb.adapters`) turn it into arrays
and tensors; a game that declares none gets a hashed encoding of its view there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Body = Callable[[dict, list[float]], None]
"""Appends a view's parts to the header's numbers."""
Sparse = Callable[[dict, Any], list[float]]
"""Writes a view's long, mostly empty parts into an array of zeros (the header already in it) and returns
the short parts that end the vector."""
Board = tuple[int, int, list[int]]
"""A game's board as planes: rows, columns, and for each square row by row each channel's place in the
vector (rows x columns x channels places)."""


class Encoding:
    """Turns a view into a list of floats of one fixed length, part by part (`parts`: name and length)."""

    def __init__(self, players: int, parts: list[tuple[str, int]], body: Body, sparse: Sparse | None = None,
                 board: Callable[[dict[str, int]], Board] | None = None,
                 tracker: tuple[type, type] | None = None) -> None:
        self.players = players
        self.parts = [("viewer", players), ("to_move", players), ("winners", players), ("over", 1), *parts]
        self.size = sum(length for _, length in self.parts)
        starts = [0]
        for _, length in self.parts:
            starts.append(starts[-1] + length)
        self.offsets = {name: start for (name, _), start in zip(self.parts, starts, strict=False)}
        """Where each part starts."""
        self.body = body
        self.sparse = sparse
        """None, or a faster way to fill an array of zeros for an encoding with a long, mostly empty part."""
        self.board: Board | None = None if board is None else board(self.offsets)
        """For a game with a square board: where its planes' entries lie in the vector (`Board`), worked out
        from the parts' starts; None for the others."""
        self.tracker = tracker
        """None, or how to keep the vector up to date move by move instead of encoding each view afresh: the
        game's places class (`places(state, encoding)`: where its parts lie under the options) and its tracker
        class (`tracker(places, seat, listed)`, a `core.tracker.Tracker`), in its folder's `tracker.py`."""
        self.places: dict[type, Any] = {}
        """Where the parts lie for a tool that keeps the vector up to date move by move, by the class that
        works it out, on first use (the adapters' trackers)."""

    def header(self, view: dict) -> list[float]:
        """The numbers every vector starts with: viewer, mover, winners (one-hot over the seats), over."""
        n = self.players
        out = [0.0] * (3 * n + 1)
        if view["viewer"] is not None:
            out[view["viewer"]] = 1.0
        if view["to_move"] is not None:
            out[n + view["to_move"]] = 1.0
        if view["outcome"] is not None:
            for seat in view["outcome"]["winners"]:
                out[2 * n + seat] = 1.0
            out[3 * n] = 1.0
        return out

    def encode(self, view: dict) -> list[float]:
        """The view as `size` floats."""
        out = self.header(view)
        self.body(view, out)
        if len(out) != self.size:
            raise AssertionError(f"{view['game']}'s encoder made {len(out)} numbers, not {self.size}")
        return out


def one_hot(out: list[float], choices: dict[Any, int] | list, value: Any) -> None:
    """Append len(choices) entries, 1 at `value`'s place (all 0 for a value that is not one of them)."""
    start = len(out)
    out.extend([0.0] * len(choices))
    where = choices.get(value) if isinstance(choices, dict) else (choices.index(value) if value in choices else None)
    if where is not None:
        out[start + where] = 1.0


def counts(out: list[float], names: dict[Any, int], items: list[Any], most: list[float]) -> None:
    """Append how many of each name `items` holds, each divided by `most` of that name."""
    held = [0] * len(names)
    for item in items:
        held[names[item]] += 1
    out.extend(n / top for n, top in zip(held, most, strict=True))  # one division: a sum of fifths may pass 1.0
