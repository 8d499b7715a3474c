"""Games the kit deals itself, which the game under test cannot steer: the same moves from other seeds that a
seat cannot tell apart, and clones with another seat's declared secret; and plain snapshots to compare them."""

from __future__ import annotations

import copy
import random
from typing import Any

from ..core.engine import SEED_LIMIT, Game, IllegalAction, State, excerpt
from .run import Broken, Line, Run, Spot

LOOKALIKE_SEEDS = 8
"""Other seeds the kit deals a position's moves from, looking for games a seat cannot tell from it."""


LOOKALIKE_LINES = 2
"""Games of each variant whose positions the kit looks for lookalikes of (the others are checked as before)."""


def lookalikes(run: Run, spot: Spot, state: State, viewer: int | None) -> list[State]:
    """Games the kit deals itself that `viewer` cannot tell from `state`, never made by the game's own
    `determinize`: the same options and moves replayed from other seeds (kept where they are legal, the
    position differs and `view(viewer)` is the same), and where the game declares `SECRETS`, a clone with
    another seat's secret from another deal (kept where `view(viewer)` is the same). Only for the first
    `LOOKALIKE_LINES` games of each variant, at most two."""
    line = spot.line
    if line.seed >= run.seed + LOOKALIKE_LINES:
        return []
    seen, found, whole = state.view(viewer), [], None
    for number in range(1, LOOKALIKE_SEEDS + 1):
        seed = (line.seed + 7919 * number) % SEED_LIMIT
        key = (id(line), spot.count, seed)
        if key not in run.deals:
            other = dealt(run, line, spot.moves, seed)
            run.deals[key] = other, None if other is None else position(other)
        other, where = run.deals[key]
        if other is None or other.view(viewer) != seen:
            continue
        whole = position(state) if whole is None else whole
        if where != whole:
            found.append(other)
            break
    for name in state.SECRETS:
        for seat in range(state.num_players):
            twin = swapped(run, state, name, seat) if seat != viewer else None
            if twin is not None and twin.view(viewer) == seen:
                found.append(twin)
                return found
    return found


def dealt(run: Run, line: Line, moves: list[str], seed: int) -> State | None:
    """`moves` of `line`'s variant played from another `seed`, or None where one of them is refused there."""
    run.doing = "new_game (another seed)"
    state = run.game.start(seed, dict(line.options))
    for move in moves:
        run.doing = f"play({move!r}) (from another seed)"
        try:
            state.play(move)
        except IllegalAction:
            return None
    return state


def swapped(run: Run, state: State, name: str, seat: int) -> State | None:
    """A clone of `state` whose `seat` holds another value of the secret `name`, from another deal of the
    same options (None if no deal of a few gives another)."""
    own = getattr(state, name)
    if type(own) not in (list, tuple) or len(own) != state.num_players:
        raise Broken(f"SECRETS names {name!r}, but the state's {name!r} is {excerpt(own)}: a secret is a list "
                     f"with one value per seat ({state.num_players}), dealt in setup()")
    for number in range(1, LOOKALIKE_SEEDS + 1):
        run.doing = "new_game (another deal)"
        value = getattr(run.game.start((state.seed + 104729 * number) % SEED_LIMIT, dict(state.options)),
                        name)[seat]
        if value != own[seat]:
            run.doing = "clone"
            twin = state.clone()
            values = list(getattr(twin, name))
            values[seat] = copy.deepcopy(value)
            setattr(twin, name, values)
            return twin
    return None


def snapshot(state: State) -> dict[str, Any]:
    """Every attribute of `state`'s position but the Game, as plain comparable values (`plain`), to compare
    after a clone of it was played."""
    return {name: plain(value) for name, value in state.__getstate__().items() if name != "game"}


def position(state: State) -> dict[str, Any]:
    """`snapshot` but the seed: what two deals of the same moves may differ in."""
    return {name: value for name, value in snapshot(state).items() if name != "seed"}


def plain(value: Any, depth: int = 0) -> Any:
    """`value` as nested tuples of its parts, so that two equal positions compare equal even where a part is
    an object of the game's own without `__eq__` (a frame of a stack, a card)."""
    if depth > 12 or isinstance(value, str | bytes | int | float | bool | type(None) | type):
        return value
    if isinstance(value, list | tuple | bytearray):
        return (type(value).__name__, *(plain(item, depth + 1) for item in value))
    if isinstance(value, dict):
        return ("dict", *((plain(k, depth + 1), plain(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(plain(item, depth + 1) for item in value))
    if isinstance(value, Game | random.Random) or callable(value):
        return id(value)
    parts = getattr(value, "__dict__", None)
    if parts is None:
        slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
        parts = {name: getattr(value, name, None) for name in slots}
    return (type(value).__name__, plain(parts, depth + 1)) if parts else value



