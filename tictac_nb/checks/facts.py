"""What a `Game` declares holds on the games played: player counts, phases, the setup the default determinize
pins, and rule options that take a value or refuse it."""

from __future__ import annotations

from typing import Any

from ..core.engine import InvalidOption, State, excerpt
from .run import Broken, Promise, Run, Spot
from .sentences import raised

ODD_VALUES: tuple[Any, ...] = (None, True, 0, -1, 10**12, 2.5, "", "x" * 300, [], [1, "a"], {}, {"a": None})
"""Values tried on every rule option: each is taken, or refused with `InvalidOption`."""


def facts(run: Run) -> None:
    game = run.game
    for line in run.lines:
        spot = Spot(line, 0)
        state = run.visit(spot)
        if state.num_players not in game.players:
            raise Broken(f"{spot.where()}: the game has {state.num_players} players, but the Game declares "
                         f"players={game.players}: add {state.num_players} to it")
    if game.state_class.determinize is State.determinize:
        state = run.visit(Spot(run.lines[0], 0))
        run.doing = "setup_record"
        for key in state.setup_record():
            if key not in game.options and key not in state.SECRETS:
                raise Broken(f"setup_record() names {key!r}, which is no option of the game, so the default "
                             f"determinize cannot pin it on a copy with another seed: name each part of the setup "
                             f"by the option that fixes it (add an Option {key!r}), or write determinize()")


def options(run: Run) -> None:
    for key in run.game.options:
        for value in ODD_VALUES:
            run.at, run.doing = f"new_game({key}={excerpt(value, 30)})", f"the check of option {key!r}"
            try:
                state = run.game.start(run.seed, {key: value})
            except InvalidOption:
                continue
            except Exception as error:
                raise Broken(f"new_game({key}={excerpt(value, 30)}) gave {raised(error, run.doing)}: an "
                             f"option's check refuses a value it cannot take with InvalidOption('must be ...'), "
                             "which names the problem") from None
            run.doing = "legal_actions"
            if state.outcome is None and not state.legal_actions():
                raise Broken(f"new_game({key}={excerpt(value, 30)}) starts a game in which nobody can move: the "
                             f"option's check should refuse {excerpt(value, 30)} with InvalidOption")


DECLARED_FACTS = Promise("declared facts", "the player counts and phases met are those the Game declares", facts)
OPTIONS = Promise("options", "every rule option takes a value or refuses it with InvalidOption", options)
