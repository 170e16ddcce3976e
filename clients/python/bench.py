"""Throughput of cogsim.Env and cogsim.VecEnv (SPEC §29, §35.6, §37.10).

    python3 bench.py [--quick] [--transport pipe|socket|both] [--shm on|off|both]
                     [--poll on|off] [--binary PATH] [--profile]

Prints steps/s of tick steps (§37.1; random indices into env.actions,
resets included) for one Env and for VecEnv(16) and VecEnv(256), with
every observation key and with glyphs and stats alone (observation_keys,
§37.3); one Env's 40-primitive replies (turn steps, "search*40"); the
time of a reset; and the time of a snapshot's take and restore from
Python (§37.7). Records come through shared memory (the default) and/or
in the answers, and the pipe is polled before sleeping on it (the
default, docs/serve.md) or not.

It measures the cogsim package installed (pip), when there is one, and
otherwise the checkout's beside this file; the first line names it.
The actions are drawn before timing, so the figures are the env's, not
a policy's. --profile prints the Python side's cProfile of the one-Env
run. The load average is printed before and after: on a shared machine
the figures mean little above a load of 1. Nothing here is asserted:
the goals (§37.10) on a 2-core machine at a load of 1.5 at most are
VecEnv(256) >= 600 000 steps/s with every key and >= 1 000 000 with
glyphs and stats, one Env >= 50 000 steps/s, a reset <= 100 us, a
snapshot's take and restore <= 100 us each.
"""

import argparse
import os
import sys
import time

import numpy as np

# The installed package, if there is one: Python puts this file's folder
# (the checkout's package) first on the path, so it goes while importing.
HERE = os.path.dirname(os.path.abspath(__file__))
_path = sys.path[:]
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]
try:
    import cogsim
except ImportError:
    sys.path[:] = _path
    import cogsim  # noqa: E402
else:
    sys.path[:] = _path

FAST = ("glyphs", "stats")  # observation_keys of the fast figures


def bench_env(steps, reply=None, transport="pipe", binary=None, shm=True, poll=True, keys=None):
    step = "turn" if reply is not None else "tick"
    env = cogsim.Env(seed=1, binary=binary, transport=transport, shm=shm, poll=poll, step=step,
                     observation_keys=keys)
    rng = np.random.default_rng(0)
    actions = rng.integers(len(env.actions), size=steps).tolist() if reply is None else [reply] * steps
    env.reset()
    episodes = 0
    t = time.perf_counter()
    for a in actions:
        _, _, terminated, truncated, _ = env.step(a)
        if terminated or truncated:
            env.reset()
            episodes += 1
    dt = time.perf_counter() - t
    env.close()
    return steps / dt, episodes


def bench_vec(n, calls, transport="pipe", binary=None, shm=True, poll=True, keys=None):
    env = cogsim.VecEnv(n, seed=1, binary=binary, transport=transport, shm=shm, poll=poll, observation_keys=keys)
    rng = np.random.default_rng(0)
    actions = [rng.integers(len(env.actions), size=n) for _ in range(min(calls, 64))]
    env.reset()
    t = time.perf_counter()
    for k in range(calls):
        env.step(actions[k % len(actions)])
    dt = time.perf_counter() - t
    env.close()
    return n * calls / dt


def bench_reset(count, transport="pipe", binary=None, shm=True, poll=True):
    env = cogsim.Env(seed=1, binary=binary, transport=transport, shm=shm, poll=poll)
    env.reset()
    t = time.perf_counter()
    for _ in range(count):
        env.reset()
    dt = time.perf_counter() - t
    env.close()
    return dt / count * 1e6


def bench_snapshot(count, transport="pipe", binary=None, shm=True, poll=True):
    """The time of a snapshot's take and of its restore (us), an episode
    70 tick steps in (between the steps of a command turn)."""
    env = cogsim.Env(seed=1, binary=binary, transport=transport, shm=shm, poll=poll)
    env.reset()
    for a in range(70):
        env.step(a % 12)
    snap = env.snapshot()
    t = time.perf_counter()
    for _ in range(count):
        snap = env.snapshot()
    take = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(count):
        env.restore(snap)
    restore = time.perf_counter() - t
    env.close()
    return take / count * 1e6, restore / count * 1e6, len(snap)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a few thousand steps of each (for tests)")
    ap.add_argument("--transport", default="pipe", choices=["pipe", "socket", "both"])
    ap.add_argument("--shm", default="on", choices=["on", "off", "both"],
                    help="records in shared memory (on, the default), in the answers (off), or both")
    ap.add_argument("--poll", default="on", choices=["on", "off"],
                    help="poll the pipe before sleeping on it (on, the default) or not")
    ap.add_argument("--binary", default=None, help="the cogsim executable")
    ap.add_argument("--profile", action="store_true", help="cProfile the one-Env run")
    ap.add_argument("--repeat", type=int, default=None,
                    help="runs of each figure, the best printed (default 3, 1 with --quick)")
    ap.add_argument("--which", action="store_true", help="print the package measured and its engine, and stop")
    args = ap.parse_args()
    if args.which:
        print(cogsim.__file__)
        print(cogsim.find_binary(args.binary)[0])
        return
    scale = 0.02 if args.quick else 1.0
    repeat = args.repeat or (1 if args.quick else 3)
    transports = ["pipe", "socket"] if args.transport == "both" else [args.transport]

    def best(f, *a, **kw):
        # The best of a few runs: on a shared machine the others only add noise.
        runs = [f(*a, **kw) for _ in range(repeat)]
        return max(runs, key=lambda r: r[0] if isinstance(r, tuple) else r)

    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.runcall(bench_env, int(100000 * scale), None, transports[0], args.binary, args.shm != "off",
                     args.poll == "on")
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return
    print(f"cogsim bench ({'quick' if args.quick else 'full'}, best of {repeat}; package {cogsim.__file__}; "
          f"engine {cogsim.find_binary(args.binary)[0]}; load average {_load()})")
    shms = {"on": [True], "off": [False], "both": [True, False]}[args.shm]
    poll = args.poll == "on"
    for tr in transports:
        for shm in shms:
            how = f"{tr}{'+shm' if shm else ''}{'' if poll or tr != 'pipe' else ' nopoll'}"
            for keys, named in ((None, "every key"), (FAST, "glyphs, stats")):
                rate, eps = best(bench_env, int(100000 * scale), None, tr, args.binary, shm, poll, keys=keys)
                line(how, f"Env, tick steps, {named}", f"{rate:10.0f} steps/s ({eps} episodes)")
            rate, _ = best(bench_env, int(30000 * scale), "search*40", tr, args.binary, shm, poll)
            line(how, "Env, turn steps of 40 (search*40)", f"{rate:10.0f} steps/s")
            for n, calls in ((16, int(10000 * scale)), (256, int(2000 * scale))):
                for keys, named in ((None, "every key"), (FAST, "glyphs, stats")):
                    rate = best(bench_vec, n, max(calls, 10), tr, args.binary, shm, poll, keys=keys)
                    line(how, f"VecEnv({n}), tick steps, {named}", f"{rate:10.0f} steps/s")
            us = -best(lambda *a: -bench_reset(*a), int(5000 * scale), tr, args.binary, shm, poll)
            line(how, "Env.reset()", f"{us:10.1f} us")
            take, restore, size = min((bench_snapshot(int(2000 * scale), tr, args.binary, shm, poll)
                                       for _ in range(repeat)), key=lambda r: r[0] + r[1])
            line(how, f"Env.snapshot() ({size} bytes)", f"{take:10.1f} us")
            line(how, "Env.restore(snapshot)", f"{restore:10.1f} us")
    print(f"load average after: {_load()}")


def line(transport, what, figure):
    print(f"{transport:10} {what:44} {figure}")


def _load():
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
