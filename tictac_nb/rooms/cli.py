"""`tictac-nb serve`: the room server, on 127.0.0.1 unless told to take a class network (`--host`)."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import logging
import os
import sys
from concurrent.futures import Executor
from pathlib import Path

from .hall import Hall
from .keys import write_private
from .store import SERVER_FILE, FolderInUse

DASK_CONNECT = 30.0
"""Seconds `--arena-dask` waits for its scheduler to answer before the server gives up with a sentence."""
ROOMS_EXTRA = ("tornado", "qrcode")
"""The modules of the kit's rooms extra, which the base install (it has this command) lacks."""


def missing_extra() -> str | None:
    """The first module of the rooms extra that is not installed, or None."""
    return next((name for name in ROOMS_EXTRA if importlib.util.find_spec(name) is None), None)


def dask_executor(address: str) -> Executor:
    """The executor of a Dask cluster, as `lab.sweep` takes one (needs `distributed`). Its tasks are impure: two
    trials of the same bytes are two trials, never one result shared. `OSError` with a sentence when no scheduler
    answers at `address`, or when Dask is not installed."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise OSError("--arena-dask needs Dask's distributed scheduler: pip install 'dask[distributed]'") from None

    try:
        return Client(address, timeout=DASK_CONNECT).get_executor(pure=False)
    except (OSError, ValueError) as error:
        raise OSError(f"no Dask scheduler answers at {address!r} ({error}): start one (`dask scheduler`, and "
                      "`dask worker ADDRESS` on each machine) or leave out --arena-dask") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tictac-nb", description="tictac_nb's room server")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="serve rooms: a lobby, seat links, spectator boards")
    run.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the class network)")
    run.add_argument("--port", type=int, default=8765, help="port (0: a free one)")
    run.add_argument("--data", default="rooms-data", help="folder of the rooms' SQLite file")
    run.add_argument("--bot-delay", type=float, default=0.3, help="seconds before a bot moves")
    run.add_argument("--arena-matches", type=int, default=1, metavar="N",
                     help="arena matches played at once, each in a process of a local pool (default 1)")
    run.add_argument("--arena-dask", metavar="ADDRESS",
                     help="play arena matches on a Dask cluster instead (its scheduler, e.g. tcp://host:8786)")
    args = parser.parse_args(argv)
    missing = missing_extra()
    if missing:
        print(f"tictac-nb serve: the room server needs {missing}, which comes with the kit's rooms extra: "
              "pip install 'tictac-nb[rooms]'", file=sys.stderr, flush=True)
        return 1
    from .app import serve  # tornado's, known to be there now

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    os.umask(0o077)  # whatever this server writes is its owner's only
    try:
        executor = dask_executor(args.arena_dask) if args.arena_dask else None
        hall = Hall(args.data, bot_delay=args.bot_delay, arena_matches=args.arena_matches, arena_executor=executor)
    except (FolderInUse, OSError) as error:
        print(f"tictac-nb serve: {error}", file=sys.stderr, flush=True)
        return 1

    def ready(port: int) -> None:
        host = "127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host
        known = Path(args.data) / SERVER_FILE  # how `rooms.open` finds this server
        write_private(known, json.dumps({"url": f"http://{host}:{port}", "pid": os.getpid()}))
        print(f"tictac_nb rooms on http://{host}:{port}/ (pid {os.getpid()})", flush=True)
        print(f"Lobby (for the teacher only): http://{host}:{port}/lobby#{hall.teacher}", flush=True)
        print(f"Arena (for the teacher only): http://{host}:{port}/arena#{hall.teacher}", flush=True)
        print(f"{len(hall.rooms)} rooms reopened from {args.data}", flush=True)

    try:
        asyncio.run(serve(hall, args.host, args.port, ready))
    except KeyboardInterrupt:
        pass
    finally:
        hall.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
