"""Card tables: a DataFrame, a CSV file and a list of dicts make the same deck; a bad table is refused with a
sentence naming the row and the column."""

from __future__ import annotations

import pandas as pd
import pytest
from cards.decks import EVERY_EFFECT

from tictac_nb.cards import CardTableError, card_game, make_deck
from tictac_nb.cards.effects import Step


def test_a_dataframe_a_csv_file_and_a_list_of_dicts_make_the_same_deck(tmp_path):
    frame = pd.DataFrame(EVERY_EFFECT)
    path = tmp_path / "deck.csv"
    frame.to_csv(path, index=False)
    decks = [make_deck(EVERY_EFFECT), make_deck(frame), make_deck(path), make_deck(str(path))]
    firsts = [deck.cards[0] for deck in decks]
    assert {card.name for card in firsts} == {"Mark"} and {card.count for card in firsts} == {10}
    assert [d.size for d in decks] == [32] * 4
    for deck in decks[1:]:
        assert [(c.name, c.count, c.effect, c.text, c.steps) for c in deck.cards] == \
               [(c.name, c.count, c.effect, c.text, c.steps) for c in decks[0].cards]
    assert [deck.cards[0].get("cost") for deck in decks] == [1] * 4  # a CSV's text and a float column alike
    assert decks[1].cards[1].get("colour") is None  # an empty cell (NaN) is no value


def test_effects_are_parsed_into_steps_and_worded_when_the_text_column_is_empty():
    deck = make_deck(EVERY_EFFECT)
    steps = {card.name: card.steps for card in deck.cards}
    assert steps["Rush"] == (Step("draw", 1), Step("place", ("any",)))
    assert steps["Top Row"] == (Step("place", ("row", 1)),)
    assert steps["Wall"] == (Step("block", ("corner",)),)
    assert steps["Gold"] == (Step("points", 2),)
    texts = {card.name: card.text for card in deck.cards}
    assert texts["Top Row"] == "Place your mark in the top row."  # the table's own words
    assert texts["Rush"] == "Draw 1 card, then place your mark on an empty square."
    assert texts["Thief"] == ("Take a card at random from an opponent's hand, then place your mark on an empty edge "
                              "square.")
    assert make_deck([{"name": "Pair", "count": 1, "effect": "discard 2"}]).cards[0].steps == (Step("discard"),) * 2


BAD = [
    ({"effect": "fireball"}, "row 1 (Mark), column 'effect': 'fireball' is no effect; the effects are place"),
    ({"effect": "place row x"}, "row 1 (Mark), column 'effect': 'row x' is no place"),
    ({"count": 0}, "row 1 (Mark), column 'count': 0 is not a count of cards; a count is a whole number of 1 or more"),
    ({"count": 2.5}, "row 1 (Mark), column 'count': 2.5 is not a count"),
    ({"count": "two"}, "row 1 (Mark), column 'count': 'two' is not a count"),
    ({"count": -3}, "row 1 (Mark), column 'count': -3 is not a count"),
    ({"text": "Place\x07 it"}, "row 1 (Mark), column 'text': the text holds the control character U+0007"),
    ({"name": "Ma\x1brk"}, "row 1, column 'name': the text holds the control character U+001B"),
    ({"name": ""}, "row 1, column 'name': a card needs a name"),
    ({"colour": "plaid"}, "row 1 (Mark), column 'colour': 'plaid' is no colour"),
]


@pytest.mark.parametrize(("change", "words"), BAD, ids=[w.split(": ")[0] + " " + str(c) for c, w in BAD])
def test_a_bad_cell_is_refused_naming_its_row_and_column(change, words):
    table = [dict(EVERY_EFFECT[0], **change), *EVERY_EFFECT[1:]]
    with pytest.raises(CardTableError) as refused:
        card_game("bad-deck", "Bad", table)
    assert str(refused.value).startswith(words), str(refused.value)


def test_a_name_used_twice_is_refused_naming_both_rows():
    table = [*EVERY_EFFECT, {"name": "mark", "count": 1, "effect": "place"}]
    with pytest.raises(CardTableError, match=r"^row 13 \(mark\), column 'name': the name 'mark' is used twice "
                                             r"\(rows 1 and 13\)"):
        make_deck(table)


def test_a_deck_too_small_for_the_hands_is_refused_naming_the_count_column():
    table = [{"name": "Mark", "count": 5, "effect": "place"}]
    with pytest.raises(CardTableError, match=r"^the column 'count' adds up to 5 cards, too few to deal 3 to each "
                                             r"of 2 players \(6\)"):
        card_game("small-deck", "Small", table)
    game = card_game("small-deck", "Small", table, hand=2)
    with pytest.raises(CardTableError, match="^the option 'deck' adds up to 3 cards, too few to deal 2 to each"):
        game.new_game(0, deck={"Mark": 3})


def test_a_table_without_the_required_columns_or_rows_says_which():
    with pytest.raises(CardTableError, match="^the table has no column 'effect' \\(its columns: name, count\\)"):
        make_deck([{"name": "Mark", "count": 2}])
    with pytest.raises(CardTableError, match="^the table has no rows"):
        make_deck(pd.DataFrame({"name": [], "count": [], "effect": []}))
    with pytest.raises(CardTableError, match="^row 2 is str 'Mark'"):
        make_deck([EVERY_EFFECT[0], "Mark"])
    with pytest.raises(CardTableError, match="^a card table is a pandas DataFrame, the path of a CSV file or a list"):
        make_deck(42)
    with pytest.raises(CardTableError, match="^there is no card table at"):
        make_deck("no/such/deck.csv")


def test_a_place_off_the_grid_is_refused_when_the_grid_is_set():
    table = [{"name": "Far", "count": 9, "effect": "place row 4"}]
    with pytest.raises(CardTableError, match=r"^row 1 \(Far\), column 'effect': row 4 is off a grid of 3 rows"):
        card_game("far-deck", "Far", table)
    game = card_game("far-deck", "Far", table, rows=4)
    with pytest.raises(CardTableError, match="row 4 is off a grid of 3 rows"):
        game.new_game(0, rows=3)


def test_a_python_effect_is_named_in_the_effect_column_or_given_in_the_row():
    def shout(state, seat):
        state.score(seat, 5)

    deck = make_deck([{"name": "Shout", "count": 2, "effect": "draw 1; shout"}], {"shout": shout})
    assert deck.cards[0].steps == (Step("draw", 1), Step("call", "shout"))
    deck = make_deck([{"name": "Shout", "count": 2, "effect": shout}])
    assert deck.cards[0].steps == (Step("call", "Shout"),) and deck.functions["Shout"] is shout
    with pytest.raises(CardTableError, match="or a Python effect: shout"):
        make_deck([{"name": "Shout", "count": 2, "effect": "yell"}], {"shout": shout})
