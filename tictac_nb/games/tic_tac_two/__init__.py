"""Tic Tac Two, registered as "tic-tac-two"."""

from ...core.engine import Game, Option, boolean
from .bots import default_bot
from .observation import encoding
from .render import render
from .rules import TicTacTwo, check_tiles

GAME = Game(
    name="tic-tac-two",
    title="Tic Tac Two",
    state_class=TicTacTwo,
    render=render,
    observation=encoding,
    hidden_information=True,
    default_bot=default_bot,
    phases=("mark", "peek"),
    move_cap=10,  # nine marks and one peek
    options={
        "tiles": Option(None, check_tiles, "fixed tile layout, 9 letters row by row with C at 5 (None: shuffled)"),
        "peek": Option(True, boolean, "with the Peek tile (False: a blank tile instead)",
                       label="Peek tile",
                       help="The Peek tile lets its finder look under another tile. Untick: a blank tile instead."),
        "wild": Option(True, boolean, "with the Wild tile (False: a blank tile instead)",
                       label="Wild tile",
                       help="The Wild tile counts for both players. Untick: a blank tile instead."),
    },
    variants={"no Peek, no Wild": {"peek": False, "wild": False}},
)
