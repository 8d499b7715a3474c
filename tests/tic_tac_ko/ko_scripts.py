"""Scripted Tic Tac K.O. positions for the tests."""

from __future__ import annotations

import tictac_nb

EVIL_HAND = ["Scutters", "Mumbles", "Grimble", "Scutters", "Mumbles", "Grimble"]
CUTE_HAND = ["Lil' Red", "Button", "Dewdrop", "Lil' Red", "Button", "Dewdrop"]


def new(evil=(), cute=(), players=2, **options):
    """A game whose decks start with `evil` and `cute` (top first): hands are dealt from them seat by seat,
    then the draws come. Evil (team A, seat 0) starts unless told otherwise."""
    options.setdefault("first_team", 0)
    options.setdefault("objectives", ["Top Row", "Bottom Row"])
    return tictac_nb.new_game("tic-tac-ko", seed=options.pop("seed", 7), players=players,
                              order=[list(evil) or None, list(cute) or None], **options)


def hand(state, player):
    cards = state.decks[state.team_of[player]].cards
    return sorted(cards[k].name for k in state.hands[player])


def grid(state):
    """{label: name, with '*' for hypnotized} of the cards on the Grid."""
    found = {}
    for space, cell in enumerate(state.grid):
        if cell is not None:
            name = state.decks[cell[0]].cards[cell[1]].name
            found[state.labels[space]] = name if cell[2] else name + "*"
    return found


def discard(state, team):
    return [state.decks[team].cards[k].name for k in state.discards[team]]


# A Cute Magic card of our own, and a Lil' Red count changed, as a teacher would write them.
SUNBEAM = """
[[card]]
deck = "cute"
name = "Sunbeam"
type = "magic"
count = 2
text = "AWAKEN any Character card on the Grid, then DRAW a card."
effect = [ { verb = "awaken", target = "any" }, { verb = "draw" } ]

[[card]]
deck = "cute"
name = "Lil' Red"
count = 6
"""
