#!/usr/bin/env python3
"""An agent slow in one episode only: when the first observation's text
is the content of $1/slow.txt it writes its pid to $1/pid.PID and sleeps;
any other episode it plays "search" to the end and then writes
$1/done.PID. Without $1/slow.txt it is never slow."""
import json
import os
import sys
import time

folder = sys.argv[1]
try:
    with open(os.path.join(folder, "slow.txt")) as f:
        slow = f.read()
except FileNotFoundError:
    slow = None
first = True
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") == "end":
        break
    if first and msg.get("text") == slow:
        with open(os.path.join(folder, "pid.%d" % os.getpid()), "w") as f:
            f.write("%d\n" % os.getpid())
        time.sleep(600)
    first = False
    sys.stdout.write(json.dumps({"reply": "search"}) + "\n")
    sys.stdout.flush()
with open(os.path.join(folder, "done.%d" % os.getpid()), "w") as f:
    f.write("%d\n" % os.getpid())
