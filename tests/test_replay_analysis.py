"""The coach's analysis in a `Replay` (a background thread, a progress bar, the chart under the board, a stop)
and in an exported file (`export_html(..., analysis=True)`), judged from what the viewer may know."""

from __future__ import annotations

import random
import time

import ipywidgets
import pytest
from helpers import random_game

import tictac_nb
from tictac_nb import Replay, coach, export_html

TILES = {"peek": False, "wild": False, "tiles": "XOXOCOX--"}
X, O = 0, 1  # noqa: E741


def blundered():
    """O's 9 leaves X's top row open (3 blocks it): a blunder the coach marks."""
    state = tictac_nb.new_game("tic-tac-two", seed=1, **TILES)
    for move in ("1", "5", "2", "9"):
        state.play(move)
    return state


def test_analyse_shows_a_progress_bar_then_the_chart_with_the_blunder_marked():
    replay = Replay(blundered(), viewer=O)
    thread = replay.analyse()
    box = replay.boxed.children[1]
    bar, chart = box.children
    assert isinstance(bar, ipywidgets.FloatProgress) and bar.max == 4
    thread.join(60)
    assert not thread.is_alive() and bar.value == 4 and bar.bar_style == "success"
    analysis = replay.analysis
    assert analysis is not None and not analysis.interrupted and analysis.seat_of_view == O
    assert [m.number for m in analysis.marked] == [4] and analysis.marked[0].mark == "blunder"
    shown = replay.analysis_html
    assert chart.value == "" and "<svg" in shown and "a blunder, the coach preferred mark square 3" in shown
    assert "4 of 4 moves judged from O&#x27;s knowledge." in shown and 'data-step="4"' in shown
    assert replay.marks == {"4": {"mark": "blunder", "sign": "??", "colour": coach.chart.MARK_STYLE["blunder"][1]}}
    assert "O's chance to win after every move" in shown  # seen from the replay's seat
    replay._branch()  # "Play from here" keeps the analysis under the replay, the board below it
    assert replay.boxed.children[:2] == (replay, box) and len(replay.boxed.children) == 3


def test_stop_analysis_interrupts_and_keeps_what_is_done():
    state = random_game("tyc", 3, stop_after=30)
    replay = Replay(state)
    replay.analyse(budget=400)
    bar, chart = replay.boxed.children[1].children
    deadline = time.monotonic() + 60
    while bar.value < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    found = replay.stop_analysis()
    assert found is not None and found.interrupted and 1 <= len(found.moves) < 30
    assert bar.bar_style == "warning" and "(stopped early)" in replay.analysis_html
    assert replay.stop_analysis() is found  # nothing left to stop


def test_an_onlookers_analysis_of_a_hidden_game_is_refused(tmp_path):
    replay = Replay(blundered())
    with pytest.raises(ValueError, match="choose a seat to see it by"):
        replay.analyse()
    assert replay.boxed.children == (replay,) and replay.analysis is None
    with pytest.raises(ValueError, match="choose a seat"):
        export_html(blundered(), tmp_path / "onlooker.html", analysis=True)
    assert not (tmp_path / "onlooker.html").exists()


def test_the_export_holds_the_chart_and_nothing_a_twin_game_would_change(tmp_path):
    plain = export_html(blundered(), tmp_path / "plain.html", viewer=O).read_text()
    text = export_html(blundered(), tmp_path / "coached.html", viewer=O, analysis=True).read_text()
    assert "ttn-evaluation" not in plain and 'class=\\"ttn-board ttn-evaluation\\"' in text
    assert "a blunder, the coach preferred mark square 3" in text and '"marks":{"4":{"mark":"blunder"' in text
    assert '<section aria-label="Analysis">' not in text  # inside the replay, in its frame and font
    state = random_game("tic-tac-two", 11, stop_after=5, peek=False)
    twins = [state.determinize(X, random.Random(k)) for k in range(6)]
    twin = next(t for t in twins if t.record() != state.record())
    mine = export_html(state, tmp_path / "mine.html", viewer=X, analysis=True).read_text()
    theirs = export_html(twin, tmp_path / "twin.html", viewer=X, analysis=True).read_text()
    assert mine == theirs and "ttn-evaluation" in mine


def test_the_pages_analyse_and_stop_messages_run_and_stop_it():
    replay = Replay(random_game("tyc", 3, stop_after=30))
    replay._on_message(replay, {"type": "analyse"})
    assert replay.analysing and replay.message == ""
    replay._on_message(replay, {"type": "stop_analysis"})
    assert not replay.analysing and replay.analysis is not None and replay.analysis.interrupted
    hidden = Replay(blundered())
    hidden._on_message(hidden, {"type": "analyse"})
    assert not hidden.analysing and "choose a seat to see it by" in hidden.message


def test_where_nothing_is_hidden_the_chart_follows_the_seat_shown_and_a_seats_analysis_stays_its_own():
    state = random_game("tyc", 5, stop_after=8)
    replay = Replay(state, viewer=0)
    replay.analyse(budget=60).join(120)
    blue = replay.analysis_html
    assert f"{state.player_name(0)}'s chance to win" in blue
    replay.show(1)
    assert f"{state.player_name(1)}'s chance to win" in replay.analysis_html
    hidden = Replay(blundered(), viewer=O)
    hidden.analyse().join(60)
    assert hidden.analysis_html and hidden.marks
    hidden.show(X)  # judged from O's knowledge: X is not shown it
    assert hidden.analysis_html == "" and hidden.marks == {}
    hidden.show(O)
    assert "O's chance" in hidden.analysis_html
