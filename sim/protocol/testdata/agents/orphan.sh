#!/bin/sh
# A hostile agent that exits at once, leaving a child that holds its
# output open. The child's pid goes to the file $1.
sleep 600 &
echo $! > "$1"
exit 0
