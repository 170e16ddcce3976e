#!/usr/bin/env bash
# browser-tests.sh runs the tests of cogplay in the browser (§31): the
# tests of internal/site built with -tags browsertest. They build cogsim and
# the site (cogsim site: cogplay for GOOS=js GOARCH=wasm), serve it from
# 127.0.0.1, and drive Debian's headless Chromium over its DevTools
# protocol (chromedp): the page loads and draws, keys move the cog, a
# replay opens (address, file picker, drag and drop, the one-file page)
# and seeks. The browser uses software WebGL (SwiftShader); no display
# is needed. The tests stop the browser they start. Then the
# leaderboard page of cogsim board (§36.4) is loaded from a file and
# its table read back and sorted (cmd/cogsim/internal/cli, the same
# tag).
#
# It needs Debian's chromium (scripts/test.sh installs it).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ ! -x /usr/bin/chromium ]]; then
	echo "browser-tests.sh: /usr/bin/chromium is missing: apt-get install -y chromium" >&2
	exit 1
fi
/usr/bin/chromium --version 2>/dev/null | head -1 || true

out=$(mktemp)
trap 'rm -f "$out"' EXIT
# -timeout 60m: only a guard against a hung browser, which a loaded
# machine cannot hit (issue 34); each test's tab has a guard of its own.
set +e
go test -tags browsertest -count=1 -timeout 60m -v ./internal/site/ >"$out" 2>&1
status=$?
if ((status == 0)); then
	go test -tags browsertest -count=1 -timeout 60m -v -run 'InTheBrowser' ./cmd/cogsim/internal/cli/ >>"$out" 2>&1
	status=$?
fi
set -e
if ((status == 0)); then
	# The runs and the figures the tests log (first frame, page size).
	grep -E '^(--- |ok)|browser_test.go' "$out" || true
else
	cat "$out"
fi
exit "$status"
