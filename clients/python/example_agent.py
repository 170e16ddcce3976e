"""An example agent: walks toward the nearest unexplored-looking direction,
fights what is next to it, and descends when it stands on the stairs.

    python3 example_agent.py --seed 7 --binary ./cogsim
"""

import argparse
import random

from cogsim_client import CogEnv

DIRS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
        "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}


def find(grid, ch):
    for y, row in enumerate(grid):
        x = row.find(ch)
        if x >= 0:
            return x, y
    return None


def choose(obs, rng):
    grid = obs["map"]
    me = find(grid, "@")
    if me is None:
        return "search"
    x, y = me
    stairs = find(grid, ">")
    for d, (dx, dy) in DIRS.items():
        c = grid[y + dy][x + dx] if 0 <= y + dy < 18 and 0 <= x + dx < 48 else " "
        if c.isalpha() and c not in "eO":
            return f"move {d}"
    if stairs:
        sx, sy = stairs
        step = ("s" if sy > y else "n" if sy < y else "") + ("e" if sx > x else "w" if sx < x else "")
        return f"move {step}" if step else ">"
    return " ".join(f"move {rng.choice(list(DIRS))}" for _ in range(8))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with CogEnv(seed=args.seed, binary=args.binary) as env:
        obs, done, info = env.reset(), False, {}
        while not done:
            obs, done, info = env.step(choose(obs, rng))
        print(info["result"]["score"], info["result"]["cause"])


if __name__ == "__main__":
    main()
