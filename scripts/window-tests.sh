#!/usr/bin/env bash
# window-tests.sh runs the tests of cogplay that need a real window
# (go test -tags windowtest): it starts a virtual X server (Xvfb) on a
# free display, runs the tests of render/gfx and cmd/cogplay there one
# package at a time, and stops the server by its process id on exit.
#
# It needs the packages of EBITEN.md (scripts/test.sh installs them):
#   libc6-dev libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev
#   libxrandr-dev libxxf86vm-dev libasound2-dev pkg-config xvfb
# and x11-utils (xwininfo: a test waits for cogplay's window). The
# screen is 1920 x 1080, the largest size the tests open a window at.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

for tool in Xvfb:xvfb xwininfo:x11-utils; do
	if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
		echo "window-tests.sh: ${tool%%:*} is missing: apt-get install -y ${tool##*:} (and the packages listed in this script)" >&2
		exit 1
	fi
done

tmp=$(mktemp -d)
xvfb_pid=
cleanup() {
	if [[ -n "$xvfb_pid" ]]; then
		kill "$xvfb_pid" 2>/dev/null || true
		wait "$xvfb_pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

# Xvfb picks a free display itself and writes its number to fd 3. The
# wait ends when it has, or when it dies; five minutes is only a guard
# against a hang (a loaded machine may take seconds to start it).
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb_pid=$!
deadline=$((SECONDS + 300))
while ((SECONDS < deadline)); do
	[[ -s "$tmp/display" ]] && break
	if ! kill -0 "$xvfb_pid" 2>/dev/null; then
		cat "$tmp/xvfb.log" >&2
		echo "window-tests.sh: Xvfb did not start" >&2
		exit 1
	fi
	sleep 0.1
done
display=$(tr -d '[:space:]' <"$tmp/display")
if [[ -z "$display" ]]; then
	echo "window-tests.sh: Xvfb chose no display" >&2
	exit 1
fi
echo "Xvfb :$display (pid $xvfb_pid)"

# -timeout 60m: only a guard against a hung window (Xvfb, GL), which
# a loaded machine cannot hit (issue 34): the tests take 20 s at a load
# of 1 on 2 cores.
set +e
DISPLAY=":$display" go test -tags windowtest -p 1 -count=1 -timeout 60m \
	./render/gfx/... ./cmd/cogplay/... >"$tmp/out" 2>&1
status=$?
set -e
# XGB's lines about authority info are harmless (EBITEN.md).
grep -v '^XGB: conn.go' "$tmp/out" || true
exit "$status"
