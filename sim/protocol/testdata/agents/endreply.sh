#!/bin/sh
# A persistent agent that answers every message it is sent, naming what
# it answers: "env" and "turn" copied from it. Its reply depends only on
# the turn. $1 says how it behaves beyond that:
#   silent  it answers no end (the well-behaved agent);
#   end     it answers each end too, naming the episode that ended;
#   dup     it also sends each reply twice (the second names a turn
#           already answered) and answers each end twice.
mode=${1:-end}
while IFS= read -r line; do
	env=$(printf '%s\n' "$line" | sed -n 's/^{"type":"[a-z]*","env":\([0-9]*\),.*/\1/p')
	case "$line" in
	'{"type":"end"'*)
		[ "$mode" = silent ] && continue
		echo "{\"reply\":\"wait\",\"env\":$env}"
		[ "$mode" = dup ] && echo "{\"bye\":true,\"env\":$env}"
		continue
		;;
	esac
	turn=$(printf '%s\n' "$line" | sed -n 's/^{"type":"observation"\(,"env":[0-9]*\)\{0,1\},"turn":\([0-9]*\),.*/\2/p')
	case $turn in
	*[02468]) reply="search*2 e e" ;;
	*[13579]) reply="s w pickup" ;;
	esac
	[ -n "$env" ] && named="\"env\":$env," || named=""
	echo "{\"reply\":\"$reply\",$named\"turn\":$turn}"
	[ "$mode" = dup ] && echo "{\"reply\":\"descend\",$named\"turn\":$turn}"
done
