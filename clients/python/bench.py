"""Throughput of cogsim.Env and cogsim.VecEnv (SPEC §29, §35.6).

    python3 bench.py [--quick] [--transport pipe|socket|both] [--shm on|off|both]
                     [--poll on|off] [--binary PATH] [--profile]

Prints steps/s for one Env with one-primitive actions (random indices into
cogsim.ACTIONS, resets included), the same with 40-primitive replies
("search*40"), VecEnv with 16 and 256 envs, and the time of a reset, with
the records in shared memory (the default) and/or in the answers, and
the pipe polled before sleeping on it (the default, docs/serve.md) or
not.
Episodes are the rules' own (55 command turns). The actions are drawn
before timing, so the figures are the env's, not a policy's. --profile
prints the Python side's cProfile of the one-Env run. The load average
is printed before and after: on a shared machine the figures mean little
above a load of 1. Nothing here is asserted: the goals (§35.6) on a
2-core machine are VecEnv(256) >= 1 000 000 steps/s, one Env >= 50 000
steps/s, a reset <= 100 us.
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cogsim  # noqa: E402


def bench_env(steps, reply=None, transport="pipe", binary=None, shm=True, poll=True):
    env = cogsim.Env(seed=1, binary=binary, transport=transport, shm=shm, poll=poll)
    rng = np.random.default_rng(0)
    actions = rng.integers(len(cogsim.ACTIONS), size=steps).tolist() if reply is None else [reply] * steps
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


def bench_vec(n, calls, transport="pipe", binary=None, shm=True, poll=True):
    env = cogsim.VecEnv(n, seed=1, binary=binary, transport=transport, shm=shm, poll=poll)
    rng = np.random.default_rng(0)
    actions = [rng.integers(len(cogsim.ACTIONS), size=n) for _ in range(min(calls, 64))]
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
    args = ap.parse_args()
    scale = 0.02 if args.quick else 1.0
    repeat = args.repeat or (1 if args.quick else 3)
    transports = ["pipe", "socket"] if args.transport == "both" else [args.transport]

    def best(f, *a):
        # The best of a few runs: on a shared machine the others only add noise.
        runs = [f(*a) for _ in range(repeat)]
        return max(runs, key=lambda r: r[0] if isinstance(r, tuple) else r)

    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.runcall(bench_env, int(100000 * scale), None, transports[0], args.binary, args.shm != "off",
                     args.poll == "on")
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        return
    print(f"cogsim bench ({'quick' if args.quick else 'full'}, best of {repeat}; "
          f"engine {cogsim.find_binary(args.binary)[0]}; load average {_load()})")
    shms = {"on": [True], "off": [False], "both": [True, False]}[args.shm]
    poll = args.poll == "on"
    for tr in transports:
        for shm in shms:
            how = f"{tr}{'+shm' if shm else ''}{'' if poll or tr != 'pipe' else ' nopoll'}"
            rate, eps = best(bench_env, int(100000 * scale), None, tr, args.binary, shm, poll)
            line(how, "Env, one-primitive actions, resets included", f"{rate:10.0f} steps/s ({eps} episodes)")
            rate, _ = best(bench_env, int(30000 * scale), "search*40", tr, args.binary, shm, poll)
            line(how, "Env, 40-primitive replies (search*40)", f"{rate:10.0f} steps/s")
            for n, calls in ((16, int(10000 * scale)), (256, int(2000 * scale))):
                rate = best(bench_vec, n, max(calls, 10), tr, args.binary, shm, poll)
                line(how, f"VecEnv({n}), one-primitive actions", f"{rate:10.0f} steps/s")
            us = -best(lambda *a: -bench_reset(*a), int(5000 * scale), tr, args.binary, shm, poll)
            line(how, "Env.reset()", f"{us:10.1f} us")
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
