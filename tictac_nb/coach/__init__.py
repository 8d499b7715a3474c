"""The coach: the default bot says what it thinks, from one seat's knowledge only.

    >>> from tictac_nb import coach
    >>> coach.hint(state).sentence          # "Hint for O: mark square 5, ...; about 2 in 3 to win (64%); ..."
    >>> coach.hinted_svg(state, coach.hint(state))   # the board: the best three labelled, the choice marked
    >>> analysis = coach.analyse(state)     # the mover's chance after every move, and the marked moves
    >>> coach.evaluation_chart(analysis)    # one line over every move from one side, marks and a legend
"""

from __future__ import annotations

from . import calibration
from .analysis import Analysis, MoveJudgement, analyse
from .chart import evaluation_chart
from .hints import Hint, TargetHint, hint, per_target
from .judge import Choice, Judgement, judge
from .overlay import hinted_svg, overlay_svg
from .words import MARKS

__all__ = [
    "MARKS", "Analysis", "Choice", "Hint", "Judgement", "MoveJudgement",
    "TargetHint", "analyse", "calibration", "evaluation_chart", "hint", "hinted_svg", "judge", "overlay_svg",
    "per_target",
]
