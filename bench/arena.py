"""The class arena under a class's load: 30 bots submitted by 30 links, matches played around the clock, and
30 ladder pages polling while they play.

    python bench/arena.py                 # 3 minutes of matches
    python bench/arena.py --minutes 1     # shorter
    python bench/arena.py --matches 1     # one match at a time (the server's default)

The server (`tictac-nb serve --arena-matches N`) runs in a process group of its own on loopback, its data in
a temp folder; the bots are the tests' (`tests/rooms/arena_support.Skill`: an MCTS(200) move with
probability p, a random one otherwise) at Tic Tac Two. Printed: games played in the run and extrapolated to
an hour, the machine's load average meanwhile, and the ladder's answer time (median, p95) as 30 pages poll it
every 2 seconds, each with its own student's link.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "rooms"), str(ROOT / "tests" / "browser")]  # bench/rooms.py shadows tests/rooms

from arena_support import Skill, assignment_with_links, ladder  # noqa: E402
from browser_support import free_port  # noqa: E402
from wire import RoomServer  # noqa: E402

from tictac_nb.rooms import submit as arena  # noqa: E402

STUDENTS = 30
PAGES = 30
POLL = 2.0  # seconds between two looks of a page, as arena.js polls


def poll(url: str, token: str, stop: threading.Event, times: list[float]) -> None:
    """One page: GET the ladder every `POLL` seconds till `stop`, each answer's time kept (ms)."""
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    while not stop.is_set():
        start = time.perf_counter()
        with urllib.request.urlopen(request, timeout=30) as answer:
            answer.read()
        times.append(1000 * (time.perf_counter() - start))
        stop.wait(POLL)


def games_played(server: RoomServer, assignment: str) -> int:
    return sum(row["games"] for row in ladder(server, assignment)["ladder"]) // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--matches", type=int, default=2, help="the server's --arena-matches")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = RoomServer(free_port(), Path(data), 0.0, "--arena-matches", str(args.matches))
        try:
            assignment, links = assignment_with_links(server, STUDENTS)
            start = time.perf_counter()
            for i, link in enumerate(links):
                arena.submit(Skill((i % 3) / 2, f"bot {i}"), name=f"student {i:02d}", link=link)
            print(f"30 bots submitted (each tried in a jail) in {time.perf_counter() - start:.1f} s")
            stop, times = threading.Event(), []
            url = f"{server.url}/api/arena/{assignment}"
            first, began = games_played(server, assignment), time.perf_counter()
            with ThreadPoolExecutor(PAGES) as pages:
                for link in links[:PAGES]:
                    pages.submit(poll, url, link.split("#")[1], stop, times)
                time.sleep(60 * args.minutes)
                stop.set()
            played, spent = games_played(server, assignment) - first, time.perf_counter() - began
            load = os.getloadavg()
        finally:
            server.stop()
    print(f"{played} games in {spent:.0f} s with {args.matches} at once: about {played * 3600 / spent:.0f} games "
          f"({played * 1800 / spent:.0f} matches of two) an hour, {STUDENTS} bots, Tic Tac Two")
    print(f"load average over the run (1, 5, 15 min): {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"on {os.cpu_count()} cores")
    cuts = statistics.quantiles(times, n=20)
    print(f"ladder answer with {PAGES} pages polling every {POLL:g} s: {len(times)} answers, median "
          f"{statistics.median(times):.1f} ms, p95 {cuts[18]:.1f} ms")


if __name__ == "__main__":
    main()
