"""No attribute of a state hides a method of the protocol (a `self.targets` hides `State.targets()`)."""

from __future__ import annotations

from ..core.engine import State
from .run import Broken, Promise, Run

PROTOCOL = frozenset(name for name in dir(State) if not name.startswith("__") and callable(getattr(State, name))
                     or isinstance(getattr(State, name, None), property))
"""The methods (and properties) every state has: an attribute of the same name would hide one."""


def own_attributes(run: Run) -> None:
    for spot in run.spots():
        state = run.visit(spot)
        clash = sorted(PROTOCOL & set(vars(state)))
        if clash:
            name = clash[0]
            raise Broken(f"{spot.where()}: the state has an attribute {name!r}, which hides the method "
                         f"State.{name}() that the kit calls (the board, the bots, the checks): give the "
                         f"attribute another name, such as self.my_{name}")


OWN_ATTRIBUTES = Promise("own attributes", "no attribute of the state hides a method of the protocol", own_attributes)
