#!/usr/bin/python3
"""Runs Debian's Orca (/usr/bin/orca, a Python program) with the same arguments, its debug log
(--debug-file FILE) written line by line: Orca writes it through a buffered file and never
flushes, so the last things it said would reach the file only later, or never. The screen-reader
tests (Tests/TouchDeskEndToEndTests/ScreenReaderEndToEndTests.swift) read what Orca says from
that log's `SPEECH OUTPUT` lines as it runs, each test on its own session bus, so each may have
its Orca beside other tests' (Orca itself allows one per user)."""
import builtins
import runpy
import sys

ORCA = "/usr/bin/orca"
log = sys.argv[sys.argv.index("--debug-file") + 1] if "--debug-file" in sys.argv[:-1] else None
real_open = builtins.open


def line_buffered(file, mode="r", *args, **kwargs):
    if log is not None and file == log and "w" in mode:
        return real_open(file, mode, buffering=1, encoding="utf-8", errors="replace")
    return real_open(file, mode, *args, **kwargs)


builtins.open = line_buffered
sys.argv[0] = ORCA
launcher = runpy.run_path(ORCA, run_name="orca_launcher")
# Orca allows one instance per user (it finds the others with pgrep, and --replace kills them):
# each test has its own session bus, and other tests' instances are theirs.
launcher["main"].__globals__["otherOrcas"] = lambda: []
sys.exit(launcher["main"]())
