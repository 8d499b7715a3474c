"""Trust: every decision about code the kit did not write. A student's bot plays from a worker process
(`sandbox`, `worker`) in a jail of its own (`jail`), with a cgroup (`cgroup`) and a seccomp filter (`syscalls`).

Internal: its modules may move between releases; import what you need from `tictac_nb` itself.
"""
