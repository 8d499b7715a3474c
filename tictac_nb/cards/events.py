"""What happened to every card of a game, read by replaying its record: which seat drew (or was dealt) a
card, which played it and on which turn, and which held it to the end.

A game takes part by two small methods of its state class, its card report hooks:

- `hand_cards(seat) -> {name: copies}`: the cards in `seat`'s hand now (Trek: the tile the mover drew);
- `card_played(action) -> name | None`: the card the mover plays with `action`, asked before it is played.

Everything else (deals, draws, steals, cards taken back into a hand) is seen as a hand that grows. The
design lab's card report (`tictac_nb.lab.card_report`) reads only these events, so it names no game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, cast

from ..core.engine import Game

HOOKS = ("hand_cards", "card_played")


class CardReports(Protocol):
    """The card report hooks (`HOOKS`) of a state class that takes part."""

    def hand_cards(self, seat: int) -> Mapping[str, int]:
        """The cards in `seat`'s hand now, as {name: copies}."""
        ...

    def card_played(self, action: str) -> str | None:
        """The card the mover plays with `action` (asked before it is played), or None."""
        ...


class CardEvent(NamedTuple):
    """One card's fate: `what` is "drawn" (it came into the hand, the deal included), "played" or "held"
    (in the hand when the game ended); `turn` counts turns from 1 (0: the deal; a turn is a run of one
    seat's actions)."""

    what: str
    seat: int
    card: str
    turn: int


def has_cards(game: Game) -> bool:
    """Whether `game`'s state class declares the card report hooks."""
    return all(callable(getattr(game.state_class, hook, None)) for hook in HOOKS)


def card_events(game: Game, seed: int, options: Mapping[str, Any], moves: Iterable[str]) -> list[CardEvent]:
    """Every card event of the game with `seed`, `options` and `moves`, by replaying it through `play`."""
    state = game.start(seed, dict(options))
    reports = cast(CardReports, state)  # the caller checked that the game has them (`has_cards`)
    seats = range(state.num_players)
    hands = [reports.hand_cards(p) for p in seats]
    events = [CardEvent("drawn", p, card, 0) for p in seats for card, held in hands[p].items() for _ in range(held)]
    turn, mover_before = 0, None
    for move in moves:
        mover = state.to_move
        assert mover is not None  # a move is played in a game not over
        if mover != mover_before:
            turn, mover_before = turn + 1, mover
        played = reports.card_played(move)
        state.play(move)
        if played is not None:
            events.append(CardEvent("played", mover, played, turn))
            hands[mover] = {**hands[mover], played: hands[mover].get(played, 0) - 1}
        for p in seats:
            now = reports.hand_cards(p)
            before = hands[p]
            if now != before:
                for card, held in now.items():
                    if held > before.get(card, 0):
                        events.extend([CardEvent("drawn", p, card, turn)] * (held - before.get(card, 0)))
                hands[p] = now
    events += [CardEvent("held", p, card, turn) for p in seats for card, held in hands[p].items() for _ in range(held)]
    return events


def card_names(events: Sequence[CardEvent]) -> list[str]:
    """The cards named in `events`, in the order first met."""
    return list(dict.fromkeys(event.card for event in events))
