"""What the benchmark reads from Linux: CPU time and memory of a process tree, the load.

Read from /proc (no extra dependency): a server of several workers is its main
process and every descendant, so ``tree`` walks parents once per reading.
"""

from __future__ import annotations

import os
import resource
import threading
import time
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


class CpuClock:
    """Samples a process tree's CPU time a few times a second, in a thread, while it runs.

    ``at(t)`` then answers the tree's CPU seconds at any moment between two samples
    (linearly), so a stretch of a run (a wave of connects) gets its own CPU figure.
    """

    def __init__(self, pid: int, every: float = 0.2):
        self.pid, self.every = pid, every
        self.samples: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> CpuClock:
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join()
        self.samples.append((time.monotonic(), cpu_seconds(self.pid)))

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples.append((time.monotonic(), cpu_seconds(self.pid)))
            self._stop.wait(self.every)

    def at(self, t: float) -> float:
        """The tree's CPU seconds at monotonic time ``t``, between the nearest samples."""
        before = max((s for s in self.samples if s[0] <= t), default=self.samples[0])
        after = min((s for s in self.samples if s[0] >= t), default=self.samples[-1])
        if after[0] == before[0]:
            return before[1]
        return before[1] + (after[1] - before[1]) * (t - before[0]) / (after[0] - before[0])
