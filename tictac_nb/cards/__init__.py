"""A family of card games made from a table: one row a card, its effect in a small vocabulary.

    >>> import tictac_nb
    >>> from tictac_nb.cards import card_game
    >>> table = [{"name": "Mark", "count": 12, "effect": "place"},
    ...          {"name": "Eraser", "count": 4, "effect": "remove"},
    ...          {"name": "Rush", "count": 4, "effect": "draw 1; place"}]
    >>> game = tictac_nb.register(card_game("mini-deck", "Mini Deck", table))
    >>> state = game.new_game(seed=1)
    >>> state.legal_actions()[:2]           # play a card from your hand, then answer its steps
    ('play Mark', 'play Rush')
    >>> tictac_nb.unregister("mini-deck")

The table is a pandas DataFrame, a CSV path or a list of dicts with the columns name, count and effect,
and optionally text and any columns of your own (cost, colour, type ...: the cards show them, the colour
column colours the card). The kit keeps the secrets: hands and the deck's order are hidden, views,
`determinize`, records and copies come with the family, so a game made here passes `check_game` as it is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.bots import MCTSBot
from ..core.engine import Choice, Game, InvalidOption, Option, excerpt, int_between
from .effects import WORDS, Step, describe_steps, parse_effect
from .render import render
from .rules import CardState, rules_text
from .table import COLOURS, Card, CardTableError, Deck, make_deck

__all__ = ["COLOURS", "WORDS", "Card", "CardGame", "CardState", "CardTableError", "Deck", "Step", "card_game",
           "describe_steps", "make_deck", "parse_effect"]

BOT_ITERATIONS = 150
"""The default bot's search: `MCTSBot` with this many determinized playouts, 100 ms or less a move on the
workshop's decks (`bench/cards.py` measures)."""
MOVE_CAP = 20_000
"""Every turn takes a card out of the hands and the deck is never reshuffled, so a game of 999 cards with
steps of two choices each stays below this."""
WINS = ("line", "points", "deck")
TURNS = ("draw, play", "play, draw")


@dataclass(frozen=True, repr=False)
class CardGame(Game):
    """A `Game` of the card family: `deck` is its table read once; its rules are written from the options
    and the cards, so the rules page prints this very deck."""

    deck: Deck | None = None

    @property
    def rules(self) -> str:
        state = self.new_game(0)
        assert isinstance(state, CardState)  # the family's state class
        return rules_text(state)


def check_counts(deck: Deck) -> Callable[[Any], dict[str, int]]:
    """The option `deck`: cards per name (0 takes a card out); names not given keep the table's count."""

    def check(value: Any) -> dict[str, int]:
        if not isinstance(value, dict):
            raise InvalidOption(f"must be a dict of card names to counts, like {{'{deck.cards[0].name}': 2}}, "
                                f"not {excerpt(value)}")
        counts = {card.name: card.count for card in deck.cards}
        for name, count in value.items():
            kind = deck.index(name)
            if kind is None:
                raise InvalidOption(f"names {excerpt(name)}, which is no card of the deck; its cards are "
                                    f"{', '.join(c.name for c in deck.cards)}")
            if type(count) is not int or not 0 <= count <= 99:
                raise InvalidOption(f"gives {deck.cards[kind].name} {excerpt(count)} cards; a count is a whole "
                                    f"number from 0 to 99")
            counts[deck.cards[kind].name] = count
        return counts

    return check


def check_order(deck: Deck) -> Callable[[Any], list[str] | None]:
    """The option `order`: the top cards of the deck by name, dealt first (the rest is shuffled)."""

    def check(value: Any) -> list[str] | None:
        if value is None:
            return None
        if not isinstance(value, (list, tuple)):
            raise InvalidOption(f"must be a list of card names, top of the deck first, not {excerpt(value)}")
        names = []
        for name in value:
            kind = deck.index(name)
            if kind is None:
                raise InvalidOption(f"names {excerpt(name)}, which is no card of the deck; its cards are "
                                    f"{', '.join(c.name for c in deck.cards)}")
            names.append(deck.cards[kind].name)
        return names

    return check


def card_game(name: str, title: str, table: Any, *, effects: Mapping[str, Callable[..., Any]] | None = None,
              colour: str = "colour", rows: int = 3, cols: int = 3, k: int = 3, players: int = 2, hand: int = 3,
              draws: int = 1, plays: int = 1, turn: str = "draw, play", win: str = "line",
              first_player: int | None = None, variants: dict | None = None,
              state_class: type[CardState] = CardState) -> CardGame:
    """A card game called `name` whose deck is `table` (see `tictac_nb.cards.table`), its options defaulting
    to the given rules: the grid (`rows`, `cols`, `k` in a row), `players` (2 to 4), `hand` (cards dealt),
    `draws` and `plays` a turn, `turn` ("draw, play" or "play, draw"), `win` ("line", "points" or "deck").
    `effects` names Python functions `fn(state, seat)` the effect column may use. Register it with
    `tictac_nb.register` to play it everywhere. A bad table raises `CardTableError` naming row and column."""
    if not (isinstance(state_class, type) and issubclass(state_class, CardState)):
        raise TypeError(f"state_class must be CardState or a subclass of it, not {state_class!r}")
    deck = make_deck(table, effects, colour)
    options = {
        "rows": Option(rows, int_between(2, 10), "rows of the grid, 2 to 10", label="Rows"),
        "cols": Option(cols, int_between(2, 10), "columns of the grid, 2 to 10", label="Columns"),
        "k": Option(k, int_between(2, 10), "marks in a row that make a line", label="In a row"),
        "players": Option(players, int_between(2, 4), "players, 2 to 4 (X, O, Triangle, Square)", label="Players",
                          words=tuple((n, f"{n} players") for n in range(2, 5))),
        "hand": Option(hand, int_between(1, 10), "cards dealt to each player", label="Cards dealt"),
        "draws": Option(draws, int_between(0, 3), "cards drawn a turn", label="Draws a turn"),
        "plays": Option(plays, int_between(1, 3), "cards played a turn, at most", label="Plays a turn"),
        "turn": Option(turn, Choice(TURNS), "the order of a turn: draw then play, or play then draw",
                       label="Turn"),
        "win": Option(win, Choice(WINS), "how a game is won: a line of k, points, or marks when the deck runs out",
                      label="Win by", words=(("line", "a line"), ("points", "points"), ("deck", "the deck's end"))),
        "first_player": Option(first_player, int_between(0, 3, allow_none=True),
                               "seat that starts, 0 is X (None: chosen by the seed)", label="Who starts",
                               words=((None, "at random"), *((s, f"seat {s + 1}") for s in range(4)))),
        "deck": Option({card.name: card.count for card in deck.cards}, check_counts(deck),
                       "cards in the deck per name, like {'Fireball': 1}; names not given keep the table's count"),
        "order": Option(None, check_order(deck), "the top of the deck, dealt first: hands from the first player, "
                        "then the draws (None: shuffled), to script a game"),
    }
    bot = functools.partial(MCTSBot, BOT_ITERATIONS)
    game = CardGame(name=name, title=title, state_class=state_class, render=render, options=options,
                    hidden_information=True, default_bot=bot, variants=variants or {},
                    phases=("play", "step"), players=(2, 3, 4), move_cap=MOVE_CAP, copies_replay=False, deck=deck)
    game.new_game(0)  # the defaults together (k on the grid, every place on it, the deal) are checked now
    return game
