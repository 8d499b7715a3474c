"""How long a shared game's page takes to play, from opening it to its first accepted click, as a link to the
site and as one file from `file://`; and how big the file is.

    make site && make setup-test                 # the site in build/site, Playwright and Chromium
    python bench/share.py                        # a grid game with a hook, 3 runs each way
    python bench/share.py --runs 1

Aim: the first click accepted within 10 s of opening the page at a load average of 2 or less (the play
pages' aim, bench/play_pages.py). Each run opens the page in a fresh browser context (nothing cached, as for
a friend opening it the first time), offline but for the site on 127.0.0.1. Printed per run, in seconds
from navigation (shared.js's `performance.mark`s): files (the page has Pyodide's and the kit's files: fetched
from the site, or unpacked from the file), python (Pyodide ready in the worker), installed (the kit's
wheels), opened (the game's document checked and its Python run), board (the first board drawn) and click
(the first click accepted); with the machine's one-minute load average before and after the run.

Measured on a shared 2-core machine (two runs of 3 each way; medians, seconds from navigation):

    way    load   files  python  installed  opened  board  click
    link   6.5-7    0.5     6.1        8.0     8.0    8.1    8.2
    file   6.5-7    0.6     4.3        6.2     6.3    6.3    6.4
    link   5.3-6    0.6     4.9        6.7     6.7    6.8    6.8
    file   5.2-6    0.8     6.8        9.1     9.2    9.3    9.3

The file is 11.9 MiB (Pyodide's core and 9 wheels, gzip and base64) and the link 777 characters. Pyodide's
start in the worker is most of it; the file adds its unpacking (base64 and gzip in the page) to that.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "browser"), str(ROOT / "bench")]

from browser_support import CHROMIUM, stop_group  # noqa: E402
from play_pages import median_row, serve, timed_runs  # noqa: E402
from share_games import CHASE  # noqa: E402

from tictac_nb.web import sharing  # noqa: E402

AIM_SECONDS = 10.0
AIM_LOAD = 2.0
STAGES = ("files", "python", "installed", "opened", "board")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (args.site / "play" / "shared.html").is_file():
        sys.exit(f"{args.site} has no shared page: run `make site` first")
    if CHROMIUM is None:
        sys.exit("Chromium is not installed: `make setup-test` installs it")
    folder = Path(tempfile.mkdtemp(prefix="share-bench-"))
    made = Path(sharing.share(CHASE, folder / "chase.html", files=args.site))
    print(f"the shared file: {made.stat().st_size / 2**20:.1f} MiB; the link: "
          f"{len(sharing.share(CHASE)):,} characters")
    server, url = serve(args.site)
    try:
        runs = timed_runs([("link", sharing.share(CHASE, site=url)), ("file", made.as_uri())], args.runs, STAGES, "way")
    finally:
        stop_group(server)
        made.unlink()
        folder.rmdir()
    for way, done in runs.items():
        print(median_row(f"{way} median", done, STAGES))
    print(f"aim: the first click accepted within {AIM_SECONDS:.0f} s at a load average of {AIM_LOAD:.0f} or less")


if __name__ == "__main__":
    main()
