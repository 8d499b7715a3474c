"""`check_game(game)`: the contract every game keeps, checked on seeded random play of any game, with each
failure said in a sentence a student understands.

    >>> report = tictac_nb.check_game(my_game)
    >>> report                      # one line per check, ✓ or ✗, and the speed figures
    >>> report.raise_for_failures() # an AssertionError with the sentences, for a notebook exercise or a test

It plays `games` random games of the rules as printed and of every variant, from the seeds `seed`,
`seed + 1`, ..., and checks the positions met on the way: games end, phases, options, views, hidden information,
drawings, records, notation, undo, clones, refusals, words, determinized copies and bots that cannot
cheat. Every check names the rule broken, the seed and the moves that show it, and what to change; an
exception raised in the game's own code is a failed check naming the method that raised. Plain Python and
`random.Random` only, so it runs in JupyterLite too.
"""

from __future__ import annotations

import copy
import html
import json
import os
import random
import sys
import time
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bots import RandomBot, default_bot
from .engine import (
    HEADER_KEYS,
    MAX_ACTION_CHARS,
    SEED_LIMIT,
    Game,
    IllegalAction,
    InvalidGame,
    InvalidOption,
    Outcome,
    State,
    Target,
    check_seed,
    excerpt,
    load_record,
)

AIM_MOVES_PER_SECOND = 50_000
"""The kit's aim for random play: the design lab plays hundreds of games a cell."""
AIM_BOT_MS = 100
"""The kit's aim for the default bot: a move within 100 ms of one core."""

HEADER = HEADER_KEYS
JUNK: tuple[Any, ...] = (None, 5, 3.5, b"5", ["5"], {"a": 1}, "", " ", "zzz", "@@", "999", "\x00", "1" * 500)
ODD_VALUES: tuple[Any, ...] = (None, True, 0, -1, 10**12, 2.5, "", "x" * 300, [], [1, "a"], {}, {"a": None})
"""Values tried on every rule option: each is taken, or refused with `InvalidOption`."""
ACTIONS_TRIED = 8
"""Legal actions played and undone per position (a sample: a big game lists hundreds)."""
LOOKALIKE_SEEDS = 8
"""Other seeds the kit deals a position's moves from, looking for games a seat cannot tell from it."""
LOOKALIKE_LINES = 2
"""Games of each variant whose positions the kit looks for lookalikes of (the others are checked as before)."""
SLOW_MOVES_PER_SECOND = 5_000
"""Under this rate of random play (a tenth of the aim: no game of the kit comes near it on a busy machine)
`check_game` keeps to its time budget, so that a slow game is named in seconds, not minutes."""
BUDGET_SECONDS = 10.0
"""What a slow game's checks may take before the rest are reported as not checked."""
PROGRESS_AFTER = 3.0
"""Seconds after which `check_game` prints a line as each check starts."""
WINS_SEEN = 6
"""Ended random games needed before `check_game` warns that none was won, or all by one seat."""
PROTOCOL = frozenset(name for name in dir(State) if not name.startswith("__") and callable(getattr(State, name))
                     or isinstance(getattr(State, name, None), property))
"""The methods (and properties) every state has: an attribute of the same name would hide one."""

KIT_FILES = frozenset(os.path.join(os.path.dirname(__file__), name)
                      for name in ("engine.py", "checks.py", "bots.py", "frozen.py"))
STDLIB = os.path.dirname(random.__file__)


class GameCheckFailed(AssertionError):
    """`GameReport.raise_for_failures()`: the game breaks the contract; the message has every sentence."""


class Broken(Exception):
    """A check's finding: the sentence that says what is wrong."""


class OutOfTime(Exception):
    """A slow game's checks ran past `BUDGET_SECONDS`."""


@dataclass(frozen=True)
class Check:
    """One rule of the contract and how the game kept it: `failure` is None, or the sentence that says why not."""

    name: str
    rule: str
    failure: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


@dataclass
class GameReport:
    """What `check_game` found: a `Check` per rule, warnings (nothing broken, but short of the kit's aims or
    of what the print sheet reads), and figures (random moves a second, the default bot's ms a move)."""

    game: Game
    checks: list[Check]
    warnings: list[str] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def failures(self) -> list[str]:
        """The sentences of the failed checks, in order."""
        return [f"{check.name}: {check.failure}" for check in self.checks if not check.ok]

    def raise_for_failures(self) -> GameReport:
        """Raise `GameCheckFailed` with every failure's sentence, if any check failed; else return the report."""
        if not self.ok:
            raise GameCheckFailed(f"{self.game.title} breaks the game contract:\n- " + "\n- ".join(self.failures))
        return self

    def figure_lines(self) -> list[str]:
        names = {"random moves/s": "random play: {:,.0f} moves a second",
                 "bot ms/move": "default bot: {:,.1f} ms a move"}
        return [names[key].format(value) for key, value in self.figures.items() if key in names]

    def __repr__(self) -> str:
        lines = [f"check_game({self.game.name!r}): "
                 + ("every check passed" if self.ok else f"{len(self.failures)} of {len(self.checks)} checks failed")]
        for check in self.checks:
            lines.append(f"{'✓' if check.ok else '✗'} {check.name}: {check.rule if check.ok else check.failure}")
        lines += [f"! {warning}" for warning in self.warnings]
        lines += ["  " + line for line in self.figure_lines()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for check in self.checks:
            mark = ('<span style="color:#1a7f37">✓</span>' if check.ok
                    else '<span style="color:#cf222e">✗</span>')
            words = html.escape(check.rule if check.ok else check.failure or "")
            rows.append(f"<li>{mark} <b>{html.escape(check.name)}</b>: {words}</li>")
        rows += [f'<li><span style="color:#9a6700">!</span> {html.escape(w)}</li>' for w in self.warnings]
        figures = "".join(f"<li>{html.escape(line)}</li>" for line in self.figure_lines())
        verdict = ("every check passed" if self.ok else f"{len(self.failures)} of {len(self.checks)} checks failed")
        return (f"<div><p><b>check_game({html.escape(repr(self.game.name))})</b>: {verdict}</p>"
                f'<ul style="list-style:none;padding-left:0">{"".join(rows)}</ul><ul>{figures}</ul></div>')


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
        shown = [excerpt(m, 24).strip("'") for m in self.moves]
        if len(shown) > 12:
            shown = ["…", *shown[-10:]]
        plural = "move" if self.count == 1 else "moves"
        return f"After {self.count} {plural} ({variant}seed {line.seed}: {', '.join(shown)})"


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
    return Checker(game, games, seed, progress).run()


class Checker:
    """One run of `check_game`: the lines played, the positions met, and a method per check."""

    def __init__(self, game: Game, games: int, seed: int, progress: Callable[[str], Any] | None = None) -> None:
        self.game = game
        self.progress = progress
        self.started = time.perf_counter()
        self.deadline: float | None = None
        self.games = games
        self.seed = seed
        self.lines: list[Line] = []
        self.here = "At the start"
        self.doing = "new_game"
        self.warnings: list[str] = []
        self.figures: dict[str, float] = {}
        self.bot_seconds: list[float] = []
        self.game_seconds = 0.0
        """The time the line being played spent in the game's own play()."""

    # ---- running the checks ------------------------------------------------------------------------
    def run(self) -> GameReport:
        cap = self.game.move_cap
        plan: list[tuple[str, str, Callable[[], None]]] = [
            ("rules", "the state class has a docstring of its own: the rules, which Game.rules and the print "
                      "sheet read", self.rules),
            ("games end", f"every game ends within move_cap ({cap}) actions with a proper outcome", self.ending),
            ("own attributes", "no attribute of the state hides a method of the protocol", self.own_attributes),
            ("declared facts", "the player counts and phases met are those the Game declares", self.facts),
            ("options", "every rule option takes a value or refuses it with InvalidOption", self.options),
            ("views", "view(player) is JSON data that starts with the engine's header", self.views),
            ("hidden information", "a seat's view and board are the same on a copy determinized for that seat, "
                                   "and the copy is the same from every game the kit deals that the seat cannot "
                                   "tell apart", self.hidden),
            ("secrets", "a seat's view and board stay the same when another seat's declared secret changes"
             if self.game.state_class.SECRETS else "no secrets declared (State.SECRETS)", self.secrets),
            ("drawing", "render_svg(viewer) is an SVG with the status line in a 'ttn-status-line' group",
             self.drawing),
            ("records", "record() goes through JSON and rebuilds the same game; a seed always deals the same game",
             self.records),
            ("notation", "every legal action is plain text that play() takes back", self.notation),
            ("undo", "undo() takes back the last action and restores the position exactly", self.undo),
            ("clones", "a clone played to the end leaves the original as it was, every attribute of it",
             self.clones),
            ("refusals", "illegal and junk actions raise IllegalAction with a reason and change nothing",
             self.refusals),
            ("words", "describe() and targets() give words to every legal action", self.words),
            ("determinized copies", "a determinized copy undoes and replays the same game" if self.game.copies_replay
             else "a determinized copy refuses undo (copies_replay=False)", self.copies),
            ("fair bots", "RandomBot and the default bot decide the same on the real game and on a copy the mover "
                          "cannot tell apart", self.fair_bots),
        ]
        checks = []
        for number, (name, rule, method) in enumerate(plan, 1):
            elapsed = time.perf_counter() - self.started
            if self.progress is not None and elapsed > PROGRESS_AFTER:
                self.progress(f"check_game({self.game.name!r}): {name} ({number} of {len(plan)}), "
                              f"{elapsed:.0f} s so far")
            checks.append(self.attempt(name, rule, method))
        self.results()
        self.rules_text()
        self.speed()
        return GameReport(self.game, checks, self.warnings, self.figures)

    def attempt(self, name: str, rule: str, method: Callable[[], None]) -> Check:
        self.here, self.doing = "At the start", "new_game"
        try:
            self.on_time()
            method()
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
        self.here, self.doing = spot.where(), "new_game"
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
        """A few positions of every line: the start, after one move, halfway, the last before the end (and the
        end itself when `ended`)."""
        found: list[Spot] = []
        for line in self.lines:
            n = len(line.moves)
            counts = {0, min(1, n), n // 2, max(0, n - 1)} | ({n} if ended else set())
            found += [Spot(line, c) for c in sorted(counts)]
        return found

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
    def ending(self) -> None:
        """Plays the lines every other check visits: each game to its end, checking every step on the way."""
        game, cap = self.game, self.game.move_cap
        variants = {"as printed": {}, **{name: dict(options) for name, options in game.variants.items()}}
        problem, moves, seconds = None, 0, 0.0
        for variant, options in variants.items():
            for seed in range(self.seed, self.seed + self.games):
                line = Line(variant, options, seed)
                self.lines.append(line)
                self.game_seconds = 0.0
                found = self.play_line(line, cap)
                if len(self.lines) > 1:  # the first game pays for what runs once
                    moves, seconds = moves + len(line.moves), seconds + self.game_seconds
                    self.slow(moves, seconds)
                problem = problem or found
        if problem:
            raise Broken(problem)

    def play_line(self, line: Line, cap: int) -> str | None:
        """Play `line` at random to the end; the first problem met, in a sentence (None if it ended well)."""
        rng = random.Random(line.seed)
        self.here, self.doing = Spot(line, 0).where(), "new_game"
        state = self.game.start(line.seed, dict(line.options))
        try:
            while True:
                self.on_time()
                spot = Spot(line, len(line.moves))
                self.here, self.doing = spot.where(), "legal_actions"
                legal = state.legal_actions()
                if state.outcome is not None:
                    line.ended, line.outcome = True, state.outcome
                    return self.proper_end(spot, state, legal)
                self.doing = "phase"
                phase = state.phase()
                if phase not in self.game.phases:
                    return (f"{spot.where()}: phase() says {excerpt(phase)}, which is not one of the phases the Game "
                            f"declares ({', '.join(map(repr, self.game.phases))}): add it to phases=(...) in the "
                            f"Game, or return one of those")
                if not legal:
                    return (f"{spot.where()}: legal_actions() is empty, but the game has no outcome: when nobody can "
                            "move, apply() must end the game (set self.outcome = Outcome(...) and to_move = None)")
                if not (type(state.to_move) is int and 0 <= state.to_move < state.num_players):
                    return (f"{spot.where()}: to_move is {excerpt(state.to_move)} while the game runs; it must be "
                            f"the seat to move, 0 to {state.num_players - 1}")
                if len(line.moves) >= cap:
                    return (f"{spot.where()}: the game has lasted move_cap ({cap}) actions and has not ended. Either "
                            "the rules never end it (apply() must set self.outcome when the game is over, and a game "
                            "that could go on for ever needs a cap of its own), or real games are this long: then "
                            "declare a larger move_cap in the Game")
                action = rng.choice(legal)
                self.doing = f"play({action!r})"
                started = time.perf_counter()
                try:
                    state.play(action)
                except IllegalAction as refused:
                    return (f"{spot.where()}: legal_actions() lists {excerpt(action)} but play() refuses it "
                            f"({refused}): is_legal() and legal_actions() must agree, and an action is exactly its "
                            "notation")
                self.game_seconds += time.perf_counter() - started
                line.moves.append(action)
        except OutOfTime:
            raise
        except Exception as error:
            return f"{self.here}, {raised(error, self.doing)}"

    def proper_end(self, spot: Spot, state: State, legal: Any) -> str | None:
        outcome, n = state.outcome, state.num_players
        if not isinstance(outcome, Outcome):
            return (f"{spot.where()}: outcome is {excerpt(outcome)}; it must be an Outcome(winners, scores, "
                    "reason) from tictac_nb.engine")
        if legal:
            return (f"{spot.where()}: the game is over ({outcome.reason}) but legal_actions() still lists "
                    f"{excerpt(legal[0])}: it must be empty once self.outcome is set")
        if state.to_move is not None:
            return f"{spot.where()}: the game is over ({outcome.reason}) but to_move is {state.to_move}, not None"
        if type(outcome.reason) is not str or not outcome.reason.strip():
            return f"{spot.where()}: the game ended with no reason: Outcome's reason says how, such as 'X wins'"
        if not all(type(w) is int and 0 <= w < n for w in outcome.winners):
            return (f"{spot.where()}: the winners {excerpt(outcome.winners)} must be seats, whole numbers from 0 "
                    f"to {n - 1} (a draw has none)")
        if outcome.scores is not None and len(outcome.scores) != n:
            return f"{spot.where()}: the outcome has {len(outcome.scores)} scores for {n} players: one each, or None"
        return None

    def facts(self) -> None:
        game = self.game
        for line in self.lines:
            spot = Spot(line, 0)
            state = self.visit(spot)
            if state.num_players not in game.players:
                raise Broken(f"{spot.where()}: the game has {state.num_players} players, but the Game declares "
                             f"players={game.players}: add {state.num_players} to it")
        if game.state_class.determinize is State.determinize:
            state = self.visit(Spot(self.lines[0], 0))
            self.doing = "setup_record"
            for key in state.setup_record():
                if key not in game.options and key not in state.SECRETS:
                    raise Broken(f"setup_record() names {key!r}, which is no option of the game, so the default "
                                 f"determinize cannot pin it on a copy with another seed: name each part of the setup "
                                 f"by the option that fixes it (add an Option {key!r}), or write determinize()")

    def options(self) -> None:
        for key in self.game.options:
            for value in ODD_VALUES:
                self.here, self.doing = f"new_game({key}={excerpt(value, 30)})", f"the check of option {key!r}"
                try:
                    state = self.game.start(self.seed, {key: value})
                except InvalidOption:
                    continue
                except Exception as error:
                    raise Broken(f"new_game({key}={excerpt(value, 30)}) gave {raised(error, self.doing)}: an "
                                 f"option's check refuses a value it cannot take with InvalidOption('must be ...'), "
                                 "which names the problem") from None
                self.doing = "legal_actions"
                if state.outcome is None and not state.legal_actions():
                    raise Broken(f"new_game({key}={excerpt(value, 30)}) starts a game in which nobody can move: the "
                                 f"option's check should refuse {excerpt(value, 30)} with InvalidOption")

    def views(self) -> None:
        for spot in self.spots():
            state = self.visit(spot)
            for viewer in self.seats(state):
                self.doing = f"view_body({viewer})"
                body = state.view_body(viewer)
                if type(body) is not dict:
                    raise Broken(f"{spot.where()}: view_body({viewer}) gave {type(body).__name__}; it must be a dict")
                shadow = [key for key in HEADER if key in body]
                if shadow:
                    raise Broken(f"{spot.where()}: view_body({viewer}) has the key {shadow[0]!r}, which the engine's "
                                 f"header already has ({', '.join(HEADER)}): give it another name")
                self.doing = f"view({viewer})"
                view = state.view(viewer)
                try:
                    back = json.loads(json.dumps(view))
                except (TypeError, ValueError) as error:
                    raise Broken(f"{spot.where()}: view({viewer}) is not JSON data ({error}): a view holds only "
                                 "text, numbers, True/False, None, lists and dicts with text keys") from None
                if back != view:
                    key = next((k for k in view if back.get(k) != view[k]), "?")
                    raise Broken(f"{spot.where()}: view({viewer})[{key!r}] changes through JSON "
                                 f"({excerpt(view.get(key))} comes back as {excerpt(back.get(key))}): use lists "
                                 "for tuples and text keys in dicts")
                if len(set(view["players"])) != state.num_players:
                    raise Broken(f"{spot.where()}: the players' names {view['players']} are not all different")

    def hidden(self) -> None:
        for spot in self.spots():
            state = self.visit(spot)
            before = (state.key(), state.record())
            for viewer in self.seats(state):
                self.doing = f"determinize({viewer}, rng)"
                copy = state.determinize(viewer, self.rng(spot, viewer))
                if (state.key(), state.record()) != before:
                    raise Broken(f"{spot.where()}: determinize({viewer}, rng) changed the real game: it must work on "
                                 "a clone()")
                if not isinstance(copy, State) or copy is state:
                    raise Broken(f"{spot.where()}: determinize({viewer}, rng) must return a new state (a clone with "
                                 f"the hidden parts made up), not {excerpt(copy)}")
                self.same_view(spot, state, copy, viewer)
                if copy.history != state.history:
                    raise Broken(f"{spot.where()}: a copy from determinize({viewer}, rng) has other moves in its "
                                 "history; it keeps the real moves")
                if copy.seed == state.seed:
                    raise Broken(f"{spot.where()}: a copy from determinize({viewer}, rng) keeps the real seed, which "
                                 "may rebuild every secret and the chance to come: give it a fresh seed, "
                                 "copy.seed = rng.randrange(2**32)")
                for other in self.lookalikes(spot, state, viewer):
                    self.doing = f"determinize({viewer}, rng) (on a game the kit dealt)"
                    theirs = other.determinize(viewer, self.rng(spot, viewer))
                    mine = self.visit(spot)  # as untouched as the kit's deal: no cache filled by the checks above
                    mine.view(viewer)
                    self.doing = f"determinize({viewer}, rng)"
                    if snapshot(theirs) != snapshot(mine.determinize(viewer, self.rng(spot, viewer))):
                        raise Broken(f"{spot.where()}: determinize({viewer}, rng) keeps something {seat_words(viewer)} "
                                     f"cannot see: the kit dealt the same moves from seed {other.seed}, a game "
                                     f"{seat_words(viewer)} cannot tell apart (the same view({viewer})), and the copy "
                                     "made from it differs from the copy made from this game. A copy must make up "
                                     "every hidden part from rng (declare per-seat secrets in SECRETS and the kit "
                                     "deals them; State.determinize alone keeps every secret)")
                again = state.determinize(viewer, random.Random(1)).determinize(viewer, self.rng(spot, viewer))
                if again.record() != copy.record() or again.key() != copy.key():
                    raise Broken(f"{spot.where()}: determinize({viewer}, rng) gives another copy when the hidden "
                                 f"parts were already made up than from the real game, so it reads something "
                                 f"player {viewer} may not know (the seed, an option or part of the position that "
                                 f"view({viewer}) does not show): make it up from the view, the moves and rng only")

    def lookalikes(self, spot: Spot, state: State, viewer: int | None) -> list[State]:
        """Games the kit deals itself that `viewer` cannot tell from `state`, never made by the game's own
        `determinize`: the same options and moves replayed from other seeds (kept where they are legal, the
        position differs and `view(viewer)` is the same), and where the game declares `SECRETS`, a clone with
        another seat's secret from another deal (kept where `view(viewer)` is the same). Only for the first
        `LOOKALIKE_LINES` games of each variant, at most two."""
        line = spot.line
        if line.seed >= self.seed + LOOKALIKE_LINES:
            return []
        seen, found, whole = state.view(viewer), [], position(state)
        for number in range(1, LOOKALIKE_SEEDS + 1):
            other = self.dealt(line, spot.moves, (line.seed + 7919 * number) % SEED_LIMIT)
            if other is not None and position(other) != whole and other.view(viewer) == seen:
                found.append(other)
                break
        for name in state.SECRETS:
            for seat in range(state.num_players):
                twin = self.swapped(state, name, seat) if seat != viewer else None
                if twin is not None and twin.view(viewer) == seen:
                    found.append(twin)
                    return found
        return found

    def dealt(self, line: Line, moves: list[str], seed: int) -> State | None:
        """`moves` of `line`'s variant played from another `seed`, or None where one of them is refused there."""
        self.doing = "new_game (another seed)"
        state = self.game.start(seed, dict(line.options))
        for move in moves:
            self.doing = f"play({move!r}) (from another seed)"
            try:
                state.play(move)
            except IllegalAction:
                return None
        return state

    def swapped(self, state: State, name: str, seat: int) -> State | None:
        """A clone of `state` whose `seat` holds another value of the secret `name`, from another deal of the
        same options (None if no deal of a few gives another)."""
        own = getattr(state, name)
        if type(own) not in (list, tuple) or len(own) != state.num_players:
            raise Broken(f"SECRETS names {name!r}, but the state's {name!r} is {excerpt(own)}: a secret is a list "
                         f"with one value per seat ({state.num_players}), dealt in setup()")
        for number in range(1, LOOKALIKE_SEEDS + 1):
            self.doing = "new_game (another deal)"
            value = getattr(self.game.start((state.seed + 104729 * number) % SEED_LIMIT, dict(state.options)),
                            name)[seat]
            if value != own[seat]:
                self.doing = "clone"
                twin = state.clone()
                values = list(getattr(twin, name))
                values[seat] = copy.deepcopy(value)
                setattr(twin, name, values)
                return twin
        return None

    def secrets(self) -> None:
        names = self.game.state_class.SECRETS
        if not names:
            return
        for spot, state in self.running():
            for name in names:
                for seat in range(state.num_players):
                    twin = self.swapped(state, name, seat)
                    if twin is None:
                        continue
                    self.doing = "key"
                    if twin.key() == state.key():
                        raise Broken(f"{spot.where()}: key() is the same when player {seat}'s secret {name!r} differs: "
                                     "key() describes the whole position, hidden parts included (add the secrets "
                                     "to it; GridState's key() has them)")
                    for viewer in self.seats(state):
                        if viewer == seat:
                            continue
                        who = seat_words(viewer)
                        self.doing = f"view({viewer})"
                        if twin.view(viewer) != state.view(viewer):
                            key = next((k for k, v in state.view(viewer).items() if twin.view(viewer).get(k) != v), "?")
                            raise Broken(f"{spot.where()}: view({viewer}) shows player {seat}'s {name!r}, which the "
                                         f"game declares secret (SECRETS): its {key!r} changes when only player "
                                         f"{seat}'s {name!r} does, and {who} may not see it. Leave {name!r} out of "
                                         f"view_body (the kit adds each seat's own)")
                        self.doing = f"render_svg({viewer})"
                        if twin.render_svg(viewer) != state.render_svg(viewer):
                            raise Broken(f"{spot.where()}: the board drawn for {who} shows player {seat}'s {name!r}, "
                                         "which the game declares secret (SECRETS): the renderer must draw from "
                                         "the view only")
                        if viewer is not None and viewer == state.to_move and \
                                list(twin.legal_actions()) != list(state.legal_actions()):
                            raise Broken(f"{spot.where()}: the mover's legal actions change with player {seat}'s "
                                         f"secret {name!r}, so they tell the mover that secret")

    def rules(self) -> None:
        from .grid import GridState

        cls = self.game.state_class
        module = sys.modules.get(cls.__module__)
        from_class = (cls.__module__ == "__main__" or not getattr(module, "__doc__", None)
                      or issubclass(cls, GridState) and cls is not GridState)
        if from_class and not (cls.__dict__.get("__doc__") or "").strip():
            raise Broken(f"{cls.__name__} has no docstring of its own, so the rules page would print another "
                         f"class's: write the rules in the class's docstring (a first line naming the game, then "
                         "'For players:' and its bullets, '- ...'; Game.rules gives the shape)")

    def same_view(self, spot: Spot, state: State, copy: State, viewer: int | None) -> None:
        seat = "the onlooker" if viewer is None else f"player {viewer}"
        real, made_up = state.view(viewer), copy.view(viewer)
        if real != made_up:
            key = next((k for k in real if made_up.get(k) != real[k]), None) or next(iter(made_up.keys() - real))
            raise Broken(f"{spot.where()}: view({viewer}) shows {key!r} as {excerpt(real.get(key))} but as "
                         f"{excerpt(made_up.get(key))} on a copy determinized for {seat}, so the view holds something "
                         f"{seat} may not know: view_body({viewer}) must leave out (or hide as None) what {seat} may "
                         "not see, or determinize must keep what they do see")
        self.doing = f"render_svg({viewer})"
        if state.render_svg(viewer) != copy.render_svg(viewer):
            raise Broken(f"{spot.where()}: the board drawn for {seat} differs on a copy determinized for them, "
                         "though their view is the same: the renderer must draw from the view only")
        if viewer is not None and viewer == state.to_move and list(state.legal_actions()) != list(copy.legal_actions()):
            raise Broken(f"{spot.where()}: the mover's legal actions differ on a copy determinized for them, so they "
                         "tell the mover a secret: a mover's choices may depend only on what the mover knows")

    def drawing(self) -> None:
        for spot in self.spots():
            state = self.visit(spot)
            for viewer in self.seats(state):
                self.doing = f"render_svg({viewer})"
                svg = state.render_svg(viewer)
                if type(svg) is not str:
                    raise Broken(f"{spot.where()}: render_svg({viewer}) gave {type(svg).__name__}; the renderer "
                                 "returns the SVG as text")
                try:
                    root = ET.fromstring(svg)
                except ET.ParseError as error:
                    raise Broken(f"{spot.where()}: the board drawn for viewer {viewer} is not well-formed XML "
                                 f"({error}): escape text with html.escape, close every tag") from None
                if not root.tag.endswith("svg"):
                    raise Broken(f"{spot.where()}: the board drawn for viewer {viewer} is a <{root.tag}>, not an <svg>")
                if not any("ttn-status-line" in (e.get("class") or "").split() for e in root.iter()):
                    raise Broken(f"{spot.where()}: the board drawn for viewer {viewer} has no group of class "
                                 "'ttn-status-line' around its status line: the board widget hides that group and "
                                 "says the status once below the board (svg.py draws one)")

    def records(self) -> None:
        games = {self.game.name: self.game}
        for spot in self.spots():
            state = self.visit(spot, "record")
            record = state.record()
            try:
                text = json.dumps(record)
            except (TypeError, ValueError) as error:
                raise Broken(f"{spot.where()}: record() is not JSON data ({error}): setup_record() may hold only "
                             "text, numbers, True/False, None, lists and dicts") from None
            self.doing = "from_record"
            again = load_record(json.loads(text), games)
            if again != state or again.record() != record:
                raise Broken(f"{spot.where()}: from_record(record()) rebuilds another position: key() must describe "
                             "the whole position, and setup() must draw all chance from the seed")
            twin = self.visit(spot)
            if twin.key() != state.key():
                raise Broken(f"{spot.where()}: the same seed and moves gave two different positions (key() "
                             f"{excerpt(state.key())} and {excerpt(twin.key())}): all chance must come from the seed")

    def notation(self) -> None:
        for spot, state in self.running():
            legal = state.legal_actions()
            odd = next((a for a in legal if type(a) is not str), None)
            if odd is not None:
                raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(odd)}, {kind_of(odd)}: an "
                             f"action is its notation, plain text such as {str(odd)!r}")
            if len(set(legal)) != len(legal):
                twice = next(a for a in legal if legal.count(a) > 1)
                raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(twice)} twice: each action once")
            long = next((a for a in legal if len(a) > MAX_ACTION_CHARS), None)
            if long is not None:
                raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(long)}, longer than "
                             f"{MAX_ACTION_CHARS} characters: make the notation short")
            for action in sample(legal, spot):
                self.doing = f"play({action!r})"
                trial = self.visit(spot)
                try:
                    trial.play(action)
                except IllegalAction as refused:
                    raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(action)} but play({action!r}) "
                                 f"refuses it ({refused}): is_legal() and legal_actions() must agree") from None
                if trial.history[-1] != action:
                    raise Broken(f"{spot.where()}: play({action!r}) wrote {excerpt(trial.history[-1])} in the history")

    def undo(self) -> None:
        for spot, state in self.running():
            before = (state.record(), state.view(None))
            for action in sample(state.legal_actions(), spot):
                trial = self.visit(spot)
                trial.play(action)
                self.doing = "undo"
                taken = trial.undo()
                if taken != action or trial != state or (trial.record(), trial.view(None)) != before:
                    raise Broken(f"{spot.where()}: after play({action!r}) and undo() the position is not the one "
                                 "before (undo replays the moves from the seed on a new state): keep the whole "
                                 "position in the state (nothing in class attributes or module globals shared by "
                                 "every game), and make key() describe all of it")

    def clones(self) -> None:
        for spot, state in self.running():
            before = (state.key(), list(state.legal_actions()), state.view(None), state.record())
            attributes = snapshot(state)
            self.doing = "clone"
            copy = state.clone()
            rng = random.Random(spot.line.seed)
            self.doing = "play (on a clone)"
            for _ in range(self.game.move_cap):
                if copy.outcome is not None:
                    break
                copy.play(rng.choice(copy.legal_actions()))
            changed = next((name for name, value in snapshot(state).items() if attributes.get(name) != value), None)
            if changed is not None:
                raise Broken(f"{spot.where()}: the attribute {changed!r} is shared between the game and its clone(): "
                             f"playing the clone to the end changed the original's {changed!r}. clone() must copy "
                             "every list, dict and set of the position, nested ones too (copy.deepcopy does; a "
                             "list of lists needs [row[:] for row in rows]), or share only what nothing changes")
            if (state.key(), list(state.legal_actions()), state.view(None), state.record()) != before:
                raise Broken(f"{spot.where()}: playing a clone() to the end changed the original game: clone() "
                             "must copy every list, dict and set of the position (copy.deepcopy does), or share "
                             "only what nothing changes")

    def own_attributes(self) -> None:
        for spot in self.spots():
            state = self.visit(spot)
            clash = sorted(PROTOCOL & set(vars(state)))
            if clash:
                name = clash[0]
                raise Broken(f"{spot.where()}: the state has an attribute {name!r}, which hides the method "
                             f"State.{name}() that the kit calls (the board, the bots, the checks): give the "
                             f"attribute another name, such as self.my_{name}")

    def refusals(self) -> None:
        for spot, state in self.running():
            legal = set(state.legal_actions())
            tried = [junk for junk in JUNK if not (isinstance(junk, str) and junk in legal)]
            tried += [move for move in dict.fromkeys(spot.moves[-3:]) if move not in legal]
            for junk in tried:
                state = self.visit(spot)
                before = (state.key(), state.record(), state.view(None), list(state.legal_actions()))
                self.doing = f"play({excerpt(junk)})"
                try:
                    state.play(junk)
                except IllegalAction as refused:
                    reason = str(refused)
                else:
                    raise Broken(f"{spot.where()}: play({excerpt(junk)}) was accepted, though legal_actions() does "
                                 "not list it: is_legal() must refuse it")
                if not reason.strip():
                    raise Broken(f"{spot.where()}: play({excerpt(junk)}) was refused with no reason: refusal() "
                                 "says which rule it breaks")
                if (state.key(), state.record(), state.view(None), list(state.legal_actions())) != before:
                    raise Broken(f"{spot.where()}: play({excerpt(junk)}) was refused ({reason}) but changed the "
                                 "state: refusal() only explains, it must not change the position")

    def words(self) -> None:
        for spot, state in self.running():
            self.doing = "status"
            status = state.status()
            if type(status) is not str or not status.strip():
                raise Broken(f"{spot.where()}: status() gave {excerpt(status)}; it says whose turn it is in a sentence")
            legal = list(state.legal_actions())
            for action in legal[:50]:
                self.doing = f"describe({action!r})"
                said = state.describe(action)
                if type(said) is not str or not said.strip():
                    raise Broken(f"{spot.where()}: describe({action!r}) gave {excerpt(said)}; it words the action "
                                 "for screen readers, such as 'mark square 5'")
            self.doing = "targets"
            targets = state.targets()
            for target in targets:
                if not (isinstance(target, Target) and type(target.action) is str and type(target.label) is str
                        and target.label.strip()):
                    raise Broken(f"{spot.where()}: targets() lists {excerpt(target)}; each is a Target(action, label) "
                                 "of two texts")
                if not any(a.startswith(target.action) for a in legal):
                    raise Broken(f"{spot.where()}: targets() lists {target.action!r}, which is neither a legal action "
                                 "nor the first step of one")
            missing = set(legal) - {t.action for t in targets}
            if missing:
                raise Broken(f"{spot.where()}: targets() leaves out the legal action {excerpt(min(missing))}: the "
                             "board could not play it")

    def copies(self) -> None:
        promised = self.game.copies_replay
        for spot in self.spots():
            if not spot.count:
                continue
            state = self.visit(spot)
            last = state.history[-1]
            for viewer in self.seats(state):
                self.doing = f"determinize({viewer}, rng)"
                copy = state.determinize(viewer, self.rng(spot, viewer))
                if copy.replayable != promised or copy.clone().replayable != promised:
                    raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} says replayable = "
                                 f"{copy.replayable}, but the Game declares copies_replay={promised}: "
                                 + (self.why_unpinned(state) if promised else "make the two agree"))
                if not promised:
                    try:
                        copy.undo()
                    except IllegalAction:
                        continue
                    raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} undid a move, though its "
                                 "hidden parts were made up: set copy.replayable = False in determinize")
                again = copy.clone()
                self.doing = "undo (on a determinized copy)"
                if again.undo() != last:
                    raise Broken(f"{spot.where()}: undo() on a determinized copy took back another move than {last!r}")
                self.doing = f"play({last!r}) (on a determinized copy)"
                try:
                    again.play(last)
                except IllegalAction as refused:
                    raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} replays another game on "
                                 f"undo, where {last!r} is refused ({refused}): {self.why_unpinned(state)}") from None
                if again != copy or again.record() != copy.record():
                    raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} replays another game "
                                 f"after undo() and play({last!r}): {self.why_unpinned(state)}")

    def why_unpinned(self, state: State) -> str:
        if self.game.state_class.determinize is not State.determinize:
            return ("the copy's seed and options must replay the copy's own setup (pin what determinize made up "
                    "in its options, as Tic Tac Two pins `tiles`)")
        return ("the copy has a fresh seed, so whatever setup() draws from the seed must be named in "
                "setup_record() under the option that fixes it (as Tyc's {'first_player': 1}); then the default "
                "determinize pins it")

    def fair_bots(self) -> None:
        if not all(line.ended for line in self.lines):
            raise Broken("not checked, since not every game ends (see 'games end'): a bot looks ahead by playing "
                         "games out")
        makers: dict[str, Callable[[], Any]] = {"RandomBot": lambda: RandomBot(seed=3),
                                                "the default bot": lambda: default_bot(self.game, 3)}
        for spot, state in self.bot_positions():
            self.doing = f"determinize({state.to_move}, rng)"
            lookalikes = [state.determinize(state.to_move, self.rng(spot, state.to_move)),
                          *self.lookalikes(spot, state, state.to_move)[:1]]
            for name, make in makers.items():
                self.doing = f"{name}.choose"
                started = time.perf_counter()
                real = make().choose(state)
                if name != "RandomBot":
                    self.bot_seconds.append(time.perf_counter() - started)
                if real not in state.legal_actions():
                    raise Broken(f"{spot.where()}: {name} chose {excerpt(real)}, which is not a legal action")
                for kind, lookalike in zip(("a copy", "a game the kit dealt"), lookalikes, strict=False):
                    seen = make().choose(lookalike)
                    if seen != real:
                        raise Broken(f"{spot.where()}: {name} chose {real!r} on the real game but {seen!r} on {kind} "
                                     f"player {state.to_move} cannot tell apart from it, so it decides from something "
                                     "its seat may not know: a bot reads only state.determinize(seat, rng), the "
                                     "seat's view and the mover's legal actions")

    def bot_positions(self) -> list[tuple[Spot, State]]:
        """Up to four positions where the game runs: a third and two thirds into the first game of each variant."""
        firsts = list({line.variant: line for line in reversed(self.lines)}.values())[::-1]
        found = []
        for number, line in enumerate(firsts):
            spot = Spot(line, len(line.moves) * (1 + number % 2) // 3)
            state = self.visit(spot)
            if state.outcome is None:
                found.append((spot, state))
        return found[:4]

    # ---- warnings and figures ------------------------------------------------------------------------
    def rules_text(self) -> None:
        from .printing import has_players_rules

        if not has_players_rules(self.game):
            self.warnings.append(f"the rules docstring of {self.game.title} has no 'For players:' section of bullets "
                                 "('- ...'): the print sheet prints what it finds instead (see Game.rules for "
                                 "the shape)")

    def results(self) -> None:
        """Warn about a game no random game is won in, or that one seat wins every time."""
        outcomes = [line.outcome for line in self.lines if isinstance(line.outcome, Outcome)]
        if len(outcomes) < WINS_SEEN:
            return
        won = [outcome.winners for outcome in outcomes if outcome.winners]
        if not won:
            self.warnings.append(f"none of {len(outcomes)} random games was won (each ended: "
                                 f"{excerpt(outcomes[0].reason, 80)}): do the rules let anybody win? (a grid "
                                 "game's wins() returns the cells of the line it completes)")
        elif len(won) == len(outcomes) and len(set(won)) == 1:
            names = self.game.start(self.seed, {})
            who = ", ".join(names.player_name(p) for p in won[0])
            self.warnings.append(f"{who} won all {len(outcomes)} random games: can the other seats ever win?")

    def speed(self) -> None:
        if self.deadline is None:
            moves, seconds = random_moves_per_second(self.game, self.seed)
            if seconds:
                self.figures["random moves/s"] = moves / seconds
        if self.bot_seconds:
            self.figures["bot ms/move"] = 1000 * sum(self.bot_seconds) / len(self.bot_seconds)
        self.warnings += speed_warnings(self.figures)


def speed_warnings(figures: dict[str, float]) -> list[str]:
    """Sentences for figures under the kit's aims (warnings, never failures: a slow game still plays)."""
    said = []
    rate = figures.get("random moves/s")
    if rate is not None and rate < AIM_MOVES_PER_SECOND:
        said.append(f"random play runs {rate:,.0f} moves a second, under the kit's aim of {AIM_MOVES_PER_SECOND:,}: "
                    "the design lab's batches will take longer; legal_actions() and apply() are what random play "
                    "runs, so keep them cheap (compute legal actions once per position)")
    ms = figures.get("bot ms/move")
    if ms is not None and ms > AIM_BOT_MS:
        said.append(f"the default bot takes {ms:,.0f} ms a move, over the kit's aim of {AIM_BOT_MS} ms: give the "
                    "Game a default_bot with fewer iterations (grid_game(..., default_bot=...) takes one), or make "
                    "random play faster")
    return said


def random_moves_per_second(game: Game, seed: int, budget: float = 0.25) -> tuple[int, float]:
    """Random moves played and the seconds they took, in about `budget` seconds of whole games."""
    moves, started, number = 0, time.perf_counter(), seed
    try:
        while time.perf_counter() - started < budget:
            state, rng = game.start(number, {}), random.Random(number)
            choice, legal, play = rng.choice, state.legal_actions, state.play
            for _ in range(game.move_cap):
                if state.outcome is not None:
                    break
                play(choice(legal()))
                moves += 1
            number += 1
    except Exception:  # a broken game is named by the checks; the figure is only what it measured
        pass
    return moves, time.perf_counter() - started


def seat_words(viewer: int | None) -> str:
    return "the onlooker" if viewer is None else f"player {viewer}"


def snapshot(state: State) -> dict[str, Any]:
    """Every attribute of `state`'s position but the Game, as plain comparable values (`plain`), to compare
    after a clone of it was played."""
    return {name: plain(value) for name, value in state.__getstate__().items() if name != "game"}


def position(state: State) -> dict[str, Any]:
    """`snapshot` but the seed: what two deals of the same moves may differ in."""
    return {name: value for name, value in snapshot(state).items() if name != "seed"}


def plain(value: Any, depth: int = 0) -> Any:
    """`value` as nested tuples of its parts, so that two equal positions compare equal even where a part is
    an object of the game's own without `__eq__` (a frame of a stack, a card)."""
    if depth > 12 or isinstance(value, str | bytes | int | float | bool | type(None) | type):
        return value
    if isinstance(value, list | tuple | bytearray):
        return (type(value).__name__, *(plain(item, depth + 1) for item in value))
    if isinstance(value, dict):
        return ("dict", *((plain(k, depth + 1), plain(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(plain(item, depth + 1) for item in value))
    if isinstance(value, Game | random.Random) or callable(value):
        return id(value)
    parts = getattr(value, "__dict__", None)
    if parts is None:
        slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
        parts = {name: getattr(value, name, None) for name in slots}
    return (type(value).__name__, plain(parts, depth + 1)) if parts else value


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


__all__ = ["AIM_BOT_MS", "AIM_MOVES_PER_SECOND", "Check", "GameCheckFailed", "GameReport", "check_game"]
