#!/usr/bin/env python3
"""bench/durability.py: what `PRAGMA synchronous = FULL` costs (issue 32), on this machine's disk.

1. SQLite alone, in WAL mode as Resett runs it: 500 one-row commits with synchronous NORMAL, then FULL (the only
   difference: FULL syncs the write-ahead log at each commit).
2. Through Resett (FULL, as it now runs): 200 check-ins saved one after another over HTTP, median and p99.

Usage: bench/durability.py [path to resett] (default .build/debug/resett). Writes bench/DURABILITY_LAST_RUN.txt.
"""
import os
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def commits(mode, count=500):
    folder = tempfile.mkdtemp(prefix="resett-durability-", dir=os.path.join(ROOT, "bench"))
    db = sqlite3.connect(os.path.join(folder, "x.sqlite"), isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute(f"PRAGMA synchronous = {mode}")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    times = []
    for n in range(count):
        started = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (body) VALUES (?)", (f"row {n}",))
        db.execute("COMMIT")
        times.append(time.perf_counter() - started)
    db.close()
    subprocess.run(["rm", "-rf", folder])
    return times


def summary(times):
    ordered = sorted(times)
    return f"median {statistics.median(ordered) * 1000:.2f} ms, p99 {ordered[int(len(ordered) * 0.99) - 1] * 1000:.2f} ms"


def main():
    lines = []
    normal, full = commits("NORMAL"), commits("FULL")
    lines.append(f"SQLite WAL, 500 one-row commits: NORMAL {summary(normal)}; FULL {summary(full)}")
    resett = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "resett")
    work = tempfile.mkdtemp(prefix="resett-durability-app-")
    database, key = os.path.join(work, "resett.sqlite"), os.path.join(work, "master.key")
    subprocess.run([resett, "migrate", "--db", database, "--root", ROOT], check=True, capture_output=True)
    subprocess.run([resett, "keys", "create", "--out", key], check=True, capture_output=True)
    subprocess.run([resett, "user", "create", "--tenant", "default", "--email", "durable@example.com", "--password-stdin", "--db", database,
                    "--root", ROOT], input="a calm and steady passphrase\n", text=True, check=True, capture_output=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([resett, "serve", "--port", str(port), "--db", database, "--root", ROOT, "--data-key-file", key, "--no-access-log"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        server = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                requests.get(server + "/healthz"); break
            except requests.ConnectionError:
                time.sleep(0.1)
        session = requests.Session()
        token = re.search(r'name="_csrf" value="([0-9a-f]+)"', session.get(server + "/login").text).group(1)
        session.post(server + "/login", data={"_csrf": token, "email": "durable@example.com", "password": "a calm and steady passphrase", "next": "/"})
        token = re.search(r'name="_csrf" value="([0-9a-f]+)"', session.get(server + "/check-in").text).group(1)
        times = []
        for n in range(200):
            started = time.perf_counter()
            answer = session.post(server + "/check-in", data={"_csrf": token, "rating": str(n % 5 + 1), "note": f"note {n}"}, allow_redirects=False)
            times.append(time.perf_counter() - started)
            assert answer.status_code == 303, answer.status_code
        lines.append(f"Resett (synchronous FULL), 200 check-ins saved one after another over HTTP: {summary(times)}")
    finally:
        process.terminate(); process.wait()
    text = f"bench/durability.py on {time.strftime('%Y-%m-%d %H:%M')}, {resett}\n" + "\n".join(lines) + "\n"
    print(text, end="")
    with open(os.path.join(ROOT, "bench", "DURABILITY_LAST_RUN.txt"), "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
