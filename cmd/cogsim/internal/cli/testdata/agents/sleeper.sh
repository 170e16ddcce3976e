#!/bin/sh
# A hostile agent that never answers; its pid goes to a file in the
# folder $1.
echo $$ > "$1/pid.$$"
exec sleep 600
