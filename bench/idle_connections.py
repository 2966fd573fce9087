#!/usr/bin/env python3
"""idle_connections.py PORT COUNT PID: open COUNT keep-alive connections to 127.0.0.1:PORT, make one
request on each, leave them all open and idle, then print the server's (PID) RSS and thread count and
how many connections are still answered. Prints one line: key=value pairs."""
import resource
import socket
import sys
import time


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def main():
    port, count, pid = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1000), hard))
    request = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
    sockets, failed = [], 0
    for _ in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(request)
            data = s.recv(4096)
            if not data.startswith(b"HTTP/1.1 200"):
                failed += 1
            sockets.append(s)
        except OSError:
            failed += 1
    time.sleep(2)
    info = status(pid)
    # Still alive and answering after being idle?
    alive = 0
    for s in sockets[:: max(1, len(sockets) // 100)]:
        try:
            s.sendall(request)
            if s.recv(4096).startswith(b"HTTP/1.1 200"):
                alive += 1
        except OSError:
            pass
    print(f"open={len(sockets)} failed={failed} rss_kb={info['VmRSS'].split()[0]} "
          f"threads={info['Threads']} sampled_alive={alive}/{len(sockets[:: max(1, len(sockets) // 100)])}")
    for s in sockets:
        s.close()


if __name__ == "__main__":
    main()
