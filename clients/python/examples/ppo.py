"""Masked PPO on cogsim's tasks, in one file (SPEC §37.9).

    python3 examples/ppo.py --task descend --steps 2000000 --seed 1

A baseline to beat: proximal policy optimisation (Schulman et al., 2017)
in PyTorch with the action mask applied to the logits (an action the
mask rules out gets a logit of -1e8, so it is never sampled and takes no
gradient), over a cogsim.VecEnv of tick steps (§37.1). The network sees
an egocentric window of the map's glyphs around the cog (glyphs_crop,
each glyph id embedded), the stats (each scaled) and the mask; it has
a policy head and a value head. After the budget of steps it plays --eval
episodes with the trained policy and prints their mean return (and its
standard deviation and count), and the random masked policy's (uniform
over the masked actions) on the same seeds: the figures of
docs/python.md.

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
EXTRA = 3  # the way to the stairs: dx, dy, whether the map shows them


class Net(nn.Module):
    """The policy and value of an observation: the crop's glyphs (a window
    of the map centred on the cog), embedded and convolved; the stats,
    scaled, and the way to the stairs; the action mask, which tells what
    the map cannot (the '@' hides the stairs the cog stands on: only the
    mask's `descend` says so); an MLP; two heads."""

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
        self.policy = nn.Linear(width, actions)
        self.value = nn.Linear(width, 1)
        # Small initial logits: the first policy is near uniform.
        nn.init.orthogonal_(self.policy.weight, 0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(self, crop, stats, mask):
        x = self.embed(crop).permute(0, 3, 1, 2)
        h = self.body(torch.cat([self.conv(x), stats, mask.float()], dim=1))
        logits = self.policy(h).masked_fill(mask == 0, -1e8)
        return logits, self.value(h).squeeze(1)


def features(obs, scale, stairs):
    """The network's inputs of a batch of observations: the crop, and the
    stats scaled beside the way to the nearest stairs the map shows (the
    glyph id stairs: a cell the cog has seen, so nothing hidden)."""
    crop = torch.as_tensor(obs["glyphs_crop"].astype(np.int64))
    st = obs["stats"]
    way = np.zeros((len(st), EXTRA), np.float32)
    n, ys, xs = np.nonzero(obs["glyphs"] == stairs)
    if len(n):
        cx, cy = st[n, cogsim.Stat.X], st[n, cogsim.Stat.Y]
        d = np.abs(xs - cx) + np.abs(ys - cy)
        for i in np.unique(n):  # each env's nearest
            k = np.flatnonzero(n == i)
            j = k[np.argmin(d[k])]
            way[i] = ((xs[j] - cx[j]) / 48, (ys[j] - cy[j]) / 18, 1)
    stats = np.concatenate([st.astype(np.float32) * scale, way], axis=1)
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


def potential(obs, mask, stairs, descend, by):
    """Each env's potential of the way to the stairs (the shaping's,
    below): `by` on the stairs (the mask's descend says so: the '@' hides
    them), falling with the distance to the nearest stairs the map shows,
    and 0 with none shown."""
    glyphs, st = obs["glyphs"], obs["stats"]
    phi = np.zeros(len(st), np.float32)
    n, ys, xs = np.nonzero(glyphs == stairs)
    if len(n):
        d = np.abs(xs - st[n, cogsim.Stat.X]) + np.abs(ys - st[n, cogsim.Stat.Y])
        np.maximum.at(phi, n, by * (1 - d / 66))
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
    stairs = glyph_of(env, ">")
    n = env.num_envs
    each = -(-episodes // n)
    scale = stat_scale()
    acc, returns, played = np.zeros(n), [], np.zeros(n, dtype=int)
    while played.min() < each:
        mask = info["action_mask"]
        if policy is None:
            # Uniform over the masked actions (any action once an
            # episode is over: the next step starts the next).
            pick = rng.random(mask.shape) * np.maximum(mask, mask.sum(1, keepdims=True) == 0)
            action = pick.argmax(1)
        else:
            with torch.no_grad():
                logits, _ = policy(*features(obs, scale, stairs), torch.as_tensor(np.array(mask)))
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
    ap.add_argument("--steps", type=int, default=2_000_000, help="the budget of env steps to train on")
    ap.add_argument("--updates", type=int, default=None, help="stop after this many updates (tests)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--rollout", type=int, default=128, help="steps per env between updates")
    ap.add_argument("--crop", type=int, default=11)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--explore-bonus", type=float, default=0.002,
                    help="training reward per newly seen cell (0: none; evaluation counts the task's reward only)")
    ap.add_argument("--stairs-bonus", type=float, default=0.5,
                    help="the potential of standing on the stairs (potential-based shaping toward the stairs "
                         "the map shows; 0: none)")
    ap.add_argument("--eval", type=int, default=64, help="episodes of evaluation (0: none)")
    ap.add_argument("--binary", default=None, help="the cogsim executable")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    start = time.time()

    env = cogsim.VecEnv(args.envs, task=args.task, observation_keys=KEYS, crop=args.crop, binary=args.binary)
    glyphs = 1 + max(g["id"] for g in env.server_info["glyphs"])
    stairs = glyph_of(env, ">")
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
    phi = potential(obs, info["action_mask"], stairs, descend, args.stairs_bonus)
    seen, depth, fresh = known(obs), obs["stats"][:, cogsim.Stat.DEPTH].copy(), np.zeros(N, bool)
    for update in range(updates):
        # Anneal the learning rate to 0 over the budget.
        for group in opt.param_groups:
            group["lr"] = args.lr * (1 - update / updates)
        # The rollout.
        for t in range(T):
            crop, stats = features(obs, scale, stairs)
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
            phi2 = potential(obs, info["action_mask"], stairs, descend, args.stairs_bonus)
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
            _, last = net(*features(obs, scale, stairs), torch.as_tensor(np.array(info["action_mask"])))
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
