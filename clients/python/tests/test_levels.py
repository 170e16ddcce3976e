"""Level scripts and the level ids (SPEC §38.4–38.5)."""

import os
import unittest

from tests.support import HAVE_GYMNASIUM, REPO_ROOT, binary

import cogsim

# A corridor of a room: the cog two cells west of the stairs.
CORRIDOR = """des.map(["---------", "|.......|", "---------"], at=(2, 2))
des.cog(at=(3, 3))
des.stairs(at=(5, 3))
"""

# The level ids, MiniHack's names (docs/levels-tasks.md).
LEVEL_IDS = ["cogsim/Room-5x5-v0", "cogsim/Room-15x15-v0", "cogsim/Room-Dark-5x5-v0",
             "cogsim/Room-Dark-15x15-v0", "cogsim/Room-Monster-5x5-v0", "cogsim/Room-Monster-15x15-v0",
             "cogsim/Room-Trap-5x5-v0", "cogsim/Room-Trap-15x15-v0", "cogsim/Room-Random-5x5-v0",
             "cogsim/Room-Random-15x15-v0", "cogsim/Corridor-R2-v0", "cogsim/Corridor-R3-v0",
             "cogsim/Corridor-R5-v0", "cogsim/MazeWalk-9x9-v0", "cogsim/MazeWalk-15x15-v0",
             "cogsim/MazeWalk-45x19-v0", "cogsim/LavaCross-v0", "cogsim/HideNSeek-v0",
             "cogsim/OracleRoom-v0", "cogsim/Hungry-v0"]


class LevelTest(unittest.TestCase):
    def setUp(self):
        binary()

    def test_a_level_source_builds_the_first_level_and_its_goal_rewards(self):
        with cogsim.Env(level=CORRIDOR, task="goal") as env:
            obs, info = env.reset(seed=1)
            self.assertIn("|@.>....|", info["text"])
            rewards = []
            for reply in ("e", "e", "descend"):
                obs, reward, terminated, truncated, info = env.step(reply)
                rewards.append(reward)
            self.assertEqual(rewards, [0.0, 0.0, 1.0])
            self.assertTrue(terminated)
            self.assertFalse(truncated)
            self.assertEqual(info["result"]["cause"], "goal")
            self.assertEqual([s["name"] for s in info["result"]["scripts"]], ["<reset>"])

    def test_a_level_path_is_sent_absolute(self):
        path = os.path.join("levels", "room-5x5.star")
        cwd = os.getcwd()
        os.chdir(REPO_ROOT)
        try:
            env = cogsim.Env(level=path)
        finally:
            os.chdir(cwd)
        with env:
            _, info = env.reset(seed=2)
            self.assertIn("|@....|", info["text"])
            self.assertEqual(env.result()["scripts"][0]["name"], os.path.join(REPO_ROOT, path))

    def test_reset_options_may_name_another_level(self):
        with cogsim.Env(task="goal") as env:
            _, info = env.reset(seed=1, options={"level": CORRIDOR})
            self.assertIn("|@.>....|", info["text"])
            _, info = env.reset(seed=1)
            self.assertNotIn("|@.>....|", info["text"], "the env's own: the cog game's level")

    def test_a_vector_env_plays_the_level_in_every_slot_and_autoresets_into_it(self):
        with cogsim.VecEnv(3, level=CORRIDOR, task="goal", step="turn") as env:
            obs, _ = env.reset(seed=4)
            first = obs["chars"].copy()
            self.assertTrue((first == first[0]).all(), "one level for every seed")
            ends = 0
            for _ in range(8):
                obs, rewards, terminated, truncated, infos = env.step(["e e >"] * 3)
                ends += int(terminated.sum())
                self.assertFalse(truncated.any())
                for i in range(3):
                    if terminated[i]:
                        self.assertEqual(rewards[i], 1.0)
                        self.assertEqual(infos["result"][i]["cause"], "goal")
                    else:
                        self.assertTrue((obs["chars"][i] == first[0]).all(), "the autoreset's level")
            self.assertEqual(ends, 12)

    def test_a_bad_level_is_a_clear_error(self):
        with cogsim.Env(level="des.room(w=3, h=3)\nx = )\n") as env:
            with self.assertRaisesRegex(cogsim.CogsimError, r"^level: <reset>:2:5: unexpected '\)'"):
                env.reset(seed=1)
            # The env goes on: a good level in the options plays.
            _, info = env.reset(seed=1, options={"level": CORRIDOR})
            self.assertIn("@", info["text"])
        with cogsim.Env(level="no/such/level.star") as env:
            with self.assertRaisesRegex(cogsim.CogsimError, r"^level: .*no/such/level\.star"):
                env.reset()
        with cogsim.VecEnv(2, level='des.monster(species="unicorn")\n') as env:
            with self.assertRaisesRegex(cogsim.CogsimError, r'level: <reset>:1:12: .*"unicorn"'):
                env.reset()
        with self.assertRaisesRegex(ValueError, "scenario and level"):
            cogsim.Env(level=CORRIDOR, scenario={"name": "x", "map": ["", "  ---", " |@>|", "  ---"]})
        with self.assertRaisesRegex(TypeError, "level: a path or a script's source"):
            cogsim.Env(level=3)

    def test_level_ids_name_each_script_once(self):
        ids = cogsim.level_ids()
        self.assertEqual(sorted(ids), sorted(LEVEL_IDS))
        scripts = sorted(f for f in os.listdir(os.path.join(REPO_ROOT, "levels")) if f.endswith(".star"))
        self.assertEqual(sorted(os.path.basename(p) for p in ids.values()), scripts)
        self.assertEqual(ids["cogsim/MazeWalk-9x9-v0"], os.path.join(REPO_ROOT, "levels", "maze-9x9.star"))
        self.assertIn("goal", cogsim.env.TASKS)


@unittest.skipUnless(HAVE_GYMNASIUM, "gymnasium is not importable (PYTHONPATH=../shared/vendor/python)")
class LevelIdTest(unittest.TestCase):
    def setUp(self):
        binary()
        cogsim.register()

    def test_every_level_id_passes_check_env(self):
        import gymnasium
        from gymnasium.utils.env_checker import check_env
        for env_id in LEVEL_IDS:
            with self.subTest(env_id):
                spec = gymnasium.spec(env_id)
                self.assertEqual(spec.kwargs["task"], "goal")
                self.assertTrue(spec.kwargs["level"].endswith(".star"))
                self.assertGreaterEqual(spec.kwargs["max_turns"], 100)
                for step in ("tick", "turn"):
                    env = gymnasium.make(env_id, max_turns=8, step=step)
                    try:
                        check_env(env.unwrapped, skip_render_check=True)
                    finally:
                        env.close()

    def test_a_level_id_makes_a_vector_env(self):
        import gymnasium
        env = gymnasium.make_vec("cogsim/Room-5x5-v0", num_envs=2, vectorization_mode="vector_entry_point")
        try:
            self.assertIsInstance(env, cogsim.VecEnv)
            obs, _ = env.reset(seed=1)
            self.assertEqual(obs["glyphs"].shape, (2, 18, 48))
            # Room-5x5: the cog at the north-west corner, the stairs at the
            # south-east: four steps southeast, then down.
            for _ in range(4):
                env.step(["se", "se"])
            _, rewards, terminated, _, _ = env.step(["descend", "descend"])
            self.assertEqual(rewards.tolist(), [1.0, 1.0])
            self.assertEqual(terminated.tolist(), [True, True])
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
