"""`check_game(game)`: the contract every game keeps, checked on seeded random play of any game, with each
failure said in a sentence a student understands.

    >>> report = tictac_nb.check_game(my_game)
    >>> report                      # one line per check, ✓ or ✗, and the speed figures
    >>> report.raise_for_failures() # an AssertionError with the sentences, for a notebook exercise or a test

It plays `games` random games of the rules as printed and of every variant, from the seeds `seed`,
`seed + 1`, ..., checking every step of each, and keeps its promises on a few positions of each game met (of
the first two of each variant; boards drawn at every position of the first game of each, at the end of the
others: `run.spots` and `run.drawn`), one module each (`PROMISES`, in order): the rules
written (`rules`), games end (`ending`), own attributes (`attributes`), declared facts and options (`facts`),
views and drawings (`views`), hidden information (`hidden`, against games the kit deals itself:
`lookalikes`), declared secrets (`secrets`), records, notation and undo (`records`), clones (`clones`),
refusals and words (`refusals`), determinized copies (`copies`) and bots that cannot cheat (`fair_bots`);
then warnings and figures (`figures`). `run` holds what they share. Every check names the rule broken, the
seed and the moves that show it, and what to change; an exception raised in the game's own code is a failed
check naming the method that raised. Plain Python and `random.Random` only, so it runs in JupyterLite too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.engine import Game, check_seed, excerpt
from .attributes import OWN_ATTRIBUTES
from .clones import CLONES
from .copies import COPIES
from .ending import GAMES_END
from .facts import DECLARED_FACTS, OPTIONS
from .fair_bots import FAIR_BOTS
from .figures import results, speed, speed_warnings
from .hidden import HIDDEN_INFORMATION
from .records import NOTATION, RECORDS, UNDO
from .refusals import REFUSALS, WORDS
from .report import AIM_BOT_MS, AIM_MOVES_PER_SECOND, Check, GameCheckFailed, GameReport
from .rules import RULES, rules_text
from .run import Promise, Run
from .secrets import SECRETS
from .views import DRAWING, VIEWS

PROMISES: list[Promise] = [RULES, GAMES_END, OWN_ATTRIBUTES, DECLARED_FACTS, OPTIONS, VIEWS, HIDDEN_INFORMATION,
                           SECRETS, DRAWING, RECORDS, NOTATION, UNDO, CLONES, REFUSALS, WORDS, COPIES, FAIR_BOTS]
"""The contract, in the order it is checked (a promise may read what one before it found: the games played)."""


def check_game(game: Game, *, games: int = 6, seed: int = 0,
               progress: Callable[[str], Any] | None = print) -> GameReport:
    """Play `games` seeded random games of `game` (and of each of its variants) and check the contract on
    the positions met: see the module's docstring. Never raises for a broken game: read the report, or call
    its `raise_for_failures()`. A run that lasts (a slow game) says each check as it starts, through
    `progress` (None: silent)."""
    if not isinstance(game, Game):
        raise TypeError(f"check_game takes a Game (such as tictac_nb.GAMES['tyc']), not {excerpt(game)}")
    if type(games) is not int or games < 1:
        raise ValueError(f"games is a whole number of 1 or more, not {excerpt(games)}")
    check_seed(seed)
    run = Run(game, games, seed, progress)
    checks = run.keep(PROMISES)
    results(run)
    rules_text(run)
    speed(run)
    return GameReport(game, checks, run.warnings, run.figures)


__all__ = ["AIM_BOT_MS", "AIM_MOVES_PER_SECOND", "Check", "GameCheckFailed", "GameReport", "PROMISES", "Promise",
           "check_game", "speed_warnings"]
