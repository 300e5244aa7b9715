"""The other local user of Scripts/local-attacker-test: run as another uid (setpriv), it reads every process's
arguments (/proc/PID/cmdline) and whatever environment it can (/proc/PID/environ) over and over, and tries to read
stories-cli's forwarding pages, until SIGTERM; it writes everything new it saw to standard output, one JSON object a
line, for the script to search afterwards.

    python3 - CANARY < proc_reader.py > seen.jsonl

The first line says who it ran as; the last, how many scans it made and whether it saw CANARY (a process the script
started, so that a reader that sees nothing cannot pass as one that found nothing)."""

import glob
import json
import os
import signal
import sys

canary = sys.argv[1]
running = True


def stop(*_):
    global running
    running = False


signal.signal(signal.SIGTERM, stop)
out = sys.stdout


def emit(record):
    out.write(json.dumps(record) + "\n")
    out.flush()


def readable(path):
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return None


emit({"uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(),
      "root_environ_readable": readable("/proc/1/environ") is not None})
seen = set()
scans = 0
saw_canary = False
while running:
    scans += 1
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        for kind in ("cmdline", "environ"):
            data = readable(f"/proc/{pid}/{kind}")
            if not data or (kind, data) in seen:
                continue
            seen.add((kind, data))
            text = data.decode("utf-8", "replace")
            if canary in text:
                saw_canary = True
            emit({"pid": int(pid), "kind": kind, "text": text})
    for page in glob.glob("/tmp/stories-cli-sign-in-*/sign-in.html") + glob.glob(
            "/run/user/*/stories-cli-sign-in-*/sign-in.html"):
        data = readable(page)
        if data is not None and ("page", data) not in seen:
            seen.add(("page", data))
            emit({"kind": "page", "path": page, "text": data.decode("utf-8", "replace")})
emit({"scans": scans, "saw_canary": saw_canary})
