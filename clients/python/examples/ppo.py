"""Masked PPO on cogsim's tasks, in one file (SPEC §37.9).

    python3 examples/ppo.py --task descend --steps 1000000 --seed 1

A baseline to beat: proximal policy optimisation (Schulman et al., 2017)
in PyTorch with the action mask applied to the logits (an action the
mask rules out gets a logit of -1e8, so it is never sampled and takes no
gradient), over a cogsim.VecEnv of tick steps (§37.1). The network sees
an egocentric window of the map's glyphs around the cog (glyphs_crop,
each glyph id embedded), the stats (each scaled), two ways found on the
map's known cells (to the nearest stairs it shows, and with none to the
nearest cell left to explore: each its first step and its length; see
Guide) and the mask; it has a policy head and a value head. The ways
carry most of the weight: the network learns to follow them, to descend
and to eat in time, where learning to explore a level from a window of
it alone takes far more steps than the budget. After the budget of steps
it plays --eval episodes with the trained policy and prints their mean
return (and its standard deviation and count), and the random masked
policy's (uniform over the masked actions) on the same seeds: the
figures of docs/python.md.

Nothing here comes from a package index: numpy, Debian's python3-torch
and the cogsim package. The last line of the output is JSON.
"""

import argparse
import json
import os
import sys
import time

import numpy as np
import torch
from torch import nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cogsim  # noqa: E402

KEYS = ("glyphs", "glyphs_crop", "stats", "action_mask")
# The eight moves' steps, in the order of cogsim's actions (n, ne, e, se,
# s, sw, w, nw): (dx, dy), y down.
MOVES = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
REACH = 66  # the longest way looked for, in steps
# The ways to the stairs and to explore: each its first step (one-hot),
# its length and whether there is one.
EXTRA = 2 * (len(MOVES) + 2)


class Net(nn.Module):
    """The policy and value of an observation: the crop's glyphs (a window
    of the map centred on the cog), embedded and convolved; the stats,
    scaled, and the two ways; the action mask, which tells what
    the map cannot (the '@' hides the stairs the cog stands on: only the
    mask's `descend` says so); an MLP; two heads. The policy head also
    sees the stats and the ways directly: following a way is then one
    weight per move."""

    def __init__(self, glyphs, crop, stats, actions, width=128):
        super().__init__()
        self.embed = nn.Embedding(glyphs, 8)
        self.conv = nn.Sequential(
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU(),
            nn.Flatten())
        side = (crop + 1) // 2
        self.body = nn.Sequential(nn.Linear(32 * side * side + stats + actions, width), nn.ReLU(),
                                  nn.Linear(width, width), nn.ReLU())
        self.policy = nn.Linear(width + stats, actions)
        self.value = nn.Linear(width, 1)
        # Small initial logits: the first policy is near uniform.
        nn.init.orthogonal_(self.policy.weight, 0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(self, crop, stats, mask):
        x = self.embed(crop).permute(0, 3, 1, 2)
        h = self.body(torch.cat([self.conv(x), stats, mask.float()], dim=1))
        logits = self.policy(torch.cat([h, stats], dim=1)).masked_fill(mask == 0, -1e8)
        return logits, self.value(h).squeeze(1)


class Guide:
    """The two ways each env's network is shown (way() finds them): to the
    nearest stairs the map shows, and, with none, to the nearest cell left
    to explore: a passable cell the map shows beside an unseen one, which
    the cog has not stood on since it came to this level (the guide
    remembers where it stood, so call it once per step). From the
    server's glyph table: whether a step may end on a glyph (not rock,
    unseen, wall or lava: a closed door opens when walked into, a monster
    moves on), and whether it is a door (no diagonal step into or out of
    it, §8) or a wall."""

    def __init__(self, env):
        table = env.server_info["glyphs"]
        size = 1 + max(g["id"] for g in table)
        self.stairs = glyph_of(env, ">")
        self.unseen = next(g["id"] for g in table if g["name"] == "unseen or solid rock")
        self.passable = np.ones(size, bool)
        self.door = np.zeros(size, bool)
        self.wall = np.zeros(size, bool)
        for g in table:
            self.passable[g["id"]] = g["name"] not in ("unseen or solid rock", "wall", "lava")
            self.door[g["id"]] = g["name"] in ("open door", "closed door")
            self.wall[g["id"]] = g["name"] == "wall"
        self.trodden = self.depth = self.tick = None

    def __call__(self, obs):
        """The ways of this step's observations: (first, length) to the
        stairs, then (first, length) to explore."""
        glyphs, st = obs["glyphs"], obs["stats"]
        n = len(st)
        depth, tick = st[:, cogsim.Stat.DEPTH], st[:, cogsim.Stat.TICK]
        if self.trodden is None:
            self.trodden, self.depth, self.tick = np.zeros(glyphs.shape, bool), depth, tick
        # A new level or a new episode (its clock starts again): nowhere
        # trodden yet.
        self.trodden[(depth != self.depth) | (tick < self.tick)] = False
        self.depth, self.tick = depth.copy(), tick.copy()
        self.trodden[np.arange(n), st[:, cogsim.Stat.Y], st[:, cogsim.Stat.X]] = True
        stairs = way(obs, self, glyphs == self.stairs)
        unseen = glyphs == self.unseen
        beside = np.zeros_like(unseen)
        for dx, dy in MOVES:
            beside |= shifted(unseen, dx, dy)
        goal = self.passable[glyphs] & beside & ~self.trodden
        goal[stairs[0] >= 0] = False
        return stairs + way(obs, self, goal)


def shifted(a, dx, dy):
    """A batch of maps moved by (dx, dy): out[:, y + dy, x + dx] = a[:, y, x],
    False where nothing moved in."""
    out = np.zeros_like(a)
    h, w = a.shape[1:]
    out[:, max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
        a[:, max(-dy, 0):h + min(-dy, 0), max(-dx, 0):w + min(-dx, 0)]
    return out


def way(obs, guide, goal):
    """Each env's shortest way to its nearest `goal` cell (a bool [envs,
    18, 48]) over the cells the map shows as passable (a breadth-first
    wave from the goals, every env at once): the index in MOVES of its
    first step (-1: no way within REACH steps) and its length in steps
    (REACH without a way). The cog's own cell counts as passable (the '@'
    hides what it stands on)."""
    glyphs, st = obs["glyphs"], obs["stats"]
    n = len(glyphs)
    first, length = np.full(n, -1), np.full(n, REACH)
    todo = np.flatnonzero(goal.any(axis=(1, 2)))
    if len(todo) == 0:
        return first, length
    wave, glyphs = goal[todo], glyphs[todo]
    passable, door, wall = guide.passable[glyphs], guide.door[glyphs], guide.wall[glyphs]
    h, w = glyphs.shape[1:]
    # The cog's eight neighbours, and whether the cog may step to each.
    dx, dy = (np.array(d) for d in zip(*MOVES))
    nx, ny = st[todo, cogsim.Stat.X, None] + dx, st[todo, cogsim.Stat.Y, None] + dy
    inside = (nx >= 0) & (nx < w) & (ny >= 0) & (ny < h)
    nx, ny = nx.clip(0, w - 1), ny.clip(0, h - 1)
    r = np.arange(len(todo))
    rows = r[:, None]
    # The cog's cell is a doorway if walls flank it (the '@' hides the
    # door): no diagonal step out of it then.
    x, y = st[todo, cogsim.Stat.X], st[todo, cogsim.Stat.Y]

    def walled(dx, dy):
        return wall[r, (y + dy).clip(0, h - 1), (x + dx).clip(0, w - 1)]
    doorway = (walled(-1, 0) & walled(1, 0)) | (walled(0, -1) & walled(0, 1))
    may = inside & ~((dx != 0) & (dy != 0) & (door[rows, ny, nx] | doorway[:, None]))
    left = np.ones(len(todo), bool)
    for steps in range(1, REACH):
        # A neighbour the wave has reached is the first step of a way of
        # this many steps (the first such move in MOVES' order).
        hit = wave[rows, ny, nx] & may & left[:, None]
        done = np.flatnonzero(hit.any(axis=1))
        first[todo[done]], length[todo[done]] = hit[done].argmax(axis=1), steps
        left[done] = False
        if not left.any():
            break
        grow = shifted(wave, 0, 1) | shifted(wave, 0, -1) | shifted(wave, 1, 0) | shifted(wave, -1, 0)
        free = wave & ~door
        grow |= (shifted(free, 1, 1) | shifted(free, 1, -1) | shifted(free, -1, 1) | shifted(free, -1, -1)) & ~door
        grow &= passable & ~wave
        if not grow.any():
            break
        wave |= grow
    return first, length


def features(obs, scale, ways):
    """The network's inputs of a batch of observations: the crop, and the
    stats scaled beside the ways (a Guide's answer): of each, its first
    step one-hot, its length over REACH and whether there is one."""
    crop = torch.as_tensor(obs["glyphs_crop"].astype(np.int64))
    extra = np.zeros((len(ways[0]), EXTRA), np.float32)
    for k in range(len(ways) // 2):
        first, length = ways[2 * k], ways[2 * k + 1]
        at = k * (len(MOVES) + 2)
        found = np.flatnonzero(first >= 0)
        extra[found, at + first[found]] = 1
        extra[:, at + len(MOVES)] = length / REACH
        extra[:, at + len(MOVES) + 1] = first >= 0
    stats = np.concatenate([obs["stats"].astype(np.float32) * scale, extra], axis=1)
    return crop, torch.as_tensor(stats)


def stat_scale():
    """Each stat's scale: about 1 over its usual range."""
    s = cogsim.Stat
    scale = np.ones(len(s), np.float32)
    for name, by in (("DEPTH", 10), ("GOLD", 200), ("HP", 20), ("MAX_HP", 20), ("AC", 10), ("XLEVEL", 10),
                     ("XP", 100), ("TICK", 2200), ("TURN", 55), ("MAX_TURNS", 55), ("HUNGER", 4),
                     ("CONDITIONS", 16), ("X", 48), ("Y", 18)):
        scale[s[name]] = 1 / by
    return scale


def potential(ways, mask, descend, by):
    """Each env's potential of the way to the stairs (the shaping's,
    below; `ways` a Guide's answer): `by` on the stairs (the mask's descend
    says so: the '@' hides them), falling with the way's length to 0 at
    REACH steps, and 0 with no way."""
    first, length = ways[:2]
    phi = np.where(first >= 0, by * (1 - length / REACH), 0).astype(np.float32)
    phi[np.asarray(mask)[:, descend] != 0] = by
    return phi


def known(obs):
    """How many cells of each env's map the cog has seen (not glyph 0,
    "unseen or solid rock")."""
    return (obs["glyphs"] != 0).sum(axis=(1, 2))


def glyph_of(env, char):
    """The glyph id of a map character (the server's glyph table)."""
    return next(g["id"] for g in env.server_info["glyphs"] if g["char"] == char)


def sample(logits):
    dist = torch.distributions.Categorical(logits=logits)
    action = dist.sample()
    return action, dist.log_prob(action), dist.entropy()


def evaluate(env, episodes, policy=None, seed=0):
    """The returns of `episodes` episodes (as many of each env's
    first ones) of the trained policy, or with None of the uniform masked
    one."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    guide = Guide(env)
    n = env.num_envs
    each = -(-episodes // n)
    scale = stat_scale()
    acc, returns, played = np.zeros(n), [], np.zeros(n, dtype=int)
    while played.min() < each:
        mask = info["action_mask"]
        ways = guide(obs) if policy is not None else None
        if policy is None:
            # Uniform over the masked actions (any action once an
            # episode is over: the next step starts the next).
            pick = rng.random(mask.shape) * np.maximum(mask, mask.sum(1, keepdims=True) == 0)
            action = pick.argmax(1)
        else:
            with torch.no_grad():
                logits, _ = policy(*features(obs, scale, ways), torch.as_tensor(np.array(mask)))
                action = sample(logits)[0].numpy()
        obs, reward, term, trunc, info = env.step(action)
        acc += reward
        for i in np.flatnonzero(term | trunc):
            if played[i] < each:
                returns.append(acc[i])
                played[i] += 1
            acc[i] = 0
    return returns


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--task", default="descend", choices=sorted(set(cogsim.TASK_IDS.values())))
    ap.add_argument("--steps", type=int, default=1_000_000, help="the budget of env steps to train on")
    ap.add_argument("--updates", type=int, default=None, help="stop after this many updates (tests)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--rollout", type=int, default=128, help="steps per env between updates")
    ap.add_argument("--crop", type=int, default=11)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.003)
    ap.add_argument("--explore-bonus", type=float, default=0.02,
                    help="training reward per newly seen cell (0: none; evaluation counts the task's reward only)")
    ap.add_argument("--stairs-bonus", type=float, default=0.5,
                    help="the potential of standing on the stairs (potential-based shaping toward the stairs "
                         "the map shows; 0: none)")
    ap.add_argument("--eval", type=int, default=64, help="episodes of evaluation (0: none)")
    ap.add_argument("--binary", default=None, help="the cogsim executable")
    ap.add_argument("--save", default=None, help="write the trained network's state_dict here (torch.save)")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    start = time.time()

    env = cogsim.VecEnv(args.envs, task=args.task, observation_keys=KEYS, crop=args.crop, binary=args.binary)
    glyphs = 1 + max(g["id"] for g in env.server_info["glyphs"])
    guide = Guide(env)
    scale = stat_scale()
    net = Net(glyphs, args.crop, len(cogsim.STATS) + EXTRA, len(env.actions))
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, eps=1e-5)
    T, N = args.rollout, args.envs
    updates = args.updates or max(1, args.steps // (T * N))
    obs, info = env.reset(seed=1000 * args.seed)
    crops = torch.zeros((T, N, args.crop, args.crop), dtype=torch.int64)
    statss = torch.zeros((T, N, len(scale) + EXTRA))
    masks = torch.zeros((T, N, len(env.actions)), dtype=torch.int8)
    actions = torch.zeros((T, N), dtype=torch.int64)
    logps, values, rewards = torch.zeros((T, N)), torch.zeros((T, N)), torch.zeros((T, N))
    dones = torch.zeros((T, N))
    episode_returns, acc = [], np.zeros(N)
    descend = env.actions.index("descend")
    ways = guide(obs)
    phi = potential(ways, info["action_mask"], descend, args.stairs_bonus)
    seen, depth, fresh = known(obs), obs["stats"][:, cogsim.Stat.DEPTH].copy(), np.zeros(N, bool)
    for update in range(updates):
        # Anneal the learning rate to 0 over the budget.
        for group in opt.param_groups:
            group["lr"] = args.lr * (1 - update / updates)
        # The rollout.
        for t in range(T):
            crop, stats = features(obs, scale, ways)
            mask = torch.as_tensor(np.array(info["action_mask"]))
            with torch.no_grad():
                logits, value = net(crop, stats, mask)
                action, logp, _ = sample(logits)
            crops[t], statss[t], masks[t], actions[t], logps[t], values[t] = crop, stats, mask, action, logp, value
            obs, reward, term, trunc, info = env.step(action.numpy())
            # An ended episode's next step starts the next (next-step
            # autoreset): the return is cut after this one.
            done = term | trunc
            # The training reward: the task's, a bonus per cell seen for
            # the first time on the level (a new level's first sight
            # counts whole) and potential-based shaping toward the stairs
            # (Ng et al., 1999: gamma * phi' - phi, phi' 0 at an
            # episode's end), none on the step that starts an episode.
            seen2, depth2 = known(obs), obs["stats"][:, cogsim.Stat.DEPTH]
            ways = guide(obs)
            phi2 = potential(ways, info["action_mask"], descend, args.stairs_bonus)
            new = np.where(depth2 == depth, np.maximum(seen2 - seen, 0), seen2)
            shaped = args.explore_bonus * new + args.gamma * phi2 * ~done - phi
            shaped[fresh] = 0
            rewards[t] = torch.as_tensor(reward + shaped, dtype=torch.float32)
            seen, depth, phi, fresh = seen2, depth2.copy(), phi2, done
            dones[t] = torch.as_tensor(done, dtype=torch.float32)
            acc += reward
            episode_returns.extend(acc[done].tolist())
            acc[done] = 0
        with torch.no_grad():
            _, last = net(*features(obs, scale, ways), torch.as_tensor(np.array(info["action_mask"])))
        # Generalised advantage estimation.
        adv = torch.zeros((T, N))
        gae = torch.zeros(N)
        for t in reversed(range(T)):
            next_value = last if t == T - 1 else values[t + 1]
            live = 1 - dones[t]
            delta = rewards[t] + args.gamma * next_value * live - values[t]
            gae = delta + args.gamma * args.lam * live * gae
            adv[t] = gae
        ret = adv + values
        # The update: epochs of minibatches of the flattened rollout.
        b = T * N
        flat = [x.reshape((b,) + x.shape[2:]) for x in (crops, statss, masks, actions, logps, adv, ret)]
        for _ in range(args.epochs):
            order = torch.randperm(b)
            for mb in order.chunk(args.minibatches):
                crop, stats, mask, action, old_logp, a, r = (x[mb] for x in flat)
                logits, value = net(crop, stats, mask)
                dist = torch.distributions.Categorical(logits=logits)
                logp = dist.log_prob(action)
                a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = (logp - old_logp).exp()
                loss_pi = -torch.min(ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a).mean()
                loss_v = 0.5 * ((value - r) ** 2).mean()
                entropy = dist.entropy().mean()
                loss = loss_pi + 0.5 * loss_v - args.entropy * entropy
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        if update % 10 == 0 or update == updates - 1:
            recent = episode_returns[-100:]
            print(f"update {update + 1}/{updates}  steps {(update + 1) * b}  "
                  f"return {np.mean(recent) if recent else float('nan'):.2f} ({len(episode_returns)} episodes)  "
                  f"entropy {entropy.item():.2f}  "
                  f"{time.time() - start:.0f} s", flush=True)
    trained = time.time() - start
    env.close()
    if args.save:
        torch.save(net.state_dict(), args.save)
    result = {"task": args.task, "seed": args.seed, "steps": updates * T * N, "train_seconds": round(trained, 1)}
    if args.eval:
        with cogsim.VecEnv(args.envs, task=args.task, observation_keys=KEYS, crop=args.crop,
                           binary=args.binary) as ev:
            net.eval()
            for name, policy in (("ppo", net), ("random", None)):
                returns = evaluate(ev, args.eval, policy, seed=10**6 + args.seed)
                result[name] = float(np.mean(returns))
                result[name + "_sd"] = float(np.std(returns, ddof=1)) if len(returns) > 1 else 0.0
                result[name + "_n"] = len(returns)
    result["seconds"] = round(time.time() - start, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
