"""The coach: the default bot says what it thinks, from one seat's knowledge only.

    >>> from tictac_nb import coach
    >>> coach.hint(state).sentence          # "O (MCTS, 2,000 playouts) would play 5: 64% to win; ..."
    >>> coach.overlay_svg(state.render_svg(state.to_move), coach.hint(state))   # the board, shaded
    >>> analysis = coach.analyse(state)     # the mover's chance after every move, and the marked moves
    >>> coach.evaluation_chart(analysis)    # an SVG line chart of it
"""

from __future__ import annotations

from .analysis import ANALYSIS_PLAYOUTS, Analysis, MoveJudgement, analyse
from .chart import evaluation_chart
from .hints import HINT_PLAYOUTS, Hint, TargetHint, hint, per_target
from .judge import Choice, Judgement, judge
from .overlay import hinted_svg, overlay_svg
from .words import MARKS

__all__ = [
    "ANALYSIS_PLAYOUTS", "HINT_PLAYOUTS", "MARKS", "Analysis", "Choice", "Hint", "Judgement", "MoveJudgement",
    "TargetHint", "analyse", "evaluation_chart", "hint", "hinted_svg", "judge", "overlay_svg", "per_target",
]
