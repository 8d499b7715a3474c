"""The exercises of TIC TOC's notebook: each a question on a scripted position, checked by the machinery of
`tictac_nb.classroom.exercises`, which finds them here (`EXERCISES`, in the order the notebook asks them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...classroom.exercises import (
    BadAnswer,
    Items,
    Script,
    Values,
    Verdict,
    answer_items,
    answer_text,
    bare,
    played,
    quote,
    scripted,
    words_of,
)
from ...core.engine import State

if TYPE_CHECKING:
    from .rules import TicToc


def _toc_round() -> State:
    """Four players; Player 2 has Pirates, Player 3 Hook and Pirates, Player 4 Lost Boys; Player 1 holds Crocodiles."""
    hands = [["Croc", "Croc", "Boy"], ["Pirate", "Pirate", "Boy"], ["Hook", "Pirate", "Boy"], ["Boy", "Boy", "Pan"]]
    draws = ["Smee", "Boy", "Pirate", "Boy", "Pirate", "Boy", "Boy", "Pirate", "Tink", "Boy"]
    order = [card for hand in hands for card in hand] + ["Boy", "Pirate", "Boy", "Pirate"] + draws
    state = scripted("tic-toc", [], players=4, first_player=0, deck_order=order, seed=0)
    for action in ["discard Smee", "discard Boy", "end",
                   "play Pirate", "play Pirate", "play Pirate", "discard Boy", "end",
                   "play Hook", "play Pirate", "play Pirate", "discard Boy", "end",
                   "play Pan", "play Boy", "play Boy", "play Boy", "end"]:
        state.play(action)
    return state


def _no_player(player: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no Player {bare(player,)} at this table."


def _toc_targets(state: State) -> Items:
    right = {action.split("@")[1] for action in state.legal_actions() if action.startswith("croc @")}
    hints = {"1": "a Crocodile is played against another player, never against your own table."}
    for player in range(2, state.num_players + 1):
        hints[str(player)] = (f"Player {player} has neither Captain Hook nor Pirates on the table: the Crocodile "
                              f"chases only those (Mr. Smee chases Peter Pan and the Lost Boys).")
    return Items(right, hints, _no_player, "a player is missing: look again at the tables")


toc_crocodile_targets = Script(
    "TIC TOC: the Crocodile's targets",
    "Player 1 holds a Crocodile. Against which players may it be played? Answer a list of player numbers, like [2].",
    0, _toc_round, words_of("player numbers"), "a list of player numbers, like [2]", _toc_targets)
"""Whom a Crocodile may chase: another player with Captain Hook or Pirates on the table."""

CARD_NAMES = {"hook": "Captain Hook", "captain hook": "Captain Hook", "pirate": "Pirate", "pirates": "Pirate"}


def _cards(answer: Any) -> Counter:
    said: Counter = Counter()
    for item in answer_items(answer):
        text = answer_text(item)
        if text is None:
            raise BadAnswer(f"{quote(item)} is not the name of a card")
        said[CARD_NAMES.get(text.lower(), text)] += 1
    return said


def _card_key(said: Counter) -> str:
    return ", ".join(f"{name} x{count}" for name, count in sorted(said.items()))


def _toc_escapes(state: TicToc) -> Values:
    after = played(state, "croc @3")
    right = +Counter({"Captain Hook": int(state.leader[2] and not after.leader[2]),
                      "Pirate": state.crew[2] - after.crew[2]})
    return Values([(right, Verdict(True, "Captain Hook is on that table, so he escapes and his Pirates stay."))],
                   _wrong_escape, _card_key)


def _wrong_escape(said: Counter) -> Verdict:
    if set(said) - {"Captain Hook", "Pirate"}:
        return Verdict(False, "only Captain Hook and Pirates can escape from a Pirates table.")
    if said["Pirate"]:
        return Verdict(False, "when Captain Hook is on the table, the Crocodile makes only him escape: the Pirates "
                              "escape only from a table without Hook.")
    return Verdict(False, "something does escape: look at what is on Player 3's table.")


toc_what_escapes = Script(
    "TIC TOC: what escapes",
    "Player 1 plays the Crocodile against Player 3 (croc @3). Which cards of Player 3's table go to the discard pile? "
    "Answer a list of cards, like [\"Pirate\", \"Pirate\"].", 0, _toc_round, _cards,
    'a list of cards, like ["Pirate", "Pirate"]', _toc_escapes)
"""What a Crocodile makes escape: Captain Hook if he is there, otherwise every Pirate."""


EXERCISES = (toc_crocodile_targets, toc_what_escapes)
