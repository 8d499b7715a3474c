"""Tyc, registered as "tyc": nine boards, nine letters, four ways to score."""

from ...core.engine import Game, Option, int_between
from .bots import default_bot
from .observation import encoding
from .render import render
from .rules import LETTER_TABLE, Tyc, check_letter_table

GAME = Game(
    name="tyc",
    title="Tyc",
    state_class=Tyc,
    render=render,
    observation=encoding,
    default_bot=default_bot,
    move_cap=81,  # one move per cell
    options={
        "first_player": Option(None, int_between(0, 1, allow_none=True),
                               "who moves first: 0 Red, 1 Blue (None: chosen at random by the seed)",
                               label="Who starts", words=((None, "at random"), (0, "Red"), (1, "Blue")),
                               help="Who writes the first letter."),
        "letter_table": Option(LETTER_TABLE, check_letter_table,
                               "points for writing one letter 0, 1, ..., 9 times: 10 whole numbers from -999 to 999 "
                               "(bounded so that every score stays a short number the board can show)"),
    },
    variants={"Blue first, letters score nothing": {"first_player": 1, "letter_table": [0] * 10}},
)
