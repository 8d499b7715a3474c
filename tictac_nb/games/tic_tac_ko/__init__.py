"""Tic Tac K.O.: Cute vs Evil, registered as "tic-tac-ko"."""

from ...core.engine import CoachPlayouts, Game, Option, boolean, choice_of, int_between
from .bots import KOBot
from .observation import encoding
from .render import render
from .rules import TicTacKO, check_cards, check_decks, check_layout, check_objectives, check_order

GAME = Game(
    name="tic-tac-ko",
    title="Tic Tac K.O.",
    state_class=TicTacKO,
    render=render,
    observation=encoding,
    hidden_information=True,
    bots={"KOBot": KOBot},
    default_bot=KOBot,
    phases=("start", "action", "more", "answer", "effect"),
    players=(2, 3, 4),
    move_cap=5000,  # action_cap
    copies_replay=False,  # determinize deals hands no seed deals
    # no hint chances: a game played out by KOBot takes some 30 ms, too long for half a second per hint;
    # playouts cut after 24 actions (the bot's chance then), as a whole game takes about 100 ms
    passing_words=("Pass for players who hold no answer",
                   "When a player's only move is to pass (no Instant that could answer), the room passes for them "
                   "after the same short pause, whatever their hand holds: nothing is given away.",
                   "no answer"),
    coach_playouts=CoachPlayouts(analysis=6, batch=2, cut=24),
    options={
        "players": Option(4, choice_of(2, 3, 4), "2, 3 or 4 players in two teams", label="Players",
                          help="2, 3 or 4 players, in two teams."),
        "grid": Option("standard", choice_of("standard", "advanced"), "standard 3x3 Grid or advanced 4x4 Grid",
                       label="Grid", words=(("standard", "standard, 3 by 3"), ("advanced", "advanced, 4 by 4")),
                       help="The standard Grid has 9 squares; the advanced one 16 and more cards."),
        "decks": Option(("evil", "cute"), check_decks, "the decks of team A (seats 0, 2) and team B (seats 1, 3)"),
        "first_team": Option(None, int_between(0, 1, allow_none=True), "the team that starts: 0 (A), 1 (B), "
                                                                        "None: by seed",
                             label="Team to start", words=((None, "at random"), (0, "the first deck's team"),
                                                           (1, "the second deck's team")),
                             help="Which team plays first."),
        "order": Option(None, check_order, "per team, card names put on top of its deck, top first "
                                           "(hands are dealt from the top, seat by seat)"),
        "objectives": Option(None, check_objectives, "per team, the name of its first Objective"),
        "layout": Option(None, check_layout, "cards on the Grid at the start, e.g. {'5': 'Scutters', "
                                             "'1': \"Lil' Red (hypnotized)\"}"),
        "skip_unable": Option(False, boolean, "do not ask players who hold no Instant that could answer",
                              label="Skip players who hold no answer (it shows they hold none)",
                              help="Only players holding an Instant that could answer are asked. Quicker, but it "
                                   "gives away who holds no answer: everyone sees who was skipped."),
        "cards": Option(None, check_cards, "TOML text adding or changing cards (see cards.py)"),
        "action_cap": Option(5000, int_between(50, 1_000_000), "a game reaching this many actions is a draw",
                             label="Actions before a draw", help="A game that runs this long is a draw."),
    },
    variants={"2 players": {"players": 2}, "3 players": {"players": 3},
              "advanced Grid": {"grid": "advanced"}, "Cute against Cute": {"decks": ("cute", "cute")}},
)
