"""Loaded into the server under test (on its PYTHONPATH) when the benchmark watches its garbage collector.

Does nothing unless ``BENCH_GC_OUT`` names a file. Then it logs every collection (its
generation, when it started on the machine's monotonic clock, and its CPU time on the
thread that ran it) and, on SIGUSR1, writes that log with the number of objects the
collector tracks (``gc.get_objects()``, frozen ones excluded) to the file, as JSON.
The benchmark reads it before and after the connects (``bench_roundtrip.py --phases capacity``).
"""

import os

if os.environ.get("BENCH_GC_OUT"):
    import gc
    import json
    import signal
    import threading
    import time

    _OUT = os.environ["BENCH_GC_OUT"]
    _started: dict[int, tuple[float, float]] = {}
    _log: list[tuple[int, float, float]] = []  # (generation, monotonic start, CPU seconds)

    def _watch(phase: str, info: dict) -> None:
        thread = threading.get_ident()
        if phase == "start":
            _started[thread] = (time.monotonic(), time.thread_time())
        elif thread in _started:
            t, cpu = _started.pop(thread)
            _log.append((info["generation"], t, time.thread_time() - cpu))

    def _dump(_signum: int, _frame: object) -> None:
        tracked = len(gc.get_objects())
        with open(_OUT + ".tmp", "w") as f:
            json.dump({"tracked": tracked, "frozen": gc.get_freeze_count(), "collections": _log}, f)
        os.replace(_OUT + ".tmp", _OUT)

    gc.callbacks.append(_watch)
    signal.signal(signal.SIGUSR1, _dump)
