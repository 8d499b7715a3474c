"""The HTML of the room server's pages: a seat's (or a spectator's) and the lobby's. Links are relative,
so the pages work at any prefix (behind jupyter-server-proxy too)."""

from __future__ import annotations

import html

from ..core.engine import Choice, Game, WholeNumber, boolean
from ..core.registry import GAMES
from ..core.words import BOTS, QUICK_MCTS, ROOM, auto_pass_words, option_help, option_label

HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="../static/board.css">
<link rel="stylesheet" href="../static/rooms.css">
</head>
"""

SEAT = HEAD + """<body>
<main>
<h1 id="seat">{title}</h1>
<p id="connection" role="status">Connecting…</p>
<div id="board"></div>
</main>
<script type="module" src="../static/seat.js"></script>
</body>
</html>
"""

LOBBY = HEAD.format(title="tictac_nb rooms: lobby").replace('href="../static/', 'href="static/') + """<body>
<main>
<h1>Rooms</h1>
<p id="connection" role="status"></p>
<form id="open">
<label>Game <select name="game" id="game"></select></label>
<div id="options"></div>
<div id="bots"></div>
<div id="room-settings"></div>
<button type="submit">Open a room</button>
</form>
<p id="error" role="alert"></p>
<div id="rooms"></div>
</main>
<script type="module" src="static/lobby.js"></script>
</body>
</html>
"""


ARENA = HEAD + """<body data-kind="arena">
<main>
<h1 id="title">Arena</h1>
<p id="rules"></p>
<p id="connection" role="status">Loading…</p>
<section id="teacher" hidden></section>
<h2 id="ladder-title" hidden>Ladder</h2>
<div class="table-wrap"><table id="ladder" hidden></table></div>
<section id="you" hidden></section>
<h2 id="matches-title" hidden>Recent games</h2>
<ul id="matches"></ul>
</main>
<script type="module" src="../static/arena.js"></script>
</body>
</html>
"""


def arena_page(one: bool) -> str:
    """The arena's page: an assignment's ladder (`one`, at /arena/ID) or the teacher's list (at /arena)."""
    page = ARENA.format(title="tictac_nb arena")
    return page if one else page.replace('"../static/', '"static/')


DEAD_END = HEAD + """<body>
<main>
<h1>{title}</h1>
<section class="dead-end" role="alert"><p>{words}</p></section>
</main>
</body>
</html>
"""


def dead_end_page(words: str, depth: int) -> str:
    """A page that says what happened and what to do (`tictac_nb.core.words.DEAD_ENDS`), never a bare error: in the
    rooms' look, its style found from `depth` folders down (1 for /seat/ROOM), so it works at any prefix."""
    page = DEAD_END.format(title="tictac_nb rooms", words=html.escape(words))
    return page.replace('href="../static/', f'href="{"../" * depth}static/')


def seat_page(title: str, kind: str) -> str:
    words = f"{title}: {'watching' if kind == 'watch' else 'your seat'}"
    return SEAT.format(title=html.escape(words))


def game_forms() -> dict:
    """Each game's options the lobby offers (those whose check names their values, as the play pages do), and
    its auto-pass box in its own words (None where it has no answer windows), for the games registered now: a
    game a notebook registers after the server started is offered too."""
    return {name: _form(game) for name, game in GAMES.items()}


def lobby_words() -> dict:
    """The lobby's own words (`tictac_nb.core.words`): the seat choices, and each room setting's label and help."""
    seats = [["", BOTS["human"]], ["default", BOTS["default"]], ["random", BOTS["random"]], [QUICK_MCTS, BOTS["mcts"]]]
    room = {key: {"label": label, "help": help_line} for key, (label, help_line) in ROOM.items()}
    return {"seats": seats, "room": room}


def game_words(game: str, options: dict) -> str:
    """A game and the options that differ from its defaults, in the words of its form ("TIC TOC; Players: 3"),
    so that an assignment says what its ladder plays."""
    if game not in GAMES:
        return game
    form = _form(GAMES[game])
    said = [f"{described['label']}: {_value_words(described, value)}" for key, value in options.items()
            if (described := form["options"].get(key)) is not None and value != described["default"]]
    return "; ".join([form["title"], *said])


def _value_words(described: dict, value: object) -> str:
    if described["kind"] == "choice" and value in described["values"]:
        return described["words"][described["values"].index(value)]
    if described["kind"] == "bool":
        return "yes" if value else "no"
    return str(value)


_FORMS: dict[str, tuple[Game, dict]] = {}
"""Each game's form once worked out, with the very game it is for (a game registered again gets a new one)."""


def _form(game: Game) -> dict:
    known = _FORMS.get(game.name)
    if known is not None and known[0] is game:
        return known[1]
    options = {}
    for key, option in game.options.items():
        check, words = option.check, dict(option.words)
        said = {"label": option_label(key, option), "help": option_help(option), "default": option.default}
        if check is boolean:
            options[key] = {"kind": "bool", **said}
        elif isinstance(check, Choice):
            options[key] = {"kind": "choice", "values": list(check.values),
                            "words": [words.get(value, str(value)) for value in check.values], **said}
        elif isinstance(check, WholeNumber) and option.default is not None:
            options[key] = {"kind": "int", "low": check.low, "high": check.high, **said}
    players = game.options.get("players")
    passing = auto_pass_words(game)
    form = {"title": game.title, "options": options,
            "players": players.default if players else game.new_game(0).num_players,
            "auto_pass": None if passing is None else {"label": passing[0], "help": passing[1]}}
    _FORMS[game.name] = (game, form)
    return form
