"""A room over the wire: each seat sees what a `Board` bound to it shows, acts only for itself and only on
its turn, and every message is answered (or the connection closed) without a change of the game."""

from __future__ import annotations

import json
import logging
import random

import pytest
from rooms.wire import Client, run, served

import tictac_nb
from tictac_nb import Board
from tictac_nb.core.front_end import CLOSE_TAKEN_OVER
from tictac_nb.core.words import told
from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.room import Room, make_bot
from tictac_nb.rooms.server import BURST, CLOSE_BINARY, CLOSE_FLOOD, CLOSE_TOKEN, CLOSE_UNKNOWN_ROOM, MAX_MESSAGE
from tictac_nb.trust import sandbox


def test_a_seat_is_sent_what_a_board_bound_to_it_shows():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-ko", {"players": 4}, seed=3)
        async with served(hall) as port:
            seats = [await Client.seat(port, room, seat) for seat in range(4)]
            onlooker = await Client.watch(port, room)
            rng = random.Random(3)
            for _ in range(25):
                mover = room.state.to_move
                action = rng.choice(room.state.legal_actions())
                words = room.state.describe(action)
                await seats[mover].act(action)
                for seat, client in enumerate([*seats, onlooker]):
                    if seat != mover:
                        await client.next()
                for seat, client in enumerate(seats):
                    board = Board(room.state.clone(), seat=seat)
                    for name in ("svg", "status", "cover", "choosing", "played"):
                        assert client.values[name] == getattr(board, name), name
                    assert client.values["played"] == len(room.state.history)
                    # another seat's action is told from this seat's side: "Player 2 played ...", "You played ..."
                    assert client.values["said"] == told(room.state.player_name(mover), words, seat == mover)
                assert onlooker.values["svg"] == room.state.render_svg(None)
                assert onlooker.values["said"] == told(room.state.player_name(mover), words)
            assert [c.hello["seat"] for c in seats] == [room.state.player_name(s) for s in range(4)]
            assert onlooker.hello["seat"] == "the onlooker"

    run(scenario())


def test_a_seat_acts_only_for_itself_and_on_its_turn_and_onlookers_never():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3}, seed=5)
        async with served(hall) as port:
            seats = [await Client.seat(port, room, seat) for seat in range(3)]
            onlooker = await Client.watch(port, room)
            mover = room.state.to_move
            other = (mover + 1) % 3
            action = room.state.legal_actions()[0]
            before = room.state.record()
            frame = await seats[other].act(action)
            assert "turn" in frame["set"]["message"] or "this board plays" in frame["set"]["message"]
            await onlooker.send({"type": "act", "target": action, "turn": onlooker.values["turn"]})  # dropped
            for message in ({"type": "undo", "turn": seats[mover].values["turn"]},
                            {"type": "new", "turn": seats[mover].values["turn"]}):
                frame = await seats[mover].ask(message)
                assert frame["set"]["message"]
            stale = {"type": "act", "target": action, "turn": seats[mover].values["turn"] + 5}
            frame = await seats[mover].ask(stale)
            assert "earlier position" in frame["set"]["message"]
            assert room.state.record() == before
            await seats[mover].act(action)
            assert room.state.history == [action]

    run(scenario())


def test_undo_and_new_game_with_one_human_against_bots():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-two", bots={1: "random"}, seed=2)
        async with served(hall) as port:
            me = await Client.seat(port, room, 0)
            while room.state.to_move != 0:
                await me.next()
            await me.act(room.state.legal_actions()[0])
            # until the human is to move again and the page has seen the bot's whole reply
            def seen_the_reply() -> bool:
                return (room.state.to_move == 0 and me.values["played"] == len(room.state.history)
                        and me.values["can_undo"])

            while not seen_the_reply():
                await me.next()
            assert len(room.state.history) >= 2
            await me.ask({"type": "undo", "turn": me.values["turn"]})
            assert room.state.history == [] and me.values["played"] == 0, me.values["message"]
            await me.ask({"type": "new", "turn": me.values["turn"]})
            assert room.number == 1

    run(scenario())


def test_bots_in_seats_play_through_decide_and_the_game_ends():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3}, bots={0: "default", 1: "random", 2: "mcts:20"}, seed=1)
        async with served(hall) as port:
            onlooker = await Client.watch(port, room)
            while room.state.outcome is None:
                await onlooker.next()
            assert onlooker.values["status"] == room.state.status() and not onlooker.values["thinking"]

    run(scenario())


def test_a_student_bot_that_fails_stops_its_seat_and_says_so():
    def broken(state):
        raise RuntimeError("oops")

    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = Room.open(tictac_nb.GAMES["tic-tac-two"], bots={0: broken, 1: "random"}, seed=4, bot_delay=0)
        hall.rooms[room.id] = room
        async with served(hall) as port:
            onlooker = await Client.watch(port, room)
            room.schedule_bot()
            while "oops" not in onlooker.values["message"]:
                await onlooker.next()
            assert "could not move" in onlooker.values["status"] and room.state.history == []
        assert isinstance(room.bots[0], sandbox.SandboxBot), "a student's bot in a room plays from its sandbox"
        room.bots[0].close()

    run(scenario())


def test_bad_bot_specs_and_seats_are_refused():
    game = tictac_nb.GAMES["tyc"]
    for spec in ("mcts:0", "mcts:x", "strong", "mcts:99999999"):
        with pytest.raises(ValueError, match="a bot is"):
            make_bot(game, spec, 1)
    with pytest.raises(ValueError, match="keyed by seat"):
        Room.open(game, bots={5: "random"})
    with pytest.raises(tictac_nb.InvalidOption):
        Hall(None).open("chess")


def test_tokens_are_secret_and_wrong_ones_are_closed(caplog):
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-ko", {"players": 4}, seed=8)
        async with served(hall) as port:
            for hello in ({"type": "hello", "token": "nope"}, {"type": "hello"}, {"type": "hello", "token": 7},
                          {"type": "hello", "token": "é" * 10}, {"type": "hello", "token": room.seats[0].token[:-1]},
                          {"type": "hello", "token": room.seats[0].token, "seat": 2}):
                client = await Client.open(port, room.id, None)
                await client.send(hello)
                assert (await client.closed()).code == CLOSE_TOKEN
            client = await Client.open(port, "nosuchroom", None)
            assert (await client.closed()).code == CLOSE_UNKNOWN_ROOM
            seats = [await Client.seat(port, room, seat) for seat in range(4)]
            onlooker = await Client.watch(port, room)
            for _ in range(6):
                mover = room.state.to_move
                await seats[mover].act(room.state.legal_actions()[0])
                for seat, client in enumerate([*seats, onlooker]):
                    if seat != mover:
                        await client.next()
            for client in [*seats, onlooker]:
                every = "".join(client.frames)
                for other in range(4):
                    assert room.seats[other].token not in every
            summary = json.dumps(hall.summary())
            assert all(seat.token in summary for seat in room.seats)  # the lobby's data: the teacher's only
            return [seat.token for seat in room.seats]

    with caplog.at_level(logging.DEBUG):
        tokens = run(scenario())
    assert "GET /ws/" in caplog.text  # the access log was recorded, and holds no token
    assert not any(token in caplog.text for token in tokens)


def test_bad_frames_are_answered_or_closed_and_change_nothing():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3}, seed=6)
        async with served(hall) as port:
            seat = await Client.seat(port, room, room.state.to_move)
            record = room.state.record()
            for text in ("{", "null", "[]", "1e999", '{"type": "act"}', '{"type": "act", "target": 3, "turn": 0}',
                         "[" * 2000 + "]" * 2000, '{"type": "width", "width": NaN}', '{"type": "hello", "x": 1}',
                         json.dumps({"type": "act", "target": "x" * 300, "turn": 0}),
                         json.dumps({"type": "act", "target": "1", "turn": 2**60}),
                         json.dumps({"type": {"nested": [1, 2]}})):
                answers = seat.values["answers"]
                await seat.send(text)
                frame = await seat.next()
                assert seat.values["answers"] == answers + 1 and frame["set"]["message"], text[:30]
                assert room.state.record() == record
            big = await Client.seat(port, room, 0)
            await big.send(json.dumps({"type": "act", "target": "x", "turn": 0, "pad": "x" * MAX_MESSAGE}))
            assert (await big.closed()).code == 1009
            binary = await Client.seat(port, room, 0)
            await binary.send(b"\x00\x01")
            assert (await binary.closed()).code == CLOSE_BINARY
            flood = await Client.seat(port, room, 1)
            for _ in range(BURST + 20):
                await flood.send({"type": "cancel"})
            closed = await flood.closed()
            assert closed.code == CLOSE_FLOOD and "too many" in closed.reason
            assert room.state.record() == record
            await seat.act(room.state.legal_actions()[0])  # the server still serves the others
            assert len(room.state.history) == 1

    run(scenario())


def test_one_connection_a_seat_the_new_one_takes_over_and_the_old_is_told():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-ko", {"players": 2}, seed=1)
        async with served(hall) as port:
            phone, other = await Client.seat(port, room, 0), await Client.seat(port, room, 1)
            await phone.ask({"type": "width", "width": 320})
            await other.ask({"type": "width", "width": 1000})
            assert phone.values["svg"] == room.state.render_svg(0, None, 320)
            assert other.values["svg"] == room.state.render_svg(1, None, 1000)  # each connection its own width
            laptop = await Client.seat(port, room, 0)
            closed = await phone.closed()
            assert closed.code == CLOSE_TAKEN_OVER and "another screen" in closed.reason
            assert room.connected() == [1, 1] and laptop.values["svg"] == room.state.render_svg(0)
            mover = room.state.to_move
            await [laptop, other][mover].act(room.state.legal_actions()[0])
            assert len(room.state.history) == 1

    run(scenario())


def test_a_seat_is_sent_every_trait_a_board_syncs():
    from tictac_nb.core.front_end import TRAITS
    from tictac_nb.notebook.frontend import BoardFront

    assert sorted(TRAITS) == sorted(BoardFront.class_own_traits(sync=True))
