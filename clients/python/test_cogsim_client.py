"""Tests of the Python client against a real cogsim binary.

Run: python3 -m unittest -v test_cogsim_client   (from this folder)
COGSIM names the binary; without it the tests build one with `go build`.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cogsim_client import CogEnv, CogsimError  # noqa: E402

BINARY = os.environ.get("COGSIM")
_BUILD_DIR = None


def setUpModule():
    global BINARY, _BUILD_DIR
    if BINARY:
        return
    _BUILD_DIR = tempfile.TemporaryDirectory()
    BINARY = os.path.join(_BUILD_DIR.name, "cogsim")
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    subprocess.run(["go", "build", "-o", BINARY, "./cmd/cogsim"], cwd=root, check=True)


def tearDownModule():
    if _BUILD_DIR is not None:
        _BUILD_DIR.cleanup()


class CogEnvTest(unittest.TestCase):
    def test_reset_gives_the_first_observation(self):
        with CogEnv(seed=7, binary=BINARY) as env:
            obs = env.reset()
            self.assertEqual(obs["type"], "observation")
            self.assertEqual(len(obs["map"]), 18)
            self.assertTrue(all(len(row) == 48 for row in obs["map"]))
            self.assertTrue(obs["status"].startswith("Dlvl:1 "))
            self.assertEqual(obs["text"].count("\n"), 19)

    def test_step_plays_a_whole_episode(self):
        with CogEnv(seed=3, binary=BINARY) as env:
            env.reset()
            done, turns = False, 0
            while not done:
                obs, done, info = env.step("wait*40")
                turns += 1
            self.assertIn(info["result"]["cause"], ("clock", "starvation") + tuple(
                c for c in [info["result"]["cause"]] if c.startswith("killed by")))
            self.assertEqual(info["result"]["turns"], turns)
            self.assertIn("Dlvl:", obs["status"])
            with self.assertRaises(CogsimError):
                env.step("e")

    def test_same_seed_same_observations(self):
        def run():
            out = []
            with CogEnv(seed=5, binary=BINARY) as env:
                out.append(env.reset()["text"])
                for reply in ["e e e", "s*5", "n n w", "search*3"]:
                    obs, done, _ = env.step(reply)
                    out.append(obs["text"])
                    if done:
                        break
            return out
        self.assertEqual(run(), run())

    def test_unusable_and_ignored_replies(self):
        with CogEnv(seed=2, binary=BINARY) as env:
            first = env.reset()
            obs, _, _ = env.step("xyzzy")
            self.assertEqual(obs["tick"], first["tick"] + 40)
            self.assertEqual(obs["message"].split("  ")[0], "Ignored: xyzzy.")

    def test_scenario_and_reset_restart(self):
        scenario = {"name": "py", "map": ["", " -----", " |.@.|", " -----"]}
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(scenario, f)
        try:
            with CogEnv(seed=1, scenario=f.name, binary=BINARY) as env:
                obs = env.reset()
                self.assertEqual(obs["map"][2][:6], " |.@.|")
                obs, _, _ = env.step("e")
                self.assertEqual(obs["map"][2][:6], " |..@|")
                obs = env.reset()
                self.assertEqual(obs["map"][2][:6], " |.@.|", "reset starts over")
        finally:
            os.unlink(f.name)

    def test_replay_is_written_and_verifies(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "ep.jsonl")
            with CogEnv(seed=4, binary=BINARY, replay=path) as env:
                env.reset()
                done = False
                while not done:
                    _, done, _ = env.step("e e s s w w n n search*5")
            check = subprocess.run([BINARY, "replay", path, "--verify"], capture_output=True, text=True)
            self.assertEqual(check.returncode, 0, check.stderr)

    def test_rules_and_mechanics_are_recorded_and_replay(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "ep.jsonl")
            with CogEnv(seed=5, binary=BINARY, replay=path, rules="rogue", mechanics=["yellow-mold"]) as env:
                env.reset()
                done, info = False, {}
                while not done:
                    _, done, info = env.step("e e s s w w n n search*5")
            names = [m["name"] for m in info["result"]["mechanics"]]
            self.assertEqual(info["result"]["rules"], "rogue")
            self.assertEqual(names, ["rogue-hunger", "rogue-food", "rogue-swing", "yellow-mold"])
            check = subprocess.run([BINARY, "replay", path, "--verify"], capture_output=True, text=True)
            self.assertEqual(check.returncode, 0, check.stderr)

    def test_after_the_end_step_says_so(self):
        with CogEnv(seed=3, binary=BINARY) as env:
            env.reset()
            done, obs = False, None
            while not done:
                obs, done, info = env.step("search*40")
            self.assertEqual(obs["turn"], info["result"]["turns"])
            self.assertEqual(obs["tick"], info["result"]["ticks"])
            with self.assertRaisesRegex(CogsimError, "the episode is over"):
                env.step("e")

    def test_a_missing_binary_is_a_clear_error(self):
        with self.assertRaises(CogsimError):
            CogEnv(seed=1, binary="/nonexistent/cogsim").reset()

    def test_the_example_agent_runs(self):
        here = os.path.dirname(os.path.abspath(__file__))
        out = subprocess.run([sys.executable, os.path.join(here, "example_agent.py"), "--seed", "2",
                              "--binary", BINARY], capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        score, cause = out.stdout.split(maxsplit=1)
        self.assertGreaterEqual(int(score), 0)
        self.assertTrue(cause.strip())


if __name__ == "__main__":
    unittest.main()
