"""The exercises of Tic Tac Trek's notebook: each a question on a scripted position, checked by the machinery of
`tictac_nb.classroom.exercises`, which finds them here (`EXERCISES`, in the order the notebook asks them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...classroom.exercises import Items, Script, bare, played, scripted, words_of

if TYPE_CHECKING:
    from .rules import TicTacTrek


def _not_placeable(cell: str, belongs: Callable[[str], bool]) -> str:
    if belongs(cell.replace(" ", "")):
        return f"write cells as the notation does, x,y without spaces: {bare(cell.replace(' ', ''))!r}."
    return (f"{bare(cell,)} is not a legal place: a tile goes on an empty cell next to (up, down, left or "
            f"right) a tile of its own terrain or a lake.")


def _trek_placements(state: TicTacTrek) -> Items:
    return Items(state.legal_actions(), {}, _not_placeable, "a cell is missing: a lake is wild, so any tile may go "
                                                             "next to a lake")


TERRAIN = {"M": "mountain", "D": "desert", "G": "grassland", "F": "forest", "L": "lake"}

trek_placements = Script(
    "Tic Tac Trek: where may the tile go?",
    lambda state: f"X drew a {TERRAIN[state.drawn]}. On which cells may X place it? Answer a list of cells, like "
                  f"[\"0,1\"].", 0,
    lambda: scripted("tic-tac-trek", ["-1,0", "-1,-1"], first_player=0, bag="FDLMDG"),
    words_of("cells"), 'a list of cells, like ["0,1"]', _trek_placements)
"""Where a drawn tile may go: next to its own terrain or to a lake; a lake anywhere."""


def _no_place(cell: str, _belongs: Callable[[str], bool]) -> str:
    return f"{bare(cell,)} is not a legal place for the drawn tile."


def _trek_campfire(state: TicTacTrek) -> Items:
    def lights(cell: str) -> bool:
        after = played(state, cell)
        return after.lit[0] > state.lit[0] or after.pending is not None

    right = {cell for cell in state.legal_actions() if lights(cell)}
    hints = {cell: f"at {cell} the tile makes no three-in-a-row of free X symbols: a tile with a campfire on it no "
                   f"longer counts, and neither do O's tiles." for cell in state.legal_actions()}
    return Items(right, hints, _no_place, "a cell is missing: the tiles of an earlier line still count, all but "
                                           "the one under its campfire")


trek_campfire = Script(
    "Tic Tac Trek: light a campfire",
    "X to place a forest. Which cells make a three-in-a-row of X and light a campfire? Answer a list of cells, like "
    "[\"0,1\"].", 0,
    lambda: scripted("tic-tac-trek", ["-1,0", "1,-1", "-2,0", "2,-1", "1,1", "2,1"], first_player=0,
                    mix={"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}),
    words_of("cells"), 'a list of cells, like ["0,1"]', _trek_campfire)
"""Which placements light a campfire: a campfire tile's symbol no longer counts, the others do."""


EXERCISES = (trek_placements, trek_campfire)
