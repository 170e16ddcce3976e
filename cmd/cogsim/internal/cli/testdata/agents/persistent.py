#!/usr/bin/env python3
"""A small agent that works both ways: one process per episode (it exits
at EOF after the end message) and --persistent (it plays episode after
episode until EOF). Its replies depend only on the observation. It
notes its pid once and each episode's env on stderr; with CRASH_AT=K it
exits in the middle of episode K, once. With END_REPLY=1 it answers each
end message too, naming the episode that ended (docs/protocol.md), and
repeats each reply naming the turn it answered: lines the env drops."""
import json
import os
import sys

PLAN = ["search*3 e e", "w w n", "move s 2 j", "l l l k", "descend"]
crash_at = os.environ.get("CRASH_AT")
crashed_file = os.environ.get("CRASHED_FILE")
end_reply = os.environ.get("END_REPLY") == "1"
print(f"pid {os.getpid()}", file=sys.stderr, flush=True)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "end":
        if end_reply:
            print(json.dumps({"reply": "wait", "env": msg.get("env")}), flush=True)
        continue
    env = msg.get("env")
    if msg["turn"] == 0:
        print(f"episode env={env}", file=sys.stderr, flush=True)
    if crash_at is not None and env == int(crash_at) and msg["turn"] == 2 and not os.path.exists(crashed_file):
        open(crashed_file, "w").close()
        sys.exit(3)
    print(json.dumps({"reply": PLAN[msg["turn"] % len(PLAN)]}), flush=True)
    if end_reply:
        print(json.dumps({"reply": "descend", "env": env, "turn": msg["turn"]}), flush=True)
