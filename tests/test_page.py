"""Play pages without a browser: `Dealer` (what every play page deals), `PlayPage` (Voila) and `SitePage`
(the static site, whose board syncs through a `PageComm` with no kernel)."""

from __future__ import annotations

import asyncio
import json
import random
import re

import pytest
from helpers import HIDDEN

import tictac_nb
from tictac_nb.core.engine import InvalidOption
from tictac_nb.core.words import BOTS
from tictac_nb.notebook.play import HUMAN, Dealer, PlayPage, game_number
from tictac_nb.web.page import MAX_MESSAGE, SitePage


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_each_seat_choice_names_a_different_bot_and_the_default_comes_first(name):
    game = tictac_nb.GAMES[name]
    bots = Dealer(name).bots
    made = [type(factory(1)) for factory in bots.values()]
    assert type(next(iter(bots.values()))(1)) is type(game.default_bot(seed=1))
    named = [b for b in bots if b not in (BOTS["mcts"], BOTS["random"])]  # generic ones may share a default's class
    assert len(set(made[:len(named)])) == len(named), f"{name}: a bot is offered twice: {list(bots)}"


def test_the_dealer_takes_menus_by_index_and_refuses_what_no_control_offers():
    dealer = Dealer("tic-toc")
    players = dealer.controls["players"]
    assert [words for words, _ in players.choices] == ["2", "3", "4"]
    assert dealer.options({"players": 2}) == {"players": 4}
    assert [seat["name"] for seat in dealer.seat_menus({"players": 1})] == ["Player 1", "Player 2", "Player 3"]
    for bad in ({"players": 3}, {"players": "4"}, {"players": True}, {"deck": 0}, {"nonsense": 1}):
        with pytest.raises(InvalidOption):
            dealer.options(bad)
    assert dealer.seat_menus({"players": 9}) == []
    with pytest.raises(InvalidOption, match="3 seats"):
        dealer.deal({"players": 1}, [HUMAN, HUMAN], seed=1)
    with pytest.raises(InvalidOption, match="a seat is played by"):
        dealer.deal({}, [HUMAN, "a bot of mine"], seed=1)
    board = dealer.deal({"players": 1}, [HUMAN, BOTS["mcts"], BOTS["random"]], seed=5)
    assert board.state.num_players == 3 and board.state.seed == 5 and set(board.bots) == {1, 2}


def test_a_play_page_deals_a_fresh_game_each_time_and_its_number_deals_it_again():
    page = PlayPage("tic-tac-two")
    first = page.board.state
    assert str(first.seed) not in page.dealt.value and "shown when it ends" in page.dealt.value
    page.new_game()
    assert page.board.state.seed != first.seed  # a million game numbers: a repeat is a one-in-a-million chance
    page.number.value = str(first.seed)
    page.new_game()
    assert page.board.state == first and page.number.value == ""
    assert f"This is game number {first.seed}." in page.dealt.value  # asked for: shown at once
    kept = page.board
    for typed in ("twelve", "-3", "²", "9" * 30):
        page.number.value = typed
        page.new_game()
        assert page.board is kept and "game number" in page.message.value, typed


def test_a_game_number_is_read_exactly_from_its_digits_up_to_the_largest_seed():
    largest = 2**64 - 1
    assert [game_number(t) for t in (None, "", " ", "7", " 0042 ", str(largest), 2**53 + 1)] == \
        [None, None, None, 7, 42, largest, 2**53 + 1]
    for typed in ("twelve", "-3", "1e5", "²", "１２", str(largest + 1), "9" * 30, 2.0, True, -1, [7]):
        with pytest.raises(InvalidOption, match="a game number is a whole number from 0 to 18446744073709551615"):
            game_number(typed)


def test_a_site_page_deals_a_game_above_2_to_the_53_by_its_exact_digits():
    page = Page("tyc")
    typed = "18446744073709551557"  # 20 digits; as a JavaScript number it would be ...551616
    dealt = page.deal(options={}, seats=[HUMAN, BOTS["random"]], seed=typed)
    assert dealt["state"]["game_number"] == typed and page.site.board.state.seed == int(typed)
    refused = page.deal(options={}, seats=[HUMAN, BOTS["random"]], seed="18446744073709551616")
    assert "a game number is a whole number" in refused["error"] and page.site.board.state.seed == int(typed)


def test_an_option_change_keeps_what_each_remaining_seat_chose():
    page = PlayPage("tic-toc", seed=1)
    page.options["players"].value = 4
    menus = list(page.seats.children)
    menus[3].value = HUMAN
    page.options["first_player"].value = 2
    assert list(page.seats.children) == menus and menus[3].value == HUMAN
    page.options["players"].value = 3
    assert list(page.seats.children) == menus[:3]


def all_bots(page: PlayPage) -> None:
    for menu in page.seats.children:
        menu.value = BOTS["random"]


def test_replaced_boards_stop_and_only_the_visible_board_plays():
    async def scenario():
        page = PlayPage("tic-tac-trek", seed=3)
        all_bots(page)
        replaced = []
        for _ in range(10):
            replaced.append(page.board)
            page.new.click()
        shown = page.board
        assert shown not in replaced and page.area.children == (shown,)
        await asyncio.sleep(1.2)   # four bot pauses of 0.25 s: the visible board plays a few moves
        assert shown.played >= 2
        assert [board.played for board in replaced] == [0] * 10
        assert not any(board.thinking for board in replaced)

    asyncio.run(scenario())


def test_a_closed_board_drops_the_move_it_had_scheduled():
    async def scenario():
        page = PlayPage("tic-tac-two", seed=1)
        all_bots(page)
        page.new.click()
        board = page.board
        assert board.thinking
        board.close()
        await asyncio.sleep(0.4)
        assert board.played == 0 and not board.thinking

    asyncio.run(scenario())


class Page:
    """A page with no kernel: what the board's front end receives."""

    def __init__(self, game: str) -> None:
        self.updates: list[dict] = []
        self.site = SitePage(game, lambda text: self.updates.append(json.loads(text)))

    def deal(self, **request) -> dict:
        return json.loads(self.site.deal(json.dumps(request)))

    def send(self, message) -> dict:
        self.updates.clear()
        self.site.receive(message if isinstance(message, str) else json.dumps(message))
        merged: dict = {}
        for update in self.updates:
            merged |= update
        return merged


def test_a_site_page_describes_its_controls_as_the_voila_page_offers_them():
    described = json.loads(SitePage("tic-tac-ko", print).describe())
    assert described["title"] == "Tic Tac K.O." and described["line"]
    assert [c["name"] for c in described["controls"]] == list(Dealer("tic-tac-ko").controls)
    grid = next(c for c in described["controls"] if c["name"] == "grid")
    assert grid["kind"] == "menu" and grid["choices"][grid["default"]] == "standard, 3 by 3"
    assert [s["default"] for s in described["seats"]] == [HUMAN] + [BOTS["default"]] * 3


def test_a_site_board_plays_through_its_page_comm_and_answers_every_message():
    page = Page("tic-tac-two")
    dealt = page.deal(options={}, seats=[HUMAN, HUMAN], seed=3)
    state = dealt["state"]
    assert state["game_number"] == "3" and state["svg"].startswith("<svg") and "_esm" in state
    update = page.send({"type": "act", "target": "5", "turn": state["turn"]})
    assert update["played"] == 1 and update["turn"] == state["turn"] + 1 and "svg" in update
    assert page.site.board.state.history == ["5"]
    answers = update["answers"]
    for bad in ("{", "[]", json.dumps({"type": "act", "target": "5", "turn": 0}), "x" * (MAX_MESSAGE + 1),
                json.dumps({"type": "act", "target": 5, "turn": update["turn"]}), "null"):
        reply = page.send(bad)
        assert reply["answers"] == answers + 1 and reply.get("message"), bad
        answers += 1
    assert page.site.board.state.history == ["5"]


def test_a_refused_deal_keeps_the_game_and_says_why():
    page = Page("tic-toc")
    page.deal(options={}, seats=[HUMAN, BOTS["random"]], seed=1)
    board = page.site.board
    for request in ({"options": {"players": 7}, "seats": [HUMAN, HUMAN]}, {"options": [], "seats": None},
                    {"options": {}, "seats": [HUMAN, HUMAN], "seed": -1}):
        assert "error" in page.deal(**request), request
        assert page.site.board is board
    assert "error" in json.loads(page.site.deal("[1, 2]")) and "error" in json.loads(page.site.deal("x" * 10_000))


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_every_control_speaks_a_players_words(name):
    game = tictac_nb.GAMES[name]
    for key, control in Dealer(name).controls.items():
        assert game.options[key].label == control.label and "_" not in control.label, f"{name}: {key} has no label"
        words = [w for w, _ in control.choices]
        assert "None" not in words and len(set(words)) == len(words), f"{name}: {key} offers {words}"
        if key == "first_player":
            players = tictac_nb.new_game(name, seed=1, **({"players": 4} if "players" in game.options else {}))
            assert words[1:] == [players.player_name(p) for p in range(len(words) - 1)]
    page = PlayPage(name, seed=1)
    assert [w.description for w in page.options.values()] == [c.label for c in page.dealer.controls.values()]


def played_to_the_end(board, click) -> None:
    """Click one of the board's targets at random (or lift its cover) until its game ends (a bot plays its
    seats at once where no event loop runs)."""
    rng = random.Random(5)
    for _ in range(600):
        if board.state.outcome is not None:
            return
        if board.cover:
            board.reveal()
        else:
            click(rng.choice(re.findall(r'data-target="([^"]+)"', board.svg)))
    raise AssertionError("the game did not end in 600 clicks")


@pytest.mark.parametrize("name", HIDDEN)
def test_a_fresh_games_number_is_shown_when_it_ends_and_one_asked_for_at_once(name, monkeypatch):
    """A game number deals the same game again, hidden cards and the cards to come included: a player who
    knew it while playing could learn them."""
    monkeypatch.setattr(tictac_nb.notebook.play.random, "SystemRandom",
                        lambda: random.Random(11))  # the same fresh deals
    page = Page(name)
    seats = [HUMAN] + [BOTS["random"]] * (len(json.loads(page.site.describe())["seats"]) - 1)
    dealt = page.deal(options={}, seats=seats)["state"]
    board = page.site.board
    assert (dealt["game_number"], dealt["dealt"]) == (None, "A new game: its game number is shown when it ends.")
    sent: list[dict] = []
    played_to_the_end(board, lambda target: sent.append(page.send({"type": "act", "target": target,
                                                                   "turn": board.turn})))
    *playing, last = sent
    assert all("game_number" not in update for update in playing) and len(playing) > 1
    assert last["game_number"] == str(board.state.seed) and last["dealt"] == f"This is game number {board.state.seed}."
    ended = board.state.seed
    fresh = page.send({"type": "new", "turn": board.turn})  # the board's own New game
    assert fresh["game_number"] is None and "played" in fresh and board.state.outcome is None
    assert board.state.seed != random.Random(ended).randrange(2**32)  # not drawn from the number just shown
    asked = page.deal(options={}, seats=seats, seed="271828")["state"]
    assert (asked["game_number"], asked["dealt"]) == ("271828", "This is game number 271828.")


def test_a_voila_play_page_shows_a_fresh_games_number_when_it_ends(monkeypatch):
    monkeypatch.setattr(tictac_nb.notebook.play.random, "SystemRandom", lambda: random.Random(11))
    page = PlayPage("tic-tac-two", seed=4)
    for menu in page.seats.children:
        menu.value = HUMAN  # both seats played by clicks here (a bot would need an event loop's turns)
    page.new_game()
    assert "shown when it ends" in page.dealt.value
    played_to_the_end(page.board, page.board.act)
    assert f"This is game number {page.board.state.seed}." in page.dealt.value


class Twinned:
    """A game whose deals are twins of the real ones for seat 0: they differ only where seat 0 cannot see."""

    def __init__(self, game) -> None:
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def new_game(self, seed, **options):
        state = self.game.new_game(seed, **options)
        return next(twin for twin in (state.determinize(0, random.Random(k)) for k in range(20))
                    if twin.key() != state.key())


@pytest.mark.parametrize("name", HIDDEN)
def test_a_fresh_deal_sends_the_human_the_same_frame_for_a_twin_it_cannot_tell_apart(name, monkeypatch):
    """The deal a play page sends its human (the board, and no game number) is the same for a twin game whose
    hidden parts differ: the bots' hands and the cards to come."""
    monkeypatch.setattr(tictac_nb.notebook.play.random, "SystemRandom",
                        lambda: random.Random(3))  # the same fresh deals
    pages = [Page(name), Page(name)]
    pages[1].site.dealer.game = Twinned(pages[1].site.dealer.game)
    seats = [HUMAN] + [BOTS["random"]] * (len(json.loads(pages[0].site.describe())["seats"]) - 1)
    mine, twin = (page.deal(options={}, seats=seats) for page in pages)
    boards = [page.site.board for page in pages]
    assert boards[0].state.key() != boards[1].state.key() and boards[0].state.to_move == 0
    for frame in (mine, twin):
        assert frame["state"].pop("layout").startswith("IPY_MODEL_")  # its layout widget's id: random per board
    assert mine == twin and mine["state"]["game_number"] is None
