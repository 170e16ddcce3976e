#!/bin/sh
# A test agent that writes $1 bytes of "x" to stderr before each reply
# (it waits); it plays one episode or, with --persistent, many, until
# its input ends.
while read -r line; do
	case $line in
	*'"type":"end"'*) continue ;;
	esac
	head -c "$1" /dev/zero | tr '\0' x >&2
	echo '{"reply":"wait"}'
done
