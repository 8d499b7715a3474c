"""Seconds each notebook takes to run top to bottom on a fresh kernel, beside the 20 s aim.

    python bench/notebooks.py                          # notebooks/ and notebooks/play/, one after another
    python bench/notebooks.py notebooks/tyc.ipynb      # some notebooks only
    python bench/notebooks.py --cells 1                # also every cell that took 1 s or more

Each notebook runs as nbmake runs it: nbclient on a new python3 kernel, every code cell in order, its
outputs cleared first and never written back. It runs in a temporary copy of its folder, so the files a
notebook writes (print-and-play sheets, exports) stay out of the repository. The seconds count from
starting the kernel to the last cell's end (what "Restart Kernel and Run All Cells" costs a reader);
"cells" is the part spent in the cells, and "slowest cell" names the cell by its index in the notebook
(markdown cells counted too, as `nbformat` numbers them). Other processes slow a run down: the load
average is printed before and after. Aim (issue 13): every notebook <= 20 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TARGET_SECONDS = 20.0


def default_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "play").glob("*.ipynb"))


def cell_seconds(cell) -> float | None:
    """How long the kernel was busy with `cell`, from the timestamps nbclient records."""
    times = cell.get("metadata", {}).get("execution", {})
    if "iopub.status.busy" not in times or "iopub.status.idle" not in times:
        return None
    start, end = (datetime.fromisoformat(times[k].replace("Z", "+00:00"))
                  for k in ("iopub.status.busy", "iopub.status.idle"))
    return (end - start).total_seconds()


def run(path: Path, timeout: float) -> tuple[float, list[tuple[int, float]]]:
    """Run `path` on a fresh kernel in a copy of its folder: (seconds in all, [(cell index, seconds)])."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.parent.name
        shutil.copytree(path.parent, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "play", "*.html"))
        client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", record_timing=True)
        start = time.perf_counter()
        client.execute(cwd=str(copy), stderr=subprocess.DEVNULL)  # the kernel's own warnings; errors come as outputs
        seconds = time.perf_counter() - start
    cells = [(i, cell_seconds(cell)) for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"]
    return seconds, [(i, s) for i, s in cells if s is not None]


def name_of(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(NOTEBOOKS))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks to run (default: notebooks/ and play/)")
    parser.add_argument("--cells", type=float, metavar="SECONDS",
                        help="also list every cell that took at least this many seconds")
    parser.add_argument("--timeout", type=float, default=600, help="seconds a cell may take before it fails")
    args = parser.parse_args(argv)
    paths = args.notebooks or default_notebooks()
    missing = [p for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no notebook at {missing[0]}")

    print(f"{len(paths)} notebook{'s' if len(paths) > 1 else ''}, each on a fresh python3 kernel, one after another; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    width = max(len(name_of(p)) for p in paths) + 2
    header = f"{'notebook':<{width}}{'seconds':>9}{'cells':>8}{'slowest cell':>18}   aim <= {TARGET_SECONDS:g} s"
    print(header)
    print("-" * len(header))
    missed = []
    for path in paths:
        try:
            seconds, cells = run(path, args.timeout)
        except CellExecutionError as error:  # a broken notebook is reported, and the others still run
            print(f"{name_of(path):<{width}}  failed: {error.ename}: {str(error.evalue)[:200]}   NOT met", flush=True)
            missed.append(name_of(path))
            continue
        slowest = max(cells, key=lambda c: c[1], default=(None, 0.0))
        where = f"[{slowest[0]}] {slowest[1]:.1f} s" if slowest[0] is not None else "-"
        ok = seconds <= TARGET_SECONDS
        print(f"{name_of(path):<{width}}{seconds:>9.1f}{sum(s for _, s in cells):>8.1f}{where:>18}   "
              f"{'met' if ok else 'NOT met'}", flush=True)
        if args.cells is not None:
            for index, spent in cells:
                if spent >= args.cells:
                    print(f"{'':<{width}}    cell [{index}] {spent:.1f} s")
        if not ok:
            missed.append(name_of(path))
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"aim: every notebook <= {TARGET_SECONDS:g} s: "
          + ("met" if not missed else f"NOT met ({', '.join(missed)})"))


if __name__ == "__main__":
    main()
