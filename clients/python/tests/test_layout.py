"""The client reads the record, the stats, the conditions and the
actions from the server's info layout (docs/serve.md), typing none of
them: an env with a mechanic gets that mechanic's actions and record."""

import json
import os
import subprocess
import sys
import unittest

import numpy as np

from tests.support import PACKAGE_ROOT, binary

binary()
import cogsim  # noqa: E402

# The cog with a wand, whose zap verb (§33) adds 26 × 9 actions.
WAND = {"map": ["", " ------", " |@...|", " ------"], "lit": True,
        "cog": {"inventory": [{"kind": "wand of striking"}]}}


class LayoutTest(unittest.TestCase):
    def test_a_mechanics_actions_and_record_are_the_servers(self):
        with cogsim.Env(mechanics=["wands"], scenario=WAND) as env:
            layout = env.server_info["layout"]
            self.assertEqual(env.actions, tuple(layout["actions"]))
            self.assertEqual(len(env.actions), 159 + 26 * 9)
            self.assertEqual(env.actions[:159], cogsim.ACTIONS)
            self.assertIn("zap a >", env.actions)
            self.assertEqual(env.action_space.n, len(env.actions))
            record = env._session.record
            self.assertEqual(record.itemsize, layout["size"])
            self.assertEqual(record.fields["mask"][0].shape, (len(env.actions),))
            self.assertEqual(record.fields["mask"][1], layout["maskOffset"])
            for f in layout["fields"]:
                dtype, offset = record.fields[f["name"]][:2]
                self.assertEqual((dtype.base, dtype.shape, offset), (np.dtype(f["dtype"]), tuple(f["shape"]), f["offset"]))
            self.assertEqual(env._session.layout.stats, tuple(layout["stats"]))
            self.assertEqual(env._session.layout.conditions, tuple(layout["conditions"]))

            obs, info = env.reset(seed=2)
            self.assertIn(obs, env.observation_space)
            mask = info["action_mask"]
            self.assertEqual(mask.shape, (len(env.actions),))
            self.assertTrue(mask[env.actions.index("zap a >")], "a wand at a: every aim of zap a")
            self.assertFalse(mask[env.actions.index("zap b >")], "nothing at b")
            obs, _, _, _, info = env.step(env.actions.index("zap a >"))
            message = info["text"].split("\n")[18]
            self.assertIn(message, ("You zap the wand downward.", "Nothing happens."), "a zap, played by index")
            self.assertEqual(obs["stats"][env._session.layout.stats.index("tick")], 1, "one tick step")

    def test_the_module_names_are_the_binarys(self):
        """cogsim.ACTIONS, STATS, CONDITIONS and RECORD come from the binary
        on first use (cogsim serve --info), before any env is made."""
        code = ("import json, cogsim; print(json.dumps([list(cogsim.ACTIONS), list(cogsim.STATS), "
                "list(cogsim.CONDITIONS), cogsim.RECORD.itemsize]))")
        got = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE_ROOT, capture_output=True, text=True,
                             env=dict(os.environ, PYTHONPATH=PACKAGE_ROOT), check=True)
        actions, stats, conditions, size = json.loads(got.stdout)
        info = json.loads(subprocess.run([binary(), "serve", "--info"], capture_output=True, text=True,
                                         check=True).stdout)
        self.assertEqual(actions, info["layout"]["actions"])
        self.assertEqual(stats, info["layout"]["stats"])
        self.assertEqual(conditions, info["layout"]["conditions"])
        self.assertEqual(size, info["layout"]["size"])
        self.assertEqual(len(actions), 159)
        with self.assertRaises(AttributeError):
            cogsim.NO_SUCH_NAME  # noqa: B018


if __name__ == "__main__":
    unittest.main()
