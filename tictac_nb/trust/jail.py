"""The jail of a student's worker: what the operating system keeps from it, and the command that starts it.

On Linux with bubblewrap (`bwrap`, what Flatpak runs on) each worker gets namespaces of its own for processes,
IPC, the network, host name and mounts (no other process is visible or signalable, no network), a root
filesystem of read-only binds holding only Python's installation, the site-packages, the kit's package and
the modules the bot's pickle names, a private size-limited `/tmp` and `/dev/shm`, an empty environment, and
`--die-with-parent`/`--new-session`. Its pid namespace ends as a whole: when the worker (or the jail's init)
ends, the kernel kills every process left in it, a `setsid` double fork included. Bubblewrap, not the kernel
calls by hand, because it is one audited command line that works unprivileged (with a user namespace) and as
root alike, and Debian ships it (`apt-get install bubblewrap`).

As root the jail keeps only CAP_SETUID/CAP_SETGID, which the worker spends at once to become a uid of its own
(`worker_uid`, drawn per worker), so that its process count is its own and no other worker shares its uid. As
a normal user the jail has a user namespace of its own too (and may not make another one). Limits on
processes, memory, file size and CPU are set by the worker itself before it loads the bot (`LIMITS`), and
for the jail as a whole by a cgroup of its own where one can be had (`tictac_nb.trust.cgroup`: the worker enters it
before bubblewrap starts, `joined`). A seccomp filter (`tictac_nb.trust.syscalls`) shuts the system calls a bot never
needs; bubblewrap loads it before the worker's Python starts.

Where no jail can start (no `bwrap`, user namespaces off, macOS, Windows), a worker runs unjailed with the
same environment, path and limits, and the kit says once what is missing (`UNJAILED`).
"""

from __future__ import annotations

import functools
import os
import pickletools
import secrets
import shutil
import subprocess
import sys
from collections.abc import Sequence
from typing import TypedDict

from . import cgroup, syscalls


class Limits(TypedDict):
    """A worker's limits by name (`LIMITS`)."""

    processes: int
    memory: int
    file_size: int
    cpu_seconds: int
    tmp_size: int
    cpus: float


LIMITS: Limits = {
    "processes": 16,
    "memory": 2**30,
    "file_size": 16 * 2**20,
    "cpu_seconds": 600,
    "tmp_size": 64 * 2**20,
    "cpus": 1.0,
}
"""A worker's limits: processes and threads (RLIMIT_NPROC, and its cgroup's pids), memory (RLIMIT_AS for each
process, and its cgroup's memory for the jail as a whole, tmpfs included, no swap), the largest file it may
write (RLIMIT_FSIZE), CPU seconds of one process over its life (RLIMIT_CPU: a backstop; CPU between moves is
stopped by the parent, see `sandbox.Worker`), the size of each of its tmpfs (`/tmp`, `/dev/shm`), and the
cores its cgroup may use at once."""

UNJAILED = ("the kit cannot jail bots here ({why}): a student's bot runs in a worker process of its own, with "
            "an empty environment and limits, but it can read the files this account can read, see and signal its "
            "other processes and use the network; a tournament here does not count")
KIT_MOUNT = "/kit"
BOT_MOUNT = "/bots"


JOIN = 'for file do shift; [ "$file" = -- ] && exec "$@"; echo $$ > "$file" || exit 125; done'
"""A shell line that writes its own pid into each file before `--`, then becomes the command after it: the
worker is in its cgroup before bubblewrap runs (Python's `subprocess` has no safe hook for it with threads)."""


def bwrap() -> str | None:
    return shutil.which("bwrap")


def joined(files: Sequence[str], argv: Sequence[str]) -> list[str]:
    """`argv`, started inside the cgroup whose `cgroup.procs` files are `files`."""
    return ["/bin/sh", "-c", JOIN, "sh", *files, "--", *argv]


def filter_file() -> int | None:
    """A file descriptor holding the seccomp filter for one bubblewrap to read (`command(..., seccomp=fd)`), or
    None where none can be made (`gaps` says why); the caller closes it once the jail has started."""
    program = syscalls.program()
    if isinstance(program, str):
        return None
    fd = os.memfd_create("tictac-seccomp")
    os.write(fd, program)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def gaps() -> list[str]:
    """What this system's jails lack beyond bubblewrap, in words: a cgroup for each jail, the seccomp filter."""
    where, program = cgroup.place(), syscalls.program()
    return ([cgroup.PER_PROCESS.format(why=where)] if isinstance(where, str) else []) + (
        [f"the jail shuts no system call here: {program}"] if isinstance(program, str) else [])


def worker_uid() -> int:
    """A uid of its own for a worker started as root: no account has it, and no other worker draws it."""
    return 1_000_000 + secrets.randbelow(1_000_000_000)


@functools.cache
def missing() -> str:
    """Why no jail can start here, in words; "" where one can (checked once, by starting one)."""
    if not sys.platform.startswith("linux"):
        return f"{sys.platform} has no namespaces for bubblewrap"
    if bwrap() is None:
        return "bubblewrap is not installed: `apt-get install bubblewrap`, or `make lab`"
    seccomp = filter_file()
    try:
        done = subprocess.run([*command([], seccomp), "-c", "pass"], capture_output=True, timeout=30,
                              env={}, close_fds=True, pass_fds=() if seccomp is None else (seccomp,))
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bubblewrap could not start: {error}"
    finally:
        if seccomp is not None:
            os.close(seccomp)
    if done.returncode:
        words = done.stderr.decode(errors="replace").strip().splitlines()
        return f"bubblewrap could not make a jail: {words[-1][:160] if words else done.returncode}"
    return ""


def _real(path: str) -> str:
    return os.path.realpath(path)


def python_roots() -> list[str]:
    """The folders of this Python's installation and of its site-packages: bound read-only in the jail."""
    roots = {_real(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix)}
    roots |= {_real(entry) for entry in sys.path if entry and ("site-packages" in entry or "dist-packages" in entry)}
    kept: list[str] = []
    for root in sorted(roots):
        if os.path.isdir(root) and root != os.sep and not any(root.startswith(k + os.sep) for k in kept):
            kept.append(root)
    return kept


def kit_folder() -> str:
    """The folder of the package `tictac_nb` (only it is bound, at `/kit/tictac_nb`: not the repository)."""
    return os.path.dirname(os.path.dirname(_real(__file__)))


def bot_modules(payload: bytes) -> list[tuple[str, str]]:
    """The modules of the bot's own that its pickle names (by reference, as cloudpickle does for an importable
    module) and those they import of their own: (top-level name, file or package folder), never one of
    Python's installation or the kit."""
    try:
        todo = sorted({arg.split(" ")[0] for _, arg, _ in pickletools.genops(payload) if isinstance(arg, str)})
    except Exception:  # a pickle pickletools cannot walk: the worker says what it misses
        return []
    seen, found = set(todo), dict[str, str]()
    while todo:
        dotted = todo.pop()
        module = sys.modules.get(dotted)
        if module is None:
            continue
        name = dotted.split(".")[0]
        path = found.get(name) or _own_path(name)
        if path is None:
            continue
        found[name] = path
        for used in _imports(module) - seen:
            seen.add(used)
            todo.append(used)
    return sorted(found.items())


def _own_path(name: str) -> str | None:
    """The file or folder of the top-level module `name` if it is not Python's, a site-package or the kit."""
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None) if module is not None else None
    if path is None and module is not None:  # a namespace package: its first folder
        path = next(iter(getattr(module, "__path__", None) or ()), None)
    if type(path) is not str or name in ("__main__", "tictac_nb") or not os.path.exists(path):
        return None
    path = _real(path)
    if os.path.basename(path).startswith("__init__."):
        path = os.path.dirname(path)
    if any(path == root or path.startswith(root + os.sep) for root in [*python_roots(), kit_folder()]):
        return None
    return path


def _imports(module: object) -> set[str]:
    """The top-level names of the modules `module` holds, or holds something of (`import x`, `from x import y`)."""
    used = set()
    for value in list(vars(module).values()):
        name = value.__name__ if type(value) is type(sys) else getattr(value, "__module__", None)
        if type(name) is str:
            used.add(name)
    return used


def worker_path(modules: Sequence[tuple[str, str]], jailed: bool) -> tuple[list[str], list[str]]:
    """The worker's whole `sys.path`: the kit and Python's own entries, never a working folder; and the folders
    of the bot's own modules, which the worker puts last on it only once it has given up what a bot must not
    have (a module of a student's named like one the worker imports first, `ctypes` say, never runs before)."""
    python = [entry for entry in sys.path if entry and os.path.isabs(entry)
              and any(_real(entry).startswith(root) for root in python_roots())]
    if jailed:
        return [KIT_MOUNT, *python], [BOT_MOUNT] if modules else []
    folders = [os.path.dirname(path) for _, path in modules]
    return [os.path.dirname(kit_folder()), *python], list(dict.fromkeys(folders))


def _folders_above(path: str, made: set[str]) -> list[str]:
    """Folders that lead to a bind, made enterable (bubblewrap makes them 0700 otherwise: a worker that gave
    up root could not reach Python under `/root`)."""
    args: list[str] = []
    parts = path.strip(os.sep).split(os.sep)[:-1]
    for depth in range(1, len(parts) + 1):
        folder = os.sep + os.sep.join(parts[:depth])
        if folder not in made:
            made.add(folder)
            args += ["--perms", "0755", "--dir", folder]
    return args


def command(modules: Sequence[tuple[str, str]], seccomp: int | None = None) -> list[str]:
    """The bubblewrap command line up to the worker's Python (`-I -S`, no site, no working folder on the path):
    the caller appends `-c CODE ARGS`; `seccomp`, the descriptor of the filter (`filter_file`), passed open."""
    args = [bwrap() or "bwrap", "--unshare-pid", "--unshare-ipc", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv",
            "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8", "--setenv", "HOME", "/tmp"]
    if os.geteuid() == 0:
        args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        args += ["--unshare-user", "--disable-userns"]
    args += ["--ro-bind", "/usr", "/usr"]
    for link in ("bin", "lib", "lib64", "lib32", "sbin"):
        target = os.path.join(os.sep, link)
        if os.path.islink(target):
            args += ["--symlink", os.readlink(target), target]
        elif os.path.isdir(target):
            args += ["--ro-bind", target, target]
    for extra in ("/etc/ld.so.cache", "/etc/localtime"):
        args += ["--ro-bind-try", extra, extra]
    size = str(LIMITS["tmp_size"])
    args += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--size", size, "--tmpfs", "/tmp",
             "--perms", "1777", "--size", size, "--tmpfs", "/dev/shm"]
    made = {"/tmp", "/dev", "/dev/shm"}  # first, so that a Python under /tmp (a venv there) is bound over them
    for root in python_roots():
        if not root.startswith("/usr/"):
            args += _folders_above(root, made) + ["--ro-bind", root, root]
    args += ["--perms", "0755", "--dir", KIT_MOUNT, "--ro-bind", kit_folder(), f"{KIT_MOUNT}/tictac_nb"]
    front_end = os.path.join(os.path.dirname(kit_folder()), "widgets")
    if os.path.isdir(front_end):  # a checkout keeps the front end beside the package (a wheel, inside it)
        args += ["--ro-bind", front_end, f"{KIT_MOUNT}/widgets"]
    if modules:
        args += ["--perms", "0755", "--dir", BOT_MOUNT]
        for name, path in modules:
            leaf = os.path.basename(path) if os.path.isfile(path) else name
            if os.path.isdir(path):
                args += _folders_above(f"{BOT_MOUNT}/{leaf}/x", set())
            args += ["--ro-bind", path, f"{BOT_MOUNT}/{leaf}"]
    args += ["--remount-ro", "/", "--chdir", "/tmp"]
    if seccomp is not None:
        args += ["--seccomp", str(seccomp)]
    return [*args, "--", sys.executable, "-I", "-S"]
