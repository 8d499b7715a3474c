"""Every word the coach says, built in one place: chances, a hint's sentence, a target's name, marks.

A move is always named as its game names it (`State.describe`: "mark square 7", "write F in board 6
cell 1", "play Bog Brute on space 6"), so the coach, the board's targets and the logs say it alike.
"""

from __future__ import annotations

import re

MARKS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
"""A move's mark by how far it dropped the mover's chance below the coach's preferred move (in points of
win chance, as lichess marks moves by their drop in winning chances), worst first."""

SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
"""The mark's sign beside a move (the chess annotation signs lichess shows)."""

ODDS = (2, 3, 4, 5, 6, 10)
"""The denominators a chance is said in ("about 1 in 5"): the plainest fraction near the chance."""
FRACTIONS = tuple((n, k) for n in ODDS for k in range(1, n))
"""Every fraction a chance may be said as, `(n, k)` for "k in n": never "0 in 2" nor "1 in 1"."""
NEAR = 0.035
"""A fraction this close to the chance is near enough to say; the plainest of those is said (else the closest)."""

NO_CHANCE = "no chance to win is worked out here"
"""Said where the coach shows no chance: what it does not say, with no claim about the move it names."""

BEST_BADGE = "best"
"""The pill on the coach's choice where it has no number to show (a K.O. hint), so that it differs from the
other choices by more than its outline's colour."""

UNSEARCHED = "too few trial games to judge"
"""A target's words when its chance rests on fewer trial games than the coach trusts (it shows no number)."""


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def odds(chance: float | None, sides: int = 2) -> str:
    """"about 1 in 5 to win (21%)"; "almost sure to win (98%)"; `NO_CHANCE` when there is no chance. `sides`:
    how many can win (seats, or teams where seats play in teams): "even odds" only where an even share is 1
    in 2; with more, the even share is said beside the chance ("about 1 in 2 to win (45%; an even share
    among 3 players is 1 in 3)")."""
    if chance is None:
        return NO_CHANCE
    if chance >= 0.95:
        return f"almost sure to win ({percent(chance)})"
    if chance < 0.05:
        return f"almost no hope to win ({percent(chance)})"

    def error(fraction: tuple[int, int]) -> float:
        return abs(fraction[1] / fraction[0] - chance)

    near = [f for f in FRACTIONS if error(f) <= NEAR]
    closest = min(FRACTIONS, key=lambda f: (round(error(f), 9), f[0]))
    n, k = min(near, key=lambda f: (f[0], error(f))) if near else closest
    if sides <= 2:
        return f"{'even odds' if 2 * k == n else f'about {k} in {n} to win'} ({percent(chance)})"
    return f"about {k} in {n} to win ({percent(chance)}; an even share among {sides} players is 1 in {sides})"


def how_judged(bot: str) -> str:
    """How the coach weighed the moves, in a player's words: "trying 2,000 games from each position" for a
    search ("MCTS, 2,000 playouts"), "by the computer player's own rules" for a game's bot ("KOBot")."""
    search = re.fullmatch(r"MCTS, ([\d,]+) playouts", bot)
    if search:
        return f"trying {search.group(1)} games from each position"
    return "by the computer player's own rules" if bot else "no moves judged"


def mark_for(drop: float | None, noise: float = 0.0) -> str | None:
    """The mark of a move that lost `drop` of the mover's chance (None: too small to mark, unknown, or not
    beyond `noise`, the spread of the coach's own chance between two analyses of the same game)."""
    if drop is None or drop <= noise:
        return None
    return next((name for name, at in MARKS if drop >= at - 1e-9), None)


def reason(rule: str | None) -> str | None:
    """A heuristic bot's rule in the game's terms: no priority numbers, no sampled worlds, the player's "your"."""
    if rule is None:
        return None
    if rule == "its only legal action":
        return "it is the only move"
    if rule.startswith("it wins (or avoids losing) at once"):
        return "it wins, or stops a loss, at once"
    scored = re.match(r"the best score of .+?, (?:level with \(a tie broken at random\)|(\d+) points ahead of) "
                      r"(.+?)(?:, mostly for (.+))?$", rule)
    if scored:
        gap, runner, most = scored.groups()
        why = f"it does most for {_yours(most)}" if most else "it scores best"
        return why + (f", ahead of {doing(runner)}" if gap else f", as good as {doing(runner)}")
    return "to " + _yours(re.sub(r"^\d+\.\s*", "", rule))


def _yours(text: str) -> str:
    """A bot's "its" (its team, its Objective) as the player's "your"."""
    return re.sub(r"\bits\b", "your", text)


def sentence(player: str, move: str, chance: float | None, why: str | None = None, runner: str | None = None,
             runner_chance: float | None = None, sides: int = 2) -> str:
    """"Hint for O: mark square 7, about 2 in 3 to win (64%); next best: mark square 9, 45%."."""
    head = f"Hint for {player}: {move}" + (f", {why}" if why else "") + f"; {odds(chance, sides)}"
    if runner is None or runner_chance is None or chance is None:
        return head + "."
    return head + f"; next best: {runner}, {percent(runner_chance)}."


def target_words(chance: float | None, best: bool, rank: int | None, unsure: bool = False) -> str:
    """The suffix of a target's accessible name: "64% to win, the coach's choice" or "2nd best, 58% to win"."""
    parts = []
    if best:
        parts.append("the coach's choice")
    elif rank is not None:
        parts.append(f"{ordinal(rank)} best")
    if chance is not None:
        parts.append(f"{percent(chance)} to win")
    elif unsure:
        parts.append(UNSEARCHED)
    return ", ".join(parts)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


IRREGULAR = {"write": "wrote", "keep": "kept", "draw": "drew", "swap": "swapped", "skip": "skipped"}


DOUBLED = ("swap", "skip", "repel")
"""Verbs that double their last letter before "-ing"."""


def doing(move: str) -> str:
    """A move's words as a gerund, for "as good as" and "ahead of": "playing Mumbles on space 4", "passing",
    "SWAPPING ..." (the words are its game's `describe`)."""
    verb, rest = re.match(r"([A-Za-z]*)(.*)", move).groups()  # type: ignore[union-attr]
    low = verb.lower()
    if not low:
        return move
    stem = low + low[-1] if low in DOUBLED else low[:-1] if low.endswith("e") and not low.endswith("ee") else low
    ing = stem + "ing"
    return f"{ing.upper() if verb.isupper() and len(verb) > 1 else ing}{rest}"


def played(player: str, move: str) -> str:
    """A move's words after the fact, its verb in the past: "X marked square 7", "Evil 1 played the Magic
    card Mind Swap" (the words are its game's `describe`, which name it as the board does)."""
    verb, rest = re.match(r"([A-Za-z]*)(.*)", move).groups()  # type: ignore[union-attr]
    low = verb.lower()
    past = IRREGULAR.get(low) or (low + "d" if low.endswith("e") else low + "ed") if low else ""
    return f"{player} {past.upper() if verb.isupper() and len(verb) > 1 else past}{rest}".strip()


def move_words(number: int, player: str, move: str, mark: str | None, best: str | None,
               best_chance: float | None, chance: float | None) -> str:
    """"move 7, O played mark square 3: 35% to win; a blunder, the coach preferred mark square 5 (70%)"."""
    text = f"move {number}, {played(player, move)}"
    if chance is not None:
        text += f": {percent(chance)} to win"
    if mark is not None and best is not None:
        text += f"; {'an' if mark[0] in 'aeiou' else 'a'} {mark}, the coach preferred {best}"
        if best_chance is not None:
            text += f" ({percent(best_chance)})"
    return text
