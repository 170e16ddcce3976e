#!/bin/sh
# A hostile agent whose grandchild escapes every mark of it: it drops
# COGSIM_AGENT_TOKEN, leaves the agent's process group and session
# (setsid) and lives on for 10 min, its parent gone at once, holding none
# of the agent's pipes. Its pid goes to a file in the folder $1. The
# agent waits until it is there, then plays "wait" and answers no end.
ready="$1/ready.$$"
(
	unset COGSIM_AGENT_TOKEN
	setsid sh -c 'echo $$ > "$1/pid.$$"; : > "$2"; exec sleep 600' sh "$1" "$ready" </dev/null >/dev/null 2>&1 &
)
i=0
while [ ! -e "$ready" ] && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
while IFS= read -r line; do
	case "$line" in
	'{"type":"end"'*) continue ;;
	esac
	echo '{"reply":"wait"}'
done
