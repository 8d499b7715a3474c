"""TIC TOC as a learner observes it: a seat's view as a vector of fixed length (`tictac_nb.core.observation`),
for the research adapters. Its parts: the seat's hand and the cards it drew (counts per kind), the hand sizes,
the cards known in each hand, each table (team, leader, crew), the market, the discard pile, the draw pile's
size, the turn, the cards drawn this turn, whether the mover may end, the first player."""

from __future__ import annotations

from typing import Any

from ...core.observation import Encoding, counts, one_hot
from .rules import SHORT, TEAM_NAMES


def encoding(state: Any) -> Encoding:
    """The encoding of TIC TOC's views under the state's options (players, deck, turn cap)."""
    from .tracker import TicTocPlaces, TicTocTracker  # loaded only when a research tool asks

    kinds = {short: i for i, short in enumerate(SHORT)}
    most = [float(max(1, n)) for n in state.counts]
    total = float(sum(state.counts))
    teams = {team: i for i, team in enumerate(TEAM_NAMES)}
    n = state.num_players
    cap = state.options["turn_cap"]

    def body(view: dict, out: list[float]) -> None:
        counts(out, kinds, view["hand"] or [], most)
        counts(out, kinds, view["drawn"] or [], most)
        out.extend(size / total for size in view["hand_sizes"])
        for known in view["known"]:
            counts(out, kinds, known, most)
        for table in view["tables"]:
            one_hot(out, teams, table["team"])
            out.append(1.0 if table["leader"] else 0.0)
            out.append(table["crew"] / total)
        counts(out, kinds, view["market"], most)
        counts(out, kinds, view["discard"], most)
        out.append(view["draw_size"] / total)
        out.append(min(1.0, view["turn"] / cap))
        out.append(view["drew"] / 2)
        out.append(1.0 if view["may_end"] else 0.0)
        one_hot(out, list(range(n)), view["first_player"])

    return Encoding(n, [("hand", 8), ("drawn", 8), ("hand_sizes", n), ("known", 8 * n), ("tables", 4 * n),
                        ("market", 8), ("discard", 8), ("draw_size", 1), ("turn", 1), ("drew", 1), ("may_end", 1),
                        ("first_player", n)], body, tracker=(TicTocPlaces, TicTocTracker))
