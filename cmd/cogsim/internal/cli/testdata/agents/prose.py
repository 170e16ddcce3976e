#!/usr/bin/env python3
"""An LLM-style test agent: it answers in prose, as a chatty model does,
until the env tells it under --strict which token was wrong; then it
answers one clean reply, and falls back into prose. Extra fields
(reasoning, tokens) ride along in its reply objects."""
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") != "observation":
        continue
    if msg["message"].startswith('Unusable reply: "'):
        reply = "search*2"
    else:
        reply = "I think I should go east, then search. ACTION: e"
    print(json.dumps({"reply": reply, "reasoning": "the east looks open", "tokens": 42}), flush=True)
