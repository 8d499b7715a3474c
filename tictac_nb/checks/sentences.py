"""The words of a finding: what raised where, kinds of values, seats, and the sample of actions tried."""

from __future__ import annotations

import os
import random
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.engine import excerpt

if TYPE_CHECKING:
    from .run import Spot

ACTIONS_TRIED = 8
"""Legal actions played and undone per position (a sample: a big game lists hundreds)."""


CORE = Path(__file__).parent.parent / "core"
KIT_FILES = frozenset(str(CORE / name) for name in ("engine.py", "bots.py", "frozen.py")) | \
    frozenset(str(path) for path in Path(__file__).parent.glob("*.py"))


STDLIB = os.path.dirname(random.__file__)


def seat_words(viewer: int | None) -> str:
    return "the onlooker" if viewer is None else f"player {viewer}"


def kind_of(value: Any) -> str:
    """'an int', 'a list': the type of `value` with its article."""
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}"


def sample(actions: Any, spot: Spot) -> list[str]:
    """Up to `ACTIONS_TRIED` of `actions`, the same ones every run."""
    actions = list(actions)
    if len(actions) <= ACTIONS_TRIED:
        return actions
    return random.Random(spot.line.seed * 1000 + spot.count).sample(actions, ACTIONS_TRIED)


def raised(error: BaseException, doing: str) -> str:
    """'apply raised ZeroDivisionError: division by zero (line 12, in winner)': the game's own method that
    raised (the first frame outside the kit's engine), else what the check was doing, and the innermost line."""
    frames = [frame for frame, _ in traceback.walk_tb(error.__traceback__)]
    own = [frame for frame in frames
           if frame.f_code.co_filename not in KIT_FILES and not frame.f_code.co_filename.startswith(STDLIB)]
    message = excerpt(str(error), 200)[1:-1]  # the quotes excerpt adds, never one of the message's own
    what = f"{type(error).__name__}: {message}" if message else type(error).__name__
    if not own:
        return f"{doing} raised {what}"
    outer, inner = own[0], own[-1]
    place = f"line {inner.f_lineno}" + ("" if inner is outer else f", in {inner.f_code.co_name}")
    return f"{outer.f_code.co_name}() raised {what} ({place})"



