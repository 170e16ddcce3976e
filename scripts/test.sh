#!/usr/bin/env bash
# test.sh is the one command that sets up a fresh Debian machine with Go
# installed and runs every check of the project:
#
#   1. the system packages the graphical front end and the race detector
#      need (X11/GL headers, Xvfb, gcc), Chromium for the browser tests,
#      installed only when missing;
#   2. gofmt, go vet (also for GOOS=js GOARCH=wasm), staticcheck
#      (v0.8.2), and builds for Windows and macOS (no cgo);
#   3. go test ./...;
#   4. go test -race on the concurrent parts (./cmd/..., sim/serve,
#      sim/protocol, sim/check, ./agents/...);
#   5. the headless binary builds with CGO_ENABLED=0 and imports no ebiten;
#   6. the Python clients' tests against that binary (the stdlib client
#      and the cogsim package, with the vendored Gymnasium from
#      ../shared/vendor/python on PYTHONPATH; among them, the package's
#      wheel is built, installed in a fresh venv and run without Go) and
#      a short bench.py run;
#   7. each fuzz target for a fixed number of inputs, about ten seconds
#      here (FUZZTIME=30s or =100000x overrides it for all);
#   8. the window tests under Xvfb (scripts/window-tests.sh);
#   9. the browser tests in headless Chromium (scripts/browser-tests.sh).
#
# Every test episode runs with the invariant checker on (COGSIM_INVARIANTS=1).
#
# It exits non-zero on the first failure. Re-runs are fast: nothing is
# installed twice and go test caches passing packages.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }
fail() { printf '\ntest.sh: FAILED: %s\n' "$1" >&2; exit 1; }

# Packages for ebiten on Linux (see EBITEN.md), gcc for cgo (ebiten,
# go test -race), Python with numpy for clients/python (Gymnasium,
# vendored for the tests only, needs cloudpickle and typing_extensions;
# pip builds and installs the package's wheel in its tests), PyTorch for
# its examples/ppo.py (a test runs two updates; Debian's, no package
# index) and valgrind for scripts/ir-per-step.sh.
# Debian's python3-* modules serve /usr/bin/python3 only.
packages=(libc6-dev libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev
	libxrandr-dev libxxf86vm-dev libasound2-dev pkg-config xvfb x11-utils gcc python3
	python3-numpy python3-cloudpickle python3-typing-extensions python3-pip chromium
	python3-torch libopenblas0 valgrind)

step "system packages"
if ! command -v dpkg >/dev/null 2>&1; then
	echo "not a Debian system: install the equivalents of ${packages[*]} yourself"
else
	missing=()
	for p in "${packages[@]}"; do
		[[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" == "install ok installed" ]] || missing+=("$p")
	done
	if ((${#missing[@]} == 0)) && command -v Xvfb >/dev/null 2>&1; then
		echo "all present"
	else
		as_root=()
		if ((EUID != 0)); then
			if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
				as_root=(sudo -n)
			else
				as_root=(none)
			fi
		fi
		if [[ "${as_root[*]}" == none ]]; then
			echo "warning: not root and no sudo; install these to build and test the graphical front end:"
			echo "  apt-get install -y ${missing[*]}"
		else
			echo "installing ${missing[*]}"
			"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
			"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
		fi
	fi
fi

step "go version"
go version

step "gofmt"
unformatted=$(gofmt -l .)
if [[ -n "$unformatted" ]]; then
	echo "$unformatted"
	fail "gofmt: the files above need gofmt -w"
fi

step "go vet"
go vet ./... || fail "go vet"
# The browser build (§31): cogplay and what it links, for GOOS=js.
GOOS=js GOARCH=wasm go vet ./cmd/cogplay/... ./render/... ./sim/... || fail "GOOS=js GOARCH=wasm go vet"

# staticcheck at a fixed version (issue 25): dead code, values never
# used, deprecated APIs, expressions that check nothing.
step "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... || fail "staticcheck (honnef.co/go/tools v0.8.2)"

# Everything builds for Windows (ebiten needs no cgo there) and, without
# cgo, for macOS, except the packages that import ebiten: on darwin it
# needs cgo.
step "cross-builds (windows, darwin)"
CGO_ENABLED=0 GOOS=windows go build ./... || fail "GOOS=windows go build ./..."
listing=$(GOOS=darwin go list -f '{{.ImportPath}} {{join .Deps " "}}' ./...) || fail "GOOS=darwin go list"
darwin=() skipped=()
while read -r pkg deps; do
	if [[ " $deps " == *" github.com/hajimehoshi/ebiten/v2 "* ]]; then
		skipped+=("$pkg")
	else
		darwin+=("$pkg")
	fi
done <<<"$listing"
((${#darwin[@]} > 0)) || fail "GOOS=darwin go list: no packages"
CGO_ENABLED=0 GOOS=darwin go build "${darwin[@]}" || fail "GOOS=darwin go build"
echo "ok: windows all; darwin all but ${skipped[*]}"

export COGSIM_INVARIANTS=1

step "go test"
# -timeout 0, here and below: no per-package timeout, which a loaded
# machine can hit (issue 34).
go test -timeout 0 ./... || fail "go test"

step "go test -race (cmd, serve, protocol, check, agents)"
cc=$(go env CC)
if command -v "${cc%% *}" >/dev/null 2>&1; then
	# The concurrent parts: the command line's workers, serve's parallel
	# step_all, the agent processes, check's workers. They run the
	# engine, so its shared tables are raced too; the engine's own
	# single-threaded tests (sim, sim/replay, sim/reply) gain nothing
	# under -race but two minutes.
	# The soak's workers share the registries and tables: 50 episodes
	# per agent and variant show a race there, without the invariant
	# checker (go test played 1000 each with it). The agents' other
	# tests play one episode at a time: nothing to race. It runs beside
	# the others, whose last minute is the command line's tests alone
	# on one core.
	soak=$(mktemp)
	COGSIM_INVARIANTS=0 CGO_ENABLED=1 go test -race -timeout 0 -run '^TestSoak$' ./agents/ -soak.episodes=50 >"$soak" 2>&1 &
	soakpid=$!
	if ! CGO_ENABLED=1 go test -race -timeout 0 ./cmd/... ./sim/serve/... ./sim/protocol/... ./sim/check/...; then
		kill "$soakpid" 2>/dev/null || true
		wait "$soakpid" 2>/dev/null || true
		rm -f "$soak"
		fail "go test -race"
	fi
	soakok=0
	wait "$soakpid" || soakok=$?
	cat "$soak"
	rm -f "$soak"
	((soakok == 0)) || fail "go test -race ./agents"
else
	echo "warning: no C compiler ($cc), so no race detector: skipped"
fi

step "headless build (CGO_ENABLED=0)"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
CGO_ENABLED=0 go build -o "$bin/cogsim" ./cmd/cogsim || fail "cmd/cogsim does not build without cgo"
deps=$(go list -deps ./cmd/cogsim)
if grep -q 'hajimehoshi/ebiten' <<<"$deps"; then
	fail "cmd/cogsim imports ebiten"
fi
"$bin/cogsim" run --seed 1 --episodes 2 --agent wait >/dev/null 2>&1 || fail "the cgo-free cogsim does not run"
echo "ok: $bin/cogsim needs no cgo"

step "python clients"
# Debian's numpy is /usr/bin/python3's; another python3 may come first on
# the PATH. Gymnasium is the vendored copy beside the clone, for the tests
# only: nothing at run time depends on it.
py=/usr/bin/python3
if ! "$py" -c 'import numpy' >/dev/null 2>&1; then
	py=python3
	"$py" -c 'import numpy' >/dev/null 2>&1 ||
		fail "python: neither /usr/bin/python3 nor $(command -v python3 || echo python3) imports numpy (apt-get install python3-numpy)"
fi
vendor="$(cd .. && pwd)/shared/vendor/python"
if [[ ! -d "$vendor/gymnasium" ]]; then
	echo "warning: no $vendor/gymnasium: the Gymnasium tests are skipped unless $py imports gymnasium"
fi
pypath="$vendor${PYTHONPATH:+:$PYTHONPATH}"
echo "using $py ($("$py" --version 2>&1), numpy $("$py" -c 'import numpy; print(numpy.__version__)'))"
(cd clients/python && COGSIM="$bin/cogsim" "$py" -m unittest -v test_cogsim_client) || fail "python client tests (cogsim_client)"
(cd clients/python && COGSIM="$bin/cogsim" PYTHONPATH="$pypath" "$py" -m unittest discover -v -s tests -t .) ||
	fail "python package tests (clients/python/tests)"
(cd clients/python && COGSIM="$bin/cogsim" "$py" bench.py --quick) || fail "python bench.py --quick"

step "slurm (a one-node cluster, a 4-shard array job: scripts/slurm-test.sh)"
if [[ $(id -u) == 0 ]]; then
	scripts/slurm-test.sh || fail "slurm test"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo -E env "PATH=$PATH" scripts/slurm-test.sh || fail "slurm test"
else
	echo "warning: not root and no passwordless sudo: the Slurm test is skipped"
fi

# A count of inputs, not a duration: go1.26's fuzzing coordinator can
# fail a run with "context deadline exceeded" when a duration ends while
# a worker is busy, on a loaded machine (golang/go#75804, fixed in
# go1.27). The counts take about ten seconds each on this project's
# 2-core machine under a load of 2; FUZZTIME overrides them.
step "fuzz targets (${FUZZTIME:-about 10s} each)"
fuzz() {
	local log
	log=$(mktemp)
	# -fuzzminimizetime: a new input's minimisation would otherwise take
	# up to a minute of a short run.
	if ! go test "$1" -run '^$' -fuzz "^$2\$" -fuzztime "${FUZZTIME:-$3}" -fuzzminimizetime 2s >"$log" 2>&1; then
		grep -v '^fuzz: elapsed' "$log" | tail -40
		rm -f "$log"
		fail "fuzz $1 $2 (a failing input is under $1/testdata/fuzz)"
	fi
	rm -f "$log"
	echo "ok: $2"
}
fuzz ./sim/reply FuzzParse 60000x
fuzz ./sim FuzzParseScenario 60000x
fuzz ./sim FuzzSnapshot 8000x
fuzz ./cmd/cogplay/internal/save FuzzSave 4000x
fuzz ./sim/replay FuzzRead 60000x
fuzz ./sim/protocol FuzzServe 1500x
fuzz ./sim/serve FuzzSession 6000x
fuzz ./sim/serve FuzzSessionOps 4000x
fuzz ./sim/protocol FuzzParseReply 60000x
fuzz ./worldgen/script FuzzBuild 30000x

if [[ -x scripts/window-tests.sh ]]; then
	step "window tests under Xvfb"
	scripts/window-tests.sh || fail "window tests"
fi

step "browser tests in headless Chromium (scripts/browser-tests.sh)"
scripts/browser-tests.sh || fail "browser tests"

printf '\ntest.sh: all checks passed in %ss\n' "$(($(date +%s) - start))"
