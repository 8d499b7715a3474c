"""Tic Tac Trek, registered as "tic-tac-trek"."""

from ...core.engine import Game, Option, int_between
from .bots import default_bot
from .observation import encoding
from .render import render
from .rules import MAX_TILES, MIX, TicTacTrek, check_bag, check_mix

GAME = Game(
    name="tic-tac-trek",
    title="Tic Tac Trek",
    state_class=TicTacTrek,
    render=render,
    observation=encoding,
    default_bot=default_bot,
    phases=("place", "campfire"),
    move_cap=2 * MAX_TILES,  # a tile, then at most one campfire decision, per turn
    options={
        "first_player": Option(None, int_between(0, 1, allow_none=True), "who starts: 0 (X), 1 (O), None: by seed",
                               label="Who starts", words=((None, "at random"), (0, "X"), (1, "O")),
                               help="Who places the first tile."),
        "bag": Option(None, check_bag, "fixed order of the first tiles out of the bag, setup tiles first, "
                      "as letters M D G F L or terrain names (None: shuffled)"),
        "mix": Option(dict(MIX), check_mix, "tiles in the box per terrain; terrains not named keep their count"),
        "campfires": Option(6, int_between(1, 12), "campfires per player", label="Campfires each",
                            help="How many campfires each player has."),
    },
    variants={"an odd box, one campfire each": {"mix": {"lake": 0, "forest": 9}, "campfires": 1}},
)
