#!/bin/sh
# A hostile agent that never answers; its pid goes to the file $1.
echo $$ > "$1"
exec sleep 600
