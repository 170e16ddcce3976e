"""A hand-written policy that follows the ways examples/ppo.py shows its
network (ppo.Guide): descend when the mask allows it, else take the
first step of the way to the stairs, else of the way to explore, else an
action drawn uniformly among those the mask allows.

    python3 examples/guided.py --task descend --episodes 512

What PPO learns beyond the ways shows against it (docs/python.md, "A
baseline"). Prints the episodes' mean return with a 95 % interval and
the causes of their ends; the last line of the output is JSON.
"""

import argparse
import collections
import json
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cogsim  # noqa: E402
import ppo  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--task", default="descend", choices=sorted(set(cogsim.TASK_IDS.values())))
    ap.add_argument("--episodes", type=int, default=512)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--seed", type=int, default=10**6 + 1, help="the reset seed (ppo.py evaluates seed 1 on 1000001)")
    ap.add_argument("--binary", default=None, help="the cogsim executable")
    args = ap.parse_args()
    start = time.time()
    rng = np.random.default_rng(args.seed)
    n = args.envs
    each = -(-args.episodes // n)
    returns, causes = [], collections.Counter()
    with cogsim.VecEnv(n, task=args.task, observation_keys=("glyphs", "stats", "action_mask"),
                       binary=args.binary) as env:
        guide = ppo.Guide(env)
        descend = env.actions.index("descend")
        obs, info = env.reset(seed=args.seed)
        acc, played = np.zeros(n), np.zeros(n, dtype=int)
        while played.min() < each:
            mask = np.asarray(info["action_mask"])
            action = (rng.random(mask.shape) * np.maximum(mask, mask.sum(1, keepdims=True) == 0)).argmax(1)
            to_stairs, _, to_explore, _ = guide(obs)
            action = np.where(to_explore >= 0, to_explore, action)
            action = np.where(to_stairs >= 0, to_stairs, action)
            action = np.where(mask[:, descend] != 0, descend, action)
            obs, reward, term, trunc, info = env.step(action)
            acc += reward
            for i in np.flatnonzero(term | trunc):
                if played[i] < each:
                    returns.append(float(acc[i]))
                    causes[info["result"][i]["cause"].split(" by ")[0]] += 1
                    played[i] += 1
                acc[i] = 0
    r = np.array(returns)
    half = 1.96 * r.std(ddof=1) / math.sqrt(len(r)) if len(r) > 1 else float("nan")
    out = {"task": args.task, "episodes": len(r), "mean_return": float(r.mean()),
           "ci95": [float(r.mean() - half), float(r.mean() + half)], "causes": dict(causes.most_common()),
           "seconds": round(time.time() - start, 1)}
    print(f"{len(r)} episodes of {args.task}, guided: mean return {r.mean():.3f} "
          f"(95 % {out['ci95'][0]:.3f} … {out['ci95'][1]:.3f})")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
