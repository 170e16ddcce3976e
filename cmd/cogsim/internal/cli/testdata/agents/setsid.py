#!/usr/bin/env python3
# A hostile agent whose child leaves its process group and session
# (setsid) and lives on holding the agent's pipes; the parent plays
# "wait" until its input ends. The child's pid goes to a file in the
# folder argv[1].
import os
import sys
import time

pid = os.fork()
if pid == 0:
    os.setsid()
    time.sleep(600)
    os._exit(0)
with open(os.path.join(sys.argv[1], "pid.%d" % pid), "w") as f:
    f.write(str(pid))
for line in sys.stdin:
    sys.stdout.write('{"reply": "wait"}\n')
    sys.stdout.flush()
