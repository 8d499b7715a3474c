"""A hint: the default bot's view of the mover's choices, from that seat's knowledge only, ready for the board."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from ..core.bots import default_bot
from ..core.engine import State
from . import words
from .judge import Choice, by_chance, judge, sides

WIN_WORLDS = 4
"""Worlds the seat may be in where a move must win at once for the hint to say it wins."""


@dataclass(frozen=True)
class TargetHint:
    """What the board shows on one click target (`data-target`): its share of the search (0..1, None: no
    search), its chance to win (None: not judged, or on too few trial games to show), whether it is (or
    opens) the coach's choice, its rank by that chance among targets of its kind (actions, first steps; 1:
    the coach's choice), and the words for its name."""

    target: str
    share: float | None
    chance: float | None
    best: bool
    words: str
    rank: int | None = None


@dataclass(frozen=True)
class Hint:
    """The coach's view of the mover's choices: the choice it recommends, each action's numbers, the
    numbers per click target (first steps included) and one sentence. It holds nothing the seat may not know."""

    game: str
    seat: int
    bot: str
    best: str
    chance: float | None
    sentence: str
    choices: tuple[Choice, ...]
    targets: dict[str, TargetHint]
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-safe, for a widget's trait."""
        data = asdict(self)
        data["choices"] = [asdict(c) for c in self.choices]
        return data


def default_coach(state: State, seed: int) -> Any:
    """The game's default bot (`bots.default_bot`), the coach unless told otherwise."""
    return default_bot(state.game, seed)


def hint(state: State, seat: int | None = None, *, bot: Any = None, seed: int = 0,
         playouts: int | None = None) -> Hint:
    """The default bot's view (or `bot`'s: an `MCTSBot`, or a bot with `explain`) of the choices of the seat
    to move, from that seat's knowledge only: it searches determinized copies for the seat, as the bot does.

    `seat` must be the mover (None: the mover); the same `seed` gives the same hint. `playouts` sets the
    games per action behind a heuristic bot's win chance (default: the game's `coach_playouts.hint`).
    """
    if state.outcome is not None:
        raise ValueError(f"the game is over ({state.outcome.reason}): there is nothing to hint")
    mover = state.to_move
    assert mover is not None  # the game is not over
    seat = mover if seat is None else seat
    state.check_viewer(seat)
    if seat != mover:
        raise ValueError(f"a hint is for the seat to move ({state.player_name(mover)}), not "
                         f"{state.player_name(seat)}: only the mover's choices are known to the mover")
    coach = default_coach(state, seed) if bot is None else bot
    if playouts is None:
        playouts = state.game.coach_playouts.hint
    judged = judge(state, seat, coach, seed, playouts=playouts, kind="hint")
    best = judged.choice(judged.best)
    chance = best.chance if best else None
    runner = judged.runner_up()
    runner_chance = runner.chance if runner and chance is not None else None
    text = words.sentence(state.player_name(seat), state.describe(judged.best), chance,
                          words.reason(judged.rule) or _reason(state, seat, judged.best, chance, seed),
                          state.describe(runner.action) if runner and runner_chance is not None else None,
                          runner_chance,
                          sides(state))
    return Hint(state.game.name, seat, judged.bot, judged.best, chance, text,
                judged.choices, per_target(state, judged.choices, judged.best), judged.rule)


def _reason(state: State, seat: int, best: str, chance: float | None, seed: int) -> str | None:
    """Why, in the game's terms, where the bot names no rule: a move that wins at once in every world the
    seat may be in says so; else the coach's trial games found it best."""
    rng = random.Random(seed)
    worlds = [state.determinize(seat, rng) for _ in range(WIN_WORLDS)]
    wins = 0
    for world in worlds:
        if best in world.legal_actions():
            world.apply(best)
            wins += world.outcome is not None and seat in world.outcome.winners
    if wins == len(worlds):
        return "which wins at once"
    return None if chance is None else "best in the coach's trial games from here"


def per_target(state: State, choices: tuple[Choice, ...], best: str) -> dict[str, TargetHint]:
    """The hint on every click target of the mover: an action has its own numbers; a first step (a target
    that is not an action, such as Tyc's cell before its letter) has the summed share of the actions it
    opens and the chance of the most searched of them (the follow-up the coach would choose)."""
    by_action = {c.action: c for c in choices}
    found = {}
    for target in state.targets():
        key = target.action
        own = by_action.get(key)
        if own is None:
            opened = [c for c in choices if c.action.startswith(key) and c.action != key]
            if not opened:
                continue
            shares = [c.share for c in opened if c.share is not None]
            share = sum(shares) if shares else None
            lead = max(opened, key=lambda c: (c.chance is not None, c.chance or 0.0, c.share or 0.0))
            chance, is_best, visits = lead.chance, best.startswith(key), lead.visits
            unsure = chance is None and bool(share)
        else:
            share, chance, is_best, visits = own.share, own.chance, key == best, own.visits
            unsure = chance is None and bool(own.visits)
        found[key] = (share, chance, is_best, unsure, visits)
    rank = {}
    for kind in (True, False):  # actions, then first steps: each ranked among its own kind, as the board draws them
        ranked = sorted((k for k, v in found.items() if v[1] is not None and (k in by_action) == kind),
                        key=lambda k: (not found[k][2], by_chance(found[k][1], found[k][4], k)))
        rank.update({key: i for i, key in enumerate(ranked, 1)})
    return {key: TargetHint(key, share, chance, is_best, words.target_words(chance, is_best, rank.get(key), unsure),
                            rank.get(key))
            for key, (share, chance, is_best, unsure, _) in found.items()}
