"""`PlayPage`: one game to play, with its title, a line on the game, its board and controls for its rule
options, its seats (a human or a bot) and a new game. Built from the protocol alone (`Game.options` and
their checks, `Game.bots`, the kit's bots), so a new game gets a play page unchanged.

`Dealer` is what a play page deals, whatever shows it: the controls and seats as data, and a new `Board`
for chosen options, seats and a seed. `PlayPage` shows it with ipywidgets (the Voila play pages); the
static site's pages show the same description in plain HTML (`tictac_nb.web.page`).

    >>> from tictac_nb.notebook.play import PlayPage
    >>> PlayPage("tyc")              # doctest: +SKIP
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import ipywidgets as widgets

from ..core.bots import MCTSBot, RandomBot, default_bot
from ..core.engine import SEED_LIMIT, Choice, Game, InvalidOption, Option, State, WholeNumber, boolean, excerpt
from ..core.registry import game_named
from ..core.words import BOTS, option_help, option_label
from .widget import Board

HUMAN = "human"
BY_SEED = "at random"
NUMBER_MENU = 12  # whole-number options with at most this many values are a menu; larger ones a number box
GAME_NUMBERS = 10**6
"""A play page deals games numbered 0 to 999999: six digits, short enough to read out to a class (a typed
number may be any seed)."""
GAME_NUMBER_DIGITS = len(str(SEED_LIMIT - 1))


class Control(NamedTuple):
    """A rule option as a page offers it: a checkbox, a menu of (words, value) choices, or a number box."""

    kind: str  # "check", "menu" or "number"
    label: str
    help: str
    default: Any
    choices: tuple[tuple[str, Any], ...] = ()
    low: int = 0
    high: int = 0

    def value(self, choice: Any) -> Any:
        """The option's value for what the page sent: a menu's choice by index, a box's number, a tick."""
        if self.kind == "menu":
            if type(choice) is not int or not 0 <= choice < len(self.choices):
                raise InvalidOption(f"{self.label}: choose one of {', '.join(w for w, _ in self.choices)}")
            return self.choices[choice][1]
        if self.kind == "check" and type(choice) is not bool:
            raise InvalidOption(f"{self.label}: tick it or leave it, not {choice!r:.20}")
        return choice

    def describe(self, name: str) -> dict[str, Any]:
        """JSON-safe words for a page: menus by the index of each choice."""
        default = [v for _, v in self.choices].index(self.default) if self.kind == "menu" else self.default
        return {"name": name, "kind": self.kind, "label": self.label, "help": self.help, "default": default,
                "choices": [words for words, _ in self.choices], "low": self.low, "high": self.high}


def control_of(name: str, option: Option) -> Control | None:
    """The control for an option whose check exposes its values; None for free-form options (text, tables),
    which keep their defaults on a play page. Its label and help line are a player's words (`words`)."""
    check, label, words = option.check, option_label(name, option), dict(option.words)
    common = {"label": label, "help": option_help(option), "default": option.default}
    if check is boolean:
        return Control("check", **common)
    if isinstance(check, Choice):
        return Control("menu", choices=tuple((words.get(v, str(v)), v) for v in check.values), **common)
    if isinstance(check, WholeNumber):
        if check.high - check.low < NUMBER_MENU:
            values = ([None] if check.allow_none else []) + list(range(check.low, check.high + 1))
            return Control("menu", choices=tuple((words.get(v, BY_SEED if v is None else str(v)), v)
                                                 for v in values), **common)
        if option.default is not None:
            return Control("number", low=check.low, high=check.high, **common)
    return None


def _seeded(factory: Callable[..., Any]) -> Callable[[int], Any]:
    return lambda seed: factory(seed=seed)


def seat_bots(game: Game) -> dict[str, Callable[[int], Any]]:
    """The bots a seat can be given, each named once: the game's default bot first (strong and quick), then
    its other own bots, then the kit's generic ones."""
    own = next((name for name, factory in game.bots.items() if factory is game.default_bot), None)
    bots: dict[str, Callable[[int], Any]] = {BOTS["default"]: lambda seed: default_bot(game, seed)}
    bots |= {name: _seeded(factory) for name, factory in game.bots.items() if name != own}
    bots[BOTS["mcts"]] = lambda seed: MCTSBot(seed=seed)
    bots[BOTS["random"]] = lambda seed: RandomBot(seed=seed)
    return bots


def one_line(game: Game) -> str:
    """The first paragraph of the game's rules, without its title."""
    first = " ".join(game.rules.strip().split("\n\n")[0].split()).removeprefix(f"{game.title}:").strip()
    return first[:1].upper() + first[1:] if first else game.title


def game_number(typed: Any) -> int | None:
    """The game a play page is asked for: a whole number, or text of its digits (typed in the page's box, or
    its link's `?game=`: kept as text, so every digit counts), or None or blank text for a fresh game.
    Anything else is refused in a player's words (InvalidOption)."""
    if typed is None or (isinstance(typed, str) and not typed.strip()):
        return None
    number = typed.strip() if isinstance(typed, str) else typed
    if isinstance(number, str) and number.isascii() and number.isdigit() and len(number) <= GAME_NUMBER_DIGITS:
        number = int(number)
    if type(number) is not int or not 0 <= number < SEED_LIMIT:
        raise InvalidOption(f"a game number is a whole number from 0 to {SEED_LIMIT - 1}, like 271828, "
                            f"not {excerpt(typed, 30)}")
    return number


def told(state: State, asked: int | None) -> dict[str, str | None]:
    """The game number a play page shows for `state`, dealt for the number the player `asked` for (None: a
    fresh one), and its sentence: a number asked for at once, a fresh one once its game has ended. A game
    number deals the same game again, hidden cards and the order of the cards to come included, so a player
    who knew it sooner could learn what the game hides."""
    number = str(state.seed) if state.seed == asked or state.outcome is not None else None
    return {"game_number": number,
            "dealt": "A new game: its game number is shown when it ends." if number is None
            else f"This is game number {number}."}


class Dealer:
    """What a play page deals: `controls` (by option name), the seat menus for chosen options, and
    `deal(choices, seats, seed)`, a new Board. A game dealt without a seed gets a fresh one, which the
    page shows once the game ends (`told`), so that the same game can be dealt again."""

    def __init__(self, game: str | Game) -> None:
        self.game = game = game if isinstance(game, Game) else game_named(game)
        self.bots = seat_bots(game)
        self.controls = {name: control for name, option in game.options.items()
                         if (control := control_of(name, option)) is not None}

    def options(self, choices: dict[str, Any]) -> dict[str, Any]:
        """Option values from a page's choices (by control name); unknown names are refused."""
        unknown = [str(name)[:30] for name in choices if name not in self.controls]
        if unknown:
            raise InvalidOption(f"{self.game.title} has no option {unknown[0]!r} on its play page")
        return {name: self.controls[name].value(choice) for name, choice in choices.items()}

    def seat_menus(self, choices: dict[str, Any]) -> list[dict[str, Any]]:
        """Each seat's name and default choice for these option choices; [] if the options are refused."""
        try:
            state = self.game.new_game(0, **self.options(choices))
        except InvalidOption:
            return []
        default = next(iter(self.bots))
        return [{"seat": seat, "name": state.player_name(seat), "default": HUMAN if seat == 0 else default,
                 "choices": [HUMAN, *self.bots]} for seat in range(state.num_players)]

    def describe(self) -> dict[str, Any]:
        """The page in words: title, line, option controls with their defaults, and seats."""
        return {"game": self.game.name, "title": self.game.title, "line": one_line(self.game),
                "controls": [control.describe(name) for name, control in self.controls.items()],
                "seats": self.seat_menus({})}

    def deal(self, choices: dict[str, Any], seats: Sequence[str], seed: int | str | None = None) -> Board:
        """A new Board: the chosen options, each seat's choice (HUMAN or a bot's name), and the game number
        (`game_number`'s: None for a fresh one). Anything refused raises InvalidOption and deals nothing."""
        options = self.options(choices)
        seed = game_number(seed)
        seed = random.SystemRandom().randrange(GAME_NUMBERS) if seed is None else seed
        state = self.game.new_game(seed, **options)
        if not isinstance(seats, Sequence) or isinstance(seats, str) or len(seats) != state.num_players:
            raise InvalidOption(f"{self.game.title} with these options has {state.num_players} seats: choose "
                                f"who plays each")
        wrong = [s for s in seats if type(s) is not str or (s != HUMAN and s not in self.bots)]
        if wrong:
            raise InvalidOption(f"a seat is played by a human or one of {', '.join(self.bots)}, not {wrong[0]!r:.30}")
        bots = {seat: self.bots[who](seed + seat) for seat, who in enumerate(seats) if who != HUMAN}
        return Board(state, bots=bots, deals=random.SystemRandom())


def control_widget(control: Control) -> widgets.ValueWidget:
    common = {"description": control.label, "tooltip": control.help, "style": {"description_width": "initial"},
              "layout": {"margin": "2px 1em 2px 0", "width": "auto"}}
    if control.kind == "check":
        return widgets.Checkbox(value=control.default, indent=False, **common)
    if control.kind == "menu":  # by index: a value of None selects nothing
        index = [v for _, v in control.choices].index(control.default)
        return widgets.Dropdown(options=list(control.choices), index=index, **common)
    return widgets.BoundedIntText(value=control.default, min=control.low, max=control.high, **common)


class PlayPage(widgets.VBox):
    """A game to play: `PlayPage("tyc")`. Seat 0 is human, the others the game's strongest bot, until the
    player changes them and starts a new game. Every game is dealt from a fresh seed, shown on the page
    as its game number once the game ends (`told`), so typing that number deals it again; `seed=` fixes the
    page's games instead."""

    def __init__(self, game: str, seed: int | None = None, **kwargs: Any) -> None:
        self.dealer = Dealer(game)
        self.game = self.dealer.game
        self._seeds = None if seed is None else random.Random(seed)
        self.bots = self.dealer.bots
        self.options = {name: control_widget(control) for name, control in self.dealer.controls.items()}
        self.seats = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.number = widgets.Text(description="Game number", placeholder="a new game",
                                   style={"description_width": "initial"}, layout={"width": "16em"})
        self.dealt = widgets.HTML(layout={"margin": "0 1em"})
        self.message = widgets.HTML(layout={"min_height": "1.5em"})
        self.new = widgets.Button(description="Play with these rules", button_style="primary",
                                  layout={"width": "auto"})
        self.new.on_click(lambda _: self.new_game())
        for control in self.options.values():
            control.observe(lambda _: self._update_seats(), names="value")
        self.board: Board | None = None
        title = widgets.HTML(f"<h1 class='ttn-play-title'>{html.escape(self.game.title)}</h1>"
                             f"<p class='ttn-play-line'>{html.escape(one_line(self.game))}</p>")
        settings = widgets.HBox([*self.options.values()], layout={"flex_flow": "row wrap"})
        self.area = widgets.Box()
        deal = widgets.HBox([self.new, self.number, self.dealt], layout={"flex_flow": "row wrap"})
        super().__init__([title, self.area, settings, self.seats, deal, self.message], **kwargs)
        self._update_seats()
        self.new_game()

    def choices(self) -> dict[str, Any]:
        """What the controls show, as `Dealer` takes it: a menu by its index."""
        return {name: control.index if isinstance(control, widgets.Dropdown) else control.value
                for name, control in self.options.items()}

    def chosen_options(self) -> dict[str, Any]:
        return self.dealer.options(self.choices())

    def _update_seats(self) -> None:
        """One menu per seat, whose number can depend on the options (TIC TOC's players). The menus that
        stay keep what was chosen in them: an option change never undoes a seat's choice."""
        menus = self.dealer.seat_menus(self.choices())
        if not menus:
            return  # the message appears when a new game is asked for
        kept = list(self.seats.children[:len(menus)])
        for menu, seat in zip(kept, menus, strict=False):
            menu.description = seat["name"]
        for seat in menus[len(kept):]:
            kept.append(widgets.Dropdown(options=seat["choices"], value=seat["default"], description=seat["name"],
                                         style={"description_width": "initial"}))
        if len(kept) != len(self.seats.children) or any(a is not b for a, b in zip(kept, self.seats.children,
                                                                                  strict=False)):
            self.seats.children = kept

    def seat_bots(self, seed: int) -> dict[int, Any]:
        return {seat: self.bots[menu.value](seed + seat) for seat, menu in enumerate(self.seats.children)
                if menu.value != HUMAN}

    def new_game(self) -> None:
        """A new game with the chosen options and seats, from the typed game number or a fresh one; anything
        refused leaves the current game as it is and says why."""
        try:
            asked = game_number(self.number.value)
            seed = self._seeds.randrange(GAME_NUMBERS) if asked is None and self._seeds is not None else asked
            board = self.dealer.deal(self.choices(), [menu.value for menu in self.seats.children], seed)
        except InvalidOption as error:
            self.message.value = f"<span class='ttn-play-error'>{html.escape(str(error))}</span>"
            return
        self.asked = asked
        self.message.value = ""
        if self.board is not None:
            self.board.close()
        self.board = board
        self.number.value = ""
        board.observe(lambda _: self._tell(), names="turn")
        self._tell()
        self.area.children = [board]

    def _tell(self) -> None:
        assert self.board is not None  # told only once a board is dealt
        self.dealt.value = f"<span class='ttn-play-seed'>{told(self.board.state, self.asked)['dealt']}</span>"

    def _repr_mimebundle_(self, **kwargs: Any):
        """The live page, plus the board's static SVG for viewers that run no widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        if self.board is not None:
            data = {**data, "image/svg+xml": self.board.svg}
        return data, metadata
