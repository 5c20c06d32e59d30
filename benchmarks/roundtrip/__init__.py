"""Helpers of benchmarks/bench_roundtrip.py: servers, load processes, /proc readings."""
