#!/usr/bin/python3
"""Random input for one TouchDesk window, from one process through XTEST (python3-xlib).

Used by the end-to-end test RandomInputEndToEndTests; runs on its own too:

    scripts/monkey.py --window 0x200001 --pid 1234 --seed 7 --events 2000

Sends seeded pointer moves, clicks, drags, right and middle clicks, wheel turns, keys (with
shortcuts) and typed text (also non-ASCII), and resizes the window between 1x1 and 2500x1600.
Every --check events it asks the window for a _NET_WM_PING answer (the main loop must reply) and
reads the process's VmRSS from /proc. It never sends the quit keys (Ctrl+Q, Escape), never
presses in the top bar (the Home button) and never sends Tab (which can put the focus ring on
Home, where Space or Return would press it), so the app stays open. Prints one summary line,
"monkey: ...", and exits 1 with a reason when the app died, stopped answering or grew too large.
"""
import argparse
import os
import random
import select
import sys
import time

from Xlib import X, XK, display, protocol
from Xlib.ext import xtest

BAR = 44  # the shell's top bar, in points (1x): presses there could go home or quit


def rss_kb(pid):
    """VmRSS in kB, or None when the process is gone (or a zombie)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            text = f.read()
    except OSError:
        return None
    state = next((l for l in text.splitlines() if l.startswith("State:")), "")
    if "Z" in state.split()[1:2]:
        return None
    line = next((l for l in text.splitlines() if l.startswith("VmRSS:")), None)
    return int(line.split()[1]) if line else 0


class Monkey:
    KEYS = ["Left", "Right", "Up", "Down", "space", "Return", "BackSpace", "Delete", "Home", "End",
            "Page_Up", "Page_Down", "minus", "plus", "equal", "bracketleft", "bracketright", "comma", "period",
            "slash", "question", "F1", "F5", "F11", "KP_Enter", "Insert"] + list("abcdefghijklmnoprstuvwxyz0123456789")
    # Shortcuts of the apps and the text fields; never ctrl+q.
    CTRL = list("acvxzsyldnorpt") + ["Left", "Right", "BackSpace", "Delete", "Home", "End", "plus", "minus", "0"]
    TEXT = "Zürich 4,2 -40.5 K7G 5T9 é東京Ω\n"

    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.d = display.Display()
        if not self.d.has_extension("XTEST"):
            sys.exit("monkey: the X server has no XTEST")
        self.root = self.d.screen().root
        self.win = self.d.create_resource_object("window", args.window)
        self.root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.ping_atom = self.d.intern_atom("_NET_WM_PING")
        self.protocols = self.d.intern_atom("WM_PROTOCOLS")
        self.ctrl = self.keycode("Control_L")
        self.shift = self.keycode("Shift_L")
        self.alt = self.keycode("Alt_L")
        self.extra = self.map_text_keys()
        self.width, self.height = self.geometry()
        self.counts = {"events": 0, "resizes": 0, "pings": 0}
        self.worst_ping = 0.0
        self.slow = []
        self.max_rss = 0

    def keycode(self, name):
        return self.d.keysym_to_keycode(XK.string_to_keysym(name))

    def map_text_keys(self):
        """Keycodes for the characters of TEXT the keyboard map lacks, on spare keycodes."""
        wanted = sorted({c for c in self.TEXT if not self.d.keysym_to_keycode(self.keysym(c))})
        lo = self.d.display.info.min_keycode
        hi = self.d.display.info.max_keycode
        mapping = self.d.get_keyboard_mapping(lo, hi - lo + 1)
        spare = [lo + i for i, syms in enumerate(mapping) if not any(syms)]
        extra = {}
        for c, code in zip(wanted, reversed(spare)):
            self.d.change_keyboard_mapping(code, [(self.keysym(c),) * 2])
            extra[c] = code
        self.d.sync()
        return extra

    @staticmethod
    def keysym(c):
        if c == "\n":
            return XK.string_to_keysym("Return")
        if c == " ":
            return XK.string_to_keysym("space")
        o = ord(c)
        if 0x20 < o < 0x7f or 0xa0 <= o <= 0xff:
            return o
        return 0x1000000 + o

    def geometry(self):
        g = self.win.get_geometry()
        return g.width, g.height

    def origin(self):
        t = self.win.translate_coords(self.root, 0, 0)
        return -t.x, -t.y

    # MARK: input

    def point(self, press):
        """A random point in the window; below the bar when it is for a press."""
        top = BAR if press and self.height > BAR + 1 else 0
        if press and self.height <= BAR + 1:
            return None
        x = self.rng.randrange(0, max(1, self.width))
        y = self.rng.randrange(top, max(top + 1, self.height))
        ox, oy = self.origin()
        return ox + x, oy + y

    def move(self, p):
        xtest.fake_input(self.d, X.MotionNotify, x=int(p[0]), y=int(p[1]))

    def button(self, b, down):
        xtest.fake_input(self.d, X.ButtonPress if down else X.ButtonRelease, b)

    def key(self, code, mods=()):
        if not code:
            return
        for m in mods:
            xtest.fake_input(self.d, X.KeyPress, m)
        xtest.fake_input(self.d, X.KeyPress, code)
        xtest.fake_input(self.d, X.KeyRelease, code)
        for m in reversed(mods):
            xtest.fake_input(self.d, X.KeyRelease, m)

    def type_char(self, c):
        upper = c.isascii() and (c.isupper() or c in '~!@#$%^&*()_+{}|:"<>?')
        code = self.extra.get(c) or self.d.keysym_to_keycode(self.keysym(c.lower() if upper and c.isalpha() else c))
        self.key(code, (self.shift,) if upper else ())

    def one_event(self):
        r = self.rng.random()
        if r < 0.25:
            p = self.point(False)
            if p:
                self.move(p)
        elif r < 0.45:
            p = self.point(True)
            if p:
                self.move(p)
                self.button(1, True)
                self.button(1, False)
        elif r < 0.58:
            p, q = self.point(True), self.point(False)
            if p and q:
                self.move(p)
                self.button(1, True)
                for i in range(1, self.rng.randrange(2, 8)):
                    self.move((p[0] + (q[0] - p[0]) * i / 6, p[1] + (q[1] - p[1]) * i / 6))
                self.button(1, False)
        elif r < 0.63:
            p = self.point(True)
            if p:
                self.move(p)
                b = self.rng.choice([2, 3])
                self.button(b, True)
                if b == 3:
                    self.move(self.point(False) or p)
                self.button(b, False)
        elif r < 0.70:
            p = self.point(True)
            if p:
                self.move(p)
                b = self.rng.choice([4, 5, 6, 7])
                for _ in range(self.rng.randrange(1, 4)):
                    self.button(b, True)
                    self.button(b, False)
        elif r < 0.85:
            self.key(self.keycode(self.rng.choice(self.KEYS)), (self.shift,) if self.rng.random() < 0.2 else ())
        elif r < 0.93:
            mods = (self.ctrl, self.shift) if self.rng.random() < 0.3 else (self.ctrl,)
            self.key(self.keycode(self.rng.choice(self.CTRL)), mods)
        else:
            start = self.rng.randrange(len(self.TEXT))
            for c in self.TEXT[start:start + self.rng.randrange(1, 8)]:
                self.type_char(c)
        self.counts["events"] += 1

    def resize(self):
        r = self.rng.random()
        if r < 0.2:
            w, h = self.rng.randrange(1, 8), self.rng.randrange(1, 8)
        elif r < 0.4:
            w, h = self.rng.randrange(1, 400), self.rng.randrange(1, 360)
        elif r < 0.6:
            w, h = 2500, 1600
        else:
            w, h = self.rng.randrange(300, 2501), self.rng.randrange(200, 1601)
        self.win.configure(width=w, height=h)
        self.d.sync()
        self.width, self.height = w, h
        self.counts["resizes"] += 1

    # MARK: checks

    def ping(self):
        """Sends _NET_WM_PING and waits for the answer on the root window; seconds taken."""
        token = self.rng.randrange(1, 1 << 30)
        ev = protocol.event.ClientMessage(window=self.win, client_type=self.protocols,
                                          data=(32, [self.ping_atom, token, self.args.window, 0, 0]))
        self.win.send_event(ev, event_mask=0)
        self.d.flush()
        start = time.monotonic()
        deadline = start + self.args.ping_timeout
        while time.monotonic() < deadline:
            while self.d.pending_events():
                e = self.d.next_event()
                if e.type == X.ClientMessage and e.client_type == self.protocols:
                    fmt, data = e.data
                    if data[0] == self.ping_atom and data[1] == token:
                        took = time.monotonic() - start
                        self.worst_ping = max(self.worst_ping, took)
                        if took > 1:
                            self.slow.append(f"{took:.1f} s at event {self.counts['events']} ({self.width}x{self.height})")
                        self.counts["pings"] += 1
                        return took
            if rss_kb(self.args.pid) is None:
                self.fail("the app died")
            select.select([self.d.fileno()], [], [], 0.05)
        self.fail(f"no answer to _NET_WM_PING within {self.args.ping_timeout} s")

    def check(self):
        rss = rss_kb(self.args.pid)
        if rss is None:
            self.fail("the app died")
        self.max_rss = max(self.max_rss, rss)
        if rss > self.args.rss_limit_mb * 1024:
            self.fail(f"VmRSS {rss // 1024} MB, over the {self.args.rss_limit_mb} MB bound")
        self.ping()

    def summary(self):
        c = self.counts
        return (f"monkey: seed {self.args.seed}: {c['events']} events, {c['resizes']} resizes, {c['pings']} pings answered "
                f"(slowest {self.worst_ping * 1000:.0f} ms{'; over 1 s: ' + ', '.join(self.slow) if self.slow else ''}), max VmRSS {self.max_rss // 1024} MB, {time.monotonic() - self.t0:.1f} s")

    def fail(self, why):
        print(self.summary())
        print(f"monkey: FAILED after {self.counts['events']} events: {why} "
              f"(replay with TOUCHDESK_MONKEY_SEED={self.args.seed})")
        sys.stdout.flush()
        os._exit(1)

    def run(self):
        self.t0 = time.monotonic()
        self.check()
        for i in range(1, self.args.events + 1):
            self.one_event()
            if i % self.args.resize_every == 0:
                self.resize()
            if i % self.args.check == 0:
                self.check()
            else:
                self.d.sync()
            if self.args.pace:
                time.sleep(self.args.pace / 1000)
        # End at an ordinary size, and one last check.
        self.win.configure(width=640, height=480)
        self.d.sync()
        self.width, self.height = 640, 480
        self.check()
        print(self.summary())


def main():
    p = argparse.ArgumentParser(description="Seeded random XTEST input for one window.")
    p.add_argument("--window", type=lambda s: int(s, 0), required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--events", type=int, default=2000)
    p.add_argument("--resize-every", type=int, default=80)
    p.add_argument("--check", type=int, default=200, help="ping and measure every N events")
    p.add_argument("--rss-limit-mb", type=int, default=1024)
    p.add_argument("--ping-timeout", type=float, default=20)
    p.add_argument("--pace", type=float, default=1, help="milliseconds between events")
    Monkey(p.parse_args()).run()


if __name__ == "__main__":
    main()
