"""How the coach weighs a position: the default bot's own reasoning, from one seat's knowledge only.

Two kinds of judge, by the kind of bot:
- an `MCTSBot` runs its very search (`MCTSBot.search`, determinized copies for the seat) and the coach
  reads the root: each tried action's share of the visits and its mean reward for the mover;
- a heuristic bot with `explain(state) -> (action, words)` (`TicTocBot`, `KOBot`) names its choice and
  the rule that chose it; a win chance comes only from `playouts` games per action played to the end by
  the bot itself on determinized copies for the seat (none when `playouts` is 0).

Either way the judge never reads the real state's secrets: every world it plays in is
`state.determinize(seat, rng)`, and only the kit's own bots (which decide from their seat's knowledge, as
the protocol test checks) are given the real state to explain: a bot of your own is refused.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.bots import MCTSBot, _Node, bot_name
from ..core.engine import State
from ..trust.entrant import kit_bots
from .calibration import calibrate

PLAYOUT_CAP = 2_000
"""Actions a heuristic playout may last before it counts as a draw (no kit game comes close)."""


MIN_VISITS = 50
"""A played action searched fewer times than this is searched further (alone), so that its chance is not a
few playouts' luck (50 playouts: a standard error of at most 7 points)."""


@dataclass(frozen=True)
class Choice:
    """One action as the judge sees it: its share of the search (None: no search), its mean reward for the
    mover, a win counting 1 and a draw or tie an equal share (None: not estimated), and how many playouts
    that mean rests on."""

    action: str
    share: float | None
    chance: float | None
    """None: not estimated, or a search's action tried too rarely to trust (fewer than `MIN_VISITS` playouts,
    or half the most searched action's where even that one has fewer)."""
    visits: int


@dataclass(frozen=True)
class Judgement:
    """A position weighed from `seat`'s knowledge: every choice the judge saw (most visited first), the one
    the coach recommends (the highest chance it shows), and, for a heuristic bot whose rule chose that very
    move, the rule's words."""

    seat: int
    mover: int
    bot: str
    choices: tuple[Choice, ...]
    best: str
    rule: str | None = None
    complete: bool = True
    """Whether every legal action was weighed (a heuristic coach judging a played move weighs only that
    move and its own choice)."""

    def choice(self, action: str) -> Choice | None:
        return next((c for c in self.choices if c.action == action), None)

    def runner_up(self) -> Choice | None:
        """The best other choice: the highest chance among the others that have one (a search's rarely tried
        moves have none); None when not every choice was weighed."""
        if not self.complete:
            return None
        others = [c for c in self.choices if c.action != self.best and c.chance is not None]
        return min(others, key=lambda c: by_chance(c.chance, c.visits, c.action), default=None)


def by_chance(chance: float | None, visits: int, action: str) -> tuple:
    """The one order of the choices a hint shows, for `sorted` and `min`: the higher chance first, then the
    more searched, then by name, so the sentence's "next best" is the board's second on ties too."""
    return -(chance or 0.0), -visits, action


def sides(state: State) -> int:
    """How many can win: the teams where seats play in teams (K.O.), else the seats."""
    return len(set(getattr(state, "team_of", range(state.num_players))))


class _SeatOf:
    """`state` as a search for `seat` sees it: determinized for `seat`, whoever is to move (then the root's
    actions are those legal in the sampled worlds)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.to_move = state, seat

    def determinize(self, _seat: int | None, rng: random.Random) -> State:
        return self.state.determinize(self.to_move, rng)


class _After(_SeatOf):
    """The worlds of `state` for its mover, each with `action` played: searching these from the root's child
    for `action` adds playouts to that action alone, drawn from what the mover knew before playing it."""

    def __init__(self, state: State, action: str) -> None:
        assert state.to_move is not None  # a position with a mover
        super().__init__(state, state.to_move)
        self.action = action

    def determinize(self, _seat: int | None, rng: random.Random) -> State:
        world = self.state.determinize(self.to_move, rng)
        world.apply(self.action)
        return world


def mcts_words(bot: MCTSBot, budget: int | None = None) -> str:
    return f"MCTS, {budget or bot.iterations:,} playouts"


def describe_bot(bot: Any) -> str:
    """The bot's name in a hint ("MCTS, 2,000 playouts", "TicTocBot")."""
    if isinstance(bot, MCTSBot):
        return mcts_words(bot)
    return type(bot).__name__ if hasattr(bot, "explain") else bot_name(bot)


def fresh(bot: Any, seed: int) -> Any:
    """A copy of `bot` with its own generator seeded by `seed`: the same hint for the same seed, and the
    bot that plays is not disturbed."""
    twin = copy.copy(bot)
    if hasattr(twin, "rng"):
        twin.rng = random.Random(seed)
    return twin


def judge(state: State, seat: int, bot: Any, seed: int, *, budget: int | None = None, playouts: int = 0,
          played: str | None = None, every_choice: bool = False, kind: str = "analysis") -> Judgement:
    """`state` weighed by `bot` from `seat`'s knowledge. `budget`: the search's playouts (None: the bot's own);
    `playouts`: games per action for a heuristic bot's win chance; `played`: the move a game record made,
    whose estimate must rest on at least `MIN_VISITS` playouts (a heuristic bot then plays out only that
    move and its own choice, unless `every_choice`); `kind`: whose calibration maps its chances ("analysis"
    or "hint": `calibration.KINDS`)."""
    if type(bot) not in kit_bots():
        raise TypeError(f"the coach reads the kit's own bots only (MCTSBot, the games' bots), not {bot_name(bot)}: "
                        "it hands them the real state to explain")
    if isinstance(bot, MCTSBot):
        judged = _search(state, seat, fresh(bot, seed), budget, played)
    elif callable(getattr(bot, "explain", None)):
        judged = _explain(state, seat, fresh(bot, seed), seed, playouts, None if every_choice else played)
    else:
        raise TypeError(f"the coach reads MCTSBot searches and bots with explain(state), not {bot_name(bot)}")
    game, players, played_before = state.game.name, state.num_players, len(state.history)
    choices = tuple(replace(c, chance=calibrate(game, players, c.chance, played_before, kind)) for c in judged.choices)
    return replace(judged, choices=choices)


def first_by_chance(choices: Sequence[Choice], preferred: str | None) -> str | None:
    """The choice the coach recommends: the highest chance (the number it shows), `preferred` (the bot's
    own pick) among equals; None when no choice has a chance."""
    shown = [c for c in choices if c.chance is not None]
    if not shown:
        return None
    return max(shown, key=lambda c: (round(c.chance or 0.0, 6), c.action == preferred, c.visits)).action


def _search(state: State, seat: int, bot: MCTSBot, budget: int | None, played: str | None) -> Judgement:
    mover = state.to_move
    assert mover is not None  # a position with a mover
    view = state if seat == mover else _SeatOf(state, seat)
    root = bot.search(view, iterations=budget)  # type: ignore[arg-type]
    if played is not None and seat == mover and root.children.get(played, _Node(mover)).visits < MIN_VISITS:
        child = root.children.setdefault(played, _Node(mover))
        bot.search(_After(state, played), root=child, iterations=MIN_VISITS - child.visits)  # type: ignore[arg-type]
    children = root.children
    total = sum(child.visits for child in children.values()) or 1
    legal = state.legal_actions() if seat == mover else tuple(children)
    picked = bot._best(root, legal) if any(a in children for a in legal) else legal[0]
    order = sorted(children, key=lambda a: (-children[a].visits, a))
    trusted = min(MIN_VISITS, max((children[a].visits for a in order), default=0) // 2) or 1
    choices = [Choice(a, children[a].visits / total,
                      children[a].reward / children[a].visits if children[a].visits >= trusted else None,
                      children[a].visits) for a in order if children[a].visits]
    choices += [Choice(a, 0.0, None, 0) for a in legal if a not in children]
    best = first_by_chance([c for c in choices if c.action in legal], picked) or picked
    return Judgement(seat, mover, mcts_words(bot, budget), tuple(choices), best)


def _explain(state: State, seat: int, bot: Any, seed: int, playouts: int, played: str | None) -> Judgement:
    mover = state.to_move
    assert mover is not None  # a position with a mover
    if seat != mover:  # the bot reads its seat's hand: from another seat, only played actions get a chance
        actions: Sequence[str] = (played,) if played is not None else ()
        best, rule = None, None
    else:
        best, rule = bot.explain(state)
        actions = state.legal_actions() if played is None else tuple(dict.fromkeys((best, played)))
    rng = random.Random(seed)
    worlds = [state.determinize(seat, rng) for _ in range(playouts)]
    choices = []
    for action in actions:
        chance = _playout_chance(worlds, action, mover, bot, rng) if playouts else None
        choices.append(Choice(action, None, chance, playouts if chance is not None else 0))
    complete = seat == mover and played is None
    if complete and playouts:
        top = first_by_chance(choices, best) or best
        best, rule = top, rule if top == best else None
    choices.sort(key=lambda c: (c.action != best, -(c.chance or 0.0)))
    return Judgement(seat, mover, describe_bot(bot), tuple(choices), best or "", rule, complete)


def _playout_chance(worlds: Sequence[State], action: str, mover: int, bot: Any, rng: random.Random) -> float | None:
    """The mover's mean result over `worlds` (the same worlds for every action: a fairer comparison) with
    `action` played, then `bot` for every seat to the end, or to the game's `coach_playouts.cut` and the bot's
    own `chance`."""
    total, count = 0.0, 0
    for world in worlds:
        if action not in world.legal_actions():
            continue
        game = world.clone()
        game.apply(action)
        steps, cut = 0, game.game.coach_playouts.cut or PLAYOUT_CAP
        while game.outcome is None and steps < cut:
            game.apply(bot.choose(game))
            steps += 1
        total += result(game, mover, bot)
        count += 1
    return total / count if count else None


def result(state: State, seat: int, bot: Any) -> float:
    """What a playout scores for `seat`: 1 for a win (a team's win too), 0 for a loss, an equal share per side
    for a draw or tie; a game cut short, the bot's `chance` (else a draw)."""
    if state.outcome is None:
        estimate = getattr(bot, "chance", None)
        return estimate(state, seat) if callable(estimate) else 1 / sides(state)
    winners = state.outcome.winners
    if not winners:
        return 1 / sides(state)
    return 1.0 if seat in winners else 0.0
