"""Tic Tac K.O. refusals and options: every spelling gets a short refusal naming the real rule and changes
nothing; any `cards` value is taken or refused with InvalidOption (scripted cases, then hypothesis)."""

from __future__ import annotations

import pytest
from helpers import play, random_game, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ko_script import EVIL_HAND, new

import tictac_nb
from tictac_nb import InvalidOption
from tictac_nb.games.tic_tac_ko.cards import builtin_decks


def test_a_capital_letter_is_refused_as_a_spelling_not_as_a_rule():
    state = new(evil=EVIL_HAND)
    assert refused(state, "Play Scutters @5") == ("write 'play Scutters @5' exactly, in that case and without "
                                                  "extra spaces")
    assert refused(state, "PASS") == "write 'pass' exactly, in that case and without extra spaces"


@pytest.mark.parametrize("action", ["repel 5", "repel 5 to Cute 1", "repel 5 to Nobody", "repel 5 to"])
def test_repel_without_a_known_player_asks_for_the_player(action):
    state = new(players=4, first_team=1, cute=["Free Hugs", "Lil' Red", "Hare Raiser", "Button", "Dewdrop"],
                layout={"5": "King Creepy"}, skip_unable=True)
    play(state, "play Free Hugs")
    assert refused(state, action) == "finish the action: 'repel 5 to Evil 1' or 'repel 5 to Evil 2'"


def test_long_input_is_quoted_only_in_part():
    state = new(evil=EVIL_HAND)
    message = refused(state, "play " + "Scutters" * 20)
    assert len(message) < 120 and message.startswith("the Evil deck has no card 'ScuttersScuttersScutters")


def spellings(state) -> list[str]:
    names = [card.name for deck in state.decks for card in deck.cards]
    spaces = [*state.labels, "0", "10", "٣", "²", "a", "@5", "99999999999999999999"]
    found = [f"{verb} {name}" for verb in ("play", "respond", "discard", "Play", "RESPOND") for name in names]
    found += [f"play {name} @{space}" for name in names[::3] for space in spaces]
    found += [f"{verb} {space}" for verb in ("destroy", "sacrifice", "hypnotize", "awaken", "repel", "Destroy")
              for space in spaces]
    found += [f"displace {a} to {b}" for a in spaces[:5] for b in spaces[3:9]]
    found += [f"swap {a} with {b}" for a in spaces[:4] for b in spaces[2:7]]
    found += [f"repel {a} to {p}" for a in spaces[:5] for p in ("Evil 1", "Cute 2", "Cute 9", "evil 1", "")]
    found += [f"awaken {a} discarding {n}" for a in spaces[:4] for n in names[:6]]
    found += ["draw", "pass", "skip", " draw", "draw  ", "Draw", "PASS", "", "   ", "play", "play @5", "respond"]
    return found


FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
NAMES = [card.name for deck in builtin_decks().values() for card in deck.cards]
TEXT = st.one_of(
    st.text(max_size=40),
    st.builds(lambda v, n, s: f"{v} {n} @{s}", st.sampled_from(["play", "Play", "respond", "discard"]),
              st.sampled_from(NAMES), st.text(max_size=4)),
    st.builds(lambda v, a, b: f"{v} {a} to {b}", st.sampled_from(["displace", "repel", "swap"]),
              st.text(max_size=3), st.text(max_size=8)),
    st.builds(lambda n: f"destroy {n}", st.integers(-10**40, 10**40)),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Zs", "Lu"]), max_size=20),
)


@pytest.mark.parametrize("players", [2, 3, 4])
@FUZZ
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 120), text=TEXT)
def test_any_text_is_played_or_refused_briefly_and_changes_nothing_when_refused(players, seed, cut, text):
    state = random_game("tic-tac-ko", seed, stop_after=cut, players=players)
    if state.outcome is not None or text in state.legal_actions():
        return
    assert 0 < len(refused(state, text)) <= 200


def test_every_spelling_is_refused_briefly_on_positions_of_2_3_and_4_players():
    tried = 0
    for players in (2, 3, 4):
        for seed, cut in ((1, 0), (2, 15), (3, 40), (4, 90)):
            state = random_game("tic-tac-ko", seed, stop_after=cut, players=players)
            if state.outcome is not None:
                continue
            for text in spellings(state):
                if text not in state.legal_actions():
                    message = refused(state, text)
                    assert 0 < len(message) <= 200, (text, message)
                    tried += 1
    assert tried > 5000


# ---- the `cards` option ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ('[[card]]\nname = "X"\ndeck = [1]\n', "deck must be one of"),
    ('[[card]]\nname = "X"\ndeck = {a = 1}\n', "deck must be one of"),
    ("a = " + "[" * 3000 + "]" * 3000, "too deeply"),
    ("a = " + "[" * 20 + "]" * 20, "more than 8 deep"),
    ('[[card]]\nname = "Scutters"\ndeck = "evil"\ncount = 99999999999999999\n', "number out of range"),
    ('[[card]]\nname = "Scutters"\ndeck = "evil"\ncount = 1.5\n', "holds a float"),
    ('[[card]]\nname = "Scutters"\ndeck = "evil"\ntext = "' + "x" * 5000 + '"\n', "at most 400"),
    ("x" * 60_000, "at most 50000"),
])
def test_malformed_cards_texts_are_refused_by_name(text, words):
    with pytest.raises(InvalidOption) as error:
        tictac_nb.new_game("tic-tac-ko", seed=1, cards=text)
    assert words in str(error.value) and len(str(error.value)) < 300


TOML_VALUE = st.recursive(
    st.one_of(st.integers(-10**20, 10**20), st.text(max_size=10), st.booleans(), st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["name", "deck", "type", "count", "text", "effect", "verb", "enter", "trigger"]), inner, max_size=4)),
    max_leaves=12)


def toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value) if value == value and abs(value) != float("inf") else "0"
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode().replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + "}"


@settings(max_examples=300, deadline=None)
@given(fields=st.dictionaries(st.sampled_from(["name", "deck", "type", "count", "text", "design", "effect",
                                               "enter", "trigger", "trigger_types", "ongoing"]), TOML_VALUE))
def test_any_cards_text_is_taken_or_refused_with_invalid_option(fields):
    text = "[[card]]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in fields.items())
    try:
        state = tictac_nb.new_game("tic-tac-ko", seed=1, cards=text)
    except InvalidOption as error:
        assert len(str(error)) < 400
    else:
        assert state.legal_actions()
