"""The protocol every game implements: a `Game` (the rules and their options) and its `State`.

Actions are plain strings in the game's notation (`"5"`, `"peek 3"`, `"51A"`): `str(action)` is the
notation, `play()` takes it back, and records, logs and the browser all speak the same words.
"""

from __future__ import annotations

import copy
import inspect
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from .frozen import FrozenDict, freeze, thaw


class IllegalAction(ValueError):
    """An action the rules refuse; the message names the rule broken."""


class InvalidOption(ValueError):
    """A rule option that is unknown or has a bad value."""


class InvalidRecord(ValueError):
    """A game record that cannot be replayed."""


class InvalidGame(ValueError):
    """A `Game` whose declared facts are missing or contradict its state class."""


SEED_LIMIT = 2**64
"""Seeds are whole numbers below this: they fit a JSON number any tool reads back."""

MAX_ACTION_CHARS = 200
"""No game's notation is longer; a longer text is refused before the rules read it."""


def excerpt(value: Any, limit: int = 60) -> str:
    """A short quote of `value` for messages: text as written (cut, unprintable characters shown as ?),
    anything else as its repr, never longer than about `limit` characters, so no message repeats a huge input."""
    if isinstance(value, str):
        value = str.__str__(value)  # a plain copy of a str subclass: none of its own methods runs
        short = "".join(c if c.isprintable() else "?" for c in value[: limit - 3])
        return f"'{short}…'" if len(value) > limit - 3 else f"'{short}'"
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, bytes) and len(value) > 2 * limit:
        value = value[: 2 * limit]
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a number past int's printing limit, or nesting too deep
        return f"a {type(value).__name__} too large to show"
    except Exception:  # an object whose own repr fails: its type says enough
        return f"a {type(value).__name__}"
    if type(text) is not str:
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_seed(seed: Any) -> int:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise InvalidOption(f"seed must be a whole number from 0 to 2**64 - 1, not {excerpt(seed)}")
    return seed


def seed_bits(seed: int) -> int:
    """64 well-mixed bits from a seed (SplitMix64's finalizer): for a setup that draws only a few
    random choices, a fraction of the cost of seeding a `random.Random`."""
    z = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


class SetupRandom:
    """`random.Random(seed)`, seeded at its first use: seeding a Mersenne Twister costs more than a
    whole new game of Tic Tac Two, and setups that draw nothing from it never pay for it."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return getattr(rng, name)


class Outcome(NamedTuple):
    """How a game ended: `winners` is empty for a draw or a tie; `timed_out` marks a game stopped
    by a turn cap rather than decided by its rules. (A named tuple: every random playout makes one.)"""

    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    reason: str
    timed_out: bool = False


class Target(NamedTuple):
    """A click target: an action (or the first step of one) and its words for screen readers."""

    action: str
    label: str


@dataclass(frozen=True)
class Option:
    """A rule option: its default (None: decided by the seed), a check that normalizes a value, a line of
    help for programmers (`doc`), and for play pages, rooms and print sheets a label and a help line in a
    player's words (`help`, else `doc`) and words for some of its values."""

    default: Any
    check: Callable[[Any], Any]
    doc: str
    label: str = ""
    words: tuple[tuple[Any, str], ...] = ()
    """(value, words) pairs: how a play page names a value ("at random" for None, a player's name for a seat)."""
    help: str = ""
    """The help line a player reads beside the option ("" : the `doc` serves)."""


@dataclass(frozen=True)
class Choice:
    """A check that accepts exactly one of `values` (True is not 1); tools read `values`."""

    values: tuple

    def __call__(self, value: Any) -> Any:
        if not any(value == v and type(value) is type(v) for v in self.values):
            raise InvalidOption(f"must be one of {', '.join(map(repr, self.values))}, not {excerpt(value)}")
        return value


@dataclass(frozen=True)
class WholeNumber:
    """A check that accepts a whole number from `low` to `high` (and None if `allow_none`)."""

    low: int
    high: int
    allow_none: bool = False

    def __call__(self, value: Any) -> Any:
        if value is None and self.allow_none:
            return None
        if type(value) is not int or not self.low <= value <= self.high:
            raise InvalidOption(f"must be a whole number from {self.low} to {self.high}, not {excerpt(value)}")
        return value


def choice_of(*values: Any) -> Choice:
    return Choice(values)


def int_between(low: int, high: int, allow_none: bool = False) -> WholeNumber:
    return WholeNumber(low, high, allow_none)


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise InvalidOption(f"must be True or False, not {excerpt(value)}")
    return value


@dataclass(frozen=True)
class CoachPlayouts:
    """How many games the coach plays to the end, per action, with a game's heuristic default bot (one that
    `explain`s its choice, such as TIC TOC's) to state a win chance; a search bot (`MCTSBot`) uses its own
    search and reads none of these. Declared on the `Game` (`Game.coach_playouts`)."""

    hint: int = 0
    """Games per legal action behind a hint's chances (0: a hint states none)."""
    analysis: int = 0
    """Games for each of the move played and the bot's own choice when a record is analysed."""
    batch: int | None = None
    """Games per move in the design lab's analysis of a batch (`lab.analyse_batch`; None: `analysis`)."""
    batch_every_choice: bool = False
    """Whether the lab's batch plays out every legal choice rather than the played move and the bot's own."""
    cut: int | None = None
    """Actions after which a playout stops and asks the bot's `chance(state, seat)` (None: played to the end)."""


KIT_BOT: list[Callable[..., Any]] = []
"""The kit's own bot, which a `Game` naming no `default_bot` holds: `bots.py` (which imports this module, so it
cannot be imported here) puts `MCTSBot` in it, before any game is made."""


@dataclass(frozen=True, repr=False)
class Game:
    """The rules of one game: name, options with their defaults, and the state class that plays it.

    Read-only once made (its attributes, its option table, bots and variants), so that no code can change
    the rules of later games; `dataclasses.replace(game, ...)` makes another `Game`."""

    name: str
    title: str
    state_class: type[State]
    render: Callable[[dict, Sequence[Target], str | None, float | None], str]
    """`render(view, targets, pending, width)`: SVG of a view; `width` is the board's room in CSS px
    (None: unknown, the wide layout)."""
    options: dict[str, Option] = field(default_factory=dict)
    hidden_information: bool = False
    """Whether a seat may know what another may not (hands, face-down tiles, a peek): such a game declares
    its secrets (`State.SECRETS`, which sets this) or overrides `State.determinize`, and a shared screen hides
    the board between turns. Chance hidden from everyone alike (Trek's bag order) is not counted here, though
    a game with it overrides `determinize` too."""
    bots: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """The game's own bots by name, each made as `factory(seed=...)`, where generic MCTS is weak or slow."""
    default_bot: Callable[..., Any] | None = None
    """The bot that plays this game unless told otherwise, made as `default_bot(seed=...)`: the notebooks,
    the design lab and the play pages take it (and the bot name "default"). Each game's `bots.py` names its
    own; None means the kit's `MCTSBot`, which the game then holds."""
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Option sets worth trying beside the rules as printed (more players, another Grid, an odd box):
    the protocol tests and `check_game` play every one."""
    phases: tuple[str, ...] = ("move",)
    """Every value `State.phase()` may return while the game runs (the view says "over" once it ends).
    A game whose turn is one step keeps the default and needs no `phase()` of its own."""
    players: tuple[int, ...] = (2,)
    """The player counts the game supports, such as `(2,)` or `(2, 3, 4)`."""
    move_cap: int = 1000
    """No game under the rules as printed or one of the `variants` lasts more actions (an option that
    raises a game's own cap, such as TIC TOC's `turn_cap`, may raise it too): the tests and `check_game`
    call a longer game one that forgets to end."""
    copies_replay: bool = True
    """Whether a `determinize`d copy can still `undo` and replay its record: False where `determinize`
    makes up hidden parts (cards in hands) that no seed deals, so the copy says `replayable = False`
    (the kit's determinize of declared `State.SECRETS` sets it)."""
    passing_words: tuple[str, str, str] | None = None
    """Auto-pass in the game's own words, for a game with answer windows (an "answer" phase): the room's box
    label, its help line, and why the mover passes (None: the kit's words, `core.words.PASSES`)."""
    coach_playouts: CoachPlayouts = CoachPlayouts()
    """Games the coach plays out with a heuristic default bot to state chances (`CoachPlayouts`; none by
    default, which an `MCTSBot` needs: it searches)."""
    observation: Callable[[State], Any] | None = None
    """How a learner observes the game: `observation(state)` gives the `core.observation.Encoding` of views
    under the state's options (their lengths), which the research adapters turn into vectors. None: the
    adapters hash the view's leaves into a vector of fixed length (the grid family has its own)."""

    def __post_init__(self) -> None:
        settle = object.__setattr__  # a frozen dataclass sets its own fields only so
        cls = self.state_class
        if isinstance(cls, type) and issubclass(cls, State) and declared_secrets(self):
            settle(self, "hidden_information", True)
            if cls.determinize is State.determinize:
                settle(self, "copies_replay", False)
        if self.default_bot is None and KIT_BOT:
            settle(self, "default_bot", KIT_BOT[0])
        settle(self, "phases", declared_phases(self))
        settle(self, "players", declared_players(self))
        check_declared_facts(self)
        settle(self, "options", FrozenDict({key: replace(option, default=freeze(option.default))
                                            for key, option in self.options.items()}))
        settle(self, "bots", FrozenDict(self.bots))
        settle(self, "variants", FrozenDict({name: freeze(options) for name, options in self.variants.items()}))
        settle(self, "_defaults", None)

    if TYPE_CHECKING:  # set by __post_init__ and `start`: no field (not compared, printed or replaced)
        _defaults: FrozenDict | None = field(init=False, default=None)

    @property
    def rules(self) -> str:
        """The rules as the engine implements them, rulings included: the docstring of the module that defines
        the state class, or for a class defined in a notebook (`__main__`) or in a module without one, the
        class's own docstring.

        Its shape, which the print sheet and the notebooks read: a first line naming the game, then sections,
        each a heading line of its own that ends in ":" followed by bullets ("- ..."; a longer bullet goes on
        indented lines):

            Rules (the engine's reference: seats, notation, options):
            - ...
            For players (the rules page of the print sheet, in a player's words):
            - ...
            Rulings of this kit, where the rulebook is silent:
            - ...

        Every part may be missing: a sheet then prints the docstring's bullets, or its paragraphs, as they
        stand (`check_game` says which part the sheet missed)."""
        cls = self.state_class
        module = sys.modules.get(cls.__module__)
        text = None if module is None or cls.__module__ == "__main__" else module.__doc__
        if not text:
            text = inspect.cleandoc(cls.__dict__.get("__doc__") or "")
        return text

    def new_game(self, /, seed: int | None = None, **options: Any) -> State:
        """A new state; unknown options and bad values raise `InvalidOption`."""
        return self.start(random.SystemRandom().randrange(2**32) if seed is None else seed, options)

    def start(self, seed: int, options: dict[str, Any]) -> State:
        """A new state from a seed and a dict of options (which may hold any key: it is checked)."""
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            check_seed(seed)
        if not options:
            defaults = self._defaults
            if defaults is None:  # checked once per Game: read-only, every new game may share it
                defaults = self.check_options({})
                object.__setattr__(self, "_defaults", defaults)
            return self.state_class(self, seed, defaults)
        return self.state_class(self, seed, self.check_options(options))

    def check_options(self, options: dict[str, Any]) -> FrozenDict:
        """Every option's checked value, read-only: the given ones, the defaults for the rest.

        Given values are plain data (text, numbers, True/False, None, and lists, tuples and dicts of them,
        of the built-in types themselves, not subclasses that could answer checks with a lie)."""
        strange = next((key for key in options if type(key) is not str), None)
        if strange is not None:
            raise InvalidOption(f"an option's name is plain text, not {type(strange).__name__} {excerpt(strange)}")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise InvalidOption(f"{self.title} has no option {excerpt(unknown[0])} (its options: {known})")
        values = {}
        for key, option in self.options.items():
            if key in options:
                value = options[key]
                problem = odd_data(value)
                if problem:
                    raise InvalidOption(f"option {key!r} {problem}")
            else:
                value = option.default
            try:
                values[key] = freeze(option.check(value))
            except InvalidOption as error:
                raise InvalidOption(f"option {key!r} {error}") from None
        return FrozenDict(values)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}, options {', '.join(self.options) or 'none'}>"


def declared_phases(game: Game) -> tuple[str, ...]:
    phases = game.phases
    if type(phases) not in (tuple, list) or not phases or not all(type(p) is str and p for p in phases):
        raise InvalidGame(f"{game.name}: phases is a tuple of the names phase() may return, such as "
                          f"('move',) or ('mark', 'peek'), not {excerpt(phases)}")
    if "over" in phases or len(set(phases)) != len(phases):
        raise InvalidGame(f"{game.name}: phases {excerpt(tuple(phases))} must be distinct and must not hold "
                          "'over', which the view says once the game has ended")
    return tuple(phases)


def declared_players(game: Game) -> tuple[int, ...]:
    players = game.players
    if (type(players) not in (tuple, list) or not players or len(set(players)) != len(players)
            or not all(type(n) is int and 1 <= n <= 64 for n in players)):
        raise InvalidGame(f"{game.name}: players is a tuple of the player counts the game supports, such as "
                          f"(2,) or (2, 3, 4), not {excerpt(players)}")
    return tuple(sorted(players))


def check_declared_facts(game: Game) -> None:
    """What `Game.__post_init__` can check of the facts a game declares, before any game is played."""
    if type(game.move_cap) is not int or game.move_cap < 1:
        raise InvalidGame(f"{game.name}: move_cap is the most actions a game may last, a whole number of 1 "
                          f"or more, not {excerpt(game.move_cap)}")
    for fact in ("hidden_information", "copies_replay"):
        if type(getattr(game, fact)) is not bool:
            raise InvalidGame(f"{game.name}: {fact} is True or False, not {excerpt(getattr(game, fact))}")
    check_coach_playouts(game)
    words = game.passing_words
    if words is not None and (type(words) is not tuple or len(words) != 3
                              or not all(type(text) is str and text for text in words)):
        raise InvalidGame(f"{game.name}: passing_words is (label, help line, why the mover passes), three texts, "
                          f"or None, not {excerpt(words)}")
    if game.observation is not None and not callable(game.observation):
        raise InvalidGame(f"{game.name}: observation is a function of a state that gives the Encoding of its "
                          f"views (see tictac_nb.core.observation), or None, not {excerpt(game.observation)}")
    cls = game.state_class
    if not (isinstance(cls, type) and issubclass(cls, State)):
        return  # `register` names that problem
    if game.hidden_information and cls.determinize is State.determinize and not cls.SECRETS:
        raise InvalidGame(f"{game.name} hides information (hidden_information=True), so {cls.__name__} must "
                          "declare its secrets (SECRETS = ('hand',), a value per seat) or override "
                          "determinize(player, rng) to make up what player may not know; the default copy keeps "
                          "every secret")
    if len(game.phases) > 1 and cls.phase is State.phase:
        raise InvalidGame(f"{game.name} declares the phases {', '.join(game.phases)}, so {cls.__name__} needs "
                          "a phase() that says which step the turn is at")


def check_coach_playouts(game: Game) -> None:
    """`Game.coach_playouts`: a `CoachPlayouts` of whole numbers of 0 or more (`cut` 1 or more, or None)."""
    playouts = game.coach_playouts
    if type(playouts) is not CoachPlayouts:
        raise InvalidGame(f"{game.name}: coach_playouts is a CoachPlayouts, such as CoachPlayouts(hint=24, "
                          f"analysis=16), not {excerpt(playouts)}")
    counts = {"hint": playouts.hint, "analysis": playouts.analysis, "batch": playouts.batch}
    for name, count in counts.items():
        if not (type(count) is int and count >= 0 or name == "batch" and count is None):
            raise InvalidGame(f"{game.name}: coach_playouts.{name} is a whole number of games, 0 or more, not "
                              f"{excerpt(count)}")
    if type(playouts.batch_every_choice) is not bool:
        raise InvalidGame(f"{game.name}: coach_playouts.batch_every_choice is True or False, not "
                          f"{excerpt(playouts.batch_every_choice)}")
    cut = playouts.cut
    if cut is not None and (type(cut) is not int or cut < 1):
        raise InvalidGame(f"{game.name}: coach_playouts.cut is the actions a playout may last, 1 or more (None: "
                          f"to the end), not {excerpt(cut)}")


def declared_secrets(game: Game) -> tuple[str, ...]:
    """The state class's `SECRETS`, checked: a tuple of attribute names that are no method of `State`."""
    secrets = game.state_class.SECRETS
    if type(secrets) is not tuple or not all(type(name) is str and name.isidentifier() for name in secrets):
        raise InvalidGame(f"{game.name}: SECRETS is a tuple of the names of attributes holding a secret per seat, "
                          f"such as ('target',), not {excerpt(secrets)}")
    clash = next((name for name in secrets if hasattr(State, name) or name in HEADER_KEYS), None)
    if clash:
        raise InvalidGame(f"{game.name}: SECRETS names {clash!r}, which is part of every State (or of its view): "
                          "give the secret another name")
    return secrets


HEADER_KEYS = ("game", "viewer", "players", "to_move", "phase", "status", "outcome")
"""The keys of the header every view starts with."""

PLAIN_LEAVES = (str, int, float, bool, type(None))
PLAIN_NESTS = (list, tuple, dict, FrozenDict)
MAX_NESTING = 12


def odd_data(value: Any, depth: int = 0) -> str | None:
    """Why `value` is not plain data (None when it is): built-in texts, numbers, True/False and None, in
    lists, tuples and dicts with text keys, of those very types (a subclass could lie to every check)."""
    kind = type(value)
    if kind in PLAIN_LEAVES:
        return None
    if kind not in PLAIN_NESTS:
        if isinstance(value, str):
            return f"must be plain text (a str), not text of the kind {kind.__name__}"
        return (f"must be plain data (text, whole or decimal numbers, True/False, None, lists and dicts), "
                f"not {kind.__name__}")
    if depth >= MAX_NESTING:
        return f"must not nest lists or dicts more than {MAX_NESTING} deep"
    if kind is dict or kind is FrozenDict:
        for key, item in value.items():
            if type(key) is not str:
                return f"must have plain text keys, not {type(key).__name__} {excerpt(key)}"
            problem = odd_data(item, depth + 1)
            if problem:
                return problem
        return None
    for item in value:
        problem = odd_data(item, depth + 1)
        if problem:
            return problem
    return None


class State(ABC):
    """One position of a game, with the moves that led to it (like python-chess's Board).

    Subclasses set `num_players`, `to_move` and `outcome`, and implement the abstract methods; what the kit
    needs to know about the game as a whole (phases, player counts, a move cap, what is hidden) is declared on
    its `Game`, and `tictac_nb.check_game(game)` checks the two agree. The module's docstring (or, in a
    notebook, the class's) is the rules: `Game.rules` gives its shape. A subclass's `view` is the one place
    where secrets are stripped; renderers and bots see views only.
    """

    num_players: int
    to_move: int | None
    outcome: Outcome | None
    player_names: Sequence[str] = ()
    replayable: bool = True
    """False on a copy whose hidden parts `determinize` made up: its seed replays no such deal, so it
    cannot `undo` (clones of it keep the flag)."""
    SECRETS: tuple[str, ...] = ()
    """Attributes holding one secret per seat, each a list indexed by seat (a hand, a target square), that
    `setup` deals: the one declaration a game with such secrets needs. The kit derives the rest: `view(player)`
    shows each as a list with only `player`'s own value (the others None), `determinize` deals the others'
    afresh (each seat's on its own, as a target square is), `Game.hidden_information` is set and, unless the
    game writes its own `determinize`, `Game.copies_replay` is False. `view_body` must not show them and
    `key()` must include them (`GridState`'s does), as `check_game` checks."""
    redeals: tuple[tuple[int, int | None, int], ...] = ()
    """The deals made again in this game (`redeal`), as (actions played by then, seat, seed): replayed in
    order, they let `undo` and records rebuild a position whose unseen cards were dealt again."""
    POSITION: tuple[str, ...] = ()
    """Attributes a game's compiled core keeps in slots of its own rather than in `__dict__` (its `core.py`
    names them): copies, pickles and in-place restores take them too."""

    def __init__(self, game: Game, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.seed = seed
        self.options = options if type(options) is FrozenDict else freeze(options)  # read-only: copies share it
        self.history: list[str] = []
        self.outcome = None
        self.setup(SetupRandom(seed))  # type: ignore[arg-type]

    # ---- what a game implements -------------------------------------------------------------
    @abstractmethod
    def setup(self, rng: random.Random) -> None:
        """Lay out the starting position; all chance comes from `rng` (`random.Random(self.seed)`),
        `seed_bits(self.seed)` or fixed options."""

    @abstractmethod
    def legal_actions(self) -> Sequence[str]:
        """The mover's legal actions in notation (an immutable sequence); empty once the game is over."""

    @abstractmethod
    def apply(self, action: str) -> None:
        """Carry out an action already known to be legal (without reading `history`: bots skip it)."""

    @abstractmethod
    def refusal(self, action: str) -> str:
        """Why `action` (a string that is not legal now) is refused, in the game's words."""

    @abstractmethod
    def view_body(self, player: int | None) -> dict:
        """The game's own part of `view(player)`: JSON-safe, exactly what `player` may know."""

    def phase(self) -> str:
        """The step of the turn in the game's words, one of `Game.phases` ("mark", "peek", ...); `view` says
        "over" at the end. Unless overridden, the game's only phase."""
        return self.game.phases[0]

    @abstractmethod
    def key(self) -> Any:
        """The whole position, hidden parts included, as a comparable value."""

    def setup_record(self) -> dict:
        """The random setup as JSON-safe data, written into records as a check: unless overridden, the
        declared `SECRETS` (so a record whose seed was edited is refused rather than dealt again)."""
        return {name: thaw(getattr(self, name)) for name in self.SECRETS}

    def determinize(self, player: int | None, rng: random.Random) -> State:
        """A copy with everything hidden from `player` resampled from `rng`: what a bot decides from.

        The result depends only on `view(player)`, the history and `rng`, so a bot given it cannot learn a
        secret, and it carries a fresh seed from `rng`, since a seed may hold chance to come. Games with
        hidden information (and Trek's bag, hidden from all) override it.

        The default, for a game that hides nothing, is a clone with a fresh seed whose options pin the setup
        the real seed drew: `setup_record()` names each part of that setup by the option that fixes it (Tyc's
        `{"first_player": 1}`), so the copy's `undo` and record replay the very same game. A setup that draws
        nothing from the seed records nothing and needs nothing. A part recorded under a name that is no
        option (or a value the option refuses) cannot be pinned: that copy says `replayable = False`.
        """
        copy = self.clone()
        copy.seed = rng.randrange(2**32)
        setup = self.setup_record()
        if setup:
            pinned = {}
            for key, value in setup.items():
                if key in self.SECRETS:
                    continue  # dealt afresh below
                option = self.game.options.get(key)
                try:
                    if option is None:
                        raise InvalidOption(key)
                    pinned[key] = freeze(option.check(thaw(value)))
                except InvalidOption:
                    copy.replayable = False
            copy.options = FrozenDict(self.options, **pinned)
        if self.SECRETS:
            deal_secrets(self, copy, player, rng)
        return copy

    def current_scores(self) -> tuple[float, ...] | None:
        """Each player's score if the game ended now (None where the game keeps no score)."""
        return None

    def status(self) -> str:
        """One public sentence: whose turn and what to do, or the result."""
        if self.outcome is not None:
            return self.outcome.reason
        return f"{self.player_name(self.to_move)} to move"

    def describe(self, action: str) -> str:
        """Words for an action (or the first step of one), for screen readers and logs."""
        return action

    def targets(self) -> list[Target]:
        """The mover's click targets: every legal action with its words. Games whose choices take two
        steps also list each first step (a prefix of actions), which the board opens before the second."""
        return [Target(action, self.describe(action)) for action in self.legal_actions()]

    # ---- the protocol, shared by every game ---------------------------------------------------
    @property
    def name(self) -> str:
        return self.game.name

    def player_name(self, player: int | None) -> str:
        if player is None:
            return "nobody"
        if player < len(self.player_names):
            return self.player_names[player]
        return f"Player {player + 1}"

    def is_legal(self, action: Any) -> bool:
        """Whether `action` is one of `legal_actions()`, a built-in `str` itself (games with many actions
        override it with a direct check)."""
        return type(action) is str and action in self.legal_actions()

    def play(self, action: str) -> None:
        """Play one action given in notation; anything illegal raises `IllegalAction`, changing nothing."""
        if not self.is_legal(action):
            self._refuse(action)
        self.apply(action)
        self.history.append(action)

    def _refuse(self, action: Any) -> None:
        if type(action) is not str:
            if isinstance(action, str):  # a subclass may lie to `==`, `in` and `__class__`
                raise IllegalAction(f"an action is plain text (a str) in {self.game.title} notation, not "
                                    f"text of the kind {type(action).__name__}: write it as str(...)")
            raise IllegalAction(f"an action is written in {self.game.title} notation as text, "
                                f"not {type(action).__name__} {excerpt(action)}")
        if self.outcome is not None:
            raise IllegalAction(f"the game is over ({self.outcome.reason})")
        if len(action) > MAX_ACTION_CHARS:
            raise IllegalAction(f"{excerpt(action)} is no {self.game.title} action: "
                                f"none is longer than {MAX_ACTION_CHARS} characters")
        raise IllegalAction(self.refusal(action))

    def undo(self) -> str:
        """Take back the last action and return it (by replaying the others from the seed)."""
        if not self.replayable:
            raise IllegalAction("this copy cannot undo: its hidden parts were made up by determinize, so no seed "
                                "replays its moves; look ahead with clone() and play()")
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        last = self.history[-1]
        self._become(self._replayed(len(self.history) - 1, self.redeals))
        return last

    def _replayed(self, moves: int, redeals: Sequence[tuple[int, int | None, int]]) -> State:
        """A fresh state after the first `moves` actions, replayed from the seed with `redeals` made again."""
        replay = self.game.state_class(self.game, self.seed, self.options)
        for action in self.history[:moves]:
            replay.redeal_due(redeals)
            replay.apply(action)
            replay.history.append(action)
        replay.redeal_due(redeals)
        return replay

    def redeal(self, player: int | None, seed: int) -> None:
        """Deal again, in place, what `player` has not seen: the position becomes its `determinize`d copy
        for `player` drawn from `random.Random(seed)`, while seed, options and moves stay the game's. The
        redeal joins `redeals` (and so the record), so `undo` and `from_record` rebuild it and undo works
        on (an undo dealing again what comes next, which a replay from the seed alone would show again).
        A redeal where one was made already takes its place, dealt from the position before it: a game
        keeps one redeal a position, however often it is undone to."""
        at = len(self.history)
        earlier = self.redeals
        if earlier and earlier[-1][0] == at:
            earlier = earlier[:-1]
            self._become(self._replayed(at, earlier))
        self._deal_again(player, seed, earlier)

    def _deal_again(self, player: int | None, seed: int, earlier: tuple) -> None:
        keep = self.seed, self.options, (*earlier, (len(self.history), player, seed))
        self._become(self.determinize(player, random.Random(seed)))
        self.seed, self.options, self.redeals = keep
        self.replayable = True

    def redeal_due(self, redeals: Sequence[tuple[int, int | None, int]]) -> None:
        """Make again the redeal of `redeals` made after as many actions as this position has, if any."""
        for at, player, seed in redeals:
            if at == len(self.history):
                self._deal_again(player, seed, self.redeals)

    def _become(self, other: State) -> None:
        """Turn this very object into `other`'s position, so that whoever holds it sees the change."""
        self.__setstate__(other.__getstate__())

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, **{name: getattr(self, name) for name in self.POSITION}}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.clear()
        for name, value in state.items():
            setattr(self, name, value)

    def clone(self) -> Self:
        """An independent copy (games override it with something faster)."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def record(self) -> dict:
        """A JSON-safe record: game, seed, options, setup and moves (and the redeals, if any were made)."""
        dealt = self.game.state_class(self.game, self.seed, self.options) if self.redeals else self
        record = {
            "game": self.game.name,
            "seed": self.seed,
            "options": thaw(self.options),
            "setup": dealt.setup_record(),
            "moves": list(self.history),
        }
        if self.redeals:
            record["redeals"] = [list(redeal) for redeal in self.redeals]
        return record

    def view(self, player: int | None) -> dict:
        """A JSON-safe dict of exactly what `player` (None: an onlooker) may know: the same header in
        every game (game, viewer, players, to_move, phase, status, outcome with winners as seats), then
        the game's own body. This is the one place secrets are stripped."""
        self.check_viewer(player)
        outcome = self.outcome
        header = {
            "game": self.game.name,
            "viewer": player,
            "players": [self.player_name(p) for p in range(self.num_players)],
            "to_move": self.to_move,
            "phase": "over" if outcome is not None else self.phase(),
            "status": self.status(),
            "outcome": None if outcome is None else {
                "winners": list(outcome.winners),
                "scores": None if outcome.scores is None else list(outcome.scores),
                "reason": outcome.reason,
                "timed_out": outcome.timed_out,
            },
        }
        body = self.view_body(player)
        for name in self.SECRETS:
            body[name] = [thaw(value) if seat == player else None for seat, value in enumerate(getattr(self, name))]
        return {**header, **body}

    def check_viewer(self, player: Any) -> None:
        if player is not None and (type(player) is not int or not 0 <= player < self.num_players):
            raise ValueError(f"viewer must be None or a player from 0 to {self.num_players - 1}, "
                             f"not {excerpt(player)}")

    def render_svg(self, viewer: int | None = None, pending: str | None = None, width: float | None = None) -> str:
        """SVG drawn from `viewer`'s view, laid out for `width` CSS px; the viewer's targets are clickable
        when the viewer is to move."""
        view = self.view(viewer)
        targets = self.targets() if viewer is not None and viewer == self.to_move else []
        return self.game.render(view, targets, pending, width)

    def _repr_svg_(self) -> str:
        return self.render_svg(None)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other.game.name == self.game.name
            and other.history == self.history
            and other.key() == self.key()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.title}: {self.status()} after {len(self.history)} actions>"


def deal_secrets(state: State, copy: State, player: int | None, rng: random.Random) -> None:
    """Give `copy` every other seat's `SECRETS` from a fresh deal of the game (a seed from `rng`, the copy's
    options); `player` keeps their own. Each seat's secret is dealt on its own (a target square, a role):
    where seats' secrets hang together (cards from one deck), the game writes its own `determinize`."""
    deal = state.game.start(rng.randrange(2**32), dict(copy.options))
    for name in state.SECRETS:
        values = list(getattr(deal, name))
        if player is not None:
            values[player] = copy_of(getattr(state, name)[player])
        setattr(copy, name, values)
    copy.replayable = False


def copy_of(value: Any) -> Any:
    return copy.deepcopy(value)


RECORD_FIELDS = frozenset({"game", "seed", "options", "setup", "moves"})
OPTIONAL_RECORD_FIELDS = frozenset({"redeals"})


def check_redeals(redeals: Any, moves: int, players: int) -> list[tuple[int, int | None, int]]:
    """A record's `redeals`: [actions played by then, seat or None, seed] each, one a position at most, in
    the order made (`State.redeal`)."""
    if type(redeals) is not list:
        raise InvalidRecord("the record's redeals must be a list of [actions played, seat, seed]")
    checked, last = [], 0
    for number, redeal in enumerate(redeals, 1):
        if type(redeal) is not list or len(redeal) != 3:
            raise InvalidRecord(f"redeal {number} must be a list [actions played, seat, seed]")
        at, seat, seed = redeal
        if type(at) is not int or not last <= at <= moves:
            raise InvalidRecord(f"redeal {number} must come after {last} to {moves} actions, not {excerpt(at)}")
        last = at + 1
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise InvalidRecord(f"redeal {number} is for a seat from 0 to {players - 1} or None, not {excerpt(seat)}")
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise InvalidRecord(f"redeal {number} needs a whole number seed from 0 to 2**64 - 1, not {excerpt(seed)}")
        checked.append((at, seat, seed))
    return checked


def load_record(record: Any, games: dict[str, Game]) -> State:
    """Rebuild a state from `record()` output; anything malformed raises `InvalidRecord`.

    A record is plain data (built-in dicts, lists, texts and numbers, never subclasses, which could answer
    the checks with a lie), and every move is replayed through `play`, which takes only legal actions."""
    if type(record) is not dict:
        raise InvalidRecord(f"a record is a dict, not {type(record).__name__}")
    missing = sorted(RECORD_FIELDS - set(record))
    if missing:
        raise InvalidRecord(f"the record lacks {', '.join(missing)}")
    extra = sorted(set(record) - RECORD_FIELDS - OPTIONAL_RECORD_FIELDS, key=str)
    if extra:
        raise InvalidRecord(f"the record has unknown fields: {', '.join(excerpt(k) for k in extra[:3])}")
    name = record["game"]
    if type(name) is not str or name not in games:
        raise InvalidRecord(f"unknown game {excerpt(name)} (known: {', '.join(games)})")
    options, moves = record["options"], record["moves"]
    if type(options) is not dict or not all(type(k) is str for k in options):
        raise InvalidRecord("the record's options must be a dict of names (plain text) to values")
    if type(moves) is not list:
        raise InvalidRecord("the record's moves must be a list")
    for number, move in enumerate(moves, 1):
        if type(move) is not str:
            kind = "text of the kind " if isinstance(move, str) else ""
            raise InvalidRecord(f"move {number} must be plain text (a str), not {kind}{type(move).__name__}")
    problem = odd_data(record["setup"])
    if problem:
        raise InvalidRecord(f"the record's setup {problem}")
    try:
        state = games[name].start(record["seed"], options)
    except InvalidOption as error:
        raise InvalidRecord(f"bad record: {error}") from None
    if record["setup"] != state.setup_record():
        raise InvalidRecord("the record's setup does not match its seed and options")
    redeals = check_redeals(record.get("redeals", []), len(moves), state.num_players)
    for number, move in enumerate(moves, 1):
        state.redeal_due(redeals)
        try:
            state.play(move)
        except IllegalAction as error:
            raise InvalidRecord(f"move {number} ({excerpt(move)}) is illegal: {error}") from None
    state.redeal_due(redeals)
    return state
