"""Every word the coach says, built in one place: percentages, a hint's sentence, a target's name, marks."""

from __future__ import annotations

CLOSE = 0.10
"""A runner-up within this much of the best choice's chance is "close"."""

MARKS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
"""A move's mark by how far it dropped the mover's chance below the coach's preferred move (in points of
win chance, as lichess marks moves by their drop in winning chances), worst first."""


def play(action: str) -> str:
    """"play 5" for a square, cell or place; "choose 'play Boy'" for an action that is a phrase."""
    return f"play {action}" if action[:1].isdigit() or action[:1] == "-" else f"choose '{action}'"


def article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def mark_for(drop: float | None) -> str | None:
    """The mark of a move that lost `drop` of the mover's chance (None: too small to mark, or unknown)."""
    if drop is None:
        return None
    return next((name for name, at in MARKS if drop >= at - 1e-9), None)


def sentence(player: str, bot: str, best: str, chance: float | None, runner: str | None = None,
             runner_chance: float | None = None, rule: str | None = None) -> str:
    """"O (MCTS, 2,000 playouts) would play 5: 64% to win; 7 is close at 58%", or a heuristic bot's rule."""
    head = f"{player} ({bot}) would {play(best)}"
    if rule is not None:
        head += f", by its rule: {rule}"
        return head + (f"; {percent(chance)} to win by its own playouts" if chance is not None
                       else "; it estimates no chance to win")
    if chance is None:
        return head
    head += f": {percent(chance)} to win"
    if runner is None or runner_chance is None:
        return head
    if chance - runner_chance <= CLOSE:
        return head + f"; {runner} is close at {percent(runner_chance)}"
    return head + f"; the next best, {runner}, has {percent(runner_chance)}"


def target_words(share: float | None, chance: float | None, best: bool) -> str:
    """The suffix of a target's accessible name: "search share 42%, 64% to win" (and "the coach's choice")."""
    parts = []
    if share is not None:
        parts.append(f"search share {percent(share)}")
    if chance is not None:
        parts.append(f"{percent(chance)} to win")
    if best:
        parts.append("the coach's choice")
    return ", ".join(parts)


def move_words(number: int, player: str, action: str, mark: str | None, best: str | None,
               best_chance: float | None, chance: float | None) -> str:
    """A move in the analysis: "move 7, O played 3: 35% to win; a blunder, the coach preferred 5 (70%)"."""
    text = f"move {number}, {player} played {action}"
    if chance is not None:
        text += f": {percent(chance)} to win"
    if mark is not None and best is not None:
        text += f"; {article(mark)} {mark}, the coach preferred {best}"
        if best_chance is not None:
            text += f" ({percent(best_chance)})"
    return text
