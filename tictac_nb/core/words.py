"""A player's words, said once: each rule option's label and help line, each bot's display name and each
seat's name, as every screen shows them (the room lobby, the site's and Voila's play pages, `PlayPage`,
`DesignLab`).

A game's options carry, in its folder, a label, a help line and words for their values in a player's words
(`Option.label`, `Option.help`, `Option.words`) beside the `doc` written for programmers; an option with no
`help` of its own shows its `doc`.
"""

from __future__ import annotations

import re
from typing import Any

from .engine import Game, Option, State

BOTS = {"human": "a player", "default": "the game's bot", "random": "random", "mcts": "quick MCTS"}
"""A seat's choices by spec, as every menu names them ("mcts:N": MCTS with N iterations)."""
QUICK_MCTS = "mcts:300"
"""The room lobby's "quick MCTS" seat."""

ROOM = {
    "auto_pass": ("Pass for players who can only pass",
                  "When a player's only move is to pass, the room passes for them after the same short pause, "
                  "whatever they hold: nothing is given away."),
    "watch": ("Spectator link (for the projector)", "Shows the onlooker's board: no hand, no secret."),
    "remove": ("Remove the room", "Remove this room for good? Its seat and spectator links stop at once; its "
               "finished games stay saved."),
}
"""The room lobby's own settings: (label, help line). Auto-pass is worded per game: `auto_pass_words`."""

PASSES = (*ROOM["auto_pass"], "passing is the only move")
"""Auto-pass for a game that does not word it itself (`Game.passing_words`)."""

DEAD_ENDS = {
    "locked": "The teacher locked this seat: ask them to unlock it. This page comes back by itself.",
    "freed": "The teacher freed this seat for another screen: ask your teacher before you reload this page.",
    "reissued": "The teacher gave this seat a new link: this one opens nothing now. Ask your teacher for it.",
    "taken": "This seat was opened on another screen. To play here instead, reload this page.",
    "removed": "The teacher removed this room. Ask your teacher for a link to another room.",
    "no_room": "There is no room here: the teacher removed it, or the link is cut short. Ask your teacher for "
               "a new link.",
    "no_seat": "This link opens no seat of this room: it is old or cut short. Ask your teacher for your seat's "
               "link.",
    "no_watch": "This spectator link is not this room's: it is old or cut short. Ask your teacher for it.",
    "full": "This room has as many spectators as it takes. Ask your teacher to close a screen watching it.",
    "no_replay": "This room has no finished game to replay yet: come back once its game is over.",
    "not_found": "There is nothing at this address. Check the link, or ask your teacher for it.",
    "bad_request": "This request was not understood. Check the link, or ask your teacher for it.",
    "failed": "The server could not answer this. Reload the page, and tell your teacher if it happens again.",
    "no_assignment": "There is no arena here: the teacher removed this assignment, or the link is cut short. Ask "
                     "your teacher for a new link.",
    "no_entry": "This link opens no entry of this arena: it is old or cut short. Ask your teacher for your link.",
}
"""What a room's page says where it stops (a seat closed, a room gone, a bad link): what happened and what to
do, in one sentence each. A page closed over its WebSocket gets it as the close reason (at most 123 bytes)."""


ARENA = {
    "frozen": "The deadline of this assignment has passed: the ladder is frozen for grading and takes no new bot.",
    "too_large": "This bot is refused: it is {size} bytes packed, over the limit of {limit} bytes. Keep large "
                 "tables out of it, or build them when the bot starts.",
    "not_pickle": "This bot is refused: its bytes do not unpickle ({why}). Make the file with arena.save(bot, "
                  "path), or submit with arena.submit(bot, ...).",
    "not_loaded": "This bot is refused: it {why} when it is loaded. Check that it runs in a fresh notebook.",
    "trial": "This bot is refused: on a trial position it {why}.",
    "name_taken": "This name is another entry's: choose another name for your bot.",
    "bad_name": "Name your bot: 1 to {limit} printable characters.",
    "bad_body": "This submission was not understood: send it with arena.submit(bot, name=..., link=...) or the "
                "upload form of your arena page.",
    "no_link": "This submission needs your arena link (the one your teacher handed out): pass link=...",
}
"""What the arena says when it refuses a submission: what happened and what to do, in one sentence each."""


def auto_pass_words(game: Game) -> tuple[str, str, str] | None:
    """Auto-pass for `game`: (label, help line, why the mover passes), or None where it has no answer windows
    (no "answer" phase), so no player is ever left with only a pass to make and the lobby offers no such box."""
    if "answer" not in game.phases:
        return None
    return game.passing_words or PASSES


PAST = {"play": "played", "mark": "marked", "peek": "peeked", "write": "wrote", "place": "placed",
        "discard": "discarded", "switch": "switched", "end": "ended", "draw": "drew", "pass": "passed",
        "skip": "skipped", "answer": "answered", "destroy": "destroyed", "repel": "repelled",
        "hypnotize": "hypnotized", "swap": "swapped", "sacrifice": "sacrificed", "displace": "displaced",
        "awaken": "awakened", "steal": "stole"}
"""The verbs the games' `describe()` opens with, in the past: how a played action is told."""


def told(mover: str, words: str, yours: bool = False) -> str:
    """An action just played, as one screen tells it. `words` is the action's `describe()`, said to the mover
    ("play Pirate on your table"); the mover's own screen reads "You played Pirate on your table.", every other
    "Player 2 played Pirate on their table.". A verb `PAST` does not know keeps the mover's words after "chose"."""
    who = "You" if yours else mover
    verb, space, rest = words.partition(" ")
    bare = verb.rstrip(",")
    past = PAST.get(bare.lower())
    if past is None:
        return f"{who} chose: {words}."
    rest = verb[len(bare):] + space + (rest if yours else re.sub(r"\byour\b", "their", rest))
    return f"{who} {past.upper() if bare.isupper() else past}{rest}."


def new_game_asked(asking: list[str], waiting: list[str]) -> str:
    """Who asks for a new game in a room and who it waits for, as every seat and the teacher read it."""
    def verb(names: list[str]) -> str:
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        return f"{listed} {'asks' if len(names) == 1 else 'ask'}"

    return f"{verb(asking)} for a new game: it starts once {verb(waiting)} too, or the teacher starts it"


def option_label(name: str, option: Option) -> str:
    """The option's label in a player's words (its own, else its name spelt out)."""
    return option.label or name.replace("_", " ").capitalize()


def option_help(option: Option) -> str:
    """The option's help line in a player's words: its own `help`, else its `doc`."""
    return option.help or option.doc


def bot_words(spec: Any) -> str:
    """A bot's display name from its spec ("default", "random", "mcts:N", or a bot object's class)."""
    if isinstance(spec, str):
        if spec in BOTS:
            return BOTS[spec]
        if spec == QUICK_MCTS:
            return BOTS["mcts"]
        if spec.startswith("mcts:") and spec[5:].isdigit():
            return f"MCTS, {int(spec[5:])} iterations"
        return spec
    return f"a student's bot ({type(spec).__name__})"


def seat_name(state: State, seat: int | None) -> str:
    """A seat's name as the game says it; the onlooker's for None."""
    return "the onlooker" if seat is None else state.player_name(seat)
