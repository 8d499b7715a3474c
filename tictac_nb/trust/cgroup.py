"""A cgroup of its own for each jailed worker: the jail's memory, processes and CPU counted as a whole.

Limits set on a process (`resource`) count each process alone: 16 processes of 1 GiB each are 16 GiB, and a
tmpfs file counts against nobody. A cgroup counts the whole jail: every process and thread it starts, the
pages of its tmpfs, the kernel's memory for its files. Each worker's group (`Group`) has

- `memory`: the jail's memory, tmpfs and every child included, with no swap beside it (the kernel's
  out-of-memory killer ends a process of the jail, never one of the teacher's);
- `pids`: its processes and threads;
- `cpu`: at most one core, and the CPU time it used (`cpu_seconds`), read as the bot's clock;
- a freezer that stops every process of it at once between its moves (no fork outruns it), and a kill
  that ends them all.

Where the groups are made (`place`): with cgroup v2 as root, a subtree of the kit's own at the top of the
hierarchy (`/sys/fs/cgroup/tictac_nb`); with cgroup v1 as root (hybrid systems), a subtree of the kit's own
below this process's own group in each controller's hierarchy, so that the limits over the kit still hold.
A normal user has no group to write to unless the system delegated one (systemd's user manager does, for
its own services); where none can be had, `place` says why in words, the jail keeps its per-process limits,
and the sandbox says once which limits are then per process only (`PER_PROCESS`).
"""

from __future__ import annotations

import functools
import itertools
import os
import signal
import sys
from dataclasses import dataclass, field

SUBTREE = "tictac_nb"
V1_CONTROLLERS = ("memory", "pids", "cpuacct", "cpu", "freezer")
V2_CONTROLLERS = ("memory", "pids", "cpu")
CPU_PERIOD = 100_000
"""The period of the CPU quota, in microseconds (the kernel's default)."""
PER_PROCESS = ("the kit cannot give each bot's jail a cgroup here ({why}): memory, processes and CPU are limited "
               "for each process of a jail, not for the jail as a whole, and its clock is read from /proc")
_names = itertools.count(1)
_pending: list[str] = []
"""Folders of this process's groups whose processes had not all gone when they were removed: tried again."""


@dataclass(frozen=True)
class Place:
    """Where this process makes its workers' groups: cgroup `version` 2 (one folder) or 1 (a folder for each
    controller), by controller."""

    version: int
    folders: dict[str, str] = field(default_factory=dict)


def _mounts() -> list[tuple[str, str, set[str]]]:
    """The cgroup file systems mounted here: (folder, type, options)."""
    found = []
    with open("/proc/self/mounts") as mounts:
        for line in mounts:
            parts = line.split()
            if len(parts) > 3 and parts[2] in ("cgroup", "cgroup2"):
                found.append((parts[1].replace("\\040", " "), parts[2], set(parts[3].split(","))))
    return found


def _own(hierarchy: str) -> str:
    """This process's own group in the v1 hierarchy of `hierarchy` (a controller), or "" for v2's."""
    with open("/proc/self/cgroup") as groups:
        for line in groups:
            number, names, path = line.rstrip("\n").split(":", 2)
            if hierarchy in names.split(",") or (not hierarchy and number == "0"):
                return path
    return "/"


def _write(path: str, value: object) -> None:
    with open(path, "w") as out:
        out.write(str(value))


def _read(path: str) -> str:
    with open(path) as source:
        return source.read()


@functools.cache
def place() -> Place | str:
    """Where this process can make its workers' groups, or why it cannot (in words); checked once."""
    if not sys.platform.startswith("linux"):
        return f"{sys.platform} has no cgroups"
    if os.geteuid() != 0:
        return "a normal user has no cgroup of their own to divide unless the system delegates one"
    try:
        mounts = _mounts()
        unified = next((folder for folder, kind, _ in mounts if kind == "cgroup2"
                        and os.path.exists(os.path.join(folder, "cgroup.controllers"))
                        and set(V2_CONTROLLERS) <= set(_read(os.path.join(folder, "cgroup.controllers")).split())),
                       None)
        if unified is not None:
            return _v2(unified)
        return _v1(mounts)
    except OSError as error:
        return f"cgroups could not be written ({error.strerror or error})"


def _v2(root: str) -> Place | str:
    base = os.path.join(root, SUBTREE)
    os.makedirs(base, exist_ok=True)
    wanted = " ".join(f"+{name}" for name in V2_CONTROLLERS)
    _write(os.path.join(root, "cgroup.subtree_control"), wanted)
    _write(os.path.join(base, "cgroup.subtree_control"), wanted)
    _sweep([base])
    return Place(2, {name: base for name in V2_CONTROLLERS})


def _v1(mounts: list[tuple[str, str, set[str]]]) -> Place | str:
    folders = {}
    for name in V1_CONTROLLERS:
        mount = next((folder for folder, kind, options in mounts if kind == "cgroup" and name in options), None)
        if mount is None:
            return f"no cgroup hierarchy has the {name} controller"
        folders[name] = os.path.join(mount + _own(name).rstrip("/"), SUBTREE)
    for folder in set(folders.values()):
        os.makedirs(folder, exist_ok=True)
    _sweep(list(set(folders.values())))
    return Place(1, folders)


def _sweep(bases: list[str]) -> None:
    """Remove the groups that processes of the kit which are gone left behind (their names begin with the pid)."""
    for base in bases:
        for name in os.listdir(base):
            owner = name.split("-")[0]
            if owner.isdigit() and not os.path.exists(f"/proc/{owner}"):
                _remove(os.path.join(base, name))


def _remove(folder: str) -> bool:
    """End the processes of a group (thawed, so that a frozen one dies) and remove its folder if it is empty."""
    try:
        for pid in _read(os.path.join(folder, "cgroup.procs")).split():
            _kill(int(pid))
        for file, value in (("cgroup.freeze", 0), ("freezer.state", "THAWED")):
            if os.path.exists(os.path.join(folder, file)):
                _write(os.path.join(folder, file), value)
    except OSError:
        pass
    try:
        os.rmdir(folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


class Group:
    """One worker's cgroup, made with its limits; the worker joins it before it runs anything (`join`)."""

    def __init__(self, where: Place, memory: int, processes: int, cpus: float = 1.0) -> None:
        self.place = where
        _pending[:] = [folder for folder in _pending if not _remove(folder)]
        name = f"{os.getpid()}-{next(_names)}"
        self.folders = {controller: os.path.join(base, name) for controller, base in where.folders.items()}
        try:
            for folder in dict.fromkeys(self.folders.values()):
                os.mkdir(folder)
            quota = int(CPU_PERIOD * cpus)
            if where.version == 2:
                folder = self.folders["memory"]
                for file, value in (("memory.max", memory), ("memory.swap.max", 0), ("pids.max", processes),
                                    ("cpu.max", f"{quota} {CPU_PERIOD}")):
                    _write(os.path.join(folder, file), value)
            else:
                memory_folder = self.folders["memory"]
                _write(os.path.join(memory_folder, "memory.limit_in_bytes"), memory)
                swap = os.path.join(memory_folder, "memory.memsw.limit_in_bytes")
                if os.path.exists(swap):  # only where the kernel accounts swap
                    _write(swap, memory)
                _write(os.path.join(self.folders["pids"], "pids.max"), processes)
                _write(os.path.join(self.folders["cpu"], "cpu.cfs_period_us"), CPU_PERIOD)
                _write(os.path.join(self.folders["cpu"], "cpu.cfs_quota_us"), quota)
        except OSError:
            self.remove()
            raise

    def join(self) -> list[str]:
        """The files a process writes its pid to, to enter this group (every process it starts is in it too)."""
        return [os.path.join(folder, "cgroup.procs") for folder in dict.fromkeys(self.folders.values())]

    def cpu_seconds(self) -> float:
        """The CPU time every process of the group has used so far, dead ones included."""
        if self.place.version == 2:
            for line in _read(os.path.join(self.folders["cpu"], "cpu.stat")).splitlines():
                if line.startswith("usage_usec "):
                    return int(line.split()[1]) / 1e6
            return 0.0
        return int(_read(os.path.join(self.folders["cpuacct"], "cpuacct.usage"))) / 1e9

    def throttled_seconds(self) -> float:
        """The time the group's threads were held back by its CPU quota so far (they wanted more than its cores)."""
        for line in _read(os.path.join(self.folders["cpu"], "cpu.stat")).splitlines():
            name, _, value = line.partition(" ")
            if name == "throttled_usec":
                return int(value) / 1e6
            if name == "throttled_time":
                return int(value) / 1e9
        return 0.0

    def threads(self) -> list[int]:
        """Every thread of every process of the group."""
        if self.place.version == 2:
            return [int(word) for word in _read(os.path.join(self.folders["cpu"], "cgroup.threads")).split()]
        return [int(word) for word in _read(os.path.join(self.folders["cpuacct"], "tasks")).split()]

    def freeze(self, frozen: bool = True) -> None:
        """Stop (or go on with) every process of the group at once; the kernel does it without waiting."""
        if self.place.version == 2:
            _write(os.path.join(self.folders["memory"], "cgroup.freeze"), int(frozen))
        else:
            _write(os.path.join(self.folders["freezer"], "freezer.state"), "FROZEN" if frozen else "THAWED")

    def out_of_memory(self) -> bool:
        """Whether the kernel killed a process of the group for going over its memory."""
        file = "memory.events" if self.place.version == 2 else "memory.oom_control"
        try:
            for line in _read(os.path.join(self.folders["memory"], file)).splitlines():
                if line.startswith("oom_kill "):
                    return int(line.split()[1]) > 0
        except OSError:
            pass
        return False

    def kill(self) -> None:
        """End every process of the group (a frozen one too: it is thawed to die)."""
        try:
            if self.place.version == 2 and os.path.exists(os.path.join(self.folders["memory"], "cgroup.kill")):
                _write(os.path.join(self.folders["memory"], "cgroup.kill"), 1)
            else:
                for pid in _read(self.join()[0]).split():
                    _kill(int(pid))
            self.freeze(False)
        except OSError:
            pass

    def remove(self) -> None:
        """Remove the group's folders; those whose processes have not all gone yet are removed later (when this
        process makes its next group, or by the next process of the kit)."""
        _pending.extend(folder for folder in dict.fromkeys(self.folders.values()) if not _remove(folder))
