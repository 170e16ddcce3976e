#!/bin/bash
# ir-per-step.sh [DIR]: the instructions one env step costs the server,
# counted by callgrind, which a loaded machine does not move (wall-clock
# figures here do, by 2x). It runs BenchmarkServerOnly's 256 envs with
# random action indices, autoresets and shared memory on one core with
# the GC off, for 100 and 200 step_all batches, and prints the marginal
# instructions per env step (the setup subtracted). Run it from a
# checkout, or give one (DIR), to compare two commits. Needs valgrind
# (apt-get install valgrind); the 200-batch callgrind file is kept for
# callgrind_annotate. Go's preemption signal can crash callgrind: it is
# switched off (GODEBUG=asyncpreemptoff=1); so can the runtime's RDTSCP
# (timing a contended lock), which valgrind 3.19 cannot run: the runtime
# is told the CPU lacks it (cpu.rdtscp=off).
set -e
command -v valgrind >/dev/null || { echo "ir-per-step.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cd "${1:-.}"
bin=$(mktemp /tmp/servetest.XXXXXX)
go test -c -o "$bin" ./sim/serve
run() {
  local out=$1 n=$2
  GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOGC=off GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" \
    -test.run XXX -test.bench 'ServerOnly/actions\+shm/envs=256' -test.benchtime ${n}x -test.cpu 1 >/dev/null 2>"$out.log" || { cat "$out.log"; exit 1; }
  grep -o 'Collected : [0-9]*' "$out.log" | grep -o '[0-9]*$'
}
a=$(run "$(mktemp /tmp/cg.XXXXXX)" 100)
out=$(mktemp /tmp/cg.XXXXXX)
b=$(run "$out" 200)
echo "Ir per env step (marginal, 25 600 steps): $(( (b - a) / 25600 ))   [total at 200 batches: $b]"
echo "callgrind file (200 batches): $out   (callgrind_annotate --inclusive=yes $out | head -80)"
rm -f "$bin"
