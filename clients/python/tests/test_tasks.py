"""Tasks, deeds, the result so far and recording (SPEC §35.3–35.4)."""

import json
import os
import subprocess
import tempfile
import unittest

from tests.support import HAVE_GYMNASIUM, REPO_ROOT, binary

import cogsim


def scenario(name):
    with open(os.path.join(REPO_ROOT, "scenarios", name + ".json"), encoding="utf-8") as f:
        return json.load(f)


class TaskTest(unittest.TestCase):
    def setUp(self):
        binary()

    def play(self, env, actions, **reset):
        obs, info = env.reset(**reset)
        rewards, infos = [], []
        for a in actions:
            obs, r, term, trunc, info = env.step(a)
            rewards.append(r)
            infos.append(info)
            if term or trunc:
                break
        return rewards, infos

    def test_oracle_task_ends_at_its_deed(self):
        with cogsim.Env(task="oracle", scenario=scenario("oracle")) as env:
            rewards, infos = self.play(env, ["chat e", "search"])
            self.assertEqual(rewards, [1.0])
            self.assertEqual(infos[-1]["deeds"], ["oracle"])
            self.assertEqual(infos[-1]["result"]["cause"], "goal")

    def test_a_vector_envs_infos_name_the_deed_and_the_result(self):
        with cogsim.VecEnv(2, task="oracle", scenario=scenario("oracle")) as env:
            env.reset()
            _, rewards, term, _, infos = env.step(["chat e", "search"])
            self.assertEqual(rewards.tolist(), [1.0, 0.0])
            self.assertEqual(term.tolist(), [True, False])
            self.assertEqual(infos["deeds"][0], ["oracle"])
            self.assertEqual(infos["_deeds"].tolist(), [True, False])
            self.assertEqual(infos["result"][0]["cause"], "goal")
            self.assertIsNone(infos["result"][1])
            self.assertEqual(infos["_result"].tolist(), [True, False])
            self.assertNotIn("ignored", infos, "no reply had ignored tokens")

    def test_descend_and_gold_tasks_sum_to_their_counts(self):
        stairs = {"name": "stairs", "map": ["", "  -----", " |@$>.|", "  -----"], "lit": True}
        with cogsim.Env(task="descend", scenario=stairs) as env:
            rewards, _ = self.play(env, ["e", "e", "descend"] + ["search"] * 60)
            self.assertEqual(sum(rewards), env.result()["maxDepth"] - 1)
            self.assertEqual(sum(rewards), 1)
        with cogsim.Env(task="gold", scenario=stairs) as env:
            rewards, _ = self.play(env, ["e", "pickup"] + ["search"] * 60)
            self.assertEqual(sum(rewards), 10)
            self.assertEqual(sum(rewards), env.result()["parts"]["gold"])

    def test_score_rewards_sum_to_the_score_and_deeds_are_named(self):
        with cogsim.Env(seed=4, step="turn") as env:
            rewards, infos = self.play(env, ["search"] * 60)
            result = infos[-1]["result"]
            self.assertEqual(sum(rewards), result["score"])
            earned = [d for i in infos for d in i["deeds"]]
            self.assertEqual(earned, [d["name"] for d in result["deeds"]])

    def test_an_unknown_task_is_refused(self):
        with cogsim.Env() as env:
            self.assertEqual(list(cogsim.env.TASKS), env.server_info["tasks"], "the server's tasks")
        with self.assertRaisesRegex(ValueError, "task: 'fly' is not one of"):
            cogsim.Env(task="fly")

    def test_recorded_replays_verify(self):
        with tempfile.TemporaryDirectory() as d:
            with cogsim.VecEnv(2, seed=50, max_turns=5, record_dir=d, step="turn") as env:
                env.reset()
                for _ in range(6):
                    env.step([0, "search"])
            names = sorted(os.listdir(d))
            self.assertEqual(names, ["seed-50.jsonl", "seed-51.jsonl"])
            for n in names:
                out = subprocess.run([binary(), "replay", os.path.join(d, n), "--verify"],
                                     capture_output=True, text=True)
                self.assertEqual(out.returncode, 0, out.stdout + out.stderr)


@unittest.skipUnless(HAVE_GYMNASIUM, "gymnasium is not importable (PYTHONPATH=../shared/vendor/python)")
class TaskIdTest(unittest.TestCase):
    def setUp(self):
        binary()
        cogsim.register()

    def test_every_id_passes_check_env(self):
        import gymnasium
        from gymnasium.utils.env_checker import check_env
        ids = list(cogsim.TASK_IDS) + list(cogsim.scenario_ids())
        self.assertIn("cogsim/Scenario-oracle-v0", ids)
        self.assertEqual(len(cogsim.scenario_ids()), len([f for f in os.listdir(os.path.join(REPO_ROOT, "scenarios"))
                                                           if f.endswith(".json")]))
        for env_id in ids:
            for step in ("tick", "turn"):
                with self.subTest(env_id, step=step):
                    env = gymnasium.make(env_id, max_turns=8, step=step)
                    try:
                        check_env(env.unwrapped, skip_render_check=True)
                    finally:
                        env.close()

    def test_time_limit_keeps_the_result(self):
        import gymnasium
        for step, turns, ticks in (("tick", 0, 7), ("turn", 7, 7)):
            env = gymnasium.make("cogsim/Cog-v0", max_episode_steps=7, step=step)
            try:
                env.reset(seed=3)
                steps, trunc = 0, False
                while not trunc:
                    _, _, term, trunc, info = env.step(cogsim.ACTIONS.index("search"))
                    steps += 1
                    self.assertFalse(term)
                self.assertEqual(steps, 7)
                self.assertNotIn("result", info, "the env did not end it: the wrapper did")
                result = env.unwrapped.result()
                self.assertEqual((result["turns"], result["ticks"]), (turns, ticks), step)
                self.assertEqual(result["seed"], 3)
            finally:
                env.close()


if __name__ == "__main__":
    unittest.main()
