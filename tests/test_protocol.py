"""The protocol every registered game keeps: checked for each game on random play."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from helpers import variant_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import IllegalAction, InvalidOption, InvalidRecord, MCTSBot, RandomBot
from tictac_nb.checks.lookalikes import position, snapshot

SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
JUNK = [None, 5, 3.5, b"5", ["5"], {"a": 1}, "", " ", "zzz", "peek", "@@", "999", "\x00", "play", "1" * 500]


def viewers(state):
    return [None, *range(state.num_players)]


def test_unknown_game_and_options_are_refused(game_name):
    with pytest.raises(InvalidOption, match="unknown game"):
        tictac_nb.new_game("tic-tac-nine")
    with pytest.raises(InvalidOption, match="no option 'colour'"):
        tictac_nb.new_game(game_name, colour="red")
    for seed in (-1, "7", 1.5, True):
        with pytest.raises(InvalidOption, match="seed"):
            tictac_nb.new_game(game_name, seed=seed)


def test_every_option_refuses_a_bad_value(game_name):
    for option in tictac_nb.GAMES[game_name].options:
        with pytest.raises(InvalidOption, match=option):
            tictac_nb.new_game(game_name, **{option: object()})


class Stranger:
    """A value of no type any option expects (with a stable repr, for test ids)."""

    def __repr__(self) -> str:
        return "Stranger()"


ODD_VALUES = [None, True, False, 0, -1, 10**12, 2.5, "", "x" * 300, "standard", [], [1, "a"], {}, {"a": None},
              ("evil", "cute"), ("cute", "cute", "cute"), b"XOWPCOXXO", Stranger()]


@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_any_option_value_is_taken_or_refused_with_invalid_option(game_name, value):
    """No odd value crashes new_game with anything but InvalidOption."""
    for option in tictac_nb.GAMES[game_name].options:
        try:
            state = tictac_nb.new_game(game_name, seed=1, **{option: value})
        except InvalidOption as refused:
            assert option in str(refused) or "option" in str(refused)
        else:
            assert state.legal_actions()


def test_same_seed_same_game(variant):
    assert variant_game(variant, 11).record() == variant_game(variant, 11).record()


@SETTINGS
@given(seed=SEEDS)
def test_every_game_ends_with_an_outcome(variant, seed):
    state = variant_game(variant, seed)
    assert len(state.history) <= state.game.move_cap and state.num_players in state.game.players
    assert state.outcome is not None and state.to_move is None and not state.legal_actions()
    assert state.outcome.reason
    assert all(0 <= w < state.num_players for w in state.outcome.winners)
    assert state.outcome.scores is None or len(state.outcome.scores) == state.num_players


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_records_round_trip_through_json(variant, seed, cut):
    state = variant_game(variant, seed, stop_after=cut)
    record = json.loads(json.dumps(state.record()))
    again = tictac_nb.from_record(record)
    assert again == state
    assert again.record() == state.record()


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_notation_round_trips_and_undo_restores(variant, seed, cut):
    state = variant_game(variant, seed, stop_after=cut)
    if state.outcome is not None:
        return
    for action in state.legal_actions():
        assert isinstance(action, str) and str(action) == action
        trial = state.clone()
        trial.play(str(action))
        assert trial.history[-1] == action
        assert trial.undo() == action
        assert trial == state


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_a_clone_is_independent(variant, seed, cut):
    """Playing a clone to the end leaves the original exactly as it was."""
    state = variant_game(variant, seed, stop_after=cut)
    if state.outcome is not None:
        return
    before = (state.key(), state.legal_actions(), state.view(None), state.record())
    copy = state.clone()
    rng = random.Random(seed)
    while copy.outcome is None:
        copy.play(rng.choice(copy.legal_actions()))
    assert (state.key(), state.legal_actions(), state.view(None), state.record()) == before


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_illegal_actions_leave_no_trace(variant, seed, cut):
    state = variant_game(variant, seed, stop_after=cut)
    before, record = state.key(), state.record()
    legal = set(state.legal_actions())
    for junk in JUNK:
        if isinstance(junk, str) and junk in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.play(junk)
        assert str(refused.value)
        assert state.key() == before and state.record() == record


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300), other=st.integers(0, 2**16))
def test_view_and_svg_do_not_change_under_determinize(variant, seed, cut, other):
    state = variant_game(variant, seed, stop_after=cut)
    for viewer in viewers(state):
        sample = state.determinize(viewer, random.Random(other))
        assert sample.view(viewer) == state.view(viewer)
        assert sample.render_svg(viewer) == state.render_svg(viewer)
        assert sample.legal_actions() == state.legal_actions() or viewer != state.to_move


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_a_determinized_copy_depends_only_on_the_view_the_moves_and_the_rng(variant, seed, cut):
    """A copy made from a state whose hidden information was already resampled equals one made from the real
    state: so the copy's record (seed, options, setup) and key hold nothing but the view and the history."""
    state = variant_game(variant, seed, stop_after=cut)
    for viewer in viewers(state):
        direct = state.determinize(viewer, random.Random(5))
        again = state.determinize(viewer, random.Random(1)).determinize(viewer, random.Random(5))
        assert direct.record() == again.record() and direct.key() == again.key()
        assert direct.seed != state.seed and direct.view(viewer) == state.view(viewer)


def deals_alike(state, viewer, tries: int = 12) -> list:
    """Games the test deals itself that `viewer` cannot tell from `state`: the same options and moves from other
    seeds, kept where every move is legal, the position differs and `view(viewer)` is the same. Never made by
    the game's own `determinize`, so a `determinize` that keeps a secret cannot pass by comparing with itself."""
    found = []
    for seed in range(state.seed + 1, state.seed + 1 + tries):
        other = state.game.start(seed, dict(state.options))
        try:
            for move in state.history:
                other.play(move)
        except IllegalAction:
            continue
        if position(other) != position(state) and other.view(viewer) == state.view(viewer):
            found.append(other)
    return found


def test_a_determinized_copy_is_the_same_from_every_deal_the_seat_cannot_tell_apart(variant):
    """determinize(viewer, rng) depends only on what `viewer` sees: from another deal of the same moves that
    gives `viewer` the same view, the same rng makes the same copy (so no copy keeps a secret of the deal)."""
    for seed in range(3):
        for viewer in viewers(variant_game(variant, seed, stop_after=4)):
            state = variant_game(variant, seed, stop_after=4)
            for other in deals_alike(state, viewer)[:2]:
                mine = variant_game(variant, seed, stop_after=4)
                mine.view(viewer)  # as the other deal was: nothing else read yet
                assert snapshot(other.determinize(viewer, random.Random(7))) == \
                    snapshot(mine.determinize(viewer, random.Random(7))), (seed, viewer, other.seed)


@SETTINGS
@given(seed=SEEDS, cut=st.integers(1, 300))
def test_a_determinized_copy_undoes_and_replays_or_refuses_to_undo(variant, seed, cut):
    state = variant_game(variant, seed, stop_after=cut)
    for viewer in viewers(state):
        copy = state.determinize(viewer, random.Random(5))
        assert copy.history == state.history
        assert copy.replayable == copy.clone().replayable == copy.game.copies_replay
        if not copy.replayable:
            with pytest.raises(IllegalAction, match="cannot undo: its hidden parts were made up"):
                copy.undo()
            assert copy.history == state.history
        else:
            again = copy.clone()
            assert again.undo() == state.history[-1]
            again.play(state.history[-1])
            assert again == copy and again.record() == copy.record()


HEADER = {"game", "viewer", "players", "to_move", "phase", "status", "outcome"}


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_every_view_has_the_engines_header_then_the_games_own_body(variant, seed, cut):
    state = variant_game(variant, seed, stop_after=cut)
    outcome = state.outcome
    for viewer in viewers(state):
        assert not HEADER & set(state.view_body(viewer))
        view = state.view(viewer)
        assert view["game"] == variant[0] and view["viewer"] == viewer and view["to_move"] == state.to_move
        assert view["players"] == [state.player_name(p) for p in range(state.num_players)]
        assert len(set(view["players"])) == state.num_players and view["status"] == state.status()
        assert view["phase"] == "over" if outcome is not None else view["phase"] in state.game.phases
        if outcome is None:
            assert view["outcome"] is None
        else:
            assert view["outcome"] == {"winners": list(outcome.winners), "reason": outcome.reason,
                                       "scores": None if outcome.scores is None else list(outcome.scores),
                                       "timed_out": outcome.timed_out}


@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300))
def test_views_are_json_and_svgs_are_xml(variant, seed, cut):
    state = variant_game(variant, seed, stop_after=cut)
    for viewer in viewers(state):
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view
        root = ET.fromstring(state.render_svg(viewer))
        assert root.tag.endswith("svg")
    with pytest.raises(ValueError):
        state.view(state.num_players)


def test_bots_decide_only_from_what_their_seat_knows(variant):
    """A bot (the kit's, or the game's own) chooses the same on the real state and on any state its
    seat cannot tell apart."""
    makers = {"RandomBot": lambda: RandomBot(seed=3), "MCTSBot": lambda: MCTSBot(iterations=30, seed=3)}
    makers |= {name: (lambda bot=bot: bot(seed=3)) for name, bot in tictac_nb.GAMES[variant[0]].bots.items()}
    for seed in range(4):
        state = variant_game(variant, seed, stop_after=6 + seed)
        if state.outcome is not None:
            continue
        lookalikes = [state.determinize(state.to_move, random.Random(99 + seed)),
                      *deals_alike(state, state.to_move)[:1]]
        for name, make in makers.items():
            assert all(make().choose(state) == make().choose(other) for other in lookalikes), name


@pytest.mark.parametrize("record", [
    None, [], "record", {}, {"game": "tic-tac-nine", "seed": 1, "options": {}, "moves": []},
    {"game": "tic-tac-two", "seed": -4, "options": {}, "moves": []},
    {"game": "tic-tac-two", "seed": 1, "options": {"tiles": "XXXX"}, "moves": []},
    {"game": "tic-tac-two", "seed": 1, "options": {}, "moves": "5"},
    {"game": "tic-tac-two", "seed": 1, "options": {}, "moves": ["5", "5"]},
    {"game": "tic-tac-two", "seed": 1, "options": {}, "moves": [5]},
    {"game": "tic-tac-two", "seed": 1, "options": {}, "moves": [], "setup": {"tiles": "XOWPCOXXO!"}},
    {"game": "tic-tac-two", "seed": 1, "options": {}, "moves": [], "cheat": True},
])
def test_malformed_records_are_refused(record):
    with pytest.raises(InvalidRecord):
        tictac_nb.from_record(record)


def test_bad_record_message_names_the_move():
    record = tictac_nb.new_game("tic-tac-two", seed=1).record()
    with pytest.raises(InvalidRecord, match=r"move 2 \('5'\).*square 5 is taken"):
        tictac_nb.from_record({**record, "moves": ["5", "5"]})
