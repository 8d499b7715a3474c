"""The jail's cgroup, file by file: what a group writes and reads in cgroup v2 and v1, on a folder laid out as
each version's file system is (the kernel's own runs through the sandbox's tests where one is offered), and on
this machine's real hierarchy where the kit can have one."""

from __future__ import annotations

import os

import pytest

from tictac_nb.trust import cgroup, jail

MEMORY, PROCESSES = 256 * 2**20, 18


def v2_root(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory hugetlb pids rdma misc\n")
    (tmp_path / "cgroup.subtree_control").write_text("")
    return tmp_path


def test_v2_as_root_a_subtree_of_the_kits_own_with_its_controllers(tmp_path):
    root = v2_root(tmp_path)
    where = cgroup._v2(str(root))
    assert where == cgroup.Place(2, {name: str(root / "tictac_nb") for name in cgroup.V2_CONTROLLERS})
    assert (root / "cgroup.subtree_control").read_text() == "+memory +pids +cpu"
    assert (root / "tictac_nb" / "cgroup.subtree_control").read_text() == "+memory +pids +cpu"


def test_v2_a_group_writes_the_jails_limits_and_reads_its_clock_freezer_and_memory(tmp_path):
    where = cgroup._v2(str(v2_root(tmp_path)))
    group = cgroup.Group(where, MEMORY, PROCESSES, 1.0)
    folder = group.folders["memory"]
    assert set(group.folders.values()) == {folder} and os.path.basename(folder).startswith(f"{os.getpid()}-")
    written = {name: open(os.path.join(folder, name)).read() for name in
               ("memory.max", "memory.swap.max", "pids.max", "cpu.max")}
    assert written == {"memory.max": str(MEMORY), "memory.swap.max": "0", "pids.max": str(PROCESSES),
                       "cpu.max": "100000 100000"}
    assert group.join() == [os.path.join(folder, "cgroup.procs")]
    for name, text in (("cpu.stat", "usage_usec 2500000\nuser_usec 2000000\nthrottled_usec 125000\n"),
                       ("memory.events", "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n"),
                       ("cgroup.threads", "41\n42\n")):
        with open(os.path.join(folder, name), "w") as out:
            out.write(text)
    assert group.cpu_seconds() == 2.5 and group.throttled_seconds() == 0.125 and group.threads() == [41, 42]
    assert group.out_of_memory()
    group.freeze()
    assert open(os.path.join(folder, "cgroup.freeze")).read() == "1"
    group.freeze(False)
    assert open(os.path.join(folder, "cgroup.freeze")).read() == "0"


def test_v1_a_group_in_each_controllers_hierarchy(tmp_path, monkeypatch):
    mounts = []
    for name in cgroup.V1_CONTROLLERS:
        (tmp_path / name).mkdir()
        (tmp_path / name / "memory.memsw.limit_in_bytes").write_text("") if name == "memory" else None
        mounts.append((str(tmp_path / name), "cgroup", {"rw", name}))
    monkeypatch.setattr(cgroup, "_own", lambda name: "/harness/7")
    where = cgroup._v1(mounts)
    assert where.version == 1 and where.folders["pids"] == str(tmp_path / "pids" / "harness" / "7" / "tictac_nb")
    (tmp_path / "memory" / "harness" / "7" / "tictac_nb" / "memory.memsw.limit_in_bytes").write_text("")
    group = cgroup.Group(where, MEMORY, PROCESSES, 1.0)
    read = lambda controller, name: open(os.path.join(group.folders[controller], name)).read()  # noqa: E731
    assert read("memory", "memory.limit_in_bytes") == str(MEMORY) and read("pids", "pids.max") == str(PROCESSES)
    assert read("cpu", "cpu.cfs_quota_us") == "100000" and len(group.join()) == len(cgroup.V1_CONTROLLERS)
    with open(os.path.join(group.folders["cpuacct"], "cpuacct.usage"), "w") as out:
        out.write("1500000000\n")
    with open(os.path.join(group.folders["memory"], "memory.oom_control"), "w") as out:
        out.write("oom_kill_disable 0\nunder_oom 0\noom_kill 0\n")
    assert group.cpu_seconds() == 1.5 and not group.out_of_memory()
    group.freeze()
    assert read("freezer", "freezer.state") == "FROZEN"


def test_groups_left_by_a_kit_process_that_died_are_swept_and_ours_kept(tmp_path):
    base = tmp_path / "tictac_nb"
    gone, mine = base / "999999999-1", base / f"{os.getpid()}-99"
    for folder in (gone, mine):
        folder.mkdir(parents=True)
    cgroup._sweep([str(base)])
    assert not gone.exists() and mine.exists()


@pytest.mark.skipif(isinstance(cgroup.place(), str), reason="no cgroup here: test_sandbox's gaps test says so")
def test_a_real_group_counts_a_process_and_is_gone_when_removed():
    """On this machine's own hierarchy: a process that joins a group is counted by it, and the group's folders go
    once it has ended."""
    import subprocess

    group = cgroup.Group(cgroup.place(), jail.LIMITS["memory"], PROCESSES)
    spin = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.2: pass"
    done = subprocess.run(jail.joined(group.join(), ["python3", "-c", spin]), capture_output=True)
    assert done.returncode == 0, done.stderr
    assert group.cpu_seconds() >= 0.2
    group.remove()
    assert not any(os.path.isdir(folder) for folder in group.folders.values()) or cgroup._pending
