"""The record's arrays (SPEC §35.1–35.2) agree with the text, and the
shared memory and the framed answers carry the same observations."""

import os
import unittest
from unittest import mock

import numpy as np

from tests.support import binary

binary()
import cogsim  # noqa: E402

# The cog beside the stairs with a pack of every class (§19 scenario).
PACK = {
    "map": ["", " -------", " |@>...|", " -------"],
    "lit": True,
    "cog": {"inventory": [{"kind": "food ration", "count": 2}, {"kind": "dagger", "wielded": True},
                          {"kind": "leather armour", "worn": True}, {"kind": "potion of healing"},
                          {"kind": "apple", "count": 3}]},
}


def names(obs):
    """The pack as the arrays name it: {letter: name}."""
    out = {}
    for i in range(26):
        letter = int(obs["inv_letters"][i])
        if letter:
            out[chr(letter)] = bytes(obs["inv_strs"][i]).rstrip(b"\0").decode()
    return out


class ArraysTest(unittest.TestCase):
    def test_the_pack_arrays_name_what_the_inventory_line_does(self):
        with cogsim.Env(scenario=PACK) as env:
            obs, info = env.reset(seed=3)
            before = names(obs)
            self.assertEqual(sorted(before), list("abcde"))
            tick = obs["stats"][cogsim.STATS.index("tick")]
            obs, _, _, _, info = env.step(env.actions.index("inventory"))
            line = info["text"].split("\n")[18]
            listed = dict(part.split(" - ", 1) for part in line.split("; "))
            self.assertEqual(listed, before, line)
            self.assertEqual(names(obs), before)
            self.assertEqual(listed["a"], "2 food rations")
            self.assertEqual(listed["b"], "a dagger (weapon in hand)")
            # Empty slots: no letter, the empty class, glyph 0, no name.
            self.assertTrue((obs["inv_letters"][5:] == 0).all())
            self.assertTrue((obs["inv_oclasses"][5:] == 255).all())
            self.assertTrue((obs["inv_glyphs"][5:] == 0).all())
            self.assertTrue((obs["inv_strs"][5:] == 0).all())
            # Classes and glyphs go by class: the two foods share theirs.
            cls, gl = obs["inv_oclasses"].tolist(), obs["inv_glyphs"].tolist()
            self.assertEqual(cls[0], cls[4])
            self.assertEqual(gl[0], gl[4])
            self.assertEqual(len({cls[0], cls[1], cls[2], cls[3]}), 4)
            self.assertTrue(all(g > 0 for g in gl[:5]))
            self.assertGreater(obs["stats"][cogsim.STATS.index("tick")], tick)

    def test_the_mask_allows_what_can_do_something(self):
        with cogsim.Env(scenario=PACK) as env:
            obs, info = env.reset(seed=3)
            allowed = {a for a, ok in zip(env.actions, info["action_mask"].tolist()) if ok}
            verbs = {"eat": "ae", "quaff": "d", "wield": "b", "wear": "c", "drop": "abcde"}
            for verb, letters in verbs.items():
                got = {a.split()[1] for a in allowed if a.startswith(verb + " ")}
                self.assertEqual(got, set(letters), verb)
            self.assertNotIn("descend", allowed, "not on the stairs yet")
            self.assertNotIn("pickup", allowed, "nothing lies here")
            self.assertNotIn("w", allowed, "a wall to the west")
            self.assertNotIn("n", allowed, "a wall to the north")
            self.assertIn("e", allowed)
            self.assertIn("search", allowed)
            self.assertIn("inventory", allowed)
            x, y = (obs["stats"][cogsim.STATS.index(k)] for k in ("x", "y"))
            self.assertEqual(chr(obs["chars"][y, x]), "@")
            obs, _, _, _, info = env.step(env.actions.index("e"))
            self.assertEqual(obs["stats"][cogsim.STATS.index("x")], x + 1)
            mask = info["action_mask"]
            self.assertTrue(mask[env.actions.index("descend")], "on the stairs")
            self.assertEqual(mask.dtype, np.int8, "Gymnasium's Discrete.sample(mask=…) takes int8 (§37.5)")
            self.assertEqual(mask.shape, (len(env.actions),))
            x += 1
            self.assertEqual(obs["colors"][y, x], 15, "the cog's @ is white, in sight (docs/python.md)")
            self.assertEqual(obs["colors"].dtype, np.uint8)

    def test_shared_memory_and_frames_carry_the_same_observations(self):
        rng = np.random.default_rng(5)
        with cogsim.VecEnv(3, seed=4, max_turns=5, step="turn") as shm, \
                cogsim.VecEnv(3, seed=4, max_turns=5, shm=False, step="turn") as pipe:
            self.assertTrue(shm._session.shared)
            self.assertFalse(pipe._session.shared)
            a, _ = shm.reset()
            b, _ = pipe.reset()
            rewarded = ended = 0
            for step in range(14):
                for key in a:
                    self.assertTrue(np.array_equal(a[key], b[key]), f"step {step}: {key}")
                acts = rng.integers(len(shm.actions), size=3)
                replies = [shm.actions[i] for i in acts]
                a, ra, ta, ua, ia = shm.step(acts)
                b, rb, tb, ub, ib = pipe.step(replies if step % 2 else acts)
                self.assertEqual((ra.tolist(), ta.tolist(), ua.tolist()), (rb.tolist(), tb.tolist(), ub.tolist()))
                self.assertTrue(np.array_equal(ia["action_mask"], ib["action_mask"]))
                self.assertEqual(set(ia), set(ib))
                rewarded += int(np.count_nonzero(ra))
                ended += int(np.count_nonzero(ta | ua))
            # The shared memory's rewards and flags come from its columns
            # (docs/serve.md): the steps compared had some of each.
            self.assertGreater(rewarded, 0)
            self.assertGreater(ended, 0)

    def test_a_doorbell_with_a_long_trailer(self):
        # Every episode of 300 ends on the same step: the results make a
        # trailer longer than the doorbell's first buffer.
        with cogsim.VecEnv(300, seed=1, max_turns=1, step="turn") as env:
            self.assertTrue(env._session.shared)
            env.reset()
            obs, _, _, trunc, infos = env.step(np.full(300, env.actions.index("search")))
            self.assertTrue(trunc.all())
            self.assertTrue(infos["_result"].all())
            self.assertEqual({r["turns"] for r in infos["result"]}, {1})
            self.assertEqual(len(env._session._bell) > 65536, True, "the buffer grew")
            obs, _, _, trunc, infos = env.step(np.zeros(300, dtype=np.int64))  # the next episodes
            self.assertFalse(trunc.any())
            self.assertEqual(obs["stats"][:, cogsim.STATS.index("turn")].tolist(), [0] * 300)

    @unittest.skipUnless(os.path.isdir("/dev/shm"), "no /dev/shm")
    def test_without_memfd_a_file_in_dev_shm_that_goes_at_once(self):
        def no_memfd(*args):
            raise OSError("no memfd here")
        made = []
        real = cogsim._session.tempfile.mkstemp

        def mkstemp(**kw):
            fd, path = real(**kw)
            made.append(path)
            return fd, path
        with mock.patch.object(os, "memfd_create", no_memfd, create=True), \
                mock.patch.object(cogsim._session.tempfile, "mkstemp", mkstemp):
            env = cogsim.Env(seed=2, step="turn")
        with env:
            self.assertTrue(env._session.shared)
            self.assertEqual(len(made), 1)
            self.assertTrue(made[0].startswith("/dev/shm/"))
            self.assertFalse(os.path.exists(made[0]), "removed once the server mapped it")
            obs, info = env.reset(seed=2)
            obs, *_ = env.step(env.actions.index("search"))
            self.assertEqual(obs["stats"][cogsim.STATS.index("turn")], 1)


if __name__ == "__main__":
    unittest.main()
