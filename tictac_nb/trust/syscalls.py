"""The system calls a bot never needs, and the seccomp filter that forbids them in its jail.

A bot computes a move: it reads, writes, maps memory, starts threads and processes. It has no use for
debugging other processes, mounting, the kernel's keyrings, eBPF, performance counters, userfaultfd,
loading kernels or modules, new namespaces, io_uring, or setting the machine's clock. Each of those is a
door that kernel exploits go through, so the jail shuts them: bubblewrap loads this filter (`--seccomp FD`,
a compiled BPF program) just before it starts the worker's Python, and a process of the bot that makes one
of these calls is killed by the kernel (SIGSYS), which the sandbox words as the forfeit's reason
(`FORBIDDEN_WORDS`). `clone3` answers "not implemented" instead: the C library then starts threads with
`clone`, whose flags the filter can read (a namespace flag kills, as `unshare` does).

The filter is compiled by libseccomp (Debian's `libseccomp2`, which apt itself links) through `pyseccomp`,
its ctypes binding: the system calls' numbers for this processor, and the check that refuses calls of
another ABI (32-bit calls on a 64-bit kernel), are libseccomp's.
"""

from __future__ import annotations

import errno
import functools
import tempfile

FORBIDDEN = (
    # other processes, memory and the kernel's objects
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    # the kernel itself, its modules, the machine
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "reboot", "swapon",
    "swapoff", "syslog", "acct", "quotactl", "iopl", "ioperm", "settimeofday", "clock_settime", "clock_adjtime",
    "adjtimex",
    # mounts and namespaces
    "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount",
    "fspick", "mount_setattr", "unshare", "setns", "open_by_handle_at", "name_to_handle_at",
    "fanotify_init",
    # asynchronous I/O that seccomp cannot see into
    "io_uring_setup", "io_uring_enter", "io_uring_register",
)
"""The calls a bot's process is killed for making."""
NAMESPACE_FLAGS = (0x00020000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000, 0x02000000, 0x00000080)
"""CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP,
CLONE_NEWTIME: `clone` with any of them makes a namespace, as `unshare` would."""
FORBIDDEN_WORDS = ("made a system call the jail forbids (it debugs or mounts, makes namespaces, or reaches the "
                   "kernel's keys, eBPF, io_uring or modules: tictac_nb.trust.syscalls.FORBIDDEN), "
                   "and the kernel ended it")


@functools.cache
def program() -> bytes | str:
    """The filter as a BPF program for `bwrap --seccomp`, or why none can be made here (in words)."""
    try:
        import pyseccomp as seccomp
    except (ImportError, OSError, AttributeError, RuntimeError) as error:  # no binding, or no libseccomp.so.2
        return f"no seccomp filter ({type(error).__name__}: {str(error)[:100]}; `apt-get install libseccomp2`)"
    try:
        rules = seccomp.SyscallFilter(seccomp.ALLOW)
        for name in FORBIDDEN:
            try:
                rules.add_rule(seccomp.KILL_PROCESS, name)
            except (ValueError, OSError):  # a call this processor does not have (iopl on arm64)
                continue
        for flag in NAMESPACE_FLAGS:
            rules.add_rule(seccomp.KILL_PROCESS, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
        rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
        with tempfile.TemporaryFile() as out:
            rules.export_bpf(out)
            out.seek(0)
            return out.read()
    except (OSError, ValueError, RuntimeError) as error:
        return f"no seccomp filter (libseccomp refused it: {str(error)[:100]})"
