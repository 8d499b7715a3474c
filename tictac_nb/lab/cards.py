"""The card report: per card, from a batch of self-play games, how often it is drawn, played and held to the
end unplayed, and how often a seat wins when it drew or played it, against seats that did not (17lands'
"games in hand" win rate, HSReplay's "played" win rate), each with a 95% Wilson interval.

It works for every game whose state declares the card report hooks (`tictac_nb.cards.events`): K.O., TIC
TOC, Trek's tiles by terrain, and every game of `tictac_nb.cards`. It reads each game's record (seed,
options, moves) and replays it: no game is named here.

A seat-game is one seat in one game. Its win value: 1 if the seat is among the winners (a team's win
counts for each member), 1/players for a game without winners, 0 for a loss. A card is measured against the
seat-games of the seats that drew it in some game of the batch, so that K.O.'s Cute cards are weighed
against Cute seats, not against the Evil team, which never holds them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..cards.events import card_events, has_cards
from ..core.engine import IllegalAction, InvalidOption
from ..core.frozen import thaw
from ..core.registry import game_named

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (nan, nan) for no trials.

    >>> low, high = wilson(50, 100); round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return math.nan, math.nan
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def win_value(seat: int, winners: Any, players: int) -> float:
    """A seat-game's win value: 1 among the winners, 1/players without winners, else 0."""
    winners = tuple(winners)
    return 1.0 if seat in winners else (1 / players if not winners else 0.0)


CARD_METRICS = {
    "seat_games": "Seat-games in the batch: games times seats.",
    "drawn": "Share of seat-games in which the seat drew the card (dealt, drawn or taken into its hand) at least once.",
    "played": "Share of seat-games in which the seat played the card at least once.",
    "dead": "Share of the seat-games that drew the card in which it was held to the end and never played.",
    "win_drawn": "Win rate of seat-games that drew the card (95% Wilson interval in win_drawn_low/high).",
    "win_not_drawn": "Win rate of seat-games that never drew the card, of the seats that drew it in some game "
                     "(a team's own cards against its own seats): the baseline for win_drawn.",
    "win_played": "Win rate of seat-games that played the card (95% Wilson interval in win_played_low/high).",
    "win_not_played": "Win rate of seat-games that never played the card, of the seats that drew it in some game: "
                      "the baseline for win_played.",
    "turn_played": "Mean turn of the game on which the card was played (a turn: a run of one seat's actions).",
}
"""The card report's columns and their definitions (`lab.definitions()` shows them)."""


def _rate(values: list[float], prefix: str) -> dict[str, float]:
    n = len(values)
    total = sum(values)
    low, high = wilson(total, n)
    return {prefix: total / n if n else math.nan, f"{prefix}_low": low, f"{prefix}_high": high}


def card_report(results: pd.DataFrame) -> pd.DataFrame:
    """One row per card of the games in `results` (a `play_games` frame of one game with cards): how often
    drawn, played, dead, its win rates when drawn and when played against without, with 95% intervals,
    and the mean turn it is played; sorted by the lower end of `win_played`'s interval, strongest first.

    `frame.attrs["baseline"]` is the mean win value of every seat-game."""
    if results.empty:
        raise ValueError("the results hold no games: play some first (lab.play_games)")
    names = results["game"].unique()
    if len(names) != 1:
        raise ValueError(f"a card report reads games of one game, not {', '.join(map(str, names))}")
    game = game_named(str(names[0]))
    if not has_cards(game):
        raise ValueError(f"{game.title} has no cards: its state declares no card report hooks (hand_cards and "
                         f"card_played, see tictac_nb.cards.events)")
    drew: dict[str, set] = defaultdict(set)
    played: dict[str, set] = defaultdict(set)
    held: dict[str, set] = defaultdict(set)
    turns: dict[str, list[int]] = defaultdict(list)
    values: dict[tuple[int, int], float] = {}
    for row, (seed, options, moves, winners, players) in enumerate(zip(
            results["seed"], results["options"], results["moves"], results["winners"], results["players"],
            strict=True)):
        for seat in range(int(players)):
            values[row, seat] = win_value(seat, winners, int(players))
        try:
            events = card_events(game, int(seed), thaw(options), moves)
        except (IllegalAction, InvalidOption) as error:
            raise ValueError(f"row {results.index[row]!r} (seed {seed}) does not replay: {error}") from None
        for event in events:
            key = (row, event.seat)
            if event.what == "drawn":
                drew[event.card].add(key)
            elif event.what == "played":
                played[event.card].add(key)
                turns[event.card].append(event.turn)
            else:
                held[event.card].add(key)
    everyone = list(values)
    rows = []
    for card in dict.fromkeys([*drew, *played]):
        with_card, playing = drew[card] | played[card], played[card]
        dead = (held[card] & with_card) - playing
        seats = {seat for _, seat in with_card}
        among = [k for k in everyone if k[1] in seats]  # a team's own cards against its own seat-games
        entry: dict[str, Any] = {"card": card, "seat_games": len(everyone), "drawn": len(with_card) / len(everyone),
                                 "played": len(playing) / len(everyone),
                                 "dead": len(dead) / len(with_card) if with_card else math.nan}
        entry.update(_rate([values[k] for k in with_card], "win_drawn"))
        entry.update(_rate([values[k] for k in among if k not in with_card], "win_not_drawn"))
        entry.update(_rate([values[k] for k in playing], "win_played"))
        entry.update(_rate([values[k] for k in among if k not in playing], "win_not_played"))
        entry["turn_played"] = sum(turns[card]) / len(turns[card]) if turns[card] else math.nan
        rows.append(entry)
    frame = pd.DataFrame(rows).set_index("card")
    frame = frame.loc[frame["win_played_low"].fillna(-1).sort_values(ascending=False, kind="stable").index]
    frame.attrs["baseline"] = sum(values.values()) / len(values)
    frame.attrs["game"] = game.name
    return frame


def strongest(report: pd.DataFrame) -> str:
    """The card surest to win when played: the highest lower end of its interval (a card played in a few games
    that happened to be won ranks below one that wins as often over many; Wilson's lower bound, the usual way
    to rank rates of unequal samples)."""
    return str(report["win_played_low"].idxmax())


def deadest(report: pd.DataFrame) -> str:
    """The card most often held to the end unplayed, of those drawn."""
    return str(report["dead"].idxmax())


def plot_card_report(report: pd.DataFrame, top: int = 20) -> Figure:
    """Each card's win rate when played (and when drawn) with its 95% interval, against the baseline, beside
    how often it is drawn, played and dead."""
    import matplotlib.pyplot as plt

    shown = report.head(top).iloc[::-1]
    height = max(2.5, 0.32 * len(shown) + 1.2)
    figure, (wins, fates) = plt.subplots(1, 2, figsize=(11, height), layout="constrained", sharey=True)
    y = range(len(shown))
    for column, offset, marker in (("win_played", 0.15, "o"), ("win_drawn", -0.15, "s")):
        centre = shown[column]
        errors = [(centre - shown[f"{column}_low"]).fillna(0), (shown[f"{column}_high"] - centre).fillna(0)]
        wins.errorbar(centre, [v + offset for v in y], xerr=errors, fmt=marker, capsize=3,
                      label=column.replace("_", " when "))
    wins.axvline(report.attrs.get("baseline", 0.5), color="grey", linestyle="--", label="every seat")
    wins.set_yticks(list(y), shown.index)
    wins.set_xlim(0, 1)
    wins.set_xlabel("win rate (95% interval)")
    wins.legend(fontsize=8, loc="lower right")
    width = 0.27
    for i, (column, hatch) in enumerate((("drawn", ""), ("played", "//"), ("dead", ".."))):
        fates.barh([v + (i - 1) * width for v in y], shown[column].fillna(0), width, label=column, hatch=hatch,
                   edgecolor="black", linewidth=0.5)
    fates.set_xlim(0, 1)
    fates.set_xlabel("share of seat-games (dead: of those that drew it)")
    fates.legend(fontsize=8, loc="lower right")
    return figure


def card_changes(game: str, a: Mapping[str, Any], b: Mapping[str, Any],
                 results: Mapping[str, pd.DataFrame] | None = None) -> pd.DataFrame | None:
    """The cards whose count differs between two variants' options A and B (for a game whose `deck` option
    counts cards by name; None for any other); with `results` (the two variants' games, A's first), each
    changed card's win rate when played in each variant too."""
    chosen = game_named(game)
    option = chosen.options.get("deck")
    if option is None or not isinstance(option.default, dict):
        return None
    before, after = (thaw(chosen.check_options(dict(o))["deck"]) for o in (a, b))
    names = list(dict.fromkeys([*before, *after]))
    rows = {name: (before.get(name, 0), after.get(name, 0)) for name in names
            if before.get(name, 0) != after.get(name, 0)}
    table = pd.DataFrame.from_dict(rows, orient="index", columns=["A", "B"]).rename_axis("cards changed")
    if results is not None and rows and has_cards(chosen):
        for column, frame in zip(("A", "B"), results.values(), strict=False):
            report = card_report(frame)
            table[f"win when played, {column}"] = [report["win_played"].get(name, math.nan) for name in table.index]
    return table
