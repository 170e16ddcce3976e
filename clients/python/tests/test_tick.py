"""The researcher's environment plays the whole game (SPEC §37): tick
steps, their equivalence with replies in the replays, observation keys
and crops, named stats, masks, vector resets and asynchronous stepping,
packed snapshots and a scripted policy that pays the Oracle."""

import collections
import os
import subprocess
import sys
import tempfile
import types
import unittest

import numpy as np

from tests.support import HAVE_GYMNASIUM, REPO_ROOT, binary

import cogsim  # noqa: E402


def setUpModule():
    binary()


# A lit room, the cog well fed, nothing else: it stays on its level.
HALL = {"name": "hall", "map": ["", " ------------", " |..........|", " |....@.....|", " |..........|",
                                " ------------"], "lit": True, "cog": {"nutrition": 5000}}


class TickStepTest(unittest.TestCase):
    def test_an_episode_on_one_level_lasts_2200_steps(self):
        """A step is one tick, the command turns 40 ticks each beneath the
        steps: an episode that stays on its level and runs the clock is
        55 x 40 = 2 200 steps (§37.1)."""
        with cogsim.Env(scenario=HALL) as env:
            self.assertEqual(env.step_mode, "tick")
            obs, _ = env.reset(seed=1)
            search = env.actions.index("search")
            steps = 0
            while True:
                obs, reward, term, trunc, info = env.step(search)
                steps += 1
                st = obs["stats"]
                self.assertEqual((int(st[cogsim.Stat.TICK]), int(st[cogsim.Stat.TURN])), (steps, steps // 40))
                if term or trunc:
                    break
            self.assertEqual(steps, 2200)
            self.assertTrue(trunc)
            self.assertFalse(term)
            result = info["result"]
            self.assertEqual((result["cause"], result["ticks"], result["turns"]), ("clock", 2200, 55))
            self.assertIn("full-clock", [d["name"] for d in result["deeds"]])
            self.assertIn("Turn:55/55", info["text"].split("\n")[19])

    def test_a_paralysed_cog_does_not_use_its_steps(self):
        """While the cog is paralysed a step passes one tick and its action
        is not used: info["ignored"] names it (§37.1)."""
        with open(os.path.join(REPO_ROOT, "scenarios", "eye-trap.json")) as f:
            eye = f.read()
        with cogsim.Env(scenario=eye) as env:
            env.reset()
            east = env.actions.index("e")
            ignored = []
            for k in range(40):
                obs, _, _, _, info = env.step(east)
                ignored.append(info["ignored"])
            self.assertIn("e", ignored, "the eye's gaze: steps not used")
            self.assertEqual(int(obs["stats"][cogsim.Stat.TICK]), 40)

    def test_a_reply_string_names_one_primitive(self):
        with cogsim.Env() as env:
            env.reset(seed=3)
            obs, *_ = env.step("search")
            self.assertEqual(int(obs["stats"][cogsim.Stat.TICK]), 1)
            with self.assertRaisesRegex(cogsim.InvalidAction, 'a tick step plays one primitive.*"e e" names 2'):
                env.step("e e")
            obs, *_ = env.step(" eat b ")
            self.assertEqual(int(obs["stats"][cogsim.Stat.TICK]), 2)
        with self.assertRaisesRegex(ValueError, "step: 'tock' is not one of"):
            cogsim.Env(step="tock")

    def test_eat_pays_with_tick_steps(self):
        """A cog that waits until it is Hungry and eats earns the Eat task's
        reward (§35.3): with tick steps the clock is long enough (Hungry
        needs 750 ticks and more from the start)."""
        with cogsim.Env(task="eat", scenario=dict(HALL, cog={"nutrition": 160})) as env:
            obs, _ = env.reset(seed=2)
            search, eat = env.actions.index("search"), env.actions.index("eat b")
            total = 0.0
            for _ in range(30):
                hungry = obs["stats"][cogsim.Stat.HUNGER] >= 2
                obs, reward, term, trunc, info = env.step(eat if hungry else search)
                total += reward
                if hungry:
                    break
            self.assertEqual(total, 1.0)
            self.assertIn("ate", info["deeds"])

    def test_a_scripted_policy_pays_the_oracle(self):
        """A short scripted policy through the Python API — explore, fight,
        eat, pick up gold, take the stairs, chat to the Oracle with 50 gold
        — reaches and pays her on seed 1, whose Oracle level is depth 3
        (cogsim/Oracle-v0's reward, +1, ends the episode)."""
        with cogsim.Env(task="oracle") as env:
            obs, info = env.reset(seed=1)
            policy = Scripted(env)
            total, steps = 0.0, 0
            while True:
                obs, reward, term, trunc, info = env.step(policy.act(obs, info["action_mask"]))
                total += reward
                steps += 1
                if term or trunc:
                    break
            result = info["result"]
            self.assertEqual((total, result["cause"], result["maxDepth"]), (1.0, "goal", 3))
            self.assertIn("oracle", info["deeds"])
            self.assertLess(steps, 2200, "in tick steps: the Oracle is many turns deep")


class EquivalenceTest(unittest.TestCase):
    def test_tick_steps_record_the_replays_of_their_turns(self):
        """A long fixed sequence of primitives — the random masked agent's,
        which moves, uses items and takes stairs — played as tick steps by
        an Env with record_dir, and the same primitives as replies of one
        command turn each (the turn's used primitives joined) by an Env of
        turns: the results and the replays are byte-identical (§37.2), and
        they verify (cogsim replay --verify). A VecEnv's replays (serve
        --record) verify too."""
        with tempfile.TemporaryDirectory() as ticks, tempfile.TemporaryDirectory() as turns:
            rng = np.random.default_rng(7)
            replies, used = [], []
            with cogsim.Env(record_dir=ticks) as env:
                obs, info = env.reset(seed=4)
                descend = env.actions.index("descend")
                while True:
                    mask = info["action_mask"]
                    a = descend if mask[descend] else int(rng.choice(np.flatnonzero(mask)))
                    turn = obs["stats"][cogsim.Stat.TURN]
                    obs, _, term, trunc, info = env.step(a)
                    if info["ignored"]:
                        self.assertEqual(info["ignored"], env.actions[a])
                    else:
                        used.append(env.actions[a])
                    if obs["stats"][cogsim.Stat.TURN] != turn or term or trunc:
                        if info["ignored"]:
                            used.append("wait")
                        replies.append(" ".join(used))
                        used = []
                    if term or trunc:
                        break
                want = info["result"]
            self.assertGreater(want["maxDepth"], 1, "the sequence takes stairs")
            self.assertGreater(want["ticks"], 1000, "a long sequence")
            with cogsim.Env(record_dir=turns, step="turn") as env:
                env.reset(seed=4)
                for k, r in enumerate(replies):
                    _, _, term, trunc, info = env.step(r)
                    self.assertEqual(term or trunc, k == len(replies) - 1)
            self.assertEqual(info["result"], want)
            a, b = (read(os.path.join(d, "seed-4.jsonl")) for d in (ticks, turns))
            self.assertEqual(a, b, "the two replays")
            verify(self, os.path.join(ticks, "seed-4.jsonl"))
        with tempfile.TemporaryDirectory() as d:
            with cogsim.VecEnv(2, seed=30, record_dir=d, max_turns=3) as env:
                env.reset()
                for _ in range(3 * 40 + 1):
                    env.step(np.array([env.actions.index("e"), env.actions.index("search")]))
            self.assertEqual(sorted(os.listdir(d)), ["seed-30.jsonl", "seed-31.jsonl"])
            for name in os.listdir(d):
                verify(self, os.path.join(d, name))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def verify(test, path):
    out = subprocess.run([binary(), "replay", path, "--verify"], capture_output=True, text=True)
    test.assertEqual(out.returncode, 0, out.stdout + out.stderr)


class ObservationTest(unittest.TestCase):
    def test_observation_keys_compute_only_those(self):
        with cogsim.Env(observation_keys=("glyphs", "stats")) as env, cogsim.Env() as full:
            self.assertEqual(env.observation_keys, ("stats", "glyphs"))
            self.assertEqual(set(env.observation_space.spaces), {"stats", "glyphs"})
            self.assertLess(env._session.record.itemsize, 2000, "the record holds only those")
            obs, info = env.reset(seed=5)
            want, winfo = full.reset(seed=5)
            self.assertEqual(set(obs), {"glyphs", "stats"})
            self.assertNotIn("action_mask", info)
            self.assertNotIn("text", info)
            self.assertEqual(env.text, winfo["text"], "asked of the server")
            for k in obs:
                np.testing.assert_array_equal(obs[k], want[k])
            for _ in range(20):
                obs, *_ = env.step(3)
                want, *_ = full.step(3)
                np.testing.assert_array_equal(obs["glyphs"], want["glyphs"])
            with self.assertRaisesRegex(cogsim.CogsimError, "computes no mask"):
                env.action_masks()
        with cogsim.Env(observation_keys=("chars", "action_mask")) as env:
            _, info = env.reset(seed=5)
            self.assertEqual(info["action_mask"].dtype, np.int8)
        for bad, err in ((("glyph",), "unknown 'glyph'"), (("stats", "stats"), "twice"), (("action_mask",), "no observation key")):
            with self.assertRaisesRegex(ValueError, err):
                cogsim.Env(observation_keys=bad)
        with self.assertRaisesRegex(TypeError, "not a string"):
            cogsim.Env(observation_keys="glyphs")

    def test_crops_are_the_window_around_the_cog(self):
        """glyphs_crop, chars_crop and colors_crop: crop x crop centred on
        the cog, rock (0, ' ', 7) outside the board (§37.3)."""
        for crop in (9, 5, 21):
            with cogsim.Env(crop=crop) as env:
                obs, _ = env.reset(seed=4)
                for k in range(60):
                    st = obs["stats"]
                    x, y = int(st[cogsim.Stat.X]), int(st[cogsim.Stat.Y])
                    for key, rock in (("glyphs", 0), ("chars", ord(" ")), ("colors", 7)):
                        full = np.full((18 + 2 * crop, 48 + 2 * crop), rock, obs[key].dtype)
                        full[crop:crop + 18, crop:crop + 48] = obs[key]
                        h = crop // 2
                        want = full[crop + y - h:crop + y + h + 1, crop + x - h:crop + x + h + 1]
                        np.testing.assert_array_equal(obs[key + "_crop"], want, f"{key} crop {crop} step {k}")
                    self.assertEqual(chr(obs["chars_crop"][crop // 2, crop // 2]), "@")
                    obs, *_ = env.step((3, 5, 1, 7)[k % 4])
        with self.assertRaises(cogsim.CogsimError):
            cogsim.Env(crop=8)

    def test_stats_and_conditions_are_named(self):
        self.assertEqual([s.name for s in cogsim.Stat],
                         [__import__("re").sub(r"(?<=[a-z])(?=[A-Z])", "_", n).upper() for n in cogsim.STATS])
        self.assertEqual((cogsim.Stat.HP, cogsim.Stat.TICK, cogsim.Stat.X), tuple(
            cogsim.STATS.index(n) for n in ("hp", "tick", "x")))
        self.assertEqual(cogsim.Stat.MAX_HP, cogsim.STATS.index("maxHp"))
        with cogsim.Env() as env:
            obs, _ = env.reset(seed=1)
            self.assertEqual(env.conditions, ("Conf", "Para", "Stuck", "Trap"))
            self.assertEqual(int(obs["stats"][cogsim.Stat.HP]), int(obs["stats"][cogsim.Stat.MAX_HP]))


class MaskTest(unittest.TestCase):
    def test_the_mask_is_int8_and_samples(self):
        with cogsim.Env() as env:
            obs, info = env.reset(seed=6)
            mask = info["action_mask"]
            self.assertEqual(mask.dtype, np.int8)
            np.testing.assert_array_equal(env.action_masks(), mask)
            if HAVE_GYMNASIUM:
                env.action_space.seed(1)
                for _ in range(50):
                    a = env.action_space.sample(mask=info["action_mask"])  # Gymnasium's Discrete
                    self.assertEqual(info["action_mask"][a], 1)
                    obs, _, _, _, info = env.step(int(a))
        with cogsim.VecEnv(3) as v:
            _, infos = v.reset(seed=1)
            self.assertEqual(infos["action_mask"].dtype, np.int8)
            np.testing.assert_array_equal(v.action_masks(), infos["action_mask"])

    def test_the_action_list_of_any_selection(self):
        self.assertIs(cogsim.actions(), cogsim.ACTIONS)
        wands = cogsim.actions(mechanics=["wands"])
        with cogsim.Env(mechanics=["wands"]) as env:
            self.assertEqual(wands, env.actions)
        self.assertIn("zap a >", wands)
        self.assertEqual(cogsim.actions(rules="rogue"), cogsim.actions(rules="rogue"))
        with self.assertRaises(cogsim.CogsimError):
            cogsim.actions(mechanics=["no-such"])


class VectorTest(unittest.TestCase):
    def test_reset_mask_resets_the_envs_marked(self):
        with cogsim.VecEnv(3) as v:
            v.reset(seed=1)
            for _ in range(5):
                v.step(np.full(3, v.actions.index("search")))
            obs, infos = v.reset(seed=20, options={"reset_mask": np.array([False, True, False])})
            self.assertEqual(obs["stats"][:, cogsim.Stat.TICK].tolist(), [5, 0, 5])
            with cogsim.Env() as single:
                o, _ = single.reset(seed=21)  # env 1 plays seed 20 + 1
                np.testing.assert_array_equal(o["chars"], obs["chars"][1])
            obs, *_ = v.step(np.full(3, v.actions.index("search")))
            self.assertEqual(obs["stats"][:, cogsim.Stat.TICK].tolist(), [6, 1, 6])
            for options, err in (({"reset_mask": [True, False, True]}, TypeError),
                                 ({"reset_mask": np.array([True, False])}, ValueError),
                                 ({"reset_mask": np.zeros(3, bool)}, ValueError),
                                 ({"reset_mask": np.ones(3, int)}, TypeError),
                                 ({"seeds": 3}, ValueError)):
                with self.assertRaises(err, msg=options):
                    v.reset(options=options)
        with cogsim.Env() as env, self.assertRaisesRegex(ValueError, "options: unknown 'reset_mask'"):
            env.reset(options={"reset_mask": np.ones(1, bool)})

    def test_send_and_recv_step_as_the_envs_would(self):
        """EnvPool's asynchronous stepping (§37.6): recv answers the first
        batch_size envs whose step is done, and each env's episode is the
        one it plays alone (the same seeds, the same actions)."""
        n, k = 6, 2
        with cogsim.VecEnv(n, batch_size=k, max_turns=1) as v:
            v.async_reset(seed=40)
            rng = np.random.default_rng(3)
            plays = collections.defaultdict(list)
            order = []
            for _ in range(150):
                obs, rew, term, trunc, info = v.recv()
                ids = info["env_id"]
                self.assertEqual(len(ids), k)
                order.append(ids.tolist())
                acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]])
                for j, i in enumerate(ids):
                    plays[int(i)].append((obs["chars"][j].tobytes(), float(rew[j]), bool(term[j] or trunc[j]),
                                          int(acts[j])))
                v.send(acts, ids)
            self.assertEqual(order[:3], [[0, 1], [2, 3], [4, 5]], "the reset's first, in order")
            with self.assertRaisesRegex(cogsim.CogsimError, "stepping"):
                v.send(np.zeros(k, np.int64), order[-1])
            with self.assertRaisesRegex(cogsim.CogsimError, "recv"):
                v.step(np.zeros(n, np.int64))
        ended = 0
        for i, seq in plays.items():
            seed = 40 + i
            with cogsim.VecEnv(1, max_turns=1) as alone:
                obs, _ = alone.reset(seed=seed)
                for k, (chars, rew, done, act) in enumerate(seq):
                    self.assertEqual(obs["chars"][0].tobytes(), chars, f"env {i} step {k}")
                    if done:  # the step after an end starts the env's next seed, seed + n
                        seed += n
                        obs, _ = alone.reset(seed=seed)
                        ended += 1
                    else:
                        obs, *_ = alone.step(np.array([act]))
        self.assertGreater(ended, 0, "episodes ended and autoreset in between")
        with self.assertRaises(ValueError):
            cogsim.VecEnv(2, batch_size=3)
        with cogsim.VecEnv(2, batch_size=1) as v:
            with self.assertRaisesRegex(cogsim.CogsimError, "before async_reset"):
                v.send(np.zeros(1, np.int64), [0])
            v.async_reset(seed=1)
            v.recv()
            v.recv()
            with self.assertRaisesRegex(cogsim.CogsimError, "none is stepping"):
                v.recv()


class SnapshotTest(unittest.TestCase):
    def test_snapshots_are_packed_binary_frames(self):
        """A snapshot travels as the packed form in binary frames (§37.7):
        restored, in the env, in another env of the session's engine or,
        in its portable JSON form, anywhere, the episode continues as the
        original, between the tick steps of a turn included."""
        with cogsim.Env() as env, cogsim.Env() as other, cogsim.Env(step="turn") as turns:
            env.reset(seed=8)
            for a in range(77):
                env.step(a % 12)
            snap = env.snapshot()
            self.assertTrue(snap.startswith(b"COGSNAPB"))
            want = [env.step(a % 9)[4]["text"] for a in range(50)]
            for target in (env, other):
                target.restore(snap)
                self.assertEqual([target.step(a % 9)[4]["text"] for a in range(50)], want)
            portable = env.snapshot(portable=True)
            self.assertTrue(portable.startswith(b'{"format":"cogsim-snapshot"'))
            with self.assertRaisesRegex(cogsim.CogsimError, "restore it into a slot of tick steps"):
                turns.restore(snap)


class Scripted:
    """A short scripted policy: fight a monster beside the cog, eat when
    Hungry, pay the Oracle when she is in sight and 50 gold are in the
    purse, pick up gold, explore the level a while, then take the stairs
    (found where the map shows them or where the mask allows descend,
    under an item), kicking a locked door in the way."""

    DIRS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "move s": (0, 1), "sw": (-1, 1),
            "w": (-1, 0), "nw": (-1, -1)}
    FLOOR, DOORS, ITEMS = set(b".#>$%!)[<'+^"), set(b"'+"), set(b"$%!)[")

    def __init__(self, env, patience=400):
        self.a = {name: i for i, name in enumerate(env.actions)}
        self.names = env.actions
        self.patience, self.depth, self.pick = patience, 0, False

    def act(self, obs, mask):
        chars, st = obs["chars"], obs["stats"]
        at = (int(st[cogsim.Stat.X]), int(st[cogsim.Stat.Y]))
        if st[cogsim.Stat.DEPTH] != self.depth:
            self.depth, self.visited, self.since = int(st[cogsim.Stat.DEPTH]), set(), 0
            self.under = np.full((18, 48), ord(" "), np.uint8)
        self.under = np.where(chars == ord("@"), self.under, chars)  # what lies under the cog
        self.visited.add(at)
        self.since += 1
        if self.pick:
            self.pick = False
            return self.a["pickup"]
        for name, (dx, dy) in self.DIRS.items():
            x, y = at[0] + dx, at[1] + dy
            if 0 <= x < 48 and 0 <= y < 18 and chr(chars[y, x]).isalpha() and chars[y, x] != ord("O"):
                return self.a[name]
        food = np.flatnonzero(obs["inv_oclasses"] == 1)
        if st[cogsim.Stat.HUNGER] >= 2 and len(food):
            return self.a["eat " + chr(obs["inv_letters"][food[0]])]
        oracle = np.argwhere(chars == ord("O"))
        if len(oracle) and st[cogsim.Stat.GOLD] >= 50:
            oy, ox = (int(v) for v in oracle[0])
            if max(abs(ox - at[0]), abs(oy - at[1])) == 1:
                return self.a["chat " + self.named(ox - at[0], oy - at[1]).replace("move ", "")]
            return self.go(chars, at, lambda x, y: max(abs(x - ox), abs(y - oy)) == 1)
        step = self.go(chars, at, lambda x, y: chars[y, x] == ord("$"))
        if step is not None:
            self.pick = self.landing(chars, at, step) == ord("$")
            return self.door(obs, at, step)
        found = np.argwhere(chars == ord(">"))
        stairs = (int(found[0][1]), int(found[0][0])) if len(found) else None
        if self.since < self.patience or stairs is None:
            step = self.go(chars, at, lambda x, y: (x, y) not in self.visited and any(
                0 <= x + dx < 48 and 0 <= y + dy < 18 and chars[y + dy, x + dx] == ord(" ")
                for dx, dy in self.DIRS.values()))
            if step is not None:
                return self.door(obs, at, step)
        if mask[self.a["descend"]]:
            return self.a["descend"]
        target = (lambda x, y: (x, y) == stairs) if stairs else \
            (lambda x, y: (x, y) not in self.visited and chars[y, x] in self.ITEMS)
        step = self.go(chars, at, target)
        return self.a["search"] if step is None else self.door(obs, at, step)

    def door(self, obs, at, step):
        """The step, or a kick where it walks into a locked door."""
        if self.landing(obs["chars"], at, step) == ord("+") and b"locked" in obs["message"].tobytes():
            return self.a["kick " + self.names[step].replace("move ", "")]
        return step

    def landing(self, chars, at, step):
        dx, dy = self.DIRS[self.names[step]]
        return chars[at[1] + dy, at[0] + dx]

    def go(self, chars, start, goal):
        """The move of a shortest walk from start to a cell goal accepts."""
        prev = {start: None}
        q = collections.deque([start])
        while q:
            x, y = q.popleft()
            if (x, y) != start and goal(x, y):
                while prev[(x, y)] != start:
                    x, y = prev[(x, y)]
                return self.a[self.named(x - start[0], y - start[1])]
            for dx, dy in self.DIRS.values():
                nx, ny = x + dx, y + dy
                if not (0 <= nx < 48 and 0 <= ny < 18) or (nx, ny) in prev or chars[ny, nx] not in self.FLOOR:
                    continue
                if dx and dy and (self.under[y, x] in self.DOORS or chars[ny, nx] in self.DOORS):
                    continue
                prev[(nx, ny)] = (x, y)
                q.append((nx, ny))
        return None

    def named(self, dx, dy):
        return next(n for n, v in self.DIRS.items() if v == (dx, dy))


@unittest.skipUnless(HAVE_GYMNASIUM, "gymnasium is not importable (PYTHONPATH=../shared/vendor/python)")
class GymnasiumTickTest(unittest.TestCase):
    def test_check_env_in_both_steps_and_with_keys(self):
        from gymnasium.utils.env_checker import check_env
        for kwargs in ({}, {"step": "turn"}, {"observation_keys": ("glyphs_crop", "stats")}, {"crop": 5}):
            with cogsim.Env(max_turns=3, **kwargs) as env:
                check_env(env, skip_render_check=True)


class PPOTest(unittest.TestCase):
    def test_ppo_runs_two_updates(self):
        try:
            import torch  # noqa: F401
        except ImportError:
            self.skipTest("no torch (apt-get install python3-torch): scripts/test.sh installs it")
        ppo = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "ppo.py")
        out = subprocess.run([sys.executable, ppo, "--task", "descend", "--updates", "2", "--envs", "4",
                              "--rollout", "32", "--eval", "4"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        last = __import__("json").loads(out.stdout.strip().split("\n")[-1])
        self.assertEqual((last["task"], last["steps"]), ("descend", 2 * 4 * 32))
        self.assertEqual((last["ppo_n"], last["random_n"]), (4, 4))
        self.assertTrue(0 <= last["random"] <= 5 and last["random_sd"] >= 0)

    def test_guided_policy_descends(self):
        try:
            import torch  # noqa: F401
        except ImportError:
            self.skipTest("no torch (apt-get install python3-torch): scripts/test.sh installs it")
        script = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples",
                              "random_masked.py")
        out = subprocess.run([sys.executable, script, "--task", "descend", "--guided", "--episodes", "4",
                              "--envs", "4"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        last = __import__("json").loads(out.stdout.strip().split("\n")[-1])
        self.assertEqual((last["task"], last["guided"], last["episodes"], sum(last["causes"].values())),
                         ("descend", True, 4, 4))
        # Following the ways reaches a new depth on these seeds (the
        # random masked policy averages about 0.1 a whole episode).
        self.assertGreater(last["mean_return"], 0)
        plain = subprocess.run([sys.executable, script, "--task", "descend", "--episodes", "4", "--envs", "4"],
                               capture_output=True, text=True)
        self.assertEqual(plain.returncode, 0, plain.stderr)
        last = __import__("json").loads(plain.stdout.strip().split("\n")[-1])
        self.assertEqual((last["guided"], last["episodes"]), (False, 4))

    def test_ppo_guides_and_shapes_toward_the_stairs(self):
        try:
            import torch  # noqa: F401
        except ImportError:
            self.skipTest("no torch (apt-get install python3-torch): scripts/test.sh installs it")
        import importlib.util
        path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "ppo.py")
        spec = importlib.util.spec_from_file_location("ppo_example", path)
        ppo = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(ppo)
        s = cogsim.Stat
        glyphs = np.zeros((3, 18, 48), np.int16)
        stats = np.zeros((3, len(cogsim.STATS)), np.int64)
        stats[:, s.X], stats[:, s.Y] = 2, 2
        # Env 0: two rooms joined by an open door at (5, 3), the stairs at
        # (9, 2). From the cog at (2, 2) the way is 7 steps, first east or
        # south-east (east first in MOVES' order); from (4, 2) it is 6,
        # first south (no diagonal step into the door).
        room = ["--------------",
                "|....|.......|",
                "|.@..|...>...|",
                "|....'.......|",
                "--------------"]
        code = {"-": 2, "|": 1, ".": 3, "'": 5, ">": 7, "@": 15}
        for y, row in enumerate(room):
            glyphs[0, y, :len(row)] = [code[c] for c in row]
        glyphs[1, 2, 1:4] = 3, 15, 3  # env 1: the cog between two floor cells, no stairs
        mask = np.zeros((3, 4), np.int8)
        mask[2, 3] = 1  # env 2 stands on the stairs (descend allowed) and sees nothing
        env = types.SimpleNamespace(server_info={"glyphs": [
            {"id": 0, "char": " ", "name": "unseen or solid rock"}, {"id": 1, "char": "|", "name": "wall"},
            {"id": 2, "char": "-", "name": "wall"}, {"id": 3, "char": ".", "name": "floor"},
            {"id": 5, "char": "'", "name": "open door"}, {"id": 7, "char": ">", "name": "staircase down"},
            {"id": 15, "char": "@", "name": "the cog"}]})
        guide = ppo.Guide(env)
        ways = guide({"glyphs": glyphs, "stats": stats})
        self.assertEqual(ways[0].tolist(), [ppo.MOVES.index((1, 0)), -1, -1])
        self.assertEqual(ways[1].tolist(), [7, ppo.REACH, ppo.REACH])
        # The way to explore: env 0 has stairs, so none; env 1's leads to
        # the nearest cell beside an unseen one that the cog has not stood
        # on (its own cell does not count), east first.
        self.assertEqual(ways[2].tolist(), [-1, ppo.MOVES.index((1, 0)), -1])
        self.assertEqual(ways[3].tolist(), [ppo.REACH, 1, ppo.REACH])
        stats[:2, s.X] = 4, 3
        ways = guide({"glyphs": glyphs, "stats": stats})
        self.assertEqual((ways[0][0], ways[1][0]), (ppo.MOVES.index((0, 1)), 6))
        # Env 1's cog stood on (2, 2) and stands on (3, 2): the guide
        # remembers both, so the way to explore leads west to (1, 2).
        self.assertEqual((ways[2][1], ways[3][1]), (ppo.MOVES.index((-1, 0)), 2))
        phi = ppo.potential(ways, mask, 3, 0.5)
        self.assertAlmostEqual(float(phi[0]), 0.5 * (1 - 6 / ppo.REACH), places=6)
        self.assertEqual((float(phi[1]), float(phi[2])), (0.0, 0.5))
        _, extra = ppo.features({"glyphs_crop": glyphs[:, :3, :3], "stats": stats}, ppo.stat_scale(), ways)
        np.testing.assert_allclose(extra[:2, len(cogsim.STATS):].numpy(), [
            [0, 0, 0, 0, 1, 0, 0, 0, 6 / ppo.REACH, 1] + [0] * 8 + [1, 0],
            [0] * 8 + [1, 0] + [0, 0, 0, 0, 0, 0, 1, 0, 2 / ppo.REACH, 1]], rtol=1e-6)
        self.assertEqual(ppo.known({"glyphs": glyphs}).tolist(), [70, 3, 0])  # the 14 x 5 rooms, 3 cells, none


if __name__ == "__main__":
    unittest.main()
