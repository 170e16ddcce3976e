#!/usr/bin/env python3
"""A test agent that talks on stderr and puts extra fields in its
replies: a reasoning too long to keep whole on turn 0, a line that is
not JSON on turn 1, then a small structured reasoning and a token
count."""
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") != "observation":
        continue
    turn = msg["turn"]
    print(f"chatty: thinking about turn {turn}", file=sys.stderr, flush=True)
    if turn == 0:
        out = json.dumps({"reply": "search", "reasoning": "é" * 40000, "tokens": 80000})
    elif turn == 1:
        out = "I would rather not answer in JSON"
    else:
        out = json.dumps({"reply": "wait", "reasoning": {"steps": [1, 2]}, "tokens": 7})
    print(out, flush=True)
