"""Load on the room server: many rooms of four seats, a WebSocket client per seat, random clicks.

    python bench/rooms.py                  # 50 rooms flat out, then a paced sweep: about two minutes
    python bench/rooms.py --quick          # a smoke run in a few seconds

The server (`tictac-nb serve`) runs in a process of its own, pinned to one core (where the machine lets
it); the clients (tornado's WebSocket client, one asyncio loop) in this process, on loopback only. Each
client sees only its seat's frames and clicks, at random, one of the targets its board shows (an action,
or the first step of one), as a page would; a room whose game is over starts a new one.

Printed: the round trip of a click (from sending it to its answer, the seat's frame holding the new
position or choice) as p50/p95/p99, and clicks and actions per second, first with 50 rooms flat out (no
pause: what the core does at most), then paced like a class (a pause of `--think` seconds before each
click), for more and more rooms until p95 passes 100 ms: the rooms one core holds at that latency; last,
50 paced rooms again while four rooms of MCTS bots play without a pause (bots decide in a worker thread);
then 50 paced rooms alone and with 300 spectators on one of them (its spectator link), side by side: the
spectators share one onlooker's view, so the seats' p95 should barely move. The spectators read in a process
of their own, as they would on their own screens.

    python bench/rooms.py --spectators-only  # the last two runs alone
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import multiprocessing
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tornado.websocket import websocket_connect

TARGET = re.compile(r'data-target="([^"]*)"')
AIM_P95_MS = 100.0
BOT_ROOMS = 4  # rooms of four MCTS bots playing flat out beside the paced rooms, in the last run
SPECTATORS = 300  # on one room, beside the paced rooms


class Server:
    """`tictac-nb serve` in its own process group, pinned to one core where the machine lets it."""

    def __init__(self, data: Path) -> None:
        command = [sys.executable, "-m", "tictac_nb.rooms.cli", "serve", "--port", "0", "--data", str(data),
                   "--bot-delay", "0"]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     start_new_session=True)
        try:
            os.sched_setaffinity(self.proc.pid, {max(os.sched_getaffinity(0))})
            self.core = "one core"
        except (AttributeError, OSError):
            self.core = "unpinned"
        for line in self.proc.stdout:
            if "/lobby#" in line:
                self.url, self.teacher = line.split(": ", 1)[1].strip().split("/lobby#")
                break
        else:
            raise RuntimeError("the room server did not start")

    def open_room(self, game: str, options: dict, bots: dict | None = None) -> dict:
        headers = {"Authorization": f"Bearer {self.teacher}"}
        body = json.dumps({"game": game, "options": options, "bots": bots or {}}).encode()
        request = urllib.request.Request(f"{self.url}/api/rooms", data=body, method="POST", headers=headers)
        room_id = json.loads(urllib.request.urlopen(request).read())["id"]
        listing = urllib.request.urlopen(urllib.request.Request(f"{self.url}/api/rooms", headers=headers))
        return next(room for room in json.loads(listing.read())["rooms"] if room["id"] == room_id)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(15)


class Seat:
    """One seat's WebSocket client: the traits it was sent, and a click at a time."""

    def __init__(self, ws) -> None:
        self.ws, self.values = ws, {}
        self.changed = asyncio.Event()

    async def pump(self) -> None:
        while (text := await self.ws.read_message()) is not None:
            self.values.update(json.loads(text)["set"])
            self.changed.set()

    def targets(self) -> list[str]:
        return [html.unescape(t) for t in TARGET.findall(self.values.get("svg", ""))]

    async def ask(self, message: dict) -> float:
        """Send a message; seconds until it is answered."""
        answers = self.values["answers"]
        start = time.perf_counter()
        await self.ws.write_message(json.dumps(message))
        while self.values["answers"] <= answers:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 30)
        return time.perf_counter() - start


async def watch(ws) -> None:
    """A spectator: reads every frame, as a projector's page would."""
    while await ws.read_message() is not None:
        pass


def gallery(ws_url: str, token: str, count: int, until: float, ready: Any) -> None:
    """`count` spectators of one room until `until` (the clock is the machine's), in a process of their own: a
    projector's reading happens on its own machine, so it must not hold up the loop that times the seats."""

    async def watch_all() -> None:
        sockets = []
        for _ in range(count):
            ws = await websocket_connect(ws_url)
            await ws.write_message(json.dumps({"type": "hello", "watch": token}))
            sockets.append(ws)
        ready.set()
        watching = [asyncio.ensure_future(watch(ws)) for ws in sockets]
        await asyncio.sleep(max(0.0, until - time.monotonic()))
        for ws in sockets:
            ws.close()
        for task in watching:
            task.cancel()

    asyncio.run(watch_all())


async def play_room(server: Server, game: str, options: dict, until: float, think: float, rng: random.Random,
                    trips: list[float], counts: dict, spectators: int = 0) -> None:
    room = server.open_room(game, options)
    ws_url = server.url.replace("http", "ws") + f"/ws/{room['id']}"
    seats = []
    for seat in room["seats"]:
        ws = await websocket_connect(ws_url)
        await ws.write_message(json.dumps({"type": "hello", "token": seat["token"]}))
        seats.append(Seat(ws))
    pumps = [asyncio.ensure_future(seat.pump()) for seat in seats]
    watchers = None
    if spectators:
        context = multiprocessing.get_context("spawn")
        ready = context.Event()
        watchers = context.Process(target=gallery, args=(ws_url, room["watch"], spectators, until, ready))
        watchers.start()
        await asyncio.get_running_loop().run_in_executor(None, ready.wait, 120)
    try:
        while time.monotonic() < until:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5) if think else 0)
            mover = await next_mover(seats)
            if mover is None:  # the game is over: a seat starts the next
                await seats[0].ask({"type": "new", "turn": seats[0].values["turn"]})
                continue
            played = mover.values["played"]
            target = rng.choice(mover.targets())
            trips.append(await mover.ask({"type": "act", "target": target, "turn": mover.values["turn"]}))
            counts["clicks"] += 1
            counts["actions"] += mover.values["played"] != played
    finally:
        for seat in seats:
            seat.ws.close()
        for pump in pumps:
            pump.cancel()
        if watchers is not None:
            watchers.join(30)


async def next_mover(seats: list[Seat]) -> Seat | None:
    """The seat whose board has targets, once every seat has had its frame; None if none has any."""
    for _ in range(200):
        if all("svg" in seat.values for seat in seats):
            movers = [seat for seat in seats if seat.targets()]
            if len(movers) == 1 and len({seat.values["played"] for seat in seats}) == 1:
                return movers[0]
            if not movers and len({seat.values["played"] for seat in seats}) == 1:
                return None
        await asyncio.sleep(0.005)
    return None


async def run(server: Server, rooms: int, seconds: float, think: float, seed: int, spectators: int = 0) -> dict:
    """`rooms` rooms played for `seconds` (the first with `spectators` watching); the round trips' quantiles."""
    trips: list[float] = []
    counts = {"clicks": 0, "actions": 0}
    rng = random.Random(seed)
    start = time.monotonic()
    until = start + seconds
    await asyncio.gather(*(play_room(server, "tic-tac-ko", {"players": 4}, until, think, random.Random(rng.random()),
                                     trips, counts, spectators if index == 0 else 0) for index in range(rooms)))
    elapsed = time.monotonic() - start
    cuts = statistics.quantiles(trips, n=100) if len(trips) > 1 else [float("nan")] * 99
    return {"rooms": rooms, "p50": 1000 * cuts[49], "p95": 1000 * cuts[94], "p99": 1000 * cuts[98],
            "clicks": counts["clicks"] / elapsed, "actions": counts["actions"] / elapsed}


def line(label: str, result: dict) -> str:
    return (f"{label:<28} {result['rooms']:>4} rooms  p50 {result['p50']:6.1f} ms  p95 {result['p95']:6.1f} ms  "
            f"p99 {result['p99']:6.1f} ms  {result['clicks']:6.1f} clicks/s  {result['actions']:6.1f} actions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few rooms, a few seconds")
    parser.add_argument("--rooms", type=int, default=50, help="rooms for the flat-out run")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds of each run")
    parser.add_argument("--think", type=float, default=2.0, help="seconds a seat pauses before a click, paced")
    parser.add_argument("--spectators-only", action="store_true", help="only the runs with and without spectators")
    args = parser.parse_args()
    rooms, seconds = (5, 3.0) if args.quick else (args.rooms, args.seconds)
    if args.spectators_only:
        spectators(args, rooms, seconds)
        return
    with tempfile.TemporaryDirectory() as data:
        server = Server(Path(data))
        try:
            print(f"Room server on {server.core}; Tic Tac K.O., 4 seats a room, a client per seat")
            print(line("flat out (no pause)", asyncio.run(run(server, rooms, seconds, 0.0, 1))), flush=True)
            held = 0
            for count in (5, 10) if args.quick else (25, 50, 75, 100, 150, 200):
                result = asyncio.run(run(server, count, seconds, args.think, count))
                print(line(f"paced ({args.think:g} s a click)", result), flush=True)
                if result["p95"] > AIM_P95_MS:
                    break
                held = count
            print(f"One core holds {held} rooms at p95 <= {AIM_P95_MS:g} ms with a click every ~{args.think:g} s "
                  f"a room (aim: 50 rooms)")
            for _ in range(BOT_ROOMS):  # bots thinking without a pause, in the server's one bot thread
                server.open_room("tic-tac-ko", {"players": 4}, {str(seat): "mcts:300" for seat in range(4)})
            result = asyncio.run(run(server, 5 if args.quick else 50, seconds, args.think, 7))
            print(line(f"paced, {BOT_ROOMS} rooms of bots", result), flush=True)
        finally:
            server.stop()
    spectators(args, rooms, seconds)


def spectators(args: argparse.Namespace, rooms: int, seconds: float) -> None:
    """Paced rooms without spectators, then with `SPECTATORS` on one room, each on a fresh server."""
    watching = 20 if args.quick else SPECTATORS
    results = []
    for count in (0, watching):
        with tempfile.TemporaryDirectory() as data:
            server = Server(Path(data))
            try:
                results.append(asyncio.run(run(server, rooms, seconds, args.think, 11, spectators=count)))
            finally:
                server.stop()
    print(line(f"paced ({args.think:g} s a click)", results[0]), flush=True)
    print(line(f"paced, {watching} spectators on one", results[1]), flush=True)
    print(f"Seats' p95: {results[0]['p95']:.1f} ms without spectators, {results[1]['p95']:.1f} ms with {watching} "
          f"on one room (aim: within {AIM_P95_MS:g} ms)", flush=True)
    alone, watched = (commit_cost(count) for count in (0, watching))
    own = commit_cost(watching, actions=10, own_views=True)
    print(f"The server's work per action of a 4-seat room (in process, no network): {alone:.2f} ms without "
          f"spectators, {watched:.2f} ms with {watching} sharing one view; {own:.0f} ms if each had a view of its "
          "own (as before the gallery)", flush=True)


def commit_cost(spectators: int, actions: int = 200, own_views: bool = False) -> float:
    """Milliseconds of server work per action in a 4-seat K.O. room with `spectators` watching: the seats'
    views and the spectators' one view (or, `own_views`, one each) redrawn, each frame encoded, handed to
    every connection."""
    from tictac_nb.rooms.hall import Hall

    hall = Hall(None, bot_delay=0)
    room = hall.open("tic-tac-ko", {"players": 4}, seed=3, auto_pass=False)
    sent = []
    for seat in range(4):
        room.join(seat, sent.append)
    for _ in range(spectators):
        room.join(None, sent.append) if own_views else room.gallery.add(sent.append, None)
    rng = random.Random(3)
    spent = 0.0
    for _ in range(actions):
        if room.state.outcome is not None:
            room.teacher_new_game()
        room.state.play(rng.choice(room.state.legal_actions()))
        start = time.perf_counter()
        room.commit()
        spent += time.perf_counter() - start
        sent.clear()
    return 1000 * spent / actions


if __name__ == "__main__":
    main()
