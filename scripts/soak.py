#!/usr/bin/python3
"""An afternoon's use in a few minutes: one TouchDesk window in a private Xvfb, every app visited
again and again (xdotool: the home-screen key, a short visit, Esc home), and the memory of the
whole process tree (TouchDesk and its web helpers) printed after each round. Numbers, never
pass/fail (docs/testing.md, "Leaving an app, and memory").

    scripts/soak [--rounds 20] [--visit 1.5] [--apps all|map,globe] [--cold] [--busy 2]

Short visits leave Map Search and Sea Level while they still load (their index, map and relief);
--cold starts with an empty cache folder, so the first visits build the place index and the globe
as a first run does; --busy N keeps N busy loops running meanwhile (a loaded machine). After the
rounds, it opens Web Pages, goes home and prints the tree's CPU and memory 30 s later (--web-wait).

Per round it prints: the tree's resident memory (the sum of VmRSS, as `ps` shows it), its PSS
(shared pages counted once), TouchDesk's own RSS split into anonymous memory and file pages, its
[heap], its threads, and the tree's processes.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

APPS = [("paint", "p"), ("polygon", "o"), ("mandelbrot", "m"), ("accelerometer", "a"), ("holes", "h"),
        ("maze", "z"), ("spaceballs", "b"), ("stickman", "s"), ("images", "i"), ("temperature", "t"),
        ("doubler", "d"), ("postal", "c"), ("web", "w"), ("map", "l"), ("globe", "e")]


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def children(pid):
    """Every descendant of pid (through /proc/PID/task/*/children)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for tid in os.listdir(f"/proc/{p}/task") if os.path.isdir(f"/proc/{p}/task") else []:
            for c in read(f"/proc/{p}/task/{tid}/children").split():
                out.append(int(c))
                todo.append(int(c))
    return out


def status_kb(pid, field):
    for line in read(f"/proc/{pid}/status").splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def rollup_kb(pid, field):
    for line in read(f"/proc/{pid}/smaps_rollup").splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def heap_kb(pid):
    """Rss of the [heap] mapping (the main arena's brk heap)."""
    inside = False
    for line in read(f"/proc/{pid}/smaps").splitlines():
        if not line[:1].isupper() or ":" not in line.split()[0]:
            inside = line.rstrip().endswith("[heap]")
        elif inside and line.startswith("Rss:"):
            return int(line.split()[1])
    return 0


def cpu_ticks(pid):
    text = read(f"/proc/{pid}/stat")
    if ")" not in text:
        return 0
    f = text[text.rindex(")") + 2:].split()
    return int(f[11]) + int(f[12])


def tree(pid):
    return [pid] + children(pid)


def measure(pid):
    pids = tree(pid)
    live = [p for p in pids if "Z" not in (read(f"/proc/{p}/stat")[read(f"/proc/{p}/stat").rfind(")") + 2:][:1])]
    rss = sum(status_kb(p, "VmRSS") for p in live)
    pss = sum(rollup_kb(p, "Pss") for p in live)
    return {
        "tree_rss": rss / 1024, "tree_pss": pss / 1024, "procs": len(live), "zombies": len(pids) - len(live),
        "rss": status_kb(pid, "VmRSS") / 1024, "anon": status_kb(pid, "RssAnon") / 1024,
        "file": status_kb(pid, "RssFile") / 1024, "heap": heap_kb(pid) / 1024, "threads": status_kb(pid, "Threads"),
    }


def line(label, m):
    return (f"{label:>9}  tree {m['tree_rss']:6.0f} MB (PSS {m['tree_pss']:5.0f})  touchdesk {m['rss']:5.0f} MB "
            f"(anon {m['anon']:4.0f}, file {m['file']:4.0f}, heap {m['heap']:4.0f})  threads {m['threads']:3d}  "
            f"processes {m['procs']}" + (f" + {m['zombies']} zombies" if m["zombies"] else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--visit", type=float, default=1.5, help="seconds in each app (short: leaves loads under way)")
    ap.add_argument("--apps", default="all", help="comma-separated app ids, or all")
    ap.add_argument("--cold", action="store_true", help="start with an empty cache folder (a first run's builds)")
    ap.add_argument("--busy", type=int, default=0, help="busy loops to run meanwhile")
    ap.add_argument("--web-wait", type=float, default=30, help="seconds after leaving Web Pages before measuring")
    ap.add_argument("--binary", default=None)
    ap.add_argument("--size", default="900x640")
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.binary or next((b for b in (f"{root}/.build/release/touchdesk", f"{root}/.build/debug/touchdesk")
                                  if os.path.exists(b)), None)
    if not binary:
        sys.exit("soak: no touchdesk binary: swift build -c release --product touchdesk (or give --binary)")
    wanted = [a for a in APPS if args.apps == "all" or a[0] in args.apps.split(",")]
    unknown = set(args.apps.split(",")) - {a for a, _ in APPS} - {"all"}
    if unknown:
        sys.exit(f"soak: no such app: {', '.join(sorted(unknown))}")

    n = 90
    while os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
        n += 1
    display = f":{n}"
    home = tempfile.mkdtemp(prefix="touchdesk-soak-")
    env = dict(os.environ, DISPLAY=display, HOME=home, XDG_CONFIG_HOME=f"{home}/.config",
               XDG_DATA_HOME=f"{home}/.local/share", XDG_STATE_HOME=f"{home}/.local/state")
    if args.cold:
        env["XDG_CACHE_HOME"] = f"{home}/.cache"
    procs = []
    try:
        procs.append(subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x1024x24", "-noreset"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(100):
            if subprocess.run(["xdpyinfo", "-display", display], capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        for _ in range(args.busy):
            procs.append(subprocess.Popen(["sh", "-c", "while :; do :; done"]))
        log = open(f"{home}/touchdesk.log", "w")
        app = subprocess.Popen([binary, "--size", args.size, "--new-window"], env=env, stdout=log, stderr=log)
        procs.append(app)

        def xdo(*a):
            return subprocess.run(["xdotool", *a], env=env, capture_output=True, text=True).stdout.strip()

        window = ""
        for _ in range(300):
            window = xdo("search", "--pid", str(app.pid), "--name", "TouchDesk").split("\n")[0]
            if window or app.poll() is not None:
                break
            time.sleep(0.1)
        if not window:
            sys.exit(f"soak: no window: {read(home + '/touchdesk.log')}")

        def title():
            return xdo("getwindowname", window)

        def go_home(label):
            for _ in range(3):
                xdo("key", "--window", window, "Escape")
                deadline = time.time() + 3
                while time.time() < deadline:
                    if title() == "TouchDesk":
                        return
                    time.sleep(0.05)
            print(f"soak: {label}: Esc did not go home (title {title()!r})", file=sys.stderr)

        print(f"soak: {binary}, {len(wanted)} apps × {args.rounds} rounds, {args.visit} s visits"
              f"{', cold cache' if args.cold else ''}{f', {args.busy} busy loops' if args.busy else ''}; "
              f"load average {os.getloadavg()[0]:.1f}")
        time.sleep(1)
        print(line("start", measure(app.pid)), flush=True)
        for r in range(1, args.rounds + 1):
            for app_id, key in wanted:
                xdo("key", "--window", window, key)
                time.sleep(args.visit)
                go_home(app_id)
                if app.poll() is not None:
                    sys.exit(f"soak: touchdesk ended in {app_id}, round {r}: {read(home + '/touchdesk.log')[-2000:]}")
            time.sleep(0.5)
            print(line(f"round {r}", measure(app.pid)), flush=True)

        if any(a == "web" for a, _ in wanted) or args.apps == "all":
            xdo("key", "--window", window, "w")
            time.sleep(max(args.visit, 3))
            go_home("web")
            time.sleep(args.web_wait)
            before = sum(cpu_ticks(p) for p in tree(app.pid))
            time.sleep(5)
            after = sum(cpu_ticks(p) for p in tree(app.pid))
            share = (after - before) / os.sysconf("SC_CLK_TCK") / 5 * 100
            m = measure(app.pid)
            print(line(f"web+{args.web_wait:.0f}s", m) + f"  tree CPU {share:.1f} % of a core (over 5 s)", flush=True)
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
