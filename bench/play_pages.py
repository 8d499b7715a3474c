"""Where a play page of the static site spends its seconds, from opening it to its first accepted click.

    make site && make setup-test                       # the site in build/site, Playwright and Chromium
    python bench/play_pages.py                         # every game's play page, 3 runs each
    python bench/play_pages.py --runs 1 --game tyc     # one page, once

Aim: the first click accepted within 10 s of opening the page, on a machine whose load average is 2 or less.

build/site is served on 127.0.0.1 (Python's http.server, in a process group of its own, stopped by its id),
and each run opens a game's play page in headless Chromium (Debian's, with the browser tests' flags) in a
fresh browser context, so nothing is cached between runs, as for a reader opening the page for the first time.
The page marks its stages (`performance.mark`, play.js); printed per run, in seconds from navigation:

- python: Pyodide ready (the interpreter and its standard library);
- installed: the kit's wheel and what it needs installed;
- imported: the kit's page module imported and the game's page made;
- board: the first board drawn;
- click: the first click accepted (a move played or a choice opened), clicked as soon as a human is to move,

and the machine's one-minute load average when the run started and when it ended: the figures mean little
without it (the machine may be shared). The last lines give each stage's median over all runs.

Measured on a shared 2-core machine whose load never fell below 6 that evening, the page as it was and as it
is now taking turns, one run of every game each (medians of five games, seconds from navigation):

    page                        load    python  installed  imported  board  click
    as it was                   8-11       8.8       11.2      20.2   20.3   20.9
    now                         7-9        6.7        7.6      10.1   10.3   10.4
    as it was                   7-8        7.3        8.8      19.3   19.4   19.4
    now                         7-9        5.7        6.3       7.8    7.9    8.7

The kit's wheel brought IPython with jedi, pygments and prompt_toolkit (25 wheels), and importing IPython
took 3 of the 5 seconds of the import at load 3: the pages now install 9 wheels (site/build.py's
play-lock.json; `tictac_nb.core.browser.without_ipython`), each with bytecode compiled by Pyodide's own Python
(site/bytecode.py), which halves what is left of the import. Pyodide's own start is now the largest stage.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_support import CHROMIUM, CHROMIUM_ARGS, free_port, stop_group, wait_for_http  # noqa: E402

AIM_SECONDS = 10.0
AIM_LOAD = 2.0
STAGES = ("python", "installed", "imported", "board")
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"
HUMAN_TO_MOVE = """() => {
  const el = document.querySelector('.ttn-root:has([data-target])');
  return el && el.dataset.thinking === 'false' && !('queued' in el.dataset)
    && !/is thinking/.test(el.querySelector('.ttn-status').textContent);
}"""
CLICK_FIRST_TARGET = """() => new Promise((resolve) => {
  const el = document.querySelector('.ttn-root:has([data-target])');
  const turn = Number(el.dataset.turn);
  const watcher = new MutationObserver(() => {
    if (Number(el.dataset.turn) > turn) { watcher.disconnect(); resolve(performance.now()); }
  });
  watcher.observe(el, { attributes: true, subtree: true, childList: true });
  el.querySelector('[data-target]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
})"""


def games(site: Path) -> list[str]:
    """The games with a play page in the built site, in the landing page's order."""
    index = (site / "play" / "index.html").read_text()
    return sorted((p.stem for p in (site / "play").glob("*.html") if f'href="{p.name}"' in index), key=index.find)


def serve(site: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory",
                             str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    wait_for_http(url, proc)
    return proc, url


def one_run(browser, where: str, stages: tuple[str, ...] = STAGES) -> dict[str, float]:
    """Open the page at `where` in a fresh context; seconds from navigation to each of its `stages` (the
    page's `ttp-` marks) and to the first accepted click."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(300_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(where)
        page.wait_for_function(HUMAN_TO_MOVE, polling=50)
        clicked = page.evaluate(CLICK_FIRST_TARGET)
        marks = page.evaluate(MARKS)
        if errors:
            raise RuntimeError(f"{where}: {errors[0]}")
        found = {stage: marks.get(f"ttp-{stage}") for stage in stages}
        return {**{stage: ms / 1000 for stage, ms in found.items() if ms is not None}, "click": clicked / 1000}
    finally:
        context.close()


def timed_runs(places: list[tuple[str, str]], runs: int, stages: tuple[str, ...] = STAGES,
               heading: str = "game") -> dict[str, list[dict[str, float]]]:
    """Each of `places` (label, address) opened `runs` times in headless Chromium by `one_run`, a row printed
    per run (the label, the load average before it, each stage, the click, the load after it); the runs by
    label."""
    from playwright.sync_api import sync_playwright

    found: dict[str, list[dict[str, float]]] = {label: [] for label, _ in places}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print(row(heading, "load", *stages, "click", "load after"))
        for label, where in places:
            for _ in range(runs):
                load = os.getloadavg()[0]
                run = one_run(browser, where, stages)
                found[label].append(run)
                print(row(label, f"{load:.2f}", *(seconds(run.get(s)) for s in (*stages, "click")),
                          f"{os.getloadavg()[0]:.2f}"), flush=True)
        browser.close()
    return found


def median_row(label: str, runs: list[dict[str, float]], stages: tuple[str, ...] = STAGES) -> str:
    """A row of each stage's median over `runs` ("-" for a stage none of them marked)."""
    return row(label, "", *(seconds(statistics.median(r[s] for r in runs if s in r) if any(s in r for r in runs)
                                    else None) for s in (*stages, "click")))


def row(*cells) -> str:
    return f"{cells[0]:<13}" + "".join(f"{c:>11}" for c in cells[1:])


def seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--game", action="append", help="a game's play page (repeat for several); all by default")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (args.site / "play" / "index.html").is_file():
        sys.exit(f"{args.site} has no play pages: run `make site` first")
    if CHROMIUM is None:
        sys.exit("Chromium is not installed: `make setup-test` installs it")
    server, url = serve(args.site)
    try:
        runs = timed_runs([(game, f"{url}/play/{game}.html") for game in args.game or games(args.site)], args.runs)
    finally:
        stop_group(server)
    print(median_row("median", [run for done in runs.values() for run in done]))
    print(f"aim: the first click accepted within {AIM_SECONDS:.0f} s at a load average of {AIM_LOAD:.0f} or less")


if __name__ == "__main__":
    started = time.monotonic()
    main()
    print(f"({time.monotonic() - started:.0f} s in all)")
