"""DesignLab: an ipywidgets panel that plays two rule variants of a game and sets them side by side.

Pick a game; for variant A and variant B set the rule options (controls built from the game's
`Game.options`: each option's default and doc) and a bot per seat; play a batch; read the metrics
table and the plots. Both variants play the same seeds, so differences come from the rules.
"""

from __future__ import annotations

import ast
import html
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import pandas as pd
from IPython.display import Image, display

from ..core.engine import Choice, Game, InvalidOption, Option, WholeNumber, boolean
from ..core.registry import GAMES, game_named, new_game
from ..core.words import bot_words, option_label
from .cards import card_changes
from .metrics import compare, definitions
from .plots import plot_comparison
from .selfplay import bot_factory, options_label, play_games


def figure_png(figure: Any) -> bytes:
    """A figure as PNG bytes on a white background, closed afterwards: the picture does not depend on the
    notebook's matplotlib backend or theme (a transparent plot loses its black axes on a dark page)."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, facecolor="white", bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


BOT_CHOICES = tuple((bot_words(spec), spec) for spec in ("random", "mcts:50", "mcts:200", "mcts:500"))
_RANDOM_BY_SEED = "random (by seed)"
_NONE = "<None>"  # a Dropdown reads the value None as "nothing selected": None options get this stand-in


def option_domain(option: Option) -> tuple:
    """What values an option takes, read from its check: ("bool",), ("choice", values), ("int", low, high,
    allow_none) or ("text",) for anything else (typed as a Python literal)."""
    check = option.check
    if check is boolean:
        return ("bool",)
    if isinstance(check, Choice):
        return ("choice", check.values)
    if isinstance(check, WholeNumber):
        return ("int", check.low, check.high, check.allow_none)
    if type(option.default) is bool:
        return ("bool",)
    return ("text",)


def _from_dropdown(value: Any) -> Any:
    return None if value == _NONE else value


MAX_TYPED = 100_000
"""Characters a typed option value may have: more than any option takes (K.O.'s home-made cards, the
longest, at most 50,000), while reading a huge text as Python (`ast.literal_eval`) can run out of memory."""


def _parse_text(text: str) -> Any:
    """A typed value: a Python literal if it reads as one, else the text itself; `InvalidOption` (worded to
    follow the option's name) for text that is too long or that Python cannot turn into a value."""
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_TYPED:
        raise InvalidOption(f"is {len(text):,} characters long; a typed value has at most {MAX_TYPED:,}")
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    except TypeError as error:  # {['lake']: 4}: a list or a dict as a key or in a set
        raise InvalidOption(f"cannot be read: {error} (keys of a dict and items of a set are text or numbers, "
                            f"like {{'lake': 4}})") from None
    except (MemoryError, RecursionError):
        raise InvalidOption("is nested too deeply to read") from None


class OptionControl:
    """One rule option as a widget; `value` is the option value it stands for."""

    def __init__(self, name: str, option: Option) -> None:
        self.name, self.option = name, option
        domain = option_domain(option)
        style = {"description_width": "initial"}
        name = option_label(name, option)  # the widgets' label, in a player's words (`tictac_nb.core.words`)
        self.parse: Callable[[Any], Any] = lambda value: value
        if domain[0] == "bool":
            self.widget = widgets.Checkbox(value=bool(option.default), description=name, indent=False)
        elif domain[0] == "choice":
            values = domain[1] if option.default in domain[1] else (option.default, *domain[1])
            self.widget = widgets.Dropdown(options=[(repr(v), _NONE if v is None else v) for v in values],
                                           value=_NONE if option.default is None else option.default,
                                           description=name, style=style)
            self.parse = _from_dropdown
        elif domain[0] == "int" and (domain[3] or domain[2] - domain[1] <= 12) and domain[2] - domain[1] <= 30:
            choices: list[tuple[str, Any]] = [(_RANDOM_BY_SEED, _NONE)] if domain[3] else []
            choices += [(str(v), v) for v in range(domain[1], domain[2] + 1)]
            self.widget = widgets.Dropdown(options=choices, value=_NONE if option.default is None else option.default,
                                           description=name, style=style)
            self.parse = _from_dropdown
        elif domain[0] == "int" and not domain[3]:
            self.widget = widgets.BoundedIntText(value=option.default, min=domain[1], max=domain[2],
                                                 description=name, style=style)
        else:
            default = "" if option.default is None else repr(option.default)
            self.widget = widgets.Text(value=default, placeholder="default" if option.default is None else "",
                                       description=name, style=style)
            self.parse = _parse_text
        self.widget.tooltip = option.doc
        self.help = widgets.HTML(f"<small>{html.escape(option.doc)}</small>")

    @property
    def value(self) -> Any:
        """The option value; a typed text that is no value raises `InvalidOption` naming the option."""
        try:
            return self.parse(self.widget.value)
        except InvalidOption as error:
            raise InvalidOption(f"option {self.name!r} {error}") from None

    @value.setter
    def value(self, value: Any) -> None:
        if self.parse is _parse_text:
            self.widget.value = "" if value is None else repr(value)
        elif self.parse is _from_dropdown:
            self.widget.value = _NONE if value is None else value
        else:
            self.widget.value = value


class VariantPanel:
    """The controls of one variant: a label, the rule options, and a bot for every seat."""

    def __init__(self, title: str, game: Game, bot_choices: Sequence[tuple[str, Any]] = BOT_CHOICES) -> None:
        self.game, self.title, self.bot_choices = game, title, tuple(bot_choices)
        self.label = widgets.Text(value="", placeholder=title, description="label",
                                  style={"description_width": "initial"})
        self.controls = {name: OptionControl(name, option) for name, option in game.options.items()}
        self.message = widgets.HTML()
        self.seats = widgets.VBox()
        self.bots: list[widgets.Dropdown] = []
        for control in self.controls.values():
            control.widget.observe(lambda _: self.update_seats(), "value")
        rows = [widgets.HTML(f"<b>{html.escape(title)}</b>"), self.label]
        for control in self.controls.values():
            rows += [control.widget, control.help]
        if not self.controls:
            rows.append(widgets.HTML(f"<small>{html.escape(game.title)} has no rule options.</small>"))
        self.box = widgets.VBox([*rows, self.seats, self.message],
                                layout=widgets.Layout(border="1px solid #ccc", padding="6px", width="50%"))
        self.update_seats()

    def options(self) -> dict[str, Any]:
        """The options that differ from the rulebook's defaults."""
        return {name: c.value for name, c in self.controls.items() if c.value != c.option.default}

    def name(self) -> str:
        return self.label.value.strip() or f"{self.title}: {options_label(self.options())}"

    def problem(self) -> str | None:
        """What is wrong with this variant's options, in words that name the option (None: nothing)."""
        try:
            options = self.options()
            new_game(self.game.name, seed=0, **options)
        except (InvalidOption, ValueError) as error:
            return str(error)
        except Exception as error:  # a check or a rule failed on an odd value: find the option it came from
            for name, value in options.items():
                try:
                    self.game.check_options({name: value})
                except Exception as alone:
                    return f"option {name!r} cannot be used: {type(alone).__name__}: {str(alone)[:160]}"
            return f"these options cannot be played together: {type(error).__name__}: {str(error)[:160]}"
        return None

    def update_seats(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.message.value = f"<span style='color: var(--jp-error-color1, #b3261e)'>{html.escape(problem)}</span>"
            return
        state = new_game(self.game.name, seed=0, **self.options())
        self.message.value = ""
        old = [d.value for d in self.bots]
        self.bots = [widgets.Dropdown(options=self.bot_choices, value=old[p] if p < len(old) else "random",
                                      description=f"{state.player_name(p)}:", style={"description_width": "initial"})
                     for p in range(state.num_players)]
        self.seats.children = [widgets.HTML("<small>bots</small>"), *self.bots]

    def bot_specs(self) -> list[Any]:
        return [d.value for d in self.bots]


class DesignLab(widgets.VBox):
    """Two variants of one game, played on the same seeds and compared: metrics table and plots."""

    def __init__(self, game: str = "tic-tac-two", games: int = 200, seed: int = 0,
                 bots: Mapping[str, Any] | None = None) -> None:
        """Every seat's menu offers random play, MCTS, the game's own bots (`Game.bots`) and `bots`,
        named factories of your own, e.g. {"my bot": MyBot}."""
        game_named(game)  # an unknown name is refused in words, before any widget is made
        self.bot_choices = BOT_CHOICES + tuple((label, bot_factory(spec)) for label, spec in (bots or {}).items())
        self.picker = widgets.Dropdown(options=[(g.title, name) for name, g in GAMES.items()],
                                       value=game, description="game")
        self.games = widgets.BoundedIntText(value=games, min=1, max=100_000, description="games per variant",
                                            style={"description_width": "initial"})
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31, description="first seed",
                                           style={"description_width": "initial"})
        self.button = widgets.Button(description="Play both variants", button_style="primary", icon="play",
                                     layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.progress = widgets.VBox()
        self.output = widgets.Output()
        self.panels = widgets.HBox()
        self.results: dict[str, pd.DataFrame] = {}
        self.picker.observe(lambda _: self._build_panels(), "value")
        self.button.on_click(lambda _: self.run())
        self._build_panels()
        help_text = widgets.HTML("<small>Metric definitions: <code>tictac_nb.lab.definitions()</code>. "
                                 "Stop the kernel to interrupt: finished games are kept.</small>")
        super().__init__([widgets.HBox([self.picker, self.games, self.seed]), self.panels,
                          widgets.HBox([self.button, help_text], layout=widgets.Layout(align_items="center")),
                          self.progress, self.output])

    def _build_panels(self) -> None:
        game = GAMES[self.picker.value]
        choices = self.bot_choices + tuple((label, bot_factory(bot)) for label, bot in game.bots.items())
        self.a = VariantPanel("Variant A", game, choices)
        self.b = VariantPanel("Variant B", game, choices)
        self.panels.children = [self.a.box, self.b.box]

    def run(self) -> pd.DataFrame:
        """Play both variants and show the comparison; returns the metrics table.

        The variants are played in alternating chunks on the same seeds, so an interrupt (the kernel's stop
        button) leaves a comparable sample of each; each variant has its own progress bar and label."""
        self.output.clear_output()
        problems = [(panel.title, panel.problem()) for panel in (self.a, self.b)]
        if any(problem for _, problem in problems):
            with self.output:
                for title, problem in problems:
                    if problem:
                        print(f"{title}: {problem}")
            self.results = {}
            return pd.DataFrame()
        names = [self.a.name(), self.b.name()]
        if names[0] == names[1]:
            names = [f"A: {names[0]}", f"B: {names[1]}"]
        self.results = {}
        table = pd.DataFrame()
        self.button.disabled = True
        try:
            with self.output:
                played = self._play(names)
                if played is None:
                    return table
                self.results = played
                table = compare(self.results)
                display(table.style.format(precision=3, na_rep="n/a")
                        .format(precision=0, subset=pd.IndexSlice[["games"], :]))
                display(Image(data=figure_png(plot_comparison(self.results))))
                changes = card_changes(self.picker.value, self.a.options(), self.b.options(), self.results)
                if changes is not None and len(changes):
                    display(changes)
        finally:
            self.button.disabled = False
        return table

    def _play(self, names: list[str]) -> dict[str, pd.DataFrame] | None:
        """Both variants' games, played in alternating chunks; None (and the reason printed) on a bad option."""
        total, first = self.games.value, self.seed.value
        variants = list(zip((self.a, self.b), names, strict=True))
        bars = {name: widgets.IntProgress(value=0, min=0, max=total, layout=widgets.Layout(width="14em"))
                for name in names}
        labels = {name: widgets.Label(f"{name}: 0 of {total} games", layout=widgets.Layout(width="auto"))
                  for name in names}
        self.progress.children = [widgets.HBox([bars[name], labels[name]]) for name in names]
        chunk = max(1, min(50, total // 20))
        frames: dict[str, list[pd.DataFrame]] = {name: [] for name in names}
        interrupted = False
        for start in range(first, first + total, chunk):
            size = min(chunk, first + total - start)
            for panel, name in variants:
                try:
                    frame = play_games(self.picker.value, size, options=panel.options(), bots=panel.bot_specs(),
                                       seed=start, variant=name, progress=False)
                except Exception as error:  # the options were checked: a bot or a rule failed on them
                    print(f"{name}: {type(error).__name__}: {str(error)[:200]}")
                    return None
                frames[name].append(frame)
                bars[name].value = played = sum(len(f) for f in frames[name])
                labels[name].value = f"{name}: {played} of {total} games"
                interrupted = bool(frame.attrs.get("interrupted"))
                if interrupted:
                    break
            if interrupted:
                break
        results = {name: pd.concat(parts, ignore_index=True) for name, parts in frames.items() if parts}
        common = min(len(frame) for frame in results.values())  # an interrupt keeps the same seeds for both
        return {name: frame.iloc[:common] for name, frame in results.items()}

    @staticmethod
    def definitions() -> pd.DataFrame:
        return definitions()
