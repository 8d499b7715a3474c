"""TIC TOC, registered as "tic-toc": Lost Boys against Pirates, for 2 to 4 players."""

from ...core.engine import CoachPlayouts, Game, Option, choice_of, int_between
from .bots import TicTocBot
from .observation import encoding
from .render import render
from .rules import DECK, TicToc, check_deck, check_deck_order

GAME = Game(
    name="tic-toc",
    title="TIC TOC",
    state_class=TicToc,
    render=render,
    observation=encoding,
    hidden_information=True,
    bots={"TicTocBot": TicTocBot},
    default_bot=TicTocBot,
    phases=("turn",),
    players=(2, 3, 4),
    move_cap=20_000,  # 200 turns (turn_cap); random play takes under 700 actions
    copies_replay=False,  # determinize deals hands no seed deals
    coach_playouts=CoachPlayouts(hint=24, analysis=16, batch=4, batch_every_choice=True),
    options={
        "players": Option(2, choice_of(2, 3, 4), "number of players, 2 to 4", label="Players",
                          help="2, 3 or 4 players."),
        "first_player": Option(None, int_between(0, 3, allow_none=True),
                               "seat that starts: 0 is Player 1, ... (None: chosen at random by the seed)",
                               label="Who starts",
                               words=((None, "at random"), *((seat, f"Player {seat + 1}") for seat in range(4))),
                               help="Who takes the first turn."),
        "deck": Option(dict(DECK), check_deck,
                       "cards in the deck per kind, like {'Croc': 6}; kinds not named keep the kit's count"),
        "deck_order": Option(None, check_deck_order,
                             "fixed top of the deck, dealt first: 3 cards per player from the first player, "
                             "then 4 to the market, then the draw pile (None: shuffled)"),
        "turn_cap": Option(200, int_between(1, 10_000), "turns (of all players) after which the game is a draw",
                           label="Turns before a draw", help="A game that runs this many turns is a draw."),
    },
    variants={"3 players": {"players": 3}, "4 players": {"players": 4},
              "an odd box": {"deck": {"Croc": 8, "Boy": 3}}},
)
