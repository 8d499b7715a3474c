"""The cards as data: the kit's decks and Objectives, and what a malformed card file is told."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest
from helpers import play
from tic_tac_ko.ko_scripts import CUTE_HAND, SUNBEAM, grid, hand, new

from tictac_nb import InvalidOption
from tictac_nb.games.tic_tac_ko.cards import (
    HERE,
    VERBS,
    CardError,
    builtin_decks,
    builtin_objectives,
    deck_from_table,
    decks_with,
)

PRINTED = {
    "King Creepy": ("evil", "special", "When this card enters the Grid, you may DESTROY any Character card on the "
                                       "Grid."),
    "Hare Raiser": ("cute", "special", "When this card enters the Grid, you may DISPLACE any adjacent Character "
                                       "card."),
    "Free Hugs": ("cute", "magic", "REPEL any Character card on the Grid, then play a Basic Cute card."),
    "Evil Spawn": ("evil", "magic", "DRAW 3 cards and DISCARD a card."),
    "Stink Bomb": ("cute", "magic", "REPEL or AWAKEN any Character card on the Grid."),
    "Cave of Nightmares": ("evil", "instant", "Play this card when a player hypnotizes a card. DESTROY that card. "
                                              "You may play a Basic Evil card from your hand."),
    "Friendship Circle": ("cute", "instant", "Play this card when any other player tries to play a card. Stop "
                                             "that player's card from being played and send it to their discard "
                                             "pile."),
    "Creeping Doom": ("evil", "instant", "Play this card when any other player tries to play a card. Stop that "
                                         "player's card from being played and send it to their discard pile. This "
                                         "card cannot be stopped."),
    "Scutters": ("evil", "basic", "Basic Evil card."),
    "Lil' Red": ("cute", "basic", "Basic Cute card."),
    "Mumbles": ("evil", "basic", "Basic Evil card."),
}


def test_two_decks_of_40_and_12_objectives():
    decks = builtin_decks()
    assert sorted(decks) == ["cute", "evil"]
    assert decks["cute"].size == decks["evil"].size == 40
    for deck in decks.values():
        kinds = Counter(card.type for card in deck.cards for _ in range(card.count))
        assert set(kinds) == {"basic", "special", "magic", "instant"}
        assert kinds["basic"] + kinds["special"] >= 25  # mostly Characters: they claim the spaces
    objectives = builtin_objectives()
    assert len(objectives) == 12 and len({o.name for o in objectives}) == 12
    for objective in objectives:
        assert all(s in "123456789" for s in objective.standard) and len(objective.standard) == 3
        assert set(objective.standard) < set(objective.advanced)
        assert any(s in "ABCDEFG" for s in objective.advanced)


def test_named_cards_keep_their_printed_effect():
    decks = builtin_decks()
    for name, (deck, kind, text) in PRINTED.items():
        card = decks[deck].cards[decks[deck].index[name]]
        assert (card.type, card.text, card.design) == (kind, text, "rulebook"), name
    designed = [c.name for d in decks.values() for c in d.cards if c.design != "rulebook"]
    assert designed and all(c.design == "kit" for d in decks.values() for c in d.cards if c.name in designed)
    assert {c.name for d in decks.values() for c in d.cards if c.design == "rulebook"} == set(PRINTED)


def test_named_effects_are_built_from_the_printed_verbs():
    decks = builtin_decks()
    cards = {c.name: c for d in decks.values() for c in d.cards}
    assert [(s.verb, s.target, s.optional) for s in cards["King Creepy"].enter] == [("destroy", "any", True)]
    assert [(s.verb, s.target, s.optional) for s in cards["Hare Raiser"].enter] == [("displace", "adjacent", True)]
    assert [(s.verb, s.card) for s in cards["Free Hugs"].effect] == [("repel", "basic"), ("play", "basic")]
    assert [(s.verb, s.count) for s in cards["Evil Spawn"].effect] == [("draw", 3), ("discard", 1)]
    assert [a.verb for a in cards["Stink Bomb"].effect[0].alternatives] == ["repel", "awaken"]
    cave = cards["Cave of Nightmares"]
    assert cave.trigger == "hypnotize" and [(s.verb, s.optional) for s in cave.effect] == [("destroy", False),
                                                                                          ("play", True)]
    assert cards["Creeping Doom"].unstoppable and not cards["Friendship Circle"].unstoppable
    assert [s.verb for s in cards["Friendship Circle"].effect] == ["stop"]


def test_every_step_uses_a_verb_of_the_rulebook():
    for deck in builtin_decks().values():
        for card in deck.cards:
            for step in card.steps:
                for verb in [a.verb for a in step.alternatives] or [step.verb]:
                    assert verb in VERBS


def _card(**fields):
    lines = ["[[card]]", 'deck = "cute"']
    lines += [f"{key} = {value}" for key, value in fields.items()]
    return "\n".join(lines)


BASE = {"name": '"Sunbeam"', "type": '"magic"', "count": "2", "text": '"Some text."'}


@pytest.mark.parametrize("fields, problem", [
    ({**BASE, "effect": '[ { verb = "zap" } ]'},
     "card 'Sunbeam' (cards option): unknown verb 'zap'; the verbs are DRAW, DISCARD, DESTROY"),
    ({**BASE, "type": '"spell"'}, "card 'Sunbeam' (cards option): type must be one of basic, special, magic"),
    ({**BASE, "count": '"two"'}, "card 'Sunbeam' (cards option): count must be a whole number from 0 to 40"),
    ({**BASE}, "card 'Sunbeam' (cards option): effect is a list of one or more steps"),
    ({**BASE, "effect": '[ { verb = "destroy", owner = "own" } ]'},
     "DESTROY takes only the opposing team's cards"),
    ({**BASE, "effect": '[ { verb = "destroy", target = "adjacent" } ]'},
     "only Special Characters have a place on the Grid"),
    ({**BASE, "effect": '[ { verb = "stop" } ]'}, "STOP is only for Instants whose trigger is \"play\""),
    ({**BASE, "effect": '[ { verb = "draw", count = 99 } ]'}, "DRAW count must be a whole number from 1 to 10"),
    ({**BASE, "effect": '[ { verb = "draw", colour = "red" } ]'}, "DRAW takes no colour"),
    ({**BASE, "effect": '[ { one_of = [ { verb = "draw" }, { verb = "repel" } ] } ]'},
     "one_of may choose only among single-target Grid verbs"),
    ({**BASE, "effect": '[ { verb = "swap" } ]'}, "SWAP needs with = \"any\" or \"adjacent\""),
    ({**BASE, "effect": '[ { verb = "draw", if_previous = true } ]'}, "the first step cannot say if_previous"),
    ({**BASE, "effect": '[ { verb = "draw" } ]', "trigger": '"play"'}, "a Magic card has no 'trigger'"),
    ({**BASE, "type": '"instant"', "effect": '[ { verb = "stop" } ]'}, "an Instant needs trigger = one of play"),
    ({**BASE, "type": '"special"'}, "a Special Character needs an enter effect or an ongoing effect"),
    ({**BASE, "type": '"special"', "ongoing": '{ protect = ["zap"], scope = ["self"] }'},
     "ongoing protect lists verbs from destroy"),
    ({**BASE, "flavour": '"sweet"', "effect": '[ { verb = "draw" } ]'}, "unknown field 'flavour'"),
    ({"name": '"Sunbeam"', "type": '"basic"', "count": "2"}, "every card needs its text"),
])
def test_malformed_cards_are_refused_naming_card_and_problem(fields, problem):
    with pytest.raises(InvalidOption) as refused:
        new(cards=_card(**fields))
    assert str(refused.value).startswith("option 'cards' ")
    assert problem in str(refused.value)


def test_malformed_card_text_and_decks():
    with pytest.raises(InvalidOption, match="the cards text is not valid TOML"):
        new(cards="[[card]\nname = 1")
    with pytest.raises(InvalidOption, match="deck must be one of cute, evil, not 'goblin'"):
        new(cards='[[card]]\ndeck = "goblin"\nname = "X"')
    with pytest.raises(InvalidOption, match="option 'cards' must be TOML text"):
        new(cards=5)


def test_a_deck_file_with_a_bad_card_names_the_file_and_card():
    text = (HERE / "evil.toml").read_text().replace('verb = "destroy", target = "any", optional = true',
                                                    'verb = "obliterate", target = "any", optional = true', 1)
    with pytest.raises(CardError, match=r"card 'King Creepy' \(evil.toml\): unknown verb 'obliterate'"):
        deck_from_table(tomllib.loads(text), "evil.toml")
    doubled = (HERE / "cute.toml").read_text() + '\n[[card]]\nname = "Button"\ntype = "basic"\ncount = 1\n' \
                                                 'design = "kit"\ntext = "Again."\n'
    with pytest.raises(CardError, match="card 'Button' .*two cards of the Cute deck have this name"):
        deck_from_table(tomllib.loads(doubled), "cute.toml")




def test_a_new_card_from_the_cards_option_plays():
    decks = decks_with(SUNBEAM)
    assert decks["cute"].size == 40 and decks["cute"].cards[-1].design == "custom"
    assert decks["evil"] is builtin_decks()["evil"]
    state = new(cards=SUNBEAM, first_team=1, cute=["Sunbeam"] + CUTE_HAND[:5] + ["Button", "Dewdrop"],
                layout={"5": "Lil' Red (hypnotized)"})
    play(state, "draw", "play Sunbeam", "pass", "awaken 5")
    assert grid(state) == {"5": "Lil' Red"} and "Dewdrop" in hand(state, 1) and len(state.hands[1]) == 7


def test_a_whole_new_deck_from_the_cards_option():
    text = '[deck]\nname = "bugs"\ntitle = "Bugs"\n[[card]]\nname = "Beetle"\ntype = "basic"\ncount = 40\n' \
           'text = "Basic Bug card."\n'
    state = new(cards=text, decks=("bugs", "cute"))
    assert state.player_names == ("Bugs", "Cute") and hand(state, 0) == ["Beetle"] * 7


@pytest.mark.parametrize(("field", "escape", "shown"), [
    ("name", "\\u0000", "U+0000"), ("name", "\\u0007", "U+0007"), ("name", "\\t", "a tab"),
    ("name", "\\n", "a line break"), ("text", "\\u0000", "U+0000"), ("text", "\\u0007", "U+0007"),
    ("text", "\\u001b", "U+001B"), ("text", "\\r", "a carriage return"), ("text", "\\u007f", "U+007F"),
    ("text", "\\u0085", "U+0085"), ("text", "\\uffff", "U+FFFF"), ("design", "\\u0008", "U+0008"),
])
def test_control_characters_in_home_made_cards_are_refused(field, escape, shown):
    """A TOML escape puts a control character into a card; XML forbids most of them, so no SVG could show it."""
    fields = {**BASE, "effect": '[ { verb = "draw" } ]', field: f'"Sun{escape}beam"'}
    with pytest.raises(InvalidOption) as refused:
        new(cards=_card(**fields))
    message = str(refused.value)
    name = "Sunbeam" if field != "name" else repr(tomllib.loads(f'x = "Sun{escape}beam"')["x"])[1:-1]
    assert message.startswith(f"option 'cards' card '{name}' (cards option): its {field} holds the control "
                              f"character {shown}")
    assert message.isprintable()


def test_a_card_text_may_break_lines_and_hold_tabs():
    text = '"""Sun\n\tbeam: DRAW a card."""'
    state = new(cards=_card(**{**BASE, "effect": '[ { verb = "draw" } ]', "text": text}))
    assert "Sunbeam" in [card.name for card in state.decks[1].cards]


def test_control_characters_in_a_home_made_deck_header_are_refused():
    text = (HERE / "cute.toml").read_text(encoding="utf-8").replace('title = "Cute"', 'title = "Cu\\u0000te"', 1)
    assert text != (HERE / "cute.toml").read_text(encoding="utf-8")
    with pytest.raises(InvalidOption, match=r"the \[deck\] title holds the control character U\+0000"):
        new(cards=text)
