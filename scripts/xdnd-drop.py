#!/usr/bin/python3
"""Drops data on an X window the way a file manager does: the source side of XDND version 5.

    xdnd-drop.py --window ID --type text/uri-list --data 'file:///home/me/photo.png'
    xdnd-drop.py --window ID --type text/plain;charset=utf-8 --data 'Zürich' --at 200,100

It makes a hidden source window, owns XdndSelection, sends XdndEnter (with XdndTypeList when it
offers more than three types), XdndPosition at --at (window coordinates; the centre by default),
waits for XdndStatus, then XdndDrop; answers the target's SelectionRequest with the data and
waits for XdndFinished. It prints one line: "status accept=0|1" and "finished success=0|1".
--hold S waits S seconds between the status and the drop (a drag hovering); --leave sends
XdndLeave instead of dropping; --vanish destroys the source right after XdndDrop, without
answering (a source that crashes mid-drop); --data-file reads the data from a file.
Exits 0 when the target answered every step it should have, 1 otherwise, 2 on bad arguments.
"""
import argparse
import sys
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--window", required=True)
    ap.add_argument("--type", action="append", required=True, help="a type offered (repeat for more)")
    ap.add_argument("--data")
    ap.add_argument("--data-file")
    ap.add_argument("--at")
    ap.add_argument("--hold", type=float, default=0)
    ap.add_argument("--leave", action="store_true")
    ap.add_argument("--vanish", action="store_true")
    ap.add_argument("--timeout", type=float, default=5)
    a = ap.parse_args()
    if (a.data is None) == (a.data_file is None):
        print("give --data or --data-file", file=sys.stderr)
        return 2
    data = a.data.encode() if a.data is not None else open(a.data_file, "rb").read()

    d = display.Display()
    atom = d.intern_atom
    target = d.create_resource_object("window", int(a.window, 0))
    src = d.screen().root.create_window(-10, -10, 1, 1, 0, X.CopyFromParent, override_redirect=True,
                                        event_mask=X.PropertyChangeMask)
    types = [atom(t) for t in a.type]
    if len(types) > 3:
        src.change_property(atom("XdndTypeList"), Xatom.ATOM, 32, types)
    selection = atom("XdndSelection")
    src.set_selection_owner(selection, X.CurrentTime)
    copy = atom("XdndActionCopy")

    def send(name, l):
        ev = event.ClientMessage(window=target, client_type=atom(name), data=(32, (l + [0] * 5)[:5]))
        target.send_event(ev, event_mask=0)
        d.flush()

    def wait_for(name, deadline):
        """The next ClientMessage `name` to the source, answering SelectionRequests meanwhile."""
        while time.time() < deadline:
            while d.pending_events():
                ev = d.next_event()
                if ev.type == X.ClientMessage and ev.client_type == atom(name):
                    return ev
                if ev.type == X.SelectionRequest:
                    answer(ev)
            time.sleep(0.01)
        return None

    def answer(ev):
        prop = ev.property or ev.target
        if ev.target in types:
            ev.requestor.change_property(prop, ev.target, 8, data)
        else:
            prop = X.NONE
        ev.requestor.send_event(event.SelectionNotify(time=ev.time, requestor=ev.requestor, selection=ev.selection,
                                                      target=ev.target, property=prop), event_mask=0)
        d.flush()

    geom = target.get_geometry()
    x, y = (geom.width // 2, geom.height // 2) if not a.at else map(int, a.at.split(","))
    root_xy = target.translate_coords(d.screen().root, x, y)
    rx, ry = root_xy.x, root_xy.y

    send("XdndEnter", [src.id, (5 << 24) | (1 if len(types) > 3 else 0)] + types[:3])
    send("XdndPosition", [src.id, 0, (rx << 16) | ry, X.CurrentTime, copy])
    status = wait_for("XdndStatus", time.time() + a.timeout)
    if status is None:
        print("no XdndStatus")
        return 1
    accept = status.data[1][1] & 1
    print("status accept=%d" % accept, flush=True)
    if a.hold:
        end = time.time() + a.hold
        while time.time() < end:
            send("XdndPosition", [src.id, 0, (rx << 16) | ry, X.CurrentTime, copy])
            wait_for("XdndStatus", time.time() + 0.5)
            time.sleep(0.1)
    if a.leave:
        send("XdndLeave", [src.id])
        d.close()
        return 0
    send("XdndDrop", [src.id, 0, X.CurrentTime])
    if a.vanish:
        src.destroy()
        d.close()
        return 0
    done = wait_for("XdndFinished", time.time() + a.timeout)
    if done is None:
        print("no XdndFinished")
        return 1
    print("finished success=%d" % (done.data[1][1] & 1), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
