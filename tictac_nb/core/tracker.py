"""The vocabulary of observations kept up to date move by move, where that is cheaper than encoding the view
again: a game's `tracker.py` (declared on its observation's `Encoding.tracker`) builds on `Tracker`.

A `Tracker` holds one seat's observation (the numbers the game's `Encoding` makes from `state.view(seat)`) and
brings it up to date from what changed in the state since it last looked, so a step costs a few assignments
instead of a view and an encoding. A game's tracker reads only what the seat may know, and the tests check it
against the encoding at every step of random games, for every seat. Its numbers live in `store`: a list of
floats (`listed`: OpenSpiel hands out a copy of it as the tensor), else a float32 `array` (PettingZoo hands
out a numpy copy of its memory). Either way the numbers are float32's, as the encoding's array holds them.
Plain Python that mypyc compiles (`tools/build_speedups.py`), with each game's tracker, as the games' cores
are; the tests run both.
"""

from __future__ import annotations

from array import array
from typing import Any

ZERO = array("f", [0.0])


def zeros(size: int) -> array:
    """`size` float32 zeros."""
    return ZERO * size


def singles(values: list[float]) -> list[float]:
    """`values` as float32's (what a float32 array holds), as floats."""
    return array("f", values).tolist()


def fractions(most: float, top: int) -> list[float]:
    """`k / most` for k from 0 to `top`, as float32's: what a count divided by its most is stored as."""
    return singles([k / most for k in range(top + 1)])


class Tracker:
    """One seat's observation, brought up to date by `update(state)` (each game's class); made blank (only
    the viewer written), its places worked out from the options once per encoding (`places`)."""

    seat: int
    listed: bool
    store: Any
    """The numbers: a list of floats, or a float32 array (see the module)."""
    mover: int | None
    """The mover the header holds (None: none yet)."""
    over: bool
    """Whether the header holds an outcome."""

    def __init__(self, size: int, seat: int, listed: bool) -> None:
        self.seat, self.listed = seat, listed
        self.mover, self.over = None, False
        self.store = [0.0] * size if listed else zeros(size)
        self.store[seat] = 1.0  # the viewer; everything else comes from the first update, from nothing

    def own(self, numbers: Any) -> None:
        """A copy of `numbers` (a store of the same kind) as this tracker's `store`."""
        self.store = list(numbers) if self.listed else array("f", numbers)

    def write(self, start: int, values: list[float]) -> None:
        """`values` (float32's already) into `store` from `start` on."""
        self.store[start:start + len(values)] = values if self.listed else array("f", values)

    def clear(self, start: int, length: int) -> None:
        """`length` zeros into `store` from `start` on."""
        self.store[start:start + length] = [0.0] * length if self.listed else zeros(length)

    def numbers(self) -> list[float]:
        """The observation as a new list of floats."""
        store = self.store
        return store[:] if self.listed else store.tolist()

    def handed(self, other: Any) -> Any:
        """`other` (a blank tracker of the same places) given this tracker's numbers and header: a copy."""
        other.own(self.store)
        other.mover, other.over = self.mover, self.over
        return other

    def update(self, state: Any) -> None:
        raise NotImplementedError

    def copy(self) -> Tracker:
        """A tracker of its own for a copy of the state (a clone's observations go their own way)."""
        raise NotImplementedError

    def mover_and_outcome(self, state: Any) -> None:
        """The header's changing part in place where it changed (mover, winners, over; the viewer stays)."""
        mover, outcome = state.to_move, state.outcome
        store = self.store
        if mover != self.mover:
            n = state.num_players
            if self.mover is not None:
                store[n + self.mover] = 0.0
            if mover is not None:
                store[n + mover] = 1.0
            self.mover = mover
        if (outcome is not None) != self.over:
            n = state.num_players
            for place in range(2 * n, 3 * n + 1):
                store[place] = 0.0
            if outcome is not None:
                for winner in outcome.winners:
                    store[2 * n + winner] = 1.0
                store[3 * n] = 1.0
            self.over = outcome is not None
