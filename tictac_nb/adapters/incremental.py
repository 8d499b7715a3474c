"""Observations kept up to date move by move, where the game's observation declares a tracker
(`Encoding.tracker`: its places and tracker classes, in the game's folder, on `tictac_nb.core.tracker`).

`tracker(state, seat, encoding, listed)` gives one brought up to date, else None (a game with none: its views
are encoded afresh). The trackers are compiled by mypyc where built (`tools/build_speedups.py`).
"""

from __future__ import annotations

from typing import Any

from ..core.tracker import Tracker


def tracker(state: Any, seat: int, encoding: Any, listed: bool = False) -> Tracker | None:
    """A tracker of `seat`'s observation of `state`'s game, brought up to date, or None where the game has
    none. The places are worked out once per encoding (the options decide every place)."""
    made = encoding.tracker
    if made is None:
        return None
    places_of, tracker_of = made
    places = encoding.places.get(places_of)
    if places is None:
        places = encoding.places[places_of] = places_of(state, encoding)
    follow: Tracker = tracker_of(places, seat, listed)
    follow.update(state)
    return follow
