"""The rooms' secrets at rest: a 0700 data folder of 0600 files (database, its -wal and -shm, the key, the
lock, server.json, server.log), no token in the database (a copied one opens nothing), a key that keeps every
link working across restarts, and no token in any log."""

from __future__ import annotations

import asyncio
import shutil
import stat
import urllib.error
import urllib.request

from browser_support import free_port
from rooms.wire import Client, Closed, RoomServer, run

from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.keys import KEY_FILE, Keys
from tictac_nb.rooms.store import DATABASE


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_folder_is_the_owners_only_and_so_is_every_file_in_it(tmp_path):
    data = tmp_path / "data"
    hall = Hall(data, bot_delay=0)
    room = hall.open("tic-tac-two", bots={1: "random"}, seed=3)
    for _ in range(3):
        room.handle(room.join(0, lambda frame: None), '{"type": "cancel"}')
        room.state.play(room.state.legal_actions()[0])
        hall.store.save(room)
    names = {path.name for path in data.iterdir()}
    assert {DATABASE, DATABASE + "-wal", DATABASE + "-shm", KEY_FILE, "server.lock"} <= names
    assert mode(data) == 0o700
    assert {path.name: mode(path) for path in data.iterdir()} == dict.fromkeys(names, 0o600)
    hall.close()


def test_the_database_holds_no_token_and_a_copy_of_it_opens_nothing(tmp_path):
    hall = Hall(tmp_path / "data", bot_delay=0)
    room = hall.open("tic-tac-ko", {"players": 4}, seed=3)
    tokens = [seat.token for seat in room.seats] + [hall.teacher, room.watch_token]
    hall.store.db.execute("PRAGMA wal_checkpoint")
    kept = b"".join(path.read_bytes() for path in (tmp_path / "data").glob(DATABASE + "*"))
    assert room.id.encode() in kept and not any(token.encode() in kept for token in tokens)
    hall.close()

    thief = tmp_path / "copy"
    thief.mkdir()
    for path in (tmp_path / "data").glob(DATABASE + "*"):
        shutil.copy(path, thief / path.name)
    stolen = Hall(thief)  # the room comes back, but under a key of its own: none of the links opens it
    copied = stolen.rooms[room.id]
    assert not any(copied.seat_of(token) is not None for token in tokens)
    assert not stolen.check_teacher(tokens[-2]) and not copied.is_watch_token(tokens[-1])
    stolen.close()

    again = Hall(tmp_path / "data")  # the real folder, restarted: every link still opens its seat
    assert [again.rooms[room.id].seat_of(token) for token in tokens[:4]] == [0, 1, 2, 3]
    assert again.check_teacher(hall.teacher)
    again.close()


def test_tokens_are_keyed_hashes_unguessable_without_the_key():
    one, other = Keys(), Keys()
    assert one.seat("room", 0, 0) != other.seat("room", 0, 0)
    assert len({one.seat("room", seat, issue) for seat in range(4) for issue in range(3)}) == 12
    assert len(one.teacher()) >= 32 and one.teacher() == one.teacher()


def test_no_log_holds_a_token(tmp_path):
    port = free_port()
    server = RoomServer(port, tmp_path)
    try:
        opened = server.api("POST", body={"game": "tic-toc", "options": {"players": 3}})
        room = next(r for r in server.api()["rooms"] if r["id"] == opened["id"])
        tokens = [seat["token"] for seat in room["seats"]] + [server.teacher, room["watch"]]

        async def visit():
            seat = await Client.token(port, room["id"], tokens[0])
            watcher = await Client.open(port, room["id"], {"type": "hello", "watch": tokens[-1]})
            try:
                await Client.token(port, room["id"], tokens[0][::-1])
            except Closed:
                pass
            seat.close()
            watcher.close()
            await asyncio.sleep(0.2)

        run(visit())
        for path in (f"/api/qr?room={room['id']}&seat=0&base=http://x", f"/seat/{room['id']}?{tokens[1]}",
                     f"/api/qr?seat=%C2%B2&room={tokens[2]}", f"/lobby?t={tokens[0]}"):
            request = urllib.request.Request(server.url + path, headers={"Authorization": f"Bearer {server.teacher}"})
            try:
                urllib.request.urlopen(request, timeout=30).read()
            except urllib.error.HTTPError as error:
                assert error.code < 500, path
        server.api("POST", "/api/room", {"room": room["id"], "do": "reissue", "seat": 1})
        assert mode(tmp_path / "server.json") == 0o600 and mode(tmp_path) == 0o700
    finally:
        server.stop()
    logged = server.logged() + "".join(path.read_text() for path in tmp_path.glob("*.log"))
    assert "GET /lobby" in logged and not any(token in logged for token in tokens)
