#!/bin/bash
# ir-per-step.sh [DIR]: the instructions one env step costs the server,
# counted by callgrind, which a loaded machine does not move (wall-clock
# figures here do, by 2x). It runs BenchmarkServerOnly's 256 envs with
# random action indices as tick steps (§37.1), autoresets and shared
# memory on one core with the GC off, for 100 and 200 step_all batches,
# and prints the marginal instructions per env step (the setup
# subtracted): with every observation key, and with glyphs and stats
# alone (§37.10's goals: at most 6 000 and 3 500). It counts the
# session's handling of its step_all requests (serve's decodeBinary and
# opStepAll: decoding the actions, stepping the episodes, writing the
# records and the answer), not the Go runtime's background work beside
# it (its scavenger and monitor, whose share follows the wall clock:
# with them the count moved by 100 between runs of one binary on a
# loaded machine), nor the benchmark's setup (whose goroutines, run on
# the one thread while the server waits on a pipe, counted in some runs
# and not others): runs of one binary agree within a few instructions.
# The engine's fingerprint is made before the timing (the benchmark's first line),
# and allocations are not sampled for profiles (memprofilerate=0),
# which moved the count by tens too. An episode's reset
# (about 100 000 instructions) falls inside the marginal steps only when
# an episode ends there (a death: tick steps' episodes last up to 2 200
# steps). Run it from a checkout, or give one (DIR), to compare two
# commits. Needs valgrind (apt-get install valgrind); the callgrind files
# are kept for callgrind_annotate. Go's preemption signal can crash
# callgrind: it is switched off (GODEBUG=asyncpreemptoff=1); so can the
# runtime's RDTSCP (timing a contended lock), which valgrind 3.19 cannot
# run: the runtime is told the CPU lacks it (cpu.rdtscp=off). The invariant
# checks (COGSIM_INVARIANTS) are off: they are the tests', not the server's.
set -e
command -v valgrind >/dev/null || { echo "ir-per-step.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cd "${1:-.}"
bin=$(mktemp /tmp/servetest.XXXXXX)
trap 'rm -f "$bin"' EXIT
go test -c -o "$bin" ./sim/serve
run() {
  local out=$1 bench=$2 n=$3
  COGSIM_INVARIANTS=0 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off,memprofilerate=0 GOGC=off GOMAXPROCS=1 valgrind --tool=callgrind \
    --toggle-collect='*sim/serve.(*Server).decodeBinary' --toggle-collect='*sim/serve.(*Server).opStepAll' --callgrind-out-file="$out" "$bin" \
    -test.run XXX -test.bench "ServerOnly/$bench/envs=256" -test.benchtime ${n}x -test.cpu 1 >/dev/null 2>"$out.log" || { cat "$out.log"; exit 1; }
  grep -o 'Collected : [0-9]*' "$out.log" | grep -o '[0-9]*$'
}
for mode in "every key:^actions\+shm$:6000" "glyphs and stats:^actions\+shm\+glyphs\+stats$:3500"; do
  IFS=: read -r what bench goal <<<"$mode"
  first=$(mktemp /tmp/cg.XXXXXX)
  out=$(mktemp /tmp/cg.XXXXXX)
  a=$(run "$first" "$bench" 100)
  b=$(run "$out" "$bench" 200)
  printf 'Ir per env step, %s (marginal, 25 600 steps): %d (goal <= %d)   [counted at 200 batches: %d]\n' \
    "$what" $(((b - a) / 25600)) "$goal" "$b"
  echo "  callgrind files (100, 200 batches): $first $out   (callgrind_annotate --inclusive=yes $out | head -80)"
done
