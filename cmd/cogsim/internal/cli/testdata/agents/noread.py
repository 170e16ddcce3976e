#!/usr/bin/env python3
# A hostile agent that answers but never reads its input: once the pipe
# to it is full, every write to it blocks.
import sys

while True:
    sys.stdout.write('{"reply": "wait"}\n')
    sys.stdout.flush()
