"""Rooms a class can run all term: auto-pass, the teacher's controls, one connection a seat, spectators on
a link of the room's own who cost the seats one view, undo that deals the unseen again, a new game only by
every human seat (or the teacher), and finished rooms that stay after a restart until removed."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from rooms.wire import Client, Closed, run, served

from tictac_nb import Board, from_record, new_game
from tictac_nb.core.bots import RandomBot
from tictac_nb.core.front_end import CLOSE_FREED, CLOSE_FULL, CLOSE_LOCKED, CLOSE_REISSUED, CLOSE_REMOVED
from tictac_nb.core.words import DEAD_ENDS, told
from tictac_nb.notebook.table import AUTO_PASS_DELAY
from tictac_nb.rooms import room as room_module
from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.room import View
from tictac_nb.rooms.server import CLOSE_TOKEN


def forced(state) -> bool:
    return tuple(state.legal_actions()) == ("pass",)


# ---- auto-pass -------------------------------------------------------------------------------------------
def test_a_room_passes_for_a_human_who_can_only_pass_and_only_then():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-ko", {"players": 4}, seed=6)
        assert room.auto_pass  # on by default
        rng = random.Random(6)
        clicks = passes = 0
        async with served(hall) as port:
            seats = [await Client.seat(port, room, seat) for seat in range(4)]
            while len(room.state.history) < 24 and room.state.outcome is None:
                state = room.state
                played = len(state.history)
                if forced(state):  # nobody clicks: the room passes after its pause
                    mover, words = state.to_move, state.describe("pass")
                    while seats[mover].values["played"] <= played:
                        await seats[mover].next()
                    assert room.state.history[played] == "pass"
                    assert seats[mover].values["said"] == told(state.player_name(mover), words, yours=True)
                    passes += 1
                else:
                    await seats[state.to_move].act(rng.choice([a for a in state.legal_actions()]))
                    clicks += 1
        print(f"{clicks} clicks, {passes} passes made by the room")
        assert passes > 5 and clicks > 5

    run(scenario())


def test_auto_pass_can_be_switched_off_and_on_for_a_room():
    hall = Hall(None, bot_delay=0)
    room = hall.open("tic-tac-ko", {"players": 4}, seed=6, auto_pass=False)
    rng = random.Random(1)
    while not forced(room.state):
        room.state.play(rng.choice(room.state.legal_actions()))
    room.play_bots()  # what waits for nobody: with auto-pass off, not a pass
    assert forced(room.state) and room.settings()["auto_pass"] is False
    played = len(room.state.history)
    room.set_auto_pass(True)
    room.play_bots()
    assert room.state.history[played] == "pass"


def test_the_pause_is_the_same_whatever_the_hand_holds(monkeypatch):
    pauses = []

    async def sleep(seconds):
        pauses.append(seconds)

    monkeypatch.setattr(room_module.asyncio, "sleep", sleep)

    async def scenario():
        hall = Hall(None, bot_delay=0)
        for seed in range(4):
            room = hall.open("tic-tac-ko", {"players": 4}, seed=seed)
            rng = random.Random(seed)
            while not forced(room.state):
                room.state.play(rng.choice(room.state.legal_actions()))
            room.commit()
            await room._bot_task
    run(scenario())
    assert len(pauses) >= 4 and set(pauses) == {AUTO_PASS_DELAY}  # forced passes only, each after one pause


# ---- the teacher's controls --------------------------------------------------------------------------
def test_a_reissued_link_stops_the_old_one_at_once_and_seats_are_freed_and_locked():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3}, seed=2)
        async with served(hall) as port:
            old_token = room.seats[1].token
            seat = await Client.seat(port, room, 1)
            new_token = room.reissue(1)
            assert (await seat.closed()).code == CLOSE_REISSUED and new_token != old_token
            with pytest.raises(Closed) as refused:
                await Client.token(port, room.id, old_token)
            assert refused.value.code == CLOSE_TOKEN
            seat = await Client.token(port, room.id, new_token)
            room.free(1)
            assert (await seat.closed()).code == CLOSE_FREED
            seat = await Client.token(port, room.id, new_token)  # a freed seat's link opens it again
            room.lock(1)
            closed = await seat.closed()
            assert closed.code == CLOSE_LOCKED and closed.reason == DEAD_ENDS["locked"]
            with pytest.raises(Closed) as refused:  # a locked seat's link says so (its page tries again)
                await Client.token(port, room.id, new_token)
            assert refused.value.code == CLOSE_LOCKED and "unlock" in refused.value.reason
            room.lock(1, False)
            await Client.token(port, room.id, new_token)

    run(scenario())


def test_an_ended_room_is_read_only_and_a_removed_one_is_gone():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tyc", seed=2)
        async with served(hall) as port:
            mover = await Client.seat(port, room, room.state.to_move)
            room.end()
            await mover.next()
            frame = await mover.act(room.state.legal_actions()[0])
            assert "ended" in frame["set"]["message"] and room.state.history == []
            frame = await mover.ask({"type": "new", "turn": mover.values["turn"]})
            assert "ended" in mover.values["message"] and room.number == 0
            hall.remove(room.id)
            closed = await mover.closed()
            assert (closed.code, closed.reason) == (CLOSE_REMOVED, DEAD_ENDS["removed"]) and room.id not in hall.rooms

    run(scenario())


def test_a_new_game_needs_every_human_seat_or_the_teacher():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3}, bots={2: "random"}, seed=2)
        async with served(hall) as port:
            first, second = await Client.seat(port, room, 0), await Client.seat(port, room, 1)
            await first.ask({"type": "new", "turn": first.values["turn"]})
            asking = f"{room.state.player_name(0)} asks for a new game: it starts once {room.state.player_name(1)}"
            assert room.number == 0 and asking in first.values["status"] and "you asked" in first.values["message"]
            await second.next()  # the other seat sees the request at once, and so does the teacher's lobby
            assert asking in second.values["status"] and asking in hall.summary()[0]["asking"]
            await second.ask({"type": "new", "turn": second.values["turn"]})
            assert room.number == 1
            room.teacher_new_game()
            assert room.number == 2 and not hall.summary()[0]["asking"]
            while "new game" in first.values["status"]:  # the request is gone once a new game starts
                await first.next()

    run(scenario())


# ---- spectators -----------------------------------------------------------------------------------------
def test_spectators_need_the_rooms_spectator_link_and_are_capped(monkeypatch):
    monkeypatch.setattr(room_module, "MAX_SPECTATORS", 2)

    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tyc", seed=2)
        other = hall.open("tyc", seed=3)
        async with served(hall) as port:
            for hello in ({"type": "hello", "watch": True}, {"type": "hello", "watch": other.watch_token},
                          {"type": "hello", "watch": room.watch_token[:-1]}):
                with pytest.raises(Closed) as refused:
                    await Client.open(port, room.id, hello)
                assert refused.value.code == CLOSE_TOKEN
            watchers = [await Client.watch(port, room) for _ in range(2)]
            full = await Client.open(port, room.id, None)
            await full.send({"type": "hello", "watch": room.watch_token})
            assert (await full.closed()).code == CLOSE_FULL
            assert all(w.hello["seat"] == "the onlooker" for w in watchers)

    run(scenario())


def test_each_change_builds_one_view_for_all_spectators(monkeypatch):
    built = []
    refresh = View.refresh

    def counted(view):
        built.append(view.seat)
        refresh(view)

    monkeypatch.setattr(View, "refresh", counted)

    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-two", seed=2)
        async with served(hall) as port:
            seats = [await Client.seat(port, room, seat) for seat in range(2)]
            watchers = [await Client.watch(port, room) for _ in range(30)]
            del built[:]
            mover = room.state.to_move
            await seats[mover].act(room.state.legal_actions()[0])
            for client in [seats[1 - mover], *watchers]:
                await client.next()
            assert sorted(built, key=str) == sorted([0, 1, None], key=str)  # one view per seat, one for all watchers
            assert len({w.frames[-1] for w in watchers}) == 1
            assert watchers[0].values["svg"] == room.state.render_svg(None)

    run(scenario())


# ---- undo deals again --------------------------------------------------------------------------------------
def test_undo_on_a_board_deals_again_what_the_seat_has_not_seen():
    state = new_game("tic-tac-trek", seed=5)
    board = Board(state, bots={1: RandomBot(1)})
    rng = random.Random(5)
    while len(board.state.history) < 8:
        if board.state.to_move in board.bots:
            board.run_bots()
        else:
            board.act(rng.choice(board.state.legal_actions()))
    board.run_bots()
    board.undo()
    replayed = new_game("tic-tac-trek", seed=5)
    for action in board.state.history:
        replayed.play(action)
    assert board.state.view(0) == replayed.view(0)  # all the seat has seen stays
    assert board.state.bag != replayed.bag  # what comes next is dealt again
    again = from_record(json.loads(json.dumps(board.state.record())))
    assert again.key() == board.state.key()  # and the record replays it
    board.new_game()
    assert board.state.options["bag"] is None  # a new game takes the rules, not the dealt order


def act_then_undo(room, view, rng: random.Random):
    """Seat 0 plays a random action once its turn comes, the bots answer, and seat 0 undoes it; the state
    before the undo."""
    while room.state.to_move != 0:
        room.play_bots()
    room.handle(view, json.dumps({"type": "act", "target": rng.choice(room.state.legal_actions()),
                                  "turn": view.turn}))
    room.play_bots()
    assert view.can_undo
    before = room.state.clone()
    room.handle(view, json.dumps({"type": "undo", "turn": view.turn}))
    return before


def test_undo_in_a_room_deals_again_and_the_record_replays():
    hall = Hall(None, bot_delay=0)
    room = hall.open("tic-tac-two", bots={1: "random"}, seed=4)
    view = room.join(0, lambda frame: None)
    rng = random.Random(4)
    layouts = set()
    for _ in range(4):
        before = act_then_undo(room, view, rng)
        taken_back = before.clone()
        while len(taken_back.history) > len(room.state.history):
            taken_back.undo()
        assert room.state.to_move == 0 and room.state.view(0) == taken_back.view(0)  # what seat 0 saw stays
        assert from_record(room.state.record()).key() == room.state.key()  # the store can reopen it
        layouts.add(tuple(room.state.tiles))
    assert len(layouts) > 1  # each undo dealt the unseen tiles again


# ---- finished rooms stay -----------------------------------------------------------------------------------
def test_a_finished_room_stays_after_a_restart_until_the_teacher_removes_it(tmp_path):
    async def finish():
        hall = Hall(tmp_path, bot_delay=0)
        room = hall.open("tic-tac-two", bots={0: "random", 1: "random"}, seed=3)
        while room.state.outcome is None:
            await asyncio.sleep(0.01)
        hall.close()
        return room.id, room.state.record()

    room_id, record = run(finish())
    hall = Hall(tmp_path)
    room = hall.rooms[room_id]
    assert room.state.record() == record and room.state.outcome is not None

    async def visit():
        async with served(hall) as port:
            watcher = await Client.watch(port, room)
            assert watcher.values["svg"] == room.state.render_svg(None)
            from tornado.httpclient import AsyncHTTPClient

            replay = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/replay/{room_id}")
            assert replay.body.count(b"<svg") > 0 and b"script-src 'unsafe-inline'" in replay.headers[
                "Content-Security-Policy"].encode()
            export = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/export/{room_id}")
            assert "attachment" in export.headers["Content-Disposition"] and export.body == replay.body

    run(visit())
    hall.remove(room_id)
    hall.close()
    again = Hall(tmp_path)
    assert room_id not in again.rooms and again.store.games() == [record]  # the record stays for replays
    again.close()


@pytest.mark.parametrize(("name", "options"), [("tic-tac-ko", {"players": 2}), ("tic-toc", {"players": 3})])
def test_undo_in_a_room_deals_the_cards_to_come_again_where_copies_cannot_replay(name, options, tmp_path):
    hall = Hall(tmp_path, bot_delay=0)
    players = options["players"]
    room = hall.open(name, options, bots={seat: "random" for seat in range(1, players)}, seed=4)
    view = room.join(0, lambda frame: None)
    rng = random.Random(4)
    futures = set()
    for _ in range(5):
        before = act_then_undo(room, view, rng)
        assert view.message == "" and len(room.state.history) < len(before.history)
        taken_back = from_record({**before.record(), "moves": room.state.history})
        assert room.state.to_move == 0 and room.state.view(0) == taken_back.view(0)  # what seat 0 saw stays
        assert from_record(json.loads(json.dumps(room.state.record()))) == room.state
        futures.add(repr(room.state.draw[-4:] if name == "tic-toc" else room.state.piles))
    assert len(futures) > 1  # the cards to come were dealt again
    room_id, state = room.id, room.state.clone()
    hall.close()
    again = Hall(tmp_path)
    assert again.rooms[room_id].state == state and again.rooms[room_id].state.redeals == state.redeals
    again.close()
