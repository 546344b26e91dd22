#!/usr/bin/python3
"""Counts the frames a program puts on an X screen: every time the screen goes from unchanged to
changed (the X DAMAGE extension, reported once per change and cleared after each report), one
frame. Usage: frame-counter.py SECONDS [--start-file PATH]

Waits for PATH to exist (when given), then counts for SECONDS and prints one line:
"frames N in S s: F frames/s, median gap G ms, 90th percentile P ms".
Used by scripts/fly-frames to compare TouchDesk's Mandelbrot flight with XaoS's in the same way."""
import os
import select
import statistics
import sys
import time

from Xlib import X, display
from Xlib.ext import damage


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: frame-counter.py SECONDS [--start-file PATH]")
    try:
        seconds = float(sys.argv[1])
    except ValueError:
        sys.exit(f"frame-counter.py: not a number of seconds: {sys.argv[1]!r}")
    start_file = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--start-file" else None
    d = display.Display()
    if not d.has_extension("DAMAGE"):
        sys.exit("frame-counter.py: the X server has no DAMAGE extension")
    d.damage_query_version()
    root = d.screen().root
    dmg = root.damage_create(damage.DamageReportNonEmpty)
    d.sync()
    if start_file:
        while not os.path.exists(start_file):
            time.sleep(0.01)
    # Drop what came before the start.
    while d.pending_events():
        d.next_event()
    d.damage_subtract(dmg)
    d.sync()
    stamps = []
    t0 = time.monotonic()
    end = t0 + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            break
        if not d.pending_events():
            select.select([d.fileno()], [], [], left)
        while d.pending_events():
            e = d.next_event()
            if e.__class__.__name__ == "DamageNotify":
                stamps.append(time.monotonic())
                d.damage_subtract(dmg)
                d.flush()
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    n = len(stamps)
    if len(gaps) >= 2:
        g = sorted(gaps)
        median, p90 = statistics.median(g), g[int(len(g) * 0.9)]
        print(f"frames {n} in {seconds:.0f} s: {n / seconds:.1f} frames/s, "
              f"median gap {median * 1000:.1f} ms, 90th percentile {p90 * 1000:.1f} ms")
    else:
        print(f"frames {n} in {seconds:.0f} s: {n / seconds:.1f} frames/s")


if __name__ == "__main__":
    main()
