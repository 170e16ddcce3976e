#!/usr/bin/env bash
# slurm-test.sh: cogsim on a real scheduler (§30, docs/spec.md). Installs Debian's
# slurm-wlm and munge when they are missing (apt-get; run as root), starts
# a one-node Slurm cluster in a temporary folder — munged as the munge
# user, slurmctld and slurmd as root, ProctrackType=proctrack/linuxproc,
# TaskPlugin=task/none — submits a 4-shard array job of
# `cogsim run --shard auto` with `sbatch --wait --array=0-3`, and checks
# that the shards concatenated are the single local run's --out and that
# `cogsim summarize` of the shards (text and --json) is the single run's,
# byte for byte. Every daemon it started is stopped by its pid on exit.
#
# Environment: SEEDS (default 1-200), TURNS (default 20), KEEP=1 keeps
# the temporary folder (its logs) for a look.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
seeds=${SEEDS:-1-200}
turns=${TURNS:-20}

say() { printf 'slurm-test: %s\n' "$*"; }
die() { printf 'slurm-test: FAILED: %s\n' "$*" >&2; exit 1; }

if [ "$(id -u)" != 0 ]; then
	die "needs root (it installs packages and starts slurmctld, slurmd and munged)"
fi

# Packages.
if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
	say "installing slurm-wlm and munge"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

tmp=$(mktemp -d /tmp/cogsim-slurm.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
	local rc=$?
	# Stop what this script started, newest first, by pid.
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
	done
	for pid in "${pids[@]}"; do
		for _ in $(seq 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -9 "$pid" 2>/dev/null || true
	done
	if [ "$rc" != 0 ]; then
		for f in "$tmp"/*.log; do
			[ -f "$f" ] || continue
			printf '\n--- %s (last 20 lines)\n' "$f" >&2
			tail -n 20 "$f" >&2
		done
	fi
	if [ "${KEEP:-0}" = 1 ]; then
		say "kept $tmp"
	else
		rm -rf "$tmp"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "building cogsim"
(cd "$here" && CGO_ENABLED=0 go build -o "$tmp/cogsim" ./cmd/cogsim)

# munge: its own key, socket and state in the temporary folder.
mkdir -p "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chown -R munge:munge "$tmp/munge"
chmod 700 "$tmp/munge"
chmod 400 "$tmp/munge/munge.key"
# The socket's folder must be reachable by slurm's processes.
chmod 755 "$tmp/munge"
sock="$tmp/munge/munge.socket"
setpriv --reuid=munge --regid=munge --init-groups \
	/usr/sbin/munged --foreground --force --key-file="$tmp/munge/munge.key" \
	--socket="$sock" --pid-file="$tmp/munge/munged.pid" \
	--seed-file="$tmp/munge/munged.seed" --log-file="$tmp/munged.log" >>"$tmp/munged.log" 2>&1 &
pids+=($!)
# The waits below end when what they wait for is there; their minutes
# are only guards against a hang, far above what a loaded machine needs.
deadline=$((SECONDS + 300))
while [ ! -S "$sock" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
[ -S "$sock" ] || die "munged did not start"
munge --socket="$sock" -n </dev/null | unmunge --socket="$sock" >/dev/null || die "munge does not round-trip"

# Slurm: a one-node cluster on ports of its own.
node=cogsimnode
host=$(hostname)
cpus=$(nproc)
port=$((20000 + RANDOM % 20000))
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/out"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=cogsimtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=cogsim Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$tmp/slurm.conf"
/usr/sbin/slurmctld -D -i -f "$SLURM_CONF" >>"$tmp/slurmctld.log" 2>&1 &
pids+=($!)
/usr/sbin/slurmd -D -f "$SLURM_CONF" -N "$node" >>"$tmp/slurmd.log" 2>&1 &
pids+=($!)

say "waiting for the node"
state=
deadline=$((SECONDS + 300))
while [ "$SECONDS" -lt "$deadline" ]; do
	state=$(sinfo -h -n "$node" -o %t 2>/dev/null || true)
	case "$state" in idle | mix | alloc) break ;; esac
	sleep 0.1
done
case "$state" in idle | mix | alloc) ;; *) die "the node did not come up (state '$state')" ;; esac

cat >"$tmp/shard.sh" <<EOF
#!/bin/sh
exec "$tmp/cogsim" run --seeds $seeds --turns $turns --workers 1 --shard auto --out "$tmp/out/shard-\$SLURM_ARRAY_TASK_ID.jsonl"
EOF
chmod +x "$tmp/shard.sh"
say "sbatch --wait --array=0-3 (seeds $seeds, $turns turns)"
start=$(date +%s)
timeout 1800 sbatch --wait --array=0-3 --job-name=cogsim-shards \
	--output="$tmp/out/slurm-%a.txt" --chdir="$tmp" "$tmp/shard.sh" || die "the array job failed"
say "array job done in $(($(date +%s) - start)) s"

"$tmp/cogsim" run --seeds "$seeds" --turns "$turns" --out "$tmp/single.jsonl" 2>/dev/null
shards=("$tmp"/out/shard-{0,1,2,3}.jsonl)
for f in "${shards[@]}"; do [ -s "$f" ] || die "missing shard $f"; done
cat "${shards[@]}" >"$tmp/cat.jsonl"
cmp "$tmp/cat.jsonl" "$tmp/single.jsonl" || die "the shards concatenated differ from the single run"
"$tmp/cogsim" summarize "${shards[3]}" "${shards[1]}" "${shards[0]}" "${shards[2]}" >"$tmp/sum-shards.txt"
"$tmp/cogsim" summarize "$tmp/single.jsonl" >"$tmp/sum-single.txt"
cmp "$tmp/sum-shards.txt" "$tmp/sum-single.txt" || die "summarize of the shards differs from the single run's"
"$tmp/cogsim" summarize --json "${shards[@]}" >"$tmp/sum-shards.json"
"$tmp/cogsim" summarize --json "$tmp/single.jsonl" >"$tmp/sum-single.json"
cmp "$tmp/sum-shards.json" "$tmp/sum-single.json" || die "summarize --json of the shards differs from the single run's"
say "ok: $(wc -l <"$tmp/single.jsonl") episodes in 4 shards; summaries equal"
head -2 "$tmp/sum-single.txt" | sed 's/^/  /'
