#!/usr/bin/env python3
"""Slow-client scenario for bench-server.sh: CLIENTS connections each trickle one byte of a
request head per second (a slowloris), never finishing it, while a normal client sends a GET on
a fresh connection every INTERVAL seconds. Prints one machine-readable line:

  SLOW_RESULT clients=1100 opened=1100 held=1100 probes=200 failures=0 p50_ms=0.41 p99_ms=1.9 max_ms=3.2

`opened` is how many slow connections were established, `held` how many the server still held
open at the end (it may close them once the head timeout passes), `failures` the normal requests
that got no 200 within 5 s."""
import argparse
import resource
import selectors
import socket
import statistics
import sys
import time


def raise_open_file_limit(needed):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def normal_request(port, path):
    """Milliseconds from connect to the complete answer, or None on failure."""
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError:
        return None
    if not data.startswith(b"HTTP/1.1 200"):
        return None
    return (time.perf_counter() - started) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", default="/bench/small")
    parser.add_argument("--clients", type=int, default=1100)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--interval", type=float, default=0.05)
    arguments = parser.parse_args()

    limit = raise_open_file_limit(arguments.clients + 64)
    if limit < arguments.clients + 16:
        sys.exit(f"error: the open-file limit is {limit}; {arguments.clients} slow clients need more (ulimit -n)")

    slow = []
    for _ in range(arguments.clients):
        connection = socket.create_connection(("127.0.0.1", arguments.port), timeout=5)
        connection.sendall(f"GET {arguments.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".encode())
        connection.setblocking(False)
        slow.append(connection)

    latencies, failures = [], 0
    started = time.monotonic()
    next_trickle = started
    while time.monotonic() - started < arguments.seconds:
        now = time.monotonic()
        if now >= next_trickle:
            for connection in slow:
                try:
                    connection.send(b"a")
                except OSError:
                    pass
            next_trickle = now + 1.0
        latency = normal_request(arguments.port, arguments.path)
        if latency is None:
            failures += 1
        else:
            latencies.append(latency)
        time.sleep(arguments.interval)

    # A connection the server closed reads as end of stream (or a reset) at once.
    held = 0
    selector = selectors.DefaultSelector()
    for connection in slow:
        selector.register(connection, selectors.EVENT_READ)
    closed = {key.fileobj for key, _ in selector.select(timeout=0)}
    for connection in slow:
        if connection not in closed:
            held += 1
        connection.close()

    ordered = sorted(latencies) or [float("nan")]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"SLOW_RESULT clients={arguments.clients} opened={len(slow)} held={held} probes={len(latencies) + failures} "
          f"failures={failures} p50_ms={statistics.median(ordered):.2f} p99_ms={p99:.2f} max_ms={ordered[-1]:.2f}")


if __name__ == "__main__":
    main()
