"""The rules are written where the kit reads them: a state class whose rules come from its own docstring has
one; a docstring without a 'For players' section is a warning (the print sheet prints what it finds)."""

from __future__ import annotations

import sys

from .run import Broken, Promise, Run


def rules(run: Run) -> None:
    from ..grid import GridState

    cls = run.game.state_class
    module = sys.modules.get(cls.__module__)
    from_class = (cls.__module__ == "__main__" or not getattr(module, "__doc__", None)
                  or issubclass(cls, GridState) and cls is not GridState)
    if from_class and not (cls.__dict__.get("__doc__") or "").strip():
        raise Broken(f"{cls.__name__} has no docstring of its own, so the rules page would print another "
                     f"class's: write the rules in the class's docstring (a first line naming the game, then "
                     "'For players:' and its bullets, '- ...'; Game.rules gives the shape)")


def rules_text(run: Run) -> None:
    from ..classroom.printing import has_players_rules

    if not has_players_rules(run.game):
        run.warnings.append(f"the rules docstring of {run.game.title} has no 'For players:' section of bullets "
                             "('- ...'): the print sheet prints what it finds instead (see Game.rules for "
                             "the shape)")


RULES = Promise("rules", "the state class has a docstring of its own: the rules, which Game.rules and the print "
                "sheet read", rules)
