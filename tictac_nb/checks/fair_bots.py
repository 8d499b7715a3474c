"""Bots cannot cheat: RandomBot and the default bot decide the same on the real game, on a copy the mover cannot
tell apart and on a game the kit dealt that the mover cannot tell apart."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core.bots import RandomBot, default_bot
from ..core.engine import State, excerpt
from .lookalikes import lookalikes
from .run import Broken, Promise, Run, Spot


def fair_bots(run: Run) -> None:
    if not all(line.ended for line in run.lines):
        raise Broken("not checked, since not every game ends (see 'games end'): a bot looks ahead by playing "
                     "games out")
    makers: dict[str, Callable[[], Any]] = {"RandomBot": lambda: RandomBot(seed=3),
                                            "the default bot": lambda: default_bot(run.game, 3)}
    for spot, state in bot_positions(run):
        run.doing = f"determinize({state.to_move}, rng)"
        alike = [state.determinize(state.to_move, run.rng(spot, state.to_move)),
                      *lookalikes(run, spot, state, state.to_move)[:1]]
        for name, make in makers.items():
            run.doing = f"{name}.choose"
            started = time.perf_counter()
            real = make().choose(state)
            if name != "RandomBot":
                run.bot_seconds.append(time.perf_counter() - started)
            if real not in state.legal_actions():
                raise Broken(f"{spot.where()}: {name} chose {excerpt(real)}, which is not a legal action")
            for kind, lookalike in zip(("a copy", "a game the kit dealt"), alike, strict=False):
                seen = make().choose(lookalike)
                if seen != real:
                    raise Broken(f"{spot.where()}: {name} chose {real!r} on the real game but {seen!r} on {kind} "
                                 f"player {state.to_move} cannot tell apart from it, so it decides from something "
                                 "its seat may not know: a bot reads only state.determinize(seat, rng), the "
                                 "seat's view and the mover's legal actions")


def bot_positions(run: Run) -> list[tuple[Spot, State]]:
    """Up to four positions where the game runs: a third and two thirds into the first game of each variant."""
    firsts = list({line.variant: line for line in reversed(run.lines)}.values())[::-1]
    found = []
    for number, line in enumerate(firsts):
        spot = Spot(line, len(line.moves) * (1 + number % 2) // 3)
        state = run.visit(spot)
        if state.outcome is None:
            found.append((spot, state))
    return found[:4]


FAIR_BOTS = Promise("fair bots", "RandomBot and the default bot decide the same on the real game and on a copy the "
                    "mover cannot tell apart", fair_bots)
