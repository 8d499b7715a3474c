"""Trust: every decision about code the kit did not write. What the kit trusts and what a student's bot is
(`entrant`); a student's bot playing from a worker process (`sandbox`; the parent's side of the process,
`process`; the wire to it, `wire`; a move's clock, `clock`; the worker's own side, `worker`) in a jail of its
own (`jail`), with a cgroup (`cgroup`) and a seccomp filter (`syscalls`).

Internal: its modules may move between releases; import what you need from `tictac_nb` itself.
"""
