"""One run of `check_game`: the games played (`Line`), the positions met (`Spot`), the promises (`Promise`),
and `Run`, which keeps them one by one and replays any position from its seed and moves."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.engine import Game, IllegalAction, InvalidGame, Outcome, State, excerpt
from .report import AIM_MOVES_PER_SECOND, Check
from .sentences import raised

SLOW_MOVES_PER_SECOND = 5_000
"""Under this rate of random play (a tenth of the aim: no game of the kit comes near it on a busy machine)
`check_game` keeps to its time budget, so that a slow game is named in seconds, not minutes."""


BUDGET_SECONDS = 10.0
"""What a slow game's checks may take before the rest are reported as not checked."""


VARIANT_LINES = 2
"""Games of each variant whose positions the promises after 'games end' visit: a variant changes a few rules of
the game as printed, whose every game they visit, while 'games end' checks every step of every game."""


DRAWN_LINES = 1
"""The games of each variant whose every position a board is drawn at; the other games' boards are drawn at their
end only (drawing is the slowest thing most games do, and a board is drawn from the view, which every position
checks)."""


PROGRESS_AFTER = 3.0
"""Seconds after which `check_game` prints a line as each check starts."""


class Broken(Exception):
    """A check's finding: the sentence that says what is wrong."""


class OutOfTime(Exception):
    """A slow game's checks ran past `BUDGET_SECONDS`."""


@dataclass
class Line:
    """One seeded random game: its variant, seed and the moves played (up to where it ended or broke)."""

    variant: str
    options: dict[str, Any]
    seed: int
    moves: list[str] = field(default_factory=list)
    ended: bool = False
    outcome: Outcome | None = None


@dataclass(frozen=True)
class Spot:
    """A position met: the first `count` moves of `line`."""

    line: Line
    count: int

    @property
    def moves(self) -> list[str]:
        return self.line.moves[: self.count]

    def where(self) -> str:
        """'After 5 moves (seed 3: 1, 5, 9, 2, 7)', or 'At the start (seed 3)'."""
        line = self.line
        variant = "" if line.variant == "as printed" else f"variant {line.variant!r}, "
        if not self.count:
            return f"At the start ({variant}seed {line.seed})"
        cut = self.count > 12  # only the moves shown are quoted: a long game's where() stays cheap
        shown = (["…"] if cut else []) + [excerpt(m, 24).strip("'") for m in self.moves[-10 if cut else 0:]]
        plural = "move" if self.count == 1 else "moves"
        return f"After {self.count} {plural} ({variant}seed {line.seed}: {', '.join(shown)})"


@dataclass(frozen=True)
class Promise:
    """One promise of the contract: its name, the rule it keeps in words (or a function of the Game giving them),
    and the check, a function of the `Run` that raises `Broken` with a sentence when the game breaks it."""

    name: str
    rule: str | Callable[[Game], str]
    check: Callable[[Run], None]

    def words(self, game: Game) -> str:
        return self.rule if isinstance(self.rule, str) else self.rule(game)


class Run:
    """One run of `check_game`: the lines played, the positions met, and what the promises found."""

    def __init__(self, game: Game, games: int, seed: int, progress: Callable[[str], Any] | None = None) -> None:
        self.game = game
        self.progress = progress
        self.started = time.perf_counter()
        self.deadline: float | None = None
        self.games = games
        self.seed = seed
        self.lines: list[Line] = []
        self.at: str | Spot = "At the start"
        """Where the game is, for a message: a Spot is worded only when a message needs it (`here`)."""
        self.doing = "new_game"
        self.warnings: list[str] = []
        self.figures: dict[str, float] = {}
        self.bot_seconds: list[float] = []
        self.game_seconds = 0.0
        """The time the line being played spent in the game's own play()."""
        self.boards: dict[tuple[int, int, int | None], Any] = {}
        """The real game's boards drawn so far, by line, move count and viewer (`board`)."""
        self.deals: dict[tuple[int, int, int], Any] = {}
        """Games the kit dealt from other seeds so far (`lookalikes`), by line, move count and seed, with their
        positions: dealt once for every seat that looks for one."""

    # ---- running the checks ------------------------------------------------------------------------

    def keep(self, promises: list[Promise]) -> list[Check]:
        """A `Check` per promise, in order, saying each as it starts once the run lasts (`PROGRESS_AFTER`)."""
        checks = []
        for number, promise in enumerate(promises, 1):
            elapsed = time.perf_counter() - self.started
            if self.progress is not None and elapsed > PROGRESS_AFTER:
                self.progress(f"check_game({self.game.name!r}): {promise.name} ({number} of {len(promises)}), "
                              f"{elapsed:.0f} s so far")
            checks.append(self.attempt(promise))
        return checks

    def attempt(self, promise: Promise) -> Check:
        name, rule = promise.name, promise.words(self.game)
        self.at, self.doing = "At the start", "new_game"
        try:
            self.on_time()
            promise.check(self)
        except OutOfTime:
            rate = self.figures.get("random moves/s", 0)
            return Check(name, rule, f"not checked: the game plays only {rate:,.0f} random moves a second (the kit "
                                     f"aims at {AIM_MOVES_PER_SECOND:,}), so check_game stopped after "
                                     f"{BUDGET_SECONDS:.0f} s; make legal_actions() and apply() faster (nothing "
                                     "that waits or sleeps, legal actions computed once per position)")
        except Broken as finding:
            return Check(name, rule, str(finding))
        except InvalidGame as error:
            return Check(name, rule, str(error))
        except Exception as error:  # the game's own code raised: say which method, with its message
            return Check(name, rule, f"{self.here}, {raised(error, self.doing)}")
        return Check(name, rule)

    @property
    def here(self) -> str:
        """'After 5 moves (seed 3: ...)': where the game is, in words."""
        return self.at if isinstance(self.at, str) else self.at.where()

    def slow(self, moves: int, seconds: float) -> None:
        """Keep to `BUDGET_SECONDS` once random play is measured under `SLOW_MOVES_PER_SECOND`."""
        if self.deadline is None and seconds > 0.05 and moves / seconds < SLOW_MOVES_PER_SECOND:
            self.deadline = self.started + BUDGET_SECONDS
            self.figures["random moves/s"] = moves / seconds

    def on_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

    def visit(self, spot: Spot, doing: str = "play") -> State:
        """The position at `spot`, replayed from its seed and moves (never a clone: clones are checked)."""
        self.on_time()
        self.at, self.doing = spot, "new_game"
        line = spot.line
        state = self.game.start(line.seed, dict(line.options))
        for number, move in enumerate(spot.moves, 1):
            self.doing = f"play({move!r})"
            try:
                state.play(move)
            except IllegalAction as refused:
                raise Broken(f"{Spot(line, number).where()}: replaying the same seed and moves refused "
                             f"{excerpt(move)} ({refused}), though it was legal when first played. A game must draw "
                             "all its chance from the seed in setup() (no random.random(), no clock, nothing shared "
                             "between games), so that the same seed and moves give the same game") from None
        self.doing = doing
        return state

    def spots(self, ended: bool = True) -> list[Spot]:
        """A few positions of every line of the rules as printed and of the first `VARIANT_LINES` of each
        variant: the start, after one move, halfway, the last before the end (and the end itself when `ended`)."""
        found: list[Spot] = []
        for line in self.lines:
            if line.variant != "as printed" and line.seed >= self.seed + VARIANT_LINES:
                continue
            n = len(line.moves)
            counts = {0, min(1, n), n // 2, max(0, n - 1)} | ({n} if ended else set())
            found += [Spot(line, c) for c in sorted(counts)]
        return found

    def drawn(self, spot: Spot) -> bool:
        """Whether boards are checked at `spot`: every position of `spots()` in the first `DRAWN_LINES` games of
        each variant, and the end of the others."""
        return spot.line.seed < self.seed + DRAWN_LINES or spot.count == len(spot.line.moves)

    def board(self, spot: Spot, state: State, viewer: int | None) -> Any:
        """`state.render_svg(viewer)` for the real game at `spot`, drawn once for every promise that reads it."""
        key = (id(spot.line), spot.count, viewer)
        if key not in self.boards:
            self.doing = f"render_svg({viewer})"
            self.boards[key] = state.render_svg(viewer)
        return self.boards[key]

    def running(self) -> list[tuple[Spot, State]]:
        """The positions of `spots(ended=False)` with their states, those where the game still runs."""
        out = []
        for spot in self.spots(ended=False):
            state = self.visit(spot)
            if state.outcome is None:
                out.append((spot, state))
        return out

    def seats(self, state: State) -> list[int | None]:
        return [None, *range(state.num_players)]

    def rng(self, spot: Spot, viewer: int | None) -> random.Random:
        """The chance a determinized copy draws from: another for every position and seat, the same every run."""
        return random.Random(f"{spot.line.variant}/{spot.line.seed}/{spot.count}/{viewer}")

    # ---- the checks ----------------------------------------------------------------------------------
