"""The random masked policy: each step an action drawn uniformly among
those the action mask allows (SPEC §35.1, §37.5).

    python3 examples/random_masked.py --task eat --episodes 1000

With --guided it first follows the ways examples/ppo.py shows its
network (ppo.Guide; needs python3-torch): it descends when the mask
allows it, else takes the first step of the way to the stairs, else of
the way to explore, and draws at random only when there is no way. What
PPO learns beyond the ways shows against it (docs/python.md, "A
baseline").

Prints the episodes' mean length (in steps), mean return and how many
returned more than 0, with a 95 % interval of the mean return, and the
causes of their ends. The last line of the output is JSON.
"""

import argparse
import collections
import json
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cogsim  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--task", default="score", choices=sorted(set(cogsim.TASK_IDS.values())))
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--envs", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--step", default="tick", choices=cogsim.STEPS)
    ap.add_argument("--guided", action="store_true", help="follow ppo.py's ways first")
    ap.add_argument("--binary", default=None, help="the cogsim executable")
    args = ap.parse_args()
    start = time.time()
    rng = np.random.default_rng(args.seed)
    n = args.envs
    each = -(-args.episodes // n)
    lengths, returns, causes = [], [], collections.Counter()
    keys = ("glyphs", "stats", "action_mask") if args.guided else ("stats", "action_mask")
    with cogsim.VecEnv(n, task=args.task, step=args.step, observation_keys=keys, binary=args.binary) as env:
        guide = None
        if args.guided:
            sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
            import ppo
            guide, descend = ppo.Guide(env), env.actions.index("descend")
        obs, info = env.reset(seed=args.seed)
        acc, steps, played = np.zeros(n), np.zeros(n, dtype=int), np.zeros(n, dtype=int)
        while played.min() < each:
            mask = np.asarray(info["action_mask"])
            action = (rng.random(mask.shape) * np.maximum(mask, mask.sum(1, keepdims=True) == 0)).argmax(1)
            if guide is not None:
                to_stairs, _, to_explore, _ = guide(obs)
                action = np.where(to_explore >= 0, to_explore, action)
                action = np.where(to_stairs >= 0, to_stairs, action)
                action = np.where(mask[:, descend] != 0, descend, action)
            obs, reward, term, trunc, info = env.step(action)
            acc += reward
            steps += 1
            for i in np.flatnonzero(term | trunc):
                if played[i] < each:
                    lengths.append(int(steps[i]))
                    returns.append(float(acc[i]))
                    causes[info["result"][i]["cause"].split(" by ")[0]] += 1
                    played[i] += 1
                # The next step starts the next episode and plays nothing.
                acc[i], steps[i] = 0, -1
    r = np.array(returns)
    half = 1.96 * r.std(ddof=1) / math.sqrt(len(r)) if len(r) > 1 else float("nan")
    out = {"task": args.task, "step": args.step, "guided": args.guided, "episodes": len(r), "mean_length": float(np.mean(lengths)),
           "mean_return": float(r.mean()), "ci95": [float(r.mean() - half), float(r.mean() + half)],
           "paid": int((r > 0).sum()), "causes": dict(causes.most_common()), "seconds": round(time.time() - start, 1)}
    print(f"{len(r)} episodes of {args.task} ({args.step} steps{', guided' if args.guided else ''}): mean length {out['mean_length']:.0f} steps, "
          f"mean return {r.mean():.3f} (95 % {out['ci95'][0]:.3f} … {out['ci95'][1]:.3f}), "
          f"{out['paid']} returned more than 0")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
