"""What the benchmark reads from Linux: CPU time and memory of a process tree, the load.

Read from /proc (no extra dependency): a server of several workers is its main
process and every descendant, so ``tree`` walks parents once per reading.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: split after its last ")".
    return text[text.rindex(")") + 2 :].split()


def tree(pid: int) -> list[int]:
    """Returns ``pid`` and every living descendant of it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))):
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, ()))
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process tree, in seconds (living processes only)."""
    total = 0
    for p in tree(pid):
        if fields := _stat(p):
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def reaped_children_cpu_seconds() -> float:
    """User + system CPU time of this process's children that have ended and been waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def rss_bytes(pid: int) -> int:
    """Resident memory of a process tree, in bytes."""
    total = 0
    for p in tree(pid):
        if fields := _stat(p):
            total += int(fields[21]) * PAGE
    return total


def load() -> str:
    """The machine's load average and core count, for readers to judge the figures."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def raise_open_files() -> int:
    """Raises this process's (and its children's) open-file limit to the hard limit; returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
