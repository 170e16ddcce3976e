"""cogsim.VecEnv against a real cogsim binary (SPEC §29)."""

import unittest

import numpy as np

from tests.support import HAVE_GYMNASIUM, binary

import cogsim  # noqa: E402


def setUpModule():
    binary()


class VecEnvTest(unittest.TestCase):
    def test_rewards_of_1000_episodes_sum_to_their_scores(self):
        n, episodes = 50, 0
        rng = np.random.default_rng(1)
        with cogsim.VecEnv(n, max_turns=6, step="turn") as env:
            env.reset(seed=100)
            acc = np.zeros(n)
            causes = set()
            while episodes < 1000:
                _, rewards, term, trunc, infos = env.step(rng.integers(len(cogsim.ACTIONS), size=n))
                acc += rewards
                done = term | trunc
                if done.any():
                    self.assertTrue(np.array_equal(infos["_result"], done))
                    for k in np.flatnonzero(done):
                        result = infos["result"][k]
                        self.assertEqual(acc[k], result["score"], f"env {k}: {result}")
                        causes.add(result["cause"])
                        episodes += 1
                    acc[done] = 0
                else:
                    self.assertNotIn("result", infos)
            self.assertIn("clock", causes)

    def test_next_step_autoreset(self):
        with cogsim.VecEnv(2, max_turns=2, step="turn") as env:
            self.assertEqual(env.metadata["autoreset_mode"], cogsim._spaces.NEXT_STEP)
            obs, _ = env.reset(seed=10)
            first = obs["chars"].copy()
            turn = cogsim.STATS.index("turn")
            env.step(np.array([8, 8]))
            obs, rew, term, trunc, infos = env.step(np.array([8, 8]))
            self.assertEqual(trunc.tolist(), [True, True])
            self.assertEqual(obs["stats"][:, turn].tolist(), [2, 2])
            # The next step starts the next episodes (seed + n) and plays nothing.
            obs, rew, term, trunc, infos = env.step(np.array([2, 2]))
            self.assertEqual(obs["stats"][:, turn].tolist(), [0, 0])
            self.assertEqual((rew.tolist(), term.tolist(), trunc.tolist()), ([0, 0], [False, False], [False, False]))
            self.assertEqual(set(infos), {"action_mask", "_action_mask"})
            self.assertEqual(infos["action_mask"].shape, (2, len(env.actions)))
            self.assertFalse(np.array_equal(obs["chars"], first))
            with cogsim.Env() as single:
                o, _ = single.reset(seed=12)  # slot 0's next seed: 10 + 2
                self.assertTrue(np.array_equal(o["chars"], obs["chars"][0]))

    def test_seeds_and_shapes(self):
        with cogsim.VecEnv(4, step="turn") as a, cogsim.VecEnv(4, step="turn") as b, cogsim.Env() as single:
            oa, _ = a.reset(seed=7)
            ob, _ = b.reset(seed=[7, 8, 9, 10])
            self.assertEqual(oa["glyphs"].shape, (4, 18, 48))
            self.assertEqual(oa["stats"].shape, (4, 14))
            self.assertEqual(oa["message"].shape, (4, 256))
            for k in oa:
                self.assertTrue(np.array_equal(oa[k], ob[k]), k)
            for i in range(4):
                o, _ = single.reset(seed=7 + i)
                self.assertTrue(np.array_equal(o["glyphs"], oa["glyphs"][i]))
            self.assertIn(oa, a.observation_space)
            self.assertEqual(a.single_action_space.n, 159)
            # reset() without a seed: drawn from the generator, reproducibly.
            a.reset(seed=1)
            b.reset(seed=1)
            self.assertTrue(np.array_equal(a.reset()[0]["chars"], b.reset()[0]["chars"]))
            # Earlier observations stay as they were (each answer has its own buffer).
            before = oa["chars"].copy()
            a.step(["e e", "s", "search", 3])
            self.assertTrue(np.array_equal(oa["chars"], before))

    def test_snapshot_restore_in_a_slot(self):
        with cogsim.VecEnv(2, step="turn") as env:
            env.reset(seed=3)
            env.step(["e e", "s s"])
            snap = env.snapshot(1)
            o1 = env.step(["search", "w w"])[0]["chars"][1].copy()
            obs, info = env.restore(0, snap)  # slot 0 now plays slot 1's episode
            self.assertEqual(info["text"], env.text(0))
            o2 = env.step(["w w", "search"])[0]["chars"][0]
            self.assertTrue(np.array_equal(o1, o2))

    def test_errors(self):
        with cogsim.VecEnv(2, step="turn") as env:
            with self.assertRaisesRegex(cogsim.CogsimError, "before reset"):
                env.step(np.array([0, 0]))
            env.reset(seed=1)
            with self.assertRaisesRegex(cogsim.InvalidAction, "3 actions for 2 envs"):
                env.step(np.array([0, 0, 0]))
            with self.assertRaisesRegex(cogsim.InvalidAction, "159 is out of range"):
                env.step(np.array([0, 159]))
            with self.assertRaisesRegex(cogsim.InvalidAction, "out of range"):
                env.step([0, -3])
            with self.assertRaisesRegex(cogsim.InvalidAction, "out of range"):
                env.step(np.array([0, -1]))  # not the restart a TimeLimit sends
            # One action per env: not a string split into letters, not an
            # array of another shape, not a number.
            with self.assertRaisesRegex(cogsim.InvalidAction, "one action per env"):
                env.step("ee")
            with self.assertRaisesRegex(cogsim.InvalidAction, r"shape \(1, 2\) for 2 envs"):
                env.step(np.array([[0, 0]]))
            with self.assertRaisesRegex(cogsim.InvalidAction, r"shape \(2, 1\) for 2 envs"):
                env.step(np.array([["e"], ["w"]]))
            with self.assertRaisesRegex(cogsim.InvalidAction, "one action per env"):
                env.step(3)
            with self.assertRaises(IndexError):
                env.snapshot(2)
            env.step(["xyzzy", 0])
            _, _, _, _, infos = env.step(["e xyzzy", 0])
            self.assertEqual(infos["ignored"][0], "xyzzy")
            self.assertEqual(infos["_ignored"].tolist(), [True, False])


@unittest.skipUnless(HAVE_GYMNASIUM, "gymnasium is not importable (PYTHONPATH=../shared/vendor/python)")
class GymnasiumVectorTest(unittest.TestCase):
    def test_make_vec_random_rollout_of_10000_steps(self):
        import gymnasium
        cogsim.register()
        env = gymnasium.make_vec("cogsim/Cog-v0", num_envs=8, vectorization_mode="vector_entry_point",
                                 max_turns=30, step="turn")
        try:
            self.assertIsInstance(env.unwrapped, cogsim.VecEnv)
            self.assertIsInstance(env, gymnasium.vector.VectorEnv)
            self.assertEqual(env.metadata["autoreset_mode"], gymnasium.vector.AutoresetMode.NEXT_STEP)
            self.assertEqual(env.observation_space, gymnasium.vector.utils.batch_space(
                env.single_observation_space, 8))
            env.action_space.seed(0)
            obs, _ = env.reset(seed=0)
            steps = ended = 0
            while steps < 10000:
                obs, rew, term, trunc, infos = env.step(env.action_space.sample())
                self.assertIn(obs, env.observation_space)
                steps += env.num_envs
                ended += int((term | trunc).sum())
            self.assertGreater(ended, 10000 // 31 - 8)
        finally:
            env.close()

    def test_make_vec_time_limit(self):
        # max_episode_steps, which make_vec passes to the vector entry
        # point: the step that reaches it truncates with the result so
        # far, the next starts the env's next episode (reward 0, both
        # flags false), by action indices and by reply strings alike.
        import gymnasium
        cogsim.register()
        limit, n = 5, 3
        env = gymnasium.make_vec("cogsim/Cog-v0", num_envs=n, max_episode_steps=limit, max_turns=8, step="turn")
        try:
            self.assertIsInstance(env.unwrapped, cogsim.VecEnv)
            obs, _ = env.reset(seed=11)
            acc, cuts, seeds = np.zeros(n), 0, set()
            for step in range(1, 3 * (limit + 1) + 1):
                if step % 2:
                    obs, rew, term, trunc, infos = env.step(np.full(n, cogsim.ACTIONS.index("e")))
                else:
                    obs, rew, term, trunc, infos = env.step(["search"] * n)
                acc += rew
                at = step % (limit + 1)
                self.assertFalse(term.any())
                if at == 0:
                    # The step after the cut: every env's next episode.
                    self.assertFalse(trunc.any())
                    self.assertEqual(rew.tolist(), [0.0] * n)
                    self.assertEqual(obs["stats"][:, cogsim.STATS.index("turn")].tolist(), [0] * n)
                    self.assertNotIn("result", infos)
                    acc[:] = 0
                elif at == limit:
                    self.assertEqual(trunc.tolist(), [True] * n)
                    self.assertEqual(infos["_result"].tolist(), [True] * n)
                    for k in range(n):
                        result = infos["result"][k]
                        self.assertEqual(result["cause"], "")
                        self.assertEqual(result["turns"], limit)
                        self.assertEqual(result["score"], acc[k])
                        seeds.add(result["seed"])
                    cuts += 1
                else:
                    self.assertFalse(trunc.any(), f"step {step}")
                    self.assertEqual(obs["stats"][:, cogsim.STATS.index("turn")].tolist(), [at] * n)
            self.assertEqual(cuts, 3)
            self.assertEqual(len(seeds), 3 * n, "each cut episode had its own seed")
        finally:
            env.close()
        # An episode that ends before the limit autoresets as ever, and
        # the limit counts from its next episode.
        with cogsim.VecEnv(2, max_turns=3, max_episode_steps=4, step="turn") as v:
            v.reset(seed=1)
            ends = []
            for step in range(1, 13):
                _, _, term, trunc, infos = v.step(np.full(2, cogsim.ACTIONS.index("search")))
                if trunc.any():
                    ends.append((step, infos["result"][0]["cause"]))
            self.assertEqual(ends, [(3, "clock"), (7, "clock"), (11, "clock")])
        for bad in (0, -1, 2.5, True, "4"):
            with self.assertRaises(ValueError):
                cogsim.VecEnv(1, max_episode_steps=bad)

    def test_make_vec_sync_of_envs(self):
        import gymnasium
        cogsim.register()
        env = gymnasium.make_vec("cogsim/Cog-v0", num_envs=2, vectorization_mode="sync", max_turns=5)
        try:
            obs, _ = env.reset(seed=3)
            for _ in range(12):
                obs, *_ = env.step(env.action_space.sample())
            self.assertEqual(obs["glyphs"].shape, (2, 18, 48))
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
