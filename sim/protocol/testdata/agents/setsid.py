#!/usr/bin/env python3
# A hostile agent whose child leaves its process group and session
# (setsid) and lives on holding the agent's pipes; the parent plays
# "wait" until its input ends. The child's pid goes to the file argv[1].
import os
import sys
import time

pid = os.fork()
if pid == 0:
    os.setsid()
    time.sleep(600)
    os._exit(0)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(pid))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
for line in sys.stdin:
    sys.stdout.write('{"reply": "wait"}\n')
    sys.stdout.flush()
