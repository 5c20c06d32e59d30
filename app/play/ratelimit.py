"""A socket's frame limit: a token bucket, so a burst is allowed and a flood is not."""

from __future__ import annotations

import time


class RateLimit:
    """Token bucket: ``rate`` frames a second, bursts up to ``rate``."""

    __slots__ = ("rate", "stamp", "tokens")

    def __init__(self, rate: int):
        self.rate = rate
        self.tokens = float(rate)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
