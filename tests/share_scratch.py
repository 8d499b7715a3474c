"""Last stone: a game written from scratch on `State`, as a student shares it (tests/test_share.py and
tests/browser/test_share.py): its whole module is its shared source."""

from tictac_nb.core import svg
from tictac_nb.core.engine import Game, Outcome, State


class LastStone(State):
    """Last stone: take one or two stones a turn; whoever takes the last stone wins.

    Rules:
    - Two players, First and Second, take turns from a pile of 5 stones; notation `1` or `2`.
    - On your turn take 1 or 2 stones, at most what the pile holds.
    - Whoever takes the last stone wins.

    For players:
    - Take one or two stones a turn; whoever takes the last stone wins.
    """

    num_players = 2
    player_names = ("First", "Second")

    def setup(self, rng):
        self.pile = 5
        self.to_move = 0

    def legal_actions(self):
        if self.outcome is not None:
            return ()
        return tuple(str(n) for n in (1, 2) if n <= self.pile)

    def apply(self, action):
        self.pile -= int(action)
        if self.pile == 0:
            mover = self.player_names[self.to_move]
            self.outcome, self.to_move = Outcome((self.to_move,), None, f"{mover} takes the last stone"), None
        else:
            self.to_move = 1 - self.to_move

    def refusal(self, action):
        return f"{action!r}: take 1 or 2 stones, at most the pile"

    def view_body(self, player):
        return {"pile": self.pile}

    def key(self):
        return self.pile, self.to_move, self.outcome


def render(view, targets, pending=None, width=None):
    drawing = svg.canvas(320, 150, f"A pile of {view['pile']} stones")
    for i in range(view["pile"]):
        drawing.add(drawing.circle((30 + 40 * i, 40), 15, fill=svg.PALETTE["line"]))
    for i, choice in enumerate(targets):
        group = svg.target(drawing, choice.action, choice.label)
        group.add(drawing.rect((20 + 110 * i, 70), (100, 40), rx=6, fill=svg.PALETTE["paper"],
                               stroke=svg.PALETTE["target"]))
        group.add(svg.label(drawing, 35 + 110 * i, 96, f"take {choice.action}"))
    svg.status_line(drawing, [view["status"]], 10, 140)
    return svg.to_text(drawing)


GAME = Game(name="last-stone", title="Last stone", state_class=LastStone, render=render, move_cap=5)
