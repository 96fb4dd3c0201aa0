"""The intake's lags (a message's time to its commit) in fixed memory: counted in buckets
whose edges grow by a fixed ratio, so a percentile is known to within half a bucket's width
however many messages came, and two intakes' counts add up."""

from __future__ import annotations

import math

from fleet.decisions import SERVICE_DECISIONS

_SPEC: dict[str, float] = SERVICE_DECISIONS["lag_buckets"].value
LOW: float = _SPEC["low_s"]
HIGH: float = _SPEC["high_s"]
RATIO: float = _SPEC["ratio"]
BUCKETS = math.ceil(math.log(HIGH / LOW, RATIO)) + 2  # and one each below LOW, above HIGH


class LagHistogram:
    def __init__(self) -> None:
        self.counts = [0] * BUCKETS
        self.count = 0
        self.total = 0.0
        self.largest = 0.0

    def add(self, seconds: float) -> None:
        """One lag; a negative one (the cabinet's clock ahead) counts as none."""
        seconds = max(0.0, seconds)
        if seconds < LOW:
            bucket = 0
        elif seconds >= HIGH:
            bucket = BUCKETS - 1
        else:
            bucket = min(BUCKETS - 2, 1 + int(math.log(seconds / LOW, RATIO)))
        self.counts[bucket] += 1
        self.count += 1
        self.total += seconds
        self.largest = max(self.largest, seconds)

    def merge(self, other: LagHistogram) -> None:
        for i, n in enumerate(other.counts):
            self.counts[i] += n
        self.count += other.count
        self.total += other.total
        self.largest = max(self.largest, other.largest)

    def percentile(self, fraction: float) -> float:
        """The lag ``fraction`` (0 to 1) of the messages took at most: the middle of its
        bucket (geometric), never above the largest seen; NaN before the first."""
        if self.count == 0:
            return math.nan
        rank = min(self.count - 1, int(self.count * fraction))
        seen, bucket = 0, 0
        while seen + self.counts[bucket] <= rank:
            seen += self.counts[bucket]
            bucket += 1
        if bucket == 0:
            middle = LOW / 2
        elif bucket == BUCKETS - 1:
            middle = self.largest
        else:
            middle = LOW * RATIO ** (bucket - 1) * math.sqrt(RATIO)
        return min(middle, self.largest)
