"""Secret grid: a sixth game with a secret per seat, shaped as docs/architecture.md describes a game folder.
`tests/test_new_game.py` copies it into a copy of the package and runs the suite's game-iterating tests."""

from tictac_nb.grid import grid_game

from .rules import SecretGrid

GAME = grid_game("secretgrid", "Secret grid", state_class=SecretGrid)
