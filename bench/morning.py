#!/usr/bin/env python3
"""bench/morning.py: a busy morning's log-ins against a real `resett serve` with the real Argon2id parameters (issue 32).

1. 50 people log in at the same instant with the right password: how many get in, and how long the slowest waits.
2. Meanwhile a signed-in member keeps loading /account: its p99 against the same page's p99 when idle.
3. 500 wrong-password attempts from one address (through a trusted proxy's X-Forwarded-For) run while one person at
   another address logs in: did they get in, and how long did it take.

Usage: bench/morning.py [path to resett] (default: the release build, built if missing). Writes bench/MORNING_LAST_RUN.txt.
"""
import http.client
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSWORD = "a calm and steady passphrase"
ROUNDS = 7


def binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.run(["swift", "build", "-c", "release", "--product", "resett"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return os.path.join(folder.strip(), "resett")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def log_in_request(server, email, password, address=None):
    """A session with the log-in form's token, and a function that posts it."""
    session = requests.Session()
    headers = {"X-Forwarded-For": address} if address else {}
    page = session.get(server + "/login", headers=headers)
    token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page.text).group(1)

    def post():
        started = time.monotonic()
        answer = session.post(server + "/login", data={"_csrf": token, "email": email, "password": password, "next": "/"},
                              headers=headers, allow_redirects=False)
        return answer.status_code, time.monotonic() - started
    return post


def page_latencies(port, cookie, stop, into):
    """Loads /account over one kept-alive connection until `stop` is set, in its own process (so the log-in threads'
    share of Python's interpreter lock is not counted as the server's time), and puts the latencies on `into`."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    latencies = []
    while not stop.is_set():
        started = time.monotonic()
        connection.request("GET", "/account", headers={"Cookie": cookie})
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, answer.status
        latencies.append(time.monotonic() - started)
    into.put(latencies)


def measure_pages(port, cookie):
    """Starts page_latencies in a process of its own; the returned function stops it and returns its latencies."""
    into, stop = multiprocessing.Queue(), multiprocessing.Event()
    process = multiprocessing.Process(target=page_latencies, args=(port, cookie, stop, into))
    process.start()
    time.sleep(0.3)

    def result():
        stop.set()
        latencies = into.get()
        process.join()
        return latencies
    return result


def p99(values):
    return sorted(values)[max(0, int(len(values) * 0.99) - 1)] * 1000 if values else float("nan")


def main():
    resett = binary()
    work = tempfile.mkdtemp(prefix="resett-morning-")
    database = os.path.join(work, "resett.sqlite")
    key = os.path.join(work, "master.key")
    run = lambda *arguments, stdin=None: subprocess.run([resett, *arguments, "--db", database, "--root", ROOT], input=stdin, text=True,
                                                         check=True, capture_output=True)
    run("migrate")
    subprocess.run([resett, "keys", "create", "--out", key], check=True, capture_output=True)
    people = [f"team-{n}@example.com" for n in range(50)]
    for email in people + ["reader@example.com", "real@example.com"]:
        run("user", "create", "--tenant", "default", "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    process = subprocess.Popen([resett, "serve", "--port", str(port), "--db", database, "--root", ROOT, "--data-key-file", key,
                                "--trusted-proxy", "127.0.0.1", "--no-access-log"], stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    lines = []
    try:
        for _ in range(100):
            try:
                if requests.get(server + "/healthz").status_code == 200:
                    break
            except requests.ConnectionError:
                time.sleep(0.1)
        reader_post = requests.Session()
        page = reader_post.get(server + "/login")
        token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page.text).group(1)
        reader_post.post(server + "/login", data={"_csrf": token, "email": "reader@example.com", "password": PASSWORD, "next": "/"},
                         allow_redirects=False)

        cookie = "; ".join(f"{name}={value}" for name, value in reader_post.cookies.items())

        # Rounds, because one burst's p99 on a shared 2-core machine swings from about 1.3x to 3.4x: each round measures
        # the signed-in page idle for 3 s, then only while 50 log-ins run at once.
        ratios = []
        for round in range(ROUNDS):
            idle_result = measure_pages(port, cookie)
            time.sleep(3)
            idle = idle_result()
            posts = [log_in_request(server, email, PASSWORD, f"10.0.{n // 250}.{n % 250 + 1}") for n, email in enumerate(people)]
            results, barrier = [None] * len(posts), threading.Barrier(len(posts))

            def go(index):
                barrier.wait()
                results[index] = posts[index]()
            threads = [threading.Thread(target=go, args=(n,)) for n in range(len(posts))]
            during_result = measure_pages(port, cookie)
            started = time.monotonic()
            [t.start() for t in threads]; [t.join() for t in threads]
            burst = time.monotonic() - started
            during = during_result()
            statuses = [r[0] for r in results]
            ratios.append(p99(during) / p99(idle))
            lines.append(f"round {round + 1}: 50 simultaneous correct log-ins: {statuses.count(303)} signed in, others "
                         f"{sorted(set(statuses) - {303})}; all done in {burst:.2f} s, slowest {max(r[1] for r in results):.2f} s, "
                         f"median {statistics.median(r[1] for r in results):.2f} s; signed-in /account p99 idle {p99(idle):.1f} ms "
                         f"({len(idle)} requests), during {p99(during):.1f} ms ({len(during)} requests): {ratios[-1]:.2f}x")
        lines.append(f"p99 during the log-ins against idle, median of {ROUNDS} rounds: {statistics.median(ratios):.2f}x "
                     f"(range {min(ratios):.2f}x to {max(ratios):.2f}x)")

        # A flood of wrong passwords from one address, and one real log-in from another.
        flood = [log_in_request(server, "team-1@example.com", "a wrong guess", "203.0.113.9") for _ in range(500)]
        flood_statuses = []
        lock = threading.Lock()

        def flooder(chunk):
            for post in chunk:
                status, _ = post()
                with lock:
                    flood_statuses.append(status)
        flooders = [threading.Thread(target=flooder, args=(flood[n::25],)) for n in range(25)]
        [t.start() for t in flooders]
        time.sleep(0.5)
        real_status, real_seconds = log_in_request(server, "real@example.com", PASSWORD, "198.51.100.4")()
        [t.join() for t in flooders]
        counts = {status: flood_statuses.count(status) for status in sorted(set(flood_statuses))}
        lines.append(f"500 wrong passwords from one address (answers {counts}); meanwhile a correct log-in from another address: "
                     f"{real_status} in {real_seconds * 1000:.0f} ms")
    finally:
        process.terminate()
        process.wait()
    header = f"bench/morning.py on {time.strftime('%Y-%m-%d %H:%M')} ({os.cpu_count()} cores), {resett}"
    text = "\n".join([header, *lines]) + "\n"
    print(text, end="")
    with open(os.path.join(ROOT, "bench", "MORNING_LAST_RUN.txt"), "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
