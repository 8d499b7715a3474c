"""A grid game with a hook and a card game from a table, as a student makes them, to share
(tests/test_share.py and tests/browser/test_share.py)."""

from tictac_nb.cards import card_game
from tictac_nb.grid import GridState, grid_game


class Chase(GridState):
    """Chase: after the first mark, each mark goes on a square next to the last one placed."""

    def may_place(self, cell):
        return self.last < 0 or cell in self.neighbours(self.last)


CHASE = grid_game("chase-share", "Chase", rows=3, cols=3, state_class=Chase)


def bonus(state, seat):
    state.score(seat, 1)


DECK = [{"name": "Mark", "count": 14, "effect": "place", "colour": "blue"},
        {"name": "Bonus", "count": 4, "effect": "place; bonus", "text": "Place a mark and score a point."}]
CARDS = card_game("deck-share", "My Deck", DECK, effects={"bonus": bonus}, hand=2)
