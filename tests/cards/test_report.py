"""The card report on constructed decks (a card that always wins, a card that changes nothing), on the kit's
card games (K.O., TIC TOC, Trek's tiles), and the card events it reads from records."""

from __future__ import annotations

import math
from collections import Counter

import pandas as pd
import pytest
from cards.decks import registered

import tictac_nb
from tictac_nb import lab
from tictac_nb.cards.events import CardEvent, card_events, has_cards
from tictac_nb.lab.cards import card_changes, card_report, deadest, strongest, wilson

MARKS = {"name": "Mark", "count": 14, "effect": "place"}


def jackpot(state, seat):
    state.win(seat, f"{state.player_name(seat)} hits the jackpot")


def test_a_card_that_always_wins_shows_a_win_rate_near_one_with_a_narrow_interval():
    table = [MARKS, {"name": "Jackpot", "count": 2, "effect": "jackpot"}]
    with registered("jackpot-deck", table, effects={"jackpot": jackpot}) as game:
        report = card_report(lab.play_games(game.name, 300, progress=False))
    row = report.loc["Jackpot"]
    assert row["win_played"] == 1.0 and row["win_played_low"] > 0.97 and row["win_played_high"] == pytest.approx(1.0)
    assert row["win_not_played"] < 0.45 and strongest(report) == "Jackpot"
    assert row["played"] > 0.3 and row["dead"] < row["drawn"]


def test_a_card_that_changes_nothing_sits_at_the_baseline_within_its_interval():
    table = [MARKS, {"name": "Echo", "count": 4, "effect": "place", "text": "The same as a Mark."}]
    with registered("echo-deck", table) as game:
        report = card_report(lab.play_games(game.name, 400, progress=False))
    row = report.loc["Echo"]
    for rate in ("win_drawn", "win_played"):  # (seats that never drew it are those of short games: not a baseline)
        assert row[f"{rate}_low"] < report.attrs["baseline"] < row[f"{rate}_high"]
        assert row[f"{rate}_high"] - row[f"{rate}_low"] < 0.15


def test_the_report_counts_drawn_played_and_dead_from_scripted_events(monkeypatch):
    """Two games of two seats: the report's shares and win rates are the counts of these events."""
    events = {0: [CardEvent("drawn", 0, "A", 0), CardEvent("played", 0, "A", 3), CardEvent("drawn", 1, "B", 0),
                  CardEvent("held", 1, "B", 4)],
              1: [CardEvent("drawn", 1, "A", 0), CardEvent("held", 1, "A", 5), CardEvent("drawn", 0, "B", 2),
                  CardEvent("played", 0, "B", 5)]}
    monkeypatch.setattr("tictac_nb.lab.cards.card_events", lambda game, seed, options, moves: events[seed])
    results = lab.play_games("tic-toc", 2, seed=0, progress=False)
    results["winners"] = [(0,), (1,)]
    report = card_report(results)
    a, b = report.loc["A"], report.loc["B"]
    assert (a["drawn"], a["played"], a["dead"], a["turn_played"]) == (0.5, 0.25, 0.5, 3.0)
    assert (a["win_drawn"], a["win_played"], a["win_not_drawn"]) == (1.0, 1.0, 0.0)
    assert (b["drawn"], b["played"], b["dead"], b["turn_played"]) == (0.5, 0.25, 0.5, 5.0)
    assert (b["win_drawn"], b["win_played"], b["win_not_played"]) == (0.0, 0.0, 2 / 3)
    assert deadest(report) == "A" and report.attrs["baseline"] == 0.5


def test_wilson_intervals_are_those_of_the_formula():
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and round(wilson(10, 10)[0], 4) == 0.7225
    assert all(math.isnan(v) for v in wilson(0, 0))


@pytest.mark.parametrize(("name", "cards"), [
    ("tic-toc", {"Lost Boy", "Pirate", "Peter Pan", "Captain Hook", "Crocodile", "Mr. Smee", "Tinker Bell",
                 "Pirate Treasure"}),
    ("tic-tac-trek", {"mountain", "desert", "grassland", "forest", "lake"}),
    ("tic-tac-ko", {"Lil' Red", "Scutters", "King Creepy", "Friendship Circle"}),
])
def test_every_game_with_cards_has_a_report(name, cards):
    game = tictac_nb.GAMES[name]
    assert has_cards(game)
    report = card_report(lab.play_games(name, 12, progress=False))
    assert cards <= set(report.index)
    assert ((report["drawn"] >= report["played"]) & report["drawn"].between(0, 1)).all()
    assert (report["win_drawn_low"] <= report["win_drawn"]).all()
    assert (report["win_drawn"] <= report["win_drawn_high"]).all()


def test_trek_tiles_are_drawn_by_the_mover_and_all_placed():
    results = lab.play_games("tic-tac-trek", 3, progress=False)
    for seed, moves in zip(results["seed"], results["moves"], strict=True):
        events = card_events(tictac_nb.GAMES["tic-tac-trek"], int(seed), {}, moves)
        kinds = Counter(event.what for event in events)
        assert kinds["drawn"] == kinds["played"] == 24 and kinds["held"] == 0


def test_card_events_follow_hands_through_a_family_game():
    with registered("event-deck") as game:
        state = game.new_game(seed=3, first_player=0, order=["Rush", "Mark", "Mark", "Thief", "Mark", "Mark", "Mark"])
        state.play("play Rush")
        state.play("b2")
        events = card_events(game, 3, state.options, state.history)
    dealt = Counter((e.seat, e.card) for e in events if e.turn == 0)
    assert dealt == {(0, "Rush"): 1, (0, "Mark"): 3, (1, "Thief"): 1, (1, "Mark"): 2}  # X's first draw included
    assert CardEvent("played", 0, "Rush", 1) in events
    rush_drew = state.cards[state.drawn[0][0]].name
    assert [e for e in events if e.turn == 1 and e.what == "drawn" and e.seat == 0] == [
        CardEvent("drawn", 0, rush_drew, 1)]
    assert sum(e.what == "drawn" and e.seat == 1 for e in events) == 4  # O's deal and the draw that starts its turn
    held = Counter(e.seat for e in events if e.what == "held")
    assert held == {0: state.sizes[0], 1: state.sizes[1]}


def test_a_game_without_cards_or_a_mix_of_games_is_refused_in_words():
    with pytest.raises(ValueError, match="Tic Tac Two has no cards"):
        card_report(lab.play_games("tic-tac-two", 2, progress=False))
    mixed = pd.concat([lab.play_games(name, 1, progress=False) for name in ("tic-toc", "tic-tac-trek")],
                      ignore_index=True)
    with pytest.raises(ValueError, match="a card report reads games of one game"):
        card_report(mixed)
    broken = lab.play_games("tic-toc", 2, progress=False)
    broken.at[1, "moves"] = ("play Hook @9",)
    with pytest.raises(ValueError, match=r"^row 1 \(seed 1\) does not replay: 'Hook @9' is not a TIC TOC card"):
        card_report(broken)


def test_the_lab_defines_the_report_and_lists_the_cards_two_variants_changed():
    definitions = lab.definitions()["definition"]
    assert definitions["card_report: dead"].startswith("Share of the seat-games that drew the card")
    table = card_changes("tic-toc", {}, {"deck": {"Croc": 8}})
    assert table.to_dict("index") == {"Croc": {"A": 4, "B": 8}}
    assert card_changes("tic-tac-two", {}, {}) is None
    with registered("changes-deck", [MARKS, {"name": "Echo", "count": 4, "effect": "place"}]) as game:
        games = {label: lab.play_games(game.name, 20, options=o, progress=False)
                 for label, o in (("A", {}), ("B", {"deck": {"Echo": 1}}))}
        table = card_changes(game.name, {}, {"deck": {"Echo": 1}}, games)
    assert list(table.index) == ["Echo"] and list(table.columns[:2]) == ["A", "B"]
    assert (table.loc["Echo", "A"], table.loc["Echo", "B"]) == (4, 1)
    assert 0 <= table.loc["Echo", "win when played, A"] <= 1


def test_the_plot_draws_both_panels():
    report = card_report(lab.play_games("tic-toc", 6, progress=False))
    figure = lab.plot_card_report(report)
    assert len(figure.axes) == 2 and figure.axes[0].get_xlabel() == "win rate (95% interval)"


def test_the_design_lab_lists_the_cards_two_variants_changed(monkeypatch):
    shown = []
    monkeypatch.setattr("tictac_nb.lab.widget.display", shown.append)
    ui = lab.DesignLab(game="tic-toc", games=4)
    ui.b.controls["deck"].value = {**tictac_nb.GAMES["tic-toc"].options["deck"].default, "Croc": 6}
    ui.run()
    tables = [item for item in shown if isinstance(item, pd.DataFrame) and item.index.name == "cards changed"]
    assert len(tables) == 1 and list(tables[0].index) == ["Croc"]
    assert tables[0].loc["Croc", ["A", "B"]].tolist() == [4, 6]
    assert list(tables[0].columns) == ["A", "B", "win when played, A", "win when played, B"]
    shown.clear()
    ui.b.controls["deck"].value = tictac_nb.GAMES["tic-toc"].options["deck"].default
    ui.run()
    assert not [item for item in shown if isinstance(item, pd.DataFrame) and item.index.name == "cards changed"]
