"""TIC TOC refusals: every spelling a player may type gets a short refusal that names the real rule, and
changes nothing (scripted cases, then arbitrary text from hypothesis)."""

from __future__ import annotations

import random

import pytest
from helpers import play, random_game, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tic_toc.conftest import scripted

from tictac_nb.games.tic_toc.rules import FULL, SHORT


def test_full_card_names_are_read_as_their_notation():
    state = scripted([["Croc", "Boy", "Tink"], ["Pirate", "Pirate", "Hook"]], draws=("Pan", "Smee"))
    assert refused(state, "discard Crocodile") == "write the action exactly as 'discard Croc'"
    assert refused(state, "play Lost Boy") == "write the action exactly as 'play Boy'"
    assert refused(state, "DISCARD   mr. smee") == "write the action exactly as 'discard Smee'"
    play(state, "discard Pan")
    assert refused(state, "tink Peter Pan") == "write the action exactly as 'tink Pan'"


def test_treasure_reads_full_names_of_market_cards():
    state = scripted([["Treasure", "Boy", "Boy"], ["Pirate"] * 3], market=("Hook", "Pirate", "Boy", "Pirate"))
    assert refused(state, "treasure Captain Hook") == "write the action exactly as 'treasure Hook'"


def test_attacks_read_loosely_written_players():
    state = scripted([["Croc", "Smee", "Boy"], ["Pirate", "Boy", "Hook"]],
                     draws=("Boy", "Boy", "Pirate", "Boy", "Boy", "Boy"))
    play(state, "play Boy", "play Boy", "end", "play Pirate", "discard Boy", "end")
    assert refused(state, "croc 2") == "write the action exactly as 'croc @2'"
    assert refused(state, "croc @02") == "write the action exactly as 'croc @2'"
    assert refused(state, "croc @²") == "Crocodile needs a player to attack: write 'croc @N' with N from 1 to 2"
    assert refused(state, "smee @³") == "Mr. Smee needs a player to attack: write 'smee @N' with N from 1 to 2"
    assert refused(state, "croc @" + "9" * 150).startswith("Crocodile needs a player to attack")


def test_a_second_leader_is_refused_by_the_one_leader_rule_even_written_as_a_switch():
    state = scripted([["Hook", "Hook", "Pirate"], ["Boy"] * 3], draws=("Boy", "Boy"))
    play(state, "play Hook")
    message = "your table already has Captain Hook: a team has at most one"
    assert refused(state, "play Hook") == message
    assert refused(state, "play Hook (switch)") == message
    assert refused(state, "discard Boy (switch)") == "only 'play' switches teams: write 'discard Boy'"
    assert refused(state, "end now") == "'end' takes nothing after it"


def spellings() -> list[str]:
    names = [*SHORT, *FULL, "Lost Boys", "Pirates", "Captain", "croc", "PAN", "pEtEr PaN"]
    verbs = ["play", "discard", "tink", "treasure", "croc", "smee", "end", "PLAY", " Tink "]
    found = [f"{verb} {name}" for verb in verbs for name in names]
    found += [f"{verb} {name} (switch)" for verb in ("play", "discard") for name in names]
    found += [f"{verb} {at}{n}" for verb in ("croc", "smee", "Croc") for at in ("@", "", "@ ") for n in
              ("1", "2", "3", "4", "5", "0", "02", "²", "٣", "১", "10" * 40)]
    return found


NOTATION = st.sampled_from(spellings())
TEXT = st.one_of(
    NOTATION,
    st.text(max_size=40),
    st.builds(lambda a, b: a + b, NOTATION, st.text(max_size=12)),
    st.builds(lambda n: f"croc @{n}", st.integers(-10**30, 10**30)),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Zs", "Lu"]), max_size=20),
)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("players", [2, 3, 4])
@FUZZ
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 80), text=TEXT)
def test_any_text_is_played_or_refused_briefly_and_changes_nothing_when_refused(players, seed, cut, text):
    state = random_game("tic-toc", seed, stop_after=cut, players=players)
    if state.outcome is not None or text in state.legal_actions():
        return
    message = refused(state, text)
    assert 0 < len(message) <= 200, message


def test_every_spelling_is_refused_briefly_somewhere():
    """Each scripted spelling, on a few random positions of 2, 3 and 4 players."""
    tried = 0
    for players in (2, 3, 4):
        for seed in range(4):
            state = random_game("tic-toc", seed, stop_after=random.Random(seed).randrange(40), players=players)
            if state.outcome is not None:
                continue
            history = list(state.history)
            for text in spellings():
                if text not in state.legal_actions():
                    assert len(refused(state, text)) <= 200
                    tried += 1
            assert state.history == history
    assert tried > 2000
