"""Records and options at the edges: a record is complete and consistent or refused, and no message
repeats a huge input."""

from __future__ import annotations

import json

import pytest
from helpers import random_game

import tictac_nb
from tictac_nb import IllegalAction, InvalidOption, InvalidRecord
from tictac_nb.core.engine import MAX_ACTION_CHARS, SEED_LIMIT


def test_a_record_round_trips_through_json(game_name):
    state = random_game(game_name, 3, stop_after=12)
    again = tictac_nb.from_record(json.loads(json.dumps(state.record())))
    assert again == state and again.record() == state.record()


@pytest.mark.parametrize("seed", [None, -1, SEED_LIMIT, 10**5000, "1", 1.0, True],
                         ids=["none", "negative", "limit", "huge", "text", "float", "bool"])
def test_a_record_with_a_bad_seed_is_refused(game_name, seed):
    record = random_game(game_name, 3, stop_after=4).record()
    record["seed"] = seed
    with pytest.raises(InvalidRecord, match="seed") as error:
        tictac_nb.from_record(record)
    assert len(str(error.value)) < 200


@pytest.mark.parametrize("key", ["seed", "self", "name", "options"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(game_name, key):
    record = random_game(game_name, 3, stop_after=2).record()
    record["options"] = {**record["options"], key: 1}
    with pytest.raises(InvalidRecord, match=f"no option '{key}'"):
        tictac_nb.from_record(record)


def test_a_record_without_its_setup_is_refused(game_name):
    record = random_game(game_name, 3, stop_after=4).record()
    del record["setup"]
    with pytest.raises(InvalidRecord, match="lacks setup"):
        tictac_nb.from_record(record)


def test_an_edited_seed_is_refused_or_changes_nothing(game_name):
    """A record whose seed was edited never loads with another deal: the setup check refuses it, or the
    seed fixed nothing the record shows (a game with no chance at setup)."""
    state = random_game(game_name, 3, stop_after=4)
    record = state.record()
    record["seed"] += 1
    try:
        edited = tictac_nb.from_record(record)
    except InvalidRecord as error:
        assert "setup" in str(error) or "illegal" in str(error)
    else:
        assert all(edited.view(p) == state.view(p) for p in [None, *range(state.num_players)])


def test_huge_inputs_get_short_messages(game_name):
    state = random_game(game_name, 3, stop_after=2)
    before = state.record()
    for junk in ("5" * 10_000_000, "x" * (MAX_ACTION_CHARS + 1)):
        with pytest.raises(IllegalAction) as error:
            state.play(junk)
        assert len(str(error.value)) < 300
    record = dict(before, moves=before["moves"] + ["9" * 1_000_000])
    with pytest.raises(InvalidRecord) as error:
        tictac_nb.from_record(record)
    assert len(str(error.value)) < 400
    assert state.record() == before


@pytest.mark.parametrize("seed", [SEED_LIMIT, 10**5000, -1], ids=["limit", "huge", "negative"])
def test_new_game_bounds_the_seed(game_name, seed):
    with pytest.raises(InvalidOption, match="seed") as error:
        tictac_nb.new_game(game_name, seed=seed)
    assert len(str(error.value)) < 200
    assert tictac_nb.new_game(game_name, seed=SEED_LIMIT - 1).record()["seed"] == SEED_LIMIT - 1


@pytest.mark.parametrize("value", [[10**5000], {10**5000: 1}, ("x", [10**5000])], ids=["list", "dict", "tuple"])
def test_an_option_holding_a_huge_number_is_refused_in_few_words(game_name, value):
    for option in tictac_nb.GAMES[game_name].options:
        try:
            tictac_nb.new_game(game_name, seed=1, **{option: value})
        except InvalidOption as error:
            assert len(str(error)) < 300
