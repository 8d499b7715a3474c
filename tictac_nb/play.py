"""`PlayPage`: one game to play, with its title, a line on the game, its board and controls for its rule
options, its seats (a human or a bot) and a new game. Built from the protocol alone (`Game.options` and
their checks, `Game.bots`, the kit's bots), so a new game gets a play page unchanged.

    >>> from tictac_nb.play import PlayPage
    >>> PlayPage("tyc")              # doctest: +SKIP
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .bots import MCTSBot, RandomBot
from .engine import Choice, Game, InvalidOption, Option, WholeNumber, boolean
from .widget import Board

HUMAN = "human"
BY_SEED = "by seed"
NUMBER_MENU = 12  # whole-number options with at most this many values are a menu; larger ones a number box


def kit_bots(game: Game) -> dict[str, Callable[[int], Any]]:
    """The bots a seat can be given: the game's default bot first (strong and quick), then its own, then
    the kit's generic ones."""
    bots: dict[str, Callable[[int], Any]] = {"the game's bot": lambda seed: game.default_bot(seed=seed)}
    bots |= {name: (lambda seed, f=factory: f(seed=seed)) for name, factory in game.bots.items()}
    bots["MCTSBot"] = lambda seed: MCTSBot(seed=seed)
    bots["RandomBot"] = lambda seed: RandomBot(seed=seed)
    return bots


def one_line(game: Game) -> str:
    """The first paragraph of the game's rules, without its title."""
    first = " ".join(game.rules.strip().split("\n\n")[0].split()).removeprefix(f"{game.title}:").strip()
    return first[:1].upper() + first[1:] if first else game.title


def option_control(name: str, option: Option) -> widgets.ValueWidget | None:
    """A control for an option whose check exposes its values; None for free-form options (text, tables),
    which keep their defaults on a play page."""
    check, label = option.check, name.replace("_", " ")
    common = {"description": label, "tooltip": option.doc, "style": {"description_width": "initial"},
              "layout": {"margin": "2px 1em 2px 0", "width": "auto"}}
    if check is boolean:
        return widgets.Checkbox(value=option.default, indent=False, **common)
    if isinstance(check, Choice):
        return widgets.Dropdown(options=[(str(v), v) for v in check.values], value=option.default, **common)
    if isinstance(check, WholeNumber):
        if check.high - check.low < NUMBER_MENU:
            values = [(BY_SEED, None)] if check.allow_none else []
            values += [(str(v), v) for v in range(check.low, check.high + 1)]
            index = [v for _, v in values].index(option.default)  # by index: a value of None selects nothing
            return widgets.Dropdown(options=values, index=index, **common)
        if option.default is not None:
            return widgets.BoundedIntText(value=option.default, min=check.low, max=check.high, **common)
    return None


class PlayPage(widgets.VBox):
    """A game to play: `PlayPage("tyc")`. Seat 0 is human, the others the game's strongest bot, until the
    player changes them and starts a new game."""

    def __init__(self, game: str, seed: int | None = None, **kwargs: Any) -> None:
        from . import GAMES

        if game not in GAMES:
            raise InvalidOption(f"unknown game {game!r}; the kit has {', '.join(GAMES)}")
        self.game = GAMES[game]
        self._seeds = None if seed is None else random.Random(seed)  # fixed seeds: the same games each time
        self.bots = kit_bots(self.game)
        self.options = {name: control for name, option in self.game.options.items()
                        if (control := option_control(name, option)) is not None}
        self.seats = widgets.HBox(layout={"flex_flow": "row wrap"})
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
        super().__init__([title, self.area, settings, self.seats, widgets.HBox([self.new, self.message])],
                         **kwargs)
        self._update_seats()
        self.new_game()

    def chosen_options(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.options.items()}

    def _update_seats(self) -> None:
        """One menu per seat; the number of seats can depend on the options (TIC TOC's players)."""
        try:
            state = self.game.new_game(0, **self.chosen_options())
        except InvalidOption:
            return  # the message appears when a new game is asked for
        old = [menu.value for menu in self.seats.children]
        choices = [HUMAN, *self.bots]
        menus = []
        for seat in range(state.num_players):
            default = old[seat] if seat < len(old) else (HUMAN if seat == 0 else next(iter(self.bots)))
            menus.append(widgets.Dropdown(options=choices, value=default, description=state.player_name(seat),
                                          style={"description_width": "initial"}))
        self.seats.children = menus

    def seat_bots(self, seed: int) -> dict[int, Any]:
        return {seat: self.bots[menu.value](seed + seat) for seat, menu in enumerate(self.seats.children)
                if menu.value != HUMAN}

    def new_game(self) -> None:
        """A new game with the chosen options and seats; bad options leave the current game as it is."""
        try:
            seed = None if self._seeds is None else self._seeds.randrange(2**32)
            state = self.game.new_game(seed, **self.chosen_options())
        except InvalidOption as error:
            self.message.value = f"<span class='ttn-play-error'>{html.escape(str(error))}</span>"
            return
        self.message.value = ""
        if self.board is not None:
            self.board.close()
        self.board = Board(state, bots=self.seat_bots(state.seed))
        self.area.children = [self.board]

    def _repr_mimebundle_(self, **kwargs: Any):
        """The live page, plus the board's static SVG for viewers that run no widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        if self.board is not None:
            data = {**data, "image/svg+xml": self.board.svg}
        return data, metadata
