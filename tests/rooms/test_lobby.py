"""The lobby: for the teacher's token only, it opens rooms with a game's options and bots, lists who has
joined which seat and how each game stands, and gives each seat's link as a QR code."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from rooms.wire import Client, run, served
from tornado.httpclient import AsyncHTTPClient, HTTPClientError

from tictac_nb.rooms.hall import Hall


async def fetch(port: int, path: str, token: str | None = None, method: str = "GET", body=None):
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    try:
        answer = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}{path}", method=method, headers=headers,
                                               body=None if body is None else json.dumps(body))
    except HTTPClientError as error:
        return error.code, error.response.body if error.response else b""
    return answer.code, answer.body


def test_the_lobby_needs_the_teachers_token_and_opens_rooms():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        async with served(hall) as port:
            for token in (None, "", "wrong", hall.teacher[:-1], "é"):
                code, body = await fetch(port, "/api/rooms", token)
                assert code == 401 and hall.teacher not in body.decode()
                code, _ = await fetch(port, "/api/rooms", token, "POST", {"game": "tyc"})
                assert code == 401 and not hall.rooms
            code, body = await fetch(port, "/lobby")
            assert code == 200 and b"lobby.js" in body and hall.teacher.encode() not in body
            for bad in ({"game": "chess"}, {"game": "tic-toc", "options": {"players": 9}},
                        {"game": "tic-toc", "bots": {"7": "default"}}, {"game": "tyc", "bots": {"1": "strong"}},
                        {"game": "tyc", "bots": {"1": {"code": "x"}}}, [1, 2], {"game": "tyc", "options": [1]}):
                code, body = await fetch(port, "/api/rooms", hall.teacher, "POST", bad)
                assert code == 400 and json.loads(body)["error"], bad
            assert not hall.rooms
            code, body = await fetch(port, "/api/rooms", hall.teacher, "POST",
                                     {"game": "tic-tac-ko", "options": {"players": 4, "grid": "advanced"},
                                      "bots": {"3": "default"}})
            assert code == 200
            room = hall.rooms[json.loads(body)["id"]]
            assert room.state.options["grid"] == "advanced" and room.seats[3].spec == "default"
            seat = await Client.seat(port, room, 1)
            code, body = await fetch(port, "/api/rooms", hall.teacher)
            data = json.loads(body)
            assert data["games"]["tic-tac-ko"]["options"]["grid"]["values"] == ["standard", "advanced"]
            [listed] = data["rooms"]
            assert [s["connected"] for s in listed["seats"]] == [0, 1, 0, 0]
            assert listed["seats"][3]["bot"] == "default" and listed["seats"][3]["token"] is None
            assert listed["status"] == room.state.status()
            assert room.seats[0].token not in "".join(seat.frames)

    run(scenario())


def test_each_seat_link_has_a_qr_code_for_the_teacher():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3})
        async with served(hall) as port:
            query = f"/api/qr?room={room.id}&seat=1&base=http%3A%2F%2F10.0.0.5%3A8765"
            code, _ = await fetch(port, query)
            assert code == 401
            code, body = await fetch(port, query, hall.teacher)
            assert code == 200
            assert ET.fromstring(body).tag.endswith("svg")
            for bad in ("seat=9", "seat=x", "base=javascript%3Aalert(1)", "base=", "room=nope&seat=1&base=http://a"):
                code, _ = await fetch(port, f"/api/qr?room={room.id}&seat=1&base=http://a&{bad}"
                                      if not bad.startswith("room") else f"/api/qr?{bad}", hall.teacher)
                assert code == 400, bad

    run(scenario())


def test_seat_and_spectator_pages_hold_no_token():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-ko", {"players": 4})
        async with served(hall) as port:
            for path in (f"/seat/{room.id}", f"/watch/{room.id}", "/static/seat.js", "/static/board.js"):
                code, body = await fetch(port, path)
                assert code == 200, path
                assert not any(seat.token.encode() in body for seat in room.seats)
            code, _ = await fetch(port, "/seat/nosuchroom")
            assert code == 404

    run(scenario())


def test_the_lobby_shows_each_room_live_and_its_controls_work_over_http():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-two", bots={1: "random"}, seed=2)
        async with served(hall) as port:
            seat = await Client.seat(port, room, 0)
            code, body = await fetch(port, "/api/rooms", hall.teacher)
            [shown] = json.loads(body)["rooms"]
            assert (shown["to_move"], shown["played"], shown["over"], shown["result"]) == (
                room.state.player_name(room.state.to_move), 0, False, None)
            assert [s["connected"] for s in shown["seats"]] == [1, 0] and shown["seats"][1]["bot_words"] == "random"
            assert shown["watch"] == room.watch_token and shown["auto_pass"] is True
            for ask, check in (({"do": "auto_pass", "on": False}, lambda: not room.auto_pass),
                               ({"do": "lock", "seat": 0}, lambda: room.seats[0].locked),
                               ({"do": "unlock", "seat": 0}, lambda: not room.seats[0].locked),
                               ({"do": "new_game"}, lambda: room.number == 1),
                               ({"do": "end"}, lambda: room.ended)):
                code, body = await fetch(port, "/api/room", hall.teacher, "POST", {"room": room.id, **ask})
                assert code == 200 and check(), ask
            code, body = await fetch(port, "/api/room", hall.teacher, "POST", {"room": room.id, "do": "reissue",
                                                                               "seat": 0})
            assert json.loads(body)["token"] == room.seats[0].token
            for bad in ({"do": "reissue", "seat": 1}, {"do": "lock", "seat": 7}, {"do": "explode"},
                        {"do": "auto_pass", "on": "yes"}):
                code, _ = await fetch(port, "/api/room", hall.teacher, "POST", {"room": room.id, **bad})
                assert code == 400, bad
            code, _ = await fetch(port, "/api/room", None, "POST", {"room": room.id, "do": "remove"})
            assert code == 401 and room.id in hall.rooms
            code, _ = await fetch(port, "/api/room", hall.teacher, "POST", {"room": room.id, "do": "remove"})
            assert code == 200 and room.id not in hall.rooms
            seat.close()

    run(scenario())
