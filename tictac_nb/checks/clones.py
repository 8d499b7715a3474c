"""A clone is independent: playing it to the end leaves every attribute of the original as it was."""

from __future__ import annotations

import random

from .lookalikes import snapshot
from .run import Broken, Promise, Run


def clones(run: Run) -> None:
    for spot, state in run.running():
        before = (state.key(), list(state.legal_actions()), state.view(None), state.record())
        attributes = snapshot(state)
        run.doing = "clone"
        copy = state.clone()
        rng = random.Random(spot.line.seed)
        run.doing = "play (on a clone)"
        for _ in range(run.game.move_cap):
            if copy.outcome is not None:
                break
            copy.play(rng.choice(copy.legal_actions()))
        changed = next((name for name, value in snapshot(state).items() if attributes.get(name) != value), None)
        if changed is not None:
            raise Broken(f"{spot.where()}: the attribute {changed!r} is shared between the game and its clone(): "
                         f"playing the clone to the end changed the original's {changed!r}. clone() must copy "
                         "every list, dict and set of the position, nested ones too (copy.deepcopy does; a "
                         "list of lists needs [row[:] for row in rows]), or share only what nothing changes")
        if (state.key(), list(state.legal_actions()), state.view(None), state.record()) != before:
            raise Broken(f"{spot.where()}: playing a clone() to the end changed the original game: clone() "
                         "must copy every list, dict and set of the position (copy.deepcopy does), or share "
                         "only what nothing changes")


CLONES = Promise("clones", "a clone played to the end leaves the original as it was, every attribute of it", clones)
