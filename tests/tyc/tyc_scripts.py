"""Scripted Tyc games for the tests, Red (player 0) moving first. Hand-checked in the comments.

A move `bcL` writes letter L in cell c of board b; the next move goes on board c.
"""

from __future__ import annotations

import tictac_nb

# Fills row 1 of the 9x9 grid (boards 1-3, cells 1-3) in 9 moves, with no other mark.
# Red: 11A 22A 33A 13B 21B (A x3, B x2). Blue: 12C 23C 31C 32B (C x3, B x1).
# Three-in-a-row: none (board 1: R B R; board 2: R R B; board 3: B B R).
# Line bonus: Red 5, Blue 4. Area: boards 1 and 2 Red 2-1 (6 empty each), board 3 Blue 2-1 (6 empty): 12 vs 6.
# Letters: Red A3 +1, B2 -1 = 0; Blue C3 +1, B1 -3 = -2. Totals 17 to 8.
ROW1 = ["11A", "12C", "22A", "23C", "33A", "31C", "13B", "32B", "21B"]

# Fills the diagonal from top left to bottom right (boards 1, 5, 9, cells 1, 5, 9) in 9 moves.
DIAGONAL = ["11A", "15B", "55A", "59B", "99A", "91B", "19C", "95C", "51C"]

# Fills board 5 completely: every move on board 5 is answered in cell 5 of another board.
# Red writes A nine times (55A, then A in cell 5 of boards 1-4 and 6-9); Blue writes B to I on board 5,
# completing its row 1 (51B 52C 53D) on move 6. After 95A the named board 5 is full: Blue may play anywhere.
FULL_BOARD_5 = ["55A", "51B", "15A", "52C", "25A", "53D", "35A", "54E", "45A", "56F", "65A", "57G", "75A",
                "58H", "85A", "59I", "95A"]

# Blue completes row 1 of board 5 first (53B, 52D, 51E: move 14); Red completes row 3 of board 5 later
# (57A, 59C, 58F: move 17), which scores nothing.
LATER_LINE = ["57A", "79A", "95A", "53B", "31A", "12A", "27A", "75B", "59C", "91B", "15B", "52D", "25B", "51E",
              "18C", "85A", "58F"]

# Red holds cells 2, 3, 4, 7 of board 1 and writes 11E: row 1 and column 1 of board 1 at once.
DOUBLE_THREE = ["17A", "71A", "12B", "21A", "14C", "41A", "13D", "31A", "11E"]

# The last move 33C fills row 1 of the grid and completes Red's row 1 of board 3 (31B 32A 33C).
ENDING_THREE = ["32A", "23A", "31B", "11A", "12B", "22B", "21C", "13C", "33C"]

# 17 moves fill row 1 and column 1 of the grid; the last, 11E, completes both (they share that cell).
# Red made 9 of the moves, Blue 8: the line bonus counts the 17 cells once each.
ROW_AND_COLUMN = ["17A", "71A", "14B", "44A", "47B", "77B", "74C", "41C", "13C", "33A", "31B", "12D", "23A", "32C",
                  "22B", "21C", "11E"]


def play(moves: list[str], **options):
    """A Tyc game with Red first and `moves` played."""
    state = tictac_nb.new_game("tyc", seed=0, first_player=0, **options)
    for move in moves:
        state.play(move)
    return state
