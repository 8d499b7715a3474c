"""Secret grid: tic-tac-toe in which each player is dealt a secret target square.

Rules (as the engine implements them):
- Two players, X and O, place their marks on a 3 x 3 grid as in tic-tac-toe; X starts. Squares `a1` to
  `c3`; notation `b2`.
- Each player is dealt a secret target square (`target`, one per seat) that only they see.
- Only a line through your own target wins; a full grid with no such line is a draw.

For players (the rules page of the print sheet):
- Take turns placing your mark on an empty square; X starts.
- Before the game, each player secretly draws a target square and keeps it face down.
- Make a line of three of your marks through your own target square to win.
- A line that misses your target does not win.
- If the grid fills up with no winning line, the game is a draw.

Rulings of this kit, where the rules are silent:
- Both players may be dealt the same target square.
"""

from __future__ import annotations

from tictac_nb.grid import GridState


class SecretGrid(GridState):
    """Secret target: only a line through your own secret target square wins."""

    SECRETS = ("target",)

    def setup(self, rng) -> None:
        super().setup(rng)
        self.target = [rng.randrange(len(self.board)) for _ in range(self.num_players)]

    def wins(self, cell: int, mark: int) -> tuple[int, ...]:
        line = super().wins(cell, mark)
        return line if self.target[mark - 1] in line else ()
