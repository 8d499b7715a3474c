"""The exercises of Tic Tac K.O.'s notebook: each a question on a scripted position, checked by the machinery of
`tictac_nb.classroom.exercises`, which finds them here (`EXERCISES`, in the order the notebook asks them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...classroom.exercises import Items, Script, bare, played, scripted, words_of
from ...core.engine import State

if TYPE_CHECKING:
    from .rules import TicTacKO

KO_LAYOUT = {"1": "Scutters", "2": "Mumbles (hypnotized)", "3": "King Creepy", "5": "Lil' Red",
             "7": "Hare Raiser (hypnotized)", "9": "Grimble"}


def _no_space(space: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no space {bare(space,)} on this Grid."


def _ko_claimed(state: TicTacKO) -> Items:
    right = {state.labels[i] for i, card in enumerate(state.grid) if card and card[0] == 0 and card[2]}
    hints = {}
    for space, card in zip(state.labels, state.grid, strict=True):
        if card is None:
            hints[space] = f"space {space} is empty: an empty space is claimed by nobody."
        elif card[0] != 0:
            hints[space] = f"the card on {space} belongs to {state.team_names[card[0]]}."
        else:
            hints[space] = f"the card on {space} is hypnotized (face down): it claims nothing until it is AWAKENed."
    return Items(right, hints, _no_space, "a space is missing: every face-up Character claims its space, Special "
                                           "Characters too")


ko_claimed_spaces = Script(
    "Tic Tac K.O.: claimed spaces",
    "Which spaces of the Grid does Evil claim now? Answer a list of spaces, like [\"4\"].", 0,
    lambda: scripted("tic-tac-ko", [], players=2, first_team=0, layout=KO_LAYOUT, seed=3),
    words_of("spaces"), 'a list of spaces, like ["4"]', _ko_claimed)
"""Which spaces a team claims: its face-up Characters only, Special ones too."""


HARE_LAYOUT = {"1": "Scutters", "2": "Mumbles", "6": "Grimble (hypnotized)", "8": "Button", "9": "Scutters"}


def _nothing_to_displace(space: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no card on space {bare(space,)} to DISPLACE."


def _ko_hare_raiser(state: State) -> Items:
    after = played(state, "play Hare Raiser @5")
    while after.to_move != 1 and "pass" in after.legal_actions():
        after.play("pass")
    right = {action.split(" ")[1] for action in after.legal_actions() if action.startswith("displace ")}
    hints = {space: f"space {space} touches 5 only at a corner: adjacent means up, down, left or right."
             for space in ("1", "3", "7", "9")}
    return Items(right, hints, _nothing_to_displace, "a space is missing: DISPLACE takes any adjacent Character "
                                                      "card, your own and hypnotized ones too")


ko_hare_raiser = Script(
    "Tic Tac K.O.: Hare Raiser",
    "Cute plays Hare Raiser onto space 5 (\"When this card enters the Grid, you may DISPLACE any adjacent Character "
    "card\"). Which cards may it DISPLACE? Answer a list of their spaces, like [\"4\"].", 1,
    lambda: scripted("tic-tac-ko", ["draw"], players=2, first_team=1, seed=4, skip_unable=True, layout=HARE_LAYOUT,
                    order=(None, ["Hare Raiser", "Lil' Red", "Lil' Red", "Button", "Dewdrop", "Dewdrop", "Lil' Red"])),
    words_of("spaces"), 'a list of spaces, like ["4"]', _ko_hare_raiser)
"""Which cards Hare Raiser may DISPLACE: adjacent (never diagonal) Characters of either team, hypnotized too."""


EXERCISES = (ko_claimed_spaces, ko_hare_raiser)
