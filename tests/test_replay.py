"""`Replay`: loading a game, stepping through it, switching viewer, branching with "Play from here", and
`lab.replay` for a row of a results table.

Browser messages are simulated by calling the handler registered with `on_msg` directly, as for `Board`.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
import traitlets
from helpers import random_game
from tic_toc.toc_scripts import scripted

import tictac_nb
from tictac_nb import Board, InvalidRecord, RandomBot, Replay, lab
from tictac_nb.games.tic_toc.bots import TicTocBot
from tictac_nb.notebook.timeline import CHECKPOINT, Timeline


def two(*moves: str, seed: int = 5, tiles: str = "XOWPCOXXO") -> tictac_nb.State:
    state = tictac_nb.new_game("tic-tac-two", seed=seed, tiles=tiles)
    for move in moves:
        state.play(move)
    return state


def toc_game() -> tictac_nb.State:
    """TIC TOC where Player 2 holds Captain Hook, which Player 1 never sees."""
    state = scripted([["Boy", "Boy", "Boy"], ["Pirate", "Hook", "Pirate"]], draws=("Boy", "Boy", "Pirate", "Pirate"))
    for move in ("play Boy", "play Boy", "end", "play Pirate", "play Pirate", "end"):
        state.play(move)
    return state


def send(replay: Replay, content) -> None:
    replay._on_message(replay, content)


def shown(replay: Replay) -> tuple:
    return replay.step, replay.viewer, replay.svg, replay.status


# ---- loading --------------------------------------------------------------------------------------------

def test_a_replay_loads_from_a_state_a_dict_json_text_and_a_file(tmp_path):
    state = random_game("tic-toc", 8, stop_after=50)
    record = state.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    replays = [Replay(state), Replay(record), Replay(json.dumps(record)), Replay(path), Replay(str(path))]
    for replay in replays:
        assert replay.count == 50 and replay.step == 0 and replay.record == record
        assert [m["notation"] for m in replay.moves] == state.history
        replay.last()
        assert replay.svg == state.render_svg(None) and replay.status == state.status()
    assert record == state.record(), "loading changed the record"


GOOD = tictac_nb.new_game("tic-tac-two", seed=1).record()
BAD_RECORDS = [
    {key: value for key, value in GOOD.items() if key != "moves"},
    {key: value for key, value in GOOD.items() if key != "setup"},
    {**GOOD, "game": "chess"},
    {**GOOD, "moves": ["5", "5"]},
    {**GOOD, "options": {"peek": "yes"}},
    {**GOOD, "setup": {"tiles": "XXXXCOOOO"}},
    {**GOOD, "extra": 1},
    {**GOOD, "seed": -1},
    {**GOOD, "moves": "5"},
    [1, 2],
]


@pytest.mark.parametrize("record", BAD_RECORDS)
def test_a_bad_record_gets_the_same_error_as_from_record(record, tmp_path):
    with pytest.raises(InvalidRecord) as expected:
        tictac_nb.from_record(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    for source in ([record] if isinstance(record, dict) else []) + [json.dumps(record), path]:
        with pytest.raises(InvalidRecord) as error:
            Replay(source)
        assert str(error.value) == str(expected.value)


@pytest.mark.parametrize(("source", "words"), [
    ('{"game": "tyc", "seed": 1,', "not valid JSON (Expecting"),
    ("no-such-game.json", "cannot read the record file 'no-such-game.json'"),
    (b'{"game": "tyc"}', "not bytes"),
    (42, "not int"),
])
def test_what_is_not_a_record_is_refused_clearly(source, words):
    with pytest.raises(InvalidRecord, match=words.replace("(", r"\(")):
        Replay(source)


def test_a_long_path_is_quoted_as_a_short_excerpt():
    with pytest.raises(InvalidRecord) as error:
        Replay("x" * 500 + ".json")
    assert len(str(error.value)) < 120


def test_a_state_its_moves_do_not_lead_to_is_refused():
    state = two("1")
    state.history.append("2")  # written into the history without being played
    with pytest.raises(InvalidRecord, match="not where its seed, options and moves lead"):
        Replay(state)


def test_a_game_still_being_played_replays_up_to_now():
    state = two("1", "5")
    replay = Replay(state, step=2)
    assert state.outcome is None and replay.count == 2 and replay.svg == state.render_svg(None)


# ---- stepping --------------------------------------------------------------------------------------------

def test_every_step_shows_the_position_after_that_many_moves():
    state = random_game("tyc", 3)
    replay = Replay(state.record())
    positions = list(Timeline(state).positions())
    assert len(positions) == replay.count + 1
    for k in range(replay.count + 1):
        replay.go(k)
        assert replay.svg == positions[k].render_svg(None) and replay.status == positions[k].status()
        assert positions[k].history == state.history[:k]


def test_positions_far_from_the_start_come_from_checkpoints_and_agree_with_a_plain_replay():
    state = random_game("tic-toc", 12, stop_after=3 * CHECKPOINT + 5)
    timeline = Timeline(state)
    plain = tictac_nb.new_game("tic-toc", seed=12)
    for k, move in enumerate(state.history):
        if k in (CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, 3 * CHECKPOINT + 2):
            assert timeline.position(k) == plain
        plain.play(move)
    timeline.position(CHECKPOINT + 3).play(state.history[CHECKPOINT + 3])
    assert timeline.position(CHECKPOINT + 3) == Timeline(state).position(CHECKPOINT + 3), "a checkpoint was changed"


def test_buttons_keys_and_the_move_list_step_through_the_game():
    replay = Replay(two("1", "5", "2"))
    replay.forward()
    replay.forward()
    assert replay.step == 2
    replay.back()
    assert replay.step == 1
    replay.last()
    replay.forward()
    assert replay.step == 3
    replay.first()
    replay.back()
    assert replay.step == 0
    send(replay, {"type": "go", "step": 2})
    assert replay.step == 2 and replay.message == ""


@pytest.mark.parametrize("content", [
    {"type": "go", "step": 4}, {"type": "go", "step": -1}, {"type": "go", "step": "1"}, {"type": "go", "step": True},
    {"type": "go"}, {"type": "viewer", "viewer": 2}, {"type": "viewer", "viewer": "0"},
    {"type": "viewer", "viewer": True}, {"type": "jump"}, "go", None, [1],
])
def test_a_malformed_message_changes_nothing_and_says_why(content):
    replay = Replay(two("1", "5", "2"), step=1)
    before = shown(replay)
    send(replay, content)
    assert shown(replay) == before and replay.message
    send(replay, {"type": "go", "step": 2})
    assert replay.message == "", "a good message clears the last complaint"


def test_a_bad_step_or_viewer_from_python_is_refused():
    replay = Replay(two("1"))
    with pytest.raises(ValueError, match="from 0 to 1, not 2"):
        replay.go(2)
    with pytest.raises(traitlets.TraitError, match="from 0 to 1, not -1"):
        replay.step = -1
    with pytest.raises(traitlets.TraitError, match="one of None, 0, 1, not 3"):
        replay.viewer = 3
    with pytest.raises(ValueError, match="viewer must be None or a player"):
        Replay(two("1"), viewer=2)
    with pytest.raises(ValueError, match="from 0 to 1, not 5"):
        Replay(two("1"), step=5)


# ---- viewers ---------------------------------------------------------------------------------------------

def test_a_seat_sees_only_what_it_knew_at_that_moment():
    state = toc_game()
    replay = Replay(state, viewer=0)
    for k in range(replay.count + 1):
        replay.go(k)
        position = Timeline(state).position(k)
        assert replay.svg == position.render_svg(0)
        assert replay.svg == position.determinize(0, random.Random(k)).render_svg(0)
        assert 'data-card="Hook"' not in replay.svg
    send(replay, {"type": "viewer", "viewer": 1})  # the control: the same widget, now Player 2's view
    assert replay.viewer == 1 and 'data-card="Hook"' in replay.svg
    send(replay, {"type": "viewer", "viewer": None})
    assert replay.svg == state.render_svg(None) and 'data-card="Hook"' not in replay.svg


def test_the_synced_state_holds_the_shown_frame_and_public_words_only():
    seed = 27182818284
    state = two("1", "5", seed=seed, tiles="XOWPCOXXO")
    replay = Replay(state, viewer=0, step=1)
    synced = {k: v for k, v in replay.get_state().items() if not k.startswith("_")}
    assert set(synced) >= {"svg", "status", "step", "count", "moves", "viewer", "viewers", "title"}
    text = json.dumps(synced)
    for secret in (str(seed), "XOWPCOXXO", '"tiles"', '"setup"', '"seed"', '"options"'):
        assert secret not in text
    assert synced["svg"] == Timeline(state).position(1).render_svg(0)
    assert synced["moves"] == [{"player": "X", "notation": "1", "words": "mark square 1"},
                               {"player": "O", "notation": "5", "words": "mark square 5"}]


def test_a_replay_can_offer_fewer_viewers():
    replay = Replay(toc_game(), viewer=1, viewers=[None, 1])
    assert [v["value"] for v in replay.viewers] == [None, 1]
    before = shown(replay)
    send(replay, {"type": "viewer", "viewer": 0})
    assert shown(replay) == before and "not 0" in replay.message
    with pytest.raises(ValueError, match="not among the viewers"):
        Replay(toc_game(), viewer=0, viewers=[None, 1])


# ---- play from here --------------------------------------------------------------------------------------

def test_play_from_here_opens_a_live_board_at_the_shown_move_and_leaves_the_record_alone():
    state = random_game("tic-tac-two", 4)
    record = state.record()
    step = next(k for k in range(1, len(state.history)) if Timeline(record).position(k).to_move == 0)  # X's turn
    replay = Replay(copy.deepcopy(record), step=step)
    board = replay.play_from_here(bots={1: RandomBot(seed=1)})
    assert isinstance(board, Board) and board.state.history == record["moves"][:step]
    assert board.state == Timeline(record).position(step)
    while board.state.outcome is None:  # play the branch to its end: the human seat and the bot
        board.act(board.state.legal_actions()[0]) if board.state.to_move == 0 else board.run_bots()
    assert board.state.history[:step] == record["moves"][:step]
    assert replay.record == record and replay.count == len(record["moves"]) and replay.step == step
    replay.last()
    assert replay.svg == state.render_svg(None)


def test_the_play_from_here_button_shows_a_board_below_the_replay():
    replay = Replay(toc_game(), viewer=0, step=2, bots={1: TicTocBot(seed=1)})
    send(replay, {"type": "branch"})
    assert replay.message == ""
    shown_replay, board = replay.boxed.children
    assert shown_replay is replay and board.seat == 0 and board.bots.keys() == {1}
    assert board.state.history == toc_game().history[:2] and board.svg == board.state.render_svg(0)
    board.act("end")  # Player 1 ends the turn, and the bot plays Player 2's turn at once (no event loop here)
    assert len(board.state.history) > 3 and board.state.to_move == 0
    assert replay.step == 2 and replay.count == 6 and replay.record == toc_game().record()
    assert replay._repr_mimebundle_()[0]["application/vnd.jupyter.widget-view+json"]["model_id"] == \
        replay.boxed.model_id


def test_a_board_from_here_shows_no_view_the_replay_does_not():
    replay = Replay(toc_game(), viewer=0, viewers=[None, 0])
    with pytest.raises(ValueError, match="does not show Player 2's view"):
        replay.play_from_here(seat=1)
    replay.viewer = None
    with pytest.raises(ValueError, match="does not show Player 2's view"):
        replay.play_from_here()  # both seats human: the board would show Player 2 in turn
    assert replay.play_from_here(bots={1: TicTocBot(seed=1)}).seat == 0  # the one human seat


# ---- the design lab --------------------------------------------------------------------------------------

def test_lab_replay_opens_any_row_of_a_results_table():
    games = lab.play_games("tic-tac-two", 6, seed=40, progress=False)
    strange = games[games["actions"] == games["actions"].max()]
    label = strange.index[0]
    replay = lab.replay(strange, label)
    row = games.loc[label]
    assert isinstance(replay, Replay) and replay.count == row["actions"]
    assert [m["notation"] for m in replay.moves] == list(row["moves"])
    replay.last()
    assert replay.svg == lab.final_state(row).render_svg(None)
    assert lab.replay(row).record == lab.replay(games, label).record == replay.record  # a row itself
    assert lab.replay(games, label, viewer=1).viewer == 1
    with pytest.raises(KeyError, match="no row labelled 99"):
        lab.replay(games, 99)


# ---- a board's replay ------------------------------------------------------------------------------------

def test_a_boards_replay_shows_its_game_as_the_board_does():
    """`Replay.of_board(board)`: the seat's view and the onlooker's, at the last move."""
    board = Board(toc_game(), bots={1: TicTocBot(seed=1)})
    board.act("play Boy")
    replay = Replay.of_board(board)
    assert replay.viewer == 0 and [v["value"] for v in replay.viewers] == [None, 0]
    assert replay.step == replay.count == len(board.state.history) and replay.svg == board.svg
    assert replay.bots == board.bots
    board.act("play Boy")
    board.act("end")  # the board plays on; the replay keeps the game as it was when opened
    assert replay.count == 7 and len(board.state.history) > 9
    hot_seat = Replay.of_board(Board(toc_game()))
    assert [v["value"] for v in hot_seat.viewers] == [None] and hot_seat.viewer is None
    open_game = Replay.of_board(Board(random_game("tyc", 1, stop_after=6), bots={1: RandomBot(seed=1)}))
    assert [v["value"] for v in open_game.viewers] == [None, 0, 1] and open_game.viewer == 0


# ---- bad bots and odd messages -----------------------------------------------------------------------------

@pytest.mark.parametrize(("bots", "error", "words"), [
    ({1: "not a bot"}, TypeError, "a bot is a function of a state or an object with choose"),
    ({2: RandomBot(seed=1)}, ValueError, "bots are keyed by seat, 0 to 1, not 2"),
    ({"1": RandomBot(seed=1)}, ValueError, "bots are keyed by seat, 0 to 1, not '1'"),
    ([RandomBot(seed=1)], TypeError, "bots is a dict of seat to bot"),
])
def test_bad_bots_are_refused_when_the_replay_is_made(bots, error, words):
    with pytest.raises(error, match=words):
        Replay(two("1", "5"), bots=bots)


class Deep(dict):
    def get(self, key, default=None):
        raise RuntimeError("a message whose get raises")


@pytest.mark.parametrize("content", [Deep(type="go"), {"type": [[]] * 3}, {"type": "go", "step": 10**400},
                                     {"type": "x" * 1_000_000}, {"type": "go", "step": 10**5000}])
def test_no_message_escapes_the_handler(content):
    replay = Replay(two("1", "5"), step=1)
    before = shown(replay)
    send(replay, content)
    assert replay.message and len(replay.message) < 300
    assert shown(replay)[:2] == before[:2]


def test_a_branch_whose_board_fails_says_so_in_a_message(monkeypatch):
    replay = Replay(two("1", "5"), step=1, bots={1: RandomBot(seed=1)})

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(replay, "play_from_here", broken)
    send(replay, {"type": "branch"})
    assert replay.message == "the replay could not handle that: RuntimeError: boom"


def test_a_second_branch_stops_the_board_the_first_one_opened():
    replay = Replay(two("1", "5"), step=1, bots={1: RandomBot(seed=1)})
    send(replay, {"type": "branch"})
    first = replay.boxed.children[1]
    send(replay, {"type": "branch"})
    assert replay.boxed.children[1] is not first and first._stalled == "closed" and first.comm is None


def test_a_saved_replay_shows_a_still_picture_of_its_position_never_its_repr():
    replay = Replay(toc_game(), viewer=0, step=2)
    data = replay._repr_mimebundle_()[0]
    assert data["image/svg+xml"] == replay.svg
    assert data["text/plain"] == f"TIC TOC, move 2 of 6: {replay.status}" and "VBox" not in data["text/plain"]
    assert data["text/markdown"].startswith('<img src="data:image/svg+xml;base64,')
