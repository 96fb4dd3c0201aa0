"""Simulated cabinets for ``bloxcab bench --fleet``, in a child process of their own so the
load is not measured against the service it loads: each cabinet is its own MQTT client with
its own certificate and TLS connection, and publishes RATE events a second (QoS 1, default
1), spread evenly; one cabinet in ``RANK_EVERY`` sends a ranking entry with its replay every
30 s instead of one heartbeat.

    python -m fleet.loadgen WORK PORT FIRST COUNT SECONDS [RATE]

WORK holds ``ca/ca.crt``, ``cabs/bench-NNNN.{key,crt}`` and ``ranked.json`` (rows to send).
Prints ``connected`` once every client is, then waits for a line on stdin (all children
start together), runs, writes ``acked-FIRST.txt`` (``cabinet message-id`` of every message
the broker acknowledged) and prints one JSON line: published, acknowledged, seconds.
"""

from __future__ import annotations

import json
import os
import ssl
import sys
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.reasoncodes import ReasonCode

from firmware.uplink.message import (
    BEAT,
    RANK,
    beat_body,
    encode,
    envelope,
    message_id,
    topic,
)
from firmware.uplink.pki import sign_rank

RANK_EVERY = 10
CONNECT_BATCH = 50  # TLS handshakes started at once (a burst of 500 overflows the backlog)
ACK_WAIT_S = 60  # after the run, how long acknowledgements may still come


def cabinet_name(n: int) -> str:
    return f"bench-{n:04d}"


def main(argv: list[str]) -> int:
    work, port = Path(argv[0]), int(argv[1])
    first, count, seconds = int(argv[2]), int(argv[3]), int(argv[4])
    rate = int(argv[5]) if len(argv) > 5 else 1
    ranked: list[dict[str, Any]] = json.loads((work / "ranked.json").read_text())
    lock = threading.Condition()
    acked: set[tuple[str, int]] = set()  # (cabinet, mid) acknowledged by the broker
    sent: dict[tuple[str, int], str] = {}  # (cabinet, mid) -> message id
    connected = [0]

    def on_publish(client: mqtt.Client, userdata: object, mid: int, *_: object) -> None:
        with lock:
            acked.add((client._client_id.decode(), mid))
            lock.notify_all()

    def on_connect(client: mqtt.Client, userdata: object, flags: object,
                   reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            print(f"loadgen: {client._client_id!r} refused: {reason}", file=sys.stderr)
            return
        with lock:
            connected[0] += 1
            lock.notify_all()

    def on_connect_fail(client: mqtt.Client, userdata: object) -> None:
        print(f"loadgen: {client._client_id!r} could not connect", file=sys.stderr)

    clients: list[tuple[str, mqtt.Client]] = []
    for n in range(first, first + count):
        name = cabinet_name(n)
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, clean_session=False,
                             protocol=mqtt.MQTTv311)
        client.tls_set(ca_certs=str(work / "ca" / "ca.crt"),
                       certfile=str(work / "cabs" / f"{name}.crt"),
                       keyfile=str(work / "cabs" / f"{name}.key"),
                       cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.max_inflight_messages_set(100)
        client.reconnect_delay_set(min_delay=1, max_delay=4)
        client.on_publish = on_publish
        client.on_connect = on_connect
        client.on_connect_fail = on_connect_fail
        client.connect_async("127.0.0.1", port, keepalive=60)
        client.loop_start()
        clients.append((name, client))
        if len(clients) % CONNECT_BATCH == 0 or len(clients) == count:
            with lock:
                if not lock.wait_for(lambda: connected[0] >= len(clients), 300):
                    print(json.dumps({"error": f"{connected[0]} of {len(clients)} connected"}))
                    return 1
    print("connected", flush=True)
    sys.stdin.readline()
    published = 0
    start = time.time()
    slot = 1.0 / (count * rate)
    for tick in range(seconds * rate):
        second = tick // rate
        for k, (name, client) in enumerate(clients):
            due = start + tick / rate + k * slot
            wait = due - time.time()
            if wait > 0:
                time.sleep(wait)
            n = first + k
            kind, body = BEAT, beat_body("attract")
            if (tick % rate == 0 and n % RANK_EVERY == 0
                    and second % 30 == (n // RANK_EVERY) % 30):
                kind, body = RANK, ranked[(n // RANK_EVERY + second) % len(ranked)]
            mid = message_id(f"{os.getpid() % 10**8:08x}", tick + 1)
            message = envelope(mid, tick + 1, kind, time.time(), body)
            payload = encode(message)
            if kind == RANK:  # signed with the cabinet's key, as its uplink does
                payload = sign_rank(payload, name, work / "cabs" / f"{name}.key",
                                    work / "cabs" / f"{name}.crt")
            info = client.publish(topic(name, kind), payload, qos=1)
            with lock:
                sent[(name, info.mid)] = mid
            published += 1
    sent_for = time.time() - start
    with lock:
        lock.wait_for(lambda: len(acked) >= published, ACK_WAIT_S)
        done = sorted(f"{key[0]} {sent[key]}" for key in acked if key in sent)
    (work / f"acked-{first}.txt").write_text("".join(f"{line}\n" for line in done))
    for _, client in clients:
        client.disconnect()
        client.loop_stop()
    print(json.dumps({"published": published, "acknowledged": len(done), "seconds": sent_for}),
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
