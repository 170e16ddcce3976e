"""cogsim.Env against a real cogsim binary (SPEC §29).

Run from clients/python:
  PYTHONPATH=../../../shared/vendor/python /usr/bin/python3 -m unittest discover -v -s tests -t .
"""

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import unittest
from unittest import mock

from tests.support import HAVE_GYMNASIUM, binary

import numpy as np  # noqa: E402

import cogsim  # noqa: E402
from cogsim import _binary  # noqa: E402

# One room, the cog at 1 HP beside a hill orc: it dies within a few turns.
DEATH = {"name": "death", "map": ["", " ------", " |@o..|", " ------"], "cog": {"hp": 1}}


def setUpModule():
    binary()


def sha(text):
    return hashlib.sha256(text.encode()).hexdigest()


class EnvTest(unittest.TestCase):
    def setUp(self):
        # Replies, a command turn each (§29): the tests of tick steps
        # (§37.1) are in test_tick.py.
        self.env = cogsim.Env(step="turn")
        self.addCleanup(self.env.close)

    def test_observation_shapes_and_info(self):
        obs, info = self.env.reset(seed=7)
        self.assertEqual(set(obs), {"glyphs", "chars", "colors", "stats", "message", "inv_letters",
                                    "inv_oclasses", "inv_glyphs", "inv_strs", "glyphs_crop", "chars_crop",
                                    "colors_crop"})
        self.assertEqual((obs["glyphs"].shape, obs["glyphs"].dtype), ((18, 48), np.int16))
        self.assertEqual((obs["chars"].shape, obs["chars"].dtype), ((18, 48), np.uint8))
        self.assertEqual((obs["stats"].shape, obs["stats"].dtype), ((14,), np.int32))
        self.assertEqual((obs["message"].shape, obs["message"].dtype), ((256,), np.uint8))
        self.assertIn(obs, self.env.observation_space)
        lines = info["text"].split("\n")
        self.assertEqual(len(lines), 20)
        self.assertEqual(lines[:18], [bytes(r).decode() for r in obs["chars"]])
        self.assertTrue(lines[19].startswith("Dlvl:1 "))
        stats = dict(zip(cogsim.STATS, obs["stats"].tolist()))
        self.assertEqual((stats["depth"], stats["turn"], stats["maxTurns"]), (1, 0, 55))
        self.assertEqual(stats["hp"], stats["maxHp"])
        self.assertFalse(info["unusable"])
        self.assertEqual(info["ignored"], "")
        # The glyphs draw what the map shows: the cog's cell is the cog's glyph.
        y, x = np.argwhere(obs["chars"] == ord("@"))[0]
        self.assertEqual(obs["glyphs"][y, x], 15)

    def test_actions_are_the_servers(self):
        self.assertEqual(len(cogsim.ACTIONS), 159)
        self.assertEqual(list(cogsim.ACTIONS), self.env.server_info["actions"])
        self.assertEqual(list(cogsim.STATS), self.env.server_info["stats"])
        self.assertEqual(list(cogsim.CONDITIONS), self.env.server_info["conditions"][:4])
        self.assertEqual(self.env.action_space.n, 159)
        # The cog game's actions are the module's list itself (§32.3: a
        # mechanic's verbs would follow it in env.actions).
        self.assertIs(self.env.actions, cogsim.ACTIONS)

    def test_observations_match_the_replay_hashes(self):
        """The text of every observation hashes as cogsim agent's replay
        records it, for the same seed and replies."""
        replies = ["e e", "search*3", "s", "w w n", "xyzzy", "se*4", "search*40"]
        replay = os.path.join(self._tmp(), "r.jsonl")
        stdin = "".join(json.dumps({"reply": r}) + "\n" for r in replies)
        subprocess.run([binary(), "agent", "--seed", "7", "--replay", replay], input=stdin,
                       capture_output=True, text=True, check=True)
        with open(replay) as f:
            lines = [json.loads(l) for l in f]
        want = [lines[0]["obs"]] + [l["obs"] for l in lines[1:1 + len(replies)]]
        _, info = self.env.reset(seed=7)
        got = [sha(info["text"])]
        for r in replies:
            got.append(sha(self.env.step(r)[4]["text"]))
        self.assertEqual(got, want)

    def test_a_restored_snapshot_continues_bit_for_bit(self):
        """Against the replay's hashes: play to turn 4, snapshot, play on;
        restore (here and in another process) and replay the same replies."""
        replies = ["e e", "s s", "search*5", "w", "n n n", "e*6", "s*3", "search*40", "w w"]
        replay = os.path.join(self._tmp(), "r.jsonl")
        stdin = "".join(json.dumps({"reply": r}) + "\n" for r in replies)
        subprocess.run([binary(), "agent", "--seed", "11", "--replay", replay], input=stdin,
                       capture_output=True, text=True, check=True)
        with open(replay) as f:
            want = [l["obs"] for l in map(json.loads, f) if "obs" in l][1:]
        self.assertEqual(len(want), len(replies))
        self.env.reset(seed=11)
        for r in replies[:4]:
            self.env.step(r)
        snap = self.env.snapshot()
        self.assertIsInstance(snap, bytes)
        straight = [sha(self.env.step(r)[4]["text"]) for r in replies[4:]]
        self.assertEqual(straight, want[4:])
        obs, info = self.env.restore(snap)
        self.assertEqual(sha(info["text"]), want[3])
        self.assertEqual(int(obs["stats"][cogsim.STATS.index("turn")]), 4)
        again = [sha(self.env.step(r)[4]["text"]) for r in replies[4:]]
        self.assertEqual(again, want[4:])
        with cogsim.Env(step="turn") as other:
            other.restore(snap)
            elsewhere = [sha(other.step(r)[4]["text"]) for r in replies[4:]]
        self.assertEqual(elsewhere, want[4:])

    def test_restore_then_rewards_still_sum_to_the_score(self):
        self.env.reset(seed=3)
        total = 0.0
        for _ in range(10):
            total += self.env.step("e e s search")[1]
        snap, at_snap = self.env.snapshot(), total
        while True:
            _, r, term, trunc, info = self.env.step("search*40")
            total += r
            if term or trunc:
                break
        self.env.restore(snap)
        total2 = at_snap
        while True:
            _, r, term, trunc, info2 = self.env.step("search*40")
            total2 += r
            if term or trunc:
                break
        self.assertEqual(total, info["result"]["score"])
        self.assertEqual(total2, info2["result"]["score"])
        self.assertEqual(info["result"], info2["result"])

    def test_seeds_are_reproducible(self):
        def run(env, seed):
            texts = [env.reset(seed=seed)[1]["text"]]
            texts += [env.reset()[1]["text"] for _ in range(3)]
            return texts
        a = run(self.env, 42)
        with cogsim.Env() as other:
            b = run(other, 42)
            c = run(other, 43)
        self.assertEqual(a, b)
        self.assertNotEqual(a, c)
        self.assertEqual(len(set(a)), 4, "reset() without a seed plays new dungeons")
        # The constructor's seed is the first episode's.
        with cogsim.Env(seed=42) as third:
            self.assertEqual(third.reset()[1]["text"], a[0])
            self.assertEqual(third.seed_used, 42)

    def test_truncated_on_the_clock(self):
        with cogsim.Env(max_turns=3, step="turn") as env:
            env.reset(seed=5)
            flags = [env.step("search")[2:4] for _ in range(3)]
            self.assertEqual(flags, [(False, False), (False, False), (False, True)])
        with cogsim.Env(max_turns=3, step="turn") as env:
            env.reset(seed=5)
            for _ in range(3):
                obs, r, term, trunc, info = env.step("search")
            self.assertEqual(info["result"]["cause"], "clock")
            self.assertEqual(info["result"]["turns"], 3)

    def test_terminated_on_a_death(self):
        with cogsim.Env(scenario=DEATH) as env:
            env.reset(seed=1)
            for _ in range(50):
                obs, r, term, trunc, info = env.step("wait")
                if term or trunc:
                    break
            self.assertTrue(term)
            self.assertFalse(trunc)
            self.assertTrue(info["result"]["cause"].startswith("killed by"), info["result"]["cause"])
            self.assertEqual(obs["stats"][cogsim.STATS.index("hp")] <= 0, True)

    def test_scenario_from_a_file_and_by_reset_options(self):
        path = os.path.join(self._tmp(), "s.json")
        with open(path, "w") as f:
            json.dump({"name": "py", "map": ["", " -----", " |.@.|", " -----"]}, f)
        with cogsim.Env(scenario=path) as env:
            obs, _ = env.reset(seed=1)
            self.assertEqual(bytes(obs["chars"][2][:6]), b" |.@.|")
            obs, *_ = env.step(cogsim.ACTIONS.index("e"))
            self.assertEqual(bytes(obs["chars"][2][:6]), b" |..@|")
        obs, _ = self.env.reset(seed=1, options={"scenario": DEATH})
        self.assertEqual(bytes(obs["chars"][2][:7]), b" |@o..|")

    def test_unusable_and_ignored(self):
        self.env.reset(seed=2)
        _, _, _, _, info = self.env.step("e xyzzy")
        self.assertEqual(info["ignored"], "xyzzy")
        self.assertFalse(info["unusable"])
        self.assertTrue(info["text"].split("\n")[18].startswith("Ignored: xyzzy."))

    def test_errors_are_clear(self):
        with self.assertRaisesRegex(cogsim.CogsimError, "step\\(\\) before reset\\(\\)"):
            self.env.step(0)
        self.env.reset(seed=1)
        with self.assertRaisesRegex(cogsim.InvalidAction, "159 is out of range 0 … 158"):
            self.env.step(159)
        with self.assertRaisesRegex(cogsim.InvalidAction, "-1 is out of range"):
            self.env.step(-1)
        with self.assertRaisesRegex(cogsim.InvalidAction, "neither a reply string"):
            self.env.step(1.5)
        self.env.step(np.int64(8))  # numpy integers are indices too
        with self.assertRaisesRegex(cogsim.CogsimError, "snapshot"):
            self.env.restore(b"not a snapshot")
        self.env.step("search")  # the session goes on after a refused request
        with cogsim.Env(max_turns=1, step="turn") as env:
            env.reset(seed=1)
            env.step("search")
            with self.assertRaisesRegex(cogsim.CogsimError, "after the episode ended"):
                env.step("search")
        with self.assertRaisesRegex(cogsim.CogsimError, "rules"):
            cogsim.Env(rules="chess").reset(seed=1)
        self.env.close()
        with self.assertRaisesRegex(cogsim.CogsimError, "closed"):
            self.env.reset()
        # After close every call says so, and nothing is left to render.
        for call in (lambda: self.env.step(0), self.env.result, self.env.snapshot):
            with self.assertRaisesRegex(cogsim.CogsimError, "closed"):
                call()
        self.assertIsNone(self.env.render())

    def test_a_missing_binary_is_a_clear_error(self):
        with self.assertRaisesRegex(cogsim.CogsimError, "/nonexistent/cogsim.*does not exist"):
            cogsim.Env(binary="/nonexistent/cogsim")
        with mock.patch.dict(os.environ, {"COGSIM": "/nonexistent/cogsim"}):
            with self.assertRaisesRegex(cogsim.CogsimError, "COGSIM names"):
                cogsim.Env()
        env = {k: v for k, v in os.environ.items() if k != "COGSIM"}
        env["PATH"] = "/nonexistent"
        with mock.patch.dict(os.environ, env, clear=True):
            with self.assertRaisesRegex(cogsim.CogsimError, "no cogsim binary: set COGSIM"):
                _binary.find_binary()

    def test_go_build_fallback(self):
        env = {k: v for k, v in os.environ.items() if k != "COGSIM"}
        env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                      if not os.path.exists(os.path.join(p, "cogsim")))
        env["XDG_CACHE_HOME"] = self._tmp()
        if _binary.repo_root() is None or subprocess.run(["which", "go"], env=env,
                                                         capture_output=True).returncode != 0:
            self.skipTest("no Go or no checkout")
        # Go's build cache also lives under XDG_CACHE_HOME: keep the warm one
        # (a cold build takes two minutes here).
        env["GOCACHE"] = subprocess.run(["go", "env", "GOCACHE"], capture_output=True, text=True,
                                        check=True).stdout.strip()
        with mock.patch.dict(os.environ, env, clear=True):
            argv = _binary.find_binary()
            folder = _binary.build_dir(_binary.repo_root())
        self.assertEqual(os.path.dirname(folder), os.path.join(env["XDG_CACHE_HOME"], "cogsim"))
        self.assertEqual(argv, [os.path.join(folder, "cogsim")])
        self.assertTrue(os.access(argv[0], os.X_OK))

    def test_an_interrupted_step_breaks_the_session_never_answers_stale(self):
        # Issue 34: Ctrl-C during a step left the answer in the pipe, and
        # the next call hung, returned the previous step's answer or read
        # a frame of the wrong kind. The interrupt is delivered at every
        # stage of the exchange: while sending, and after k bytes read.
        interrupted_at = []
        for make in (lambda: cogsim.Env(), lambda: cogsim.VecEnv(2)):
            for cut in ("send", 0, 1, 4, 5, 100, 3000):
                env = make()
                try:
                    env.reset(seed=5)
                    session = env._session
                    if cut == "send":
                        write = session._write

                        def interrupted(data, write=write):
                            write(data[:3])
                            raise KeyboardInterrupt
                        session._write = interrupted
                    else:
                        readinto = session._readinto
                        left = [cut]

                        def interrupted(view, readinto=readinto, left=left):
                            if left[0] <= 0:
                                raise KeyboardInterrupt
                            k = readinto(view[:left[0]])
                            left[0] -= k
                            return k
                        session._readinto = interrupted
                    action = 0 if isinstance(env, cogsim.Env) else np.zeros(2, np.int64)
                    try:
                        env.step(action)
                    except KeyboardInterrupt:
                        interrupted_at.append(cut)
                        with self.assertRaisesRegex(cogsim.CogsimError,
                                                    "out of step with cogsim: a request was interrupted", msg=cut):
                            env.step(action)
                        with self.assertRaisesRegex(cogsim.CogsimError, "out of step", msg=cut):
                            env.reset(seed=5)
                    else:  # the answer was shorter than the cut: whole, in step
                        env.step(action)
                finally:
                    env.close()
        self.assertGreaterEqual(len(interrupted_at), 10, interrupted_at)
        # A whole exchange, even one the server refused, leaves it in step.
        with cogsim.Env() as env:
            env.reset(seed=5)
            with self.assertRaises(cogsim.CogsimError):
                env._session.request_json({"op": "no such op"})
            env.step(0)

    @unittest.skipUnless(hasattr(os, "fork"), "needs fork")
    def test_close_ends_the_server_while_a_child_holds_its_stdin(self):
        # Issue 34: a forked child holding the server's stdin kept EOF
        # from reaching it; close() waited 5 s and then killed it. The
        # close request ends it.
        env = cogsim.Env()
        env.reset(seed=1)
        proc = env._session._proc
        child = os.fork()
        if child == 0:  # holds every inherited descriptor, stdin's too
            try:
                time.sleep(30)
            finally:
                os._exit(0)
        try:
            env.close()
            self.assertEqual(proc.returncode, 0, "the server ended by itself, not killed")
        finally:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)

    def test_each_checkout_and_source_builds_its_own(self):
        # Issue 34: two checkouts shared ~/.cache/cogsim/cogsim, so a
        # process ran the other checkout's engine. The build folder is
        # the checkout's and its Go sources'.
        root = self._tmp()
        checkouts = []
        for name in ("a", "b"):
            d = os.path.join(root, name)
            os.makedirs(os.path.join(d, "cmd", "cogsim"))
            with open(os.path.join(d, "go.mod"), "w") as f:
                f.write("module github.com/cogsim/cogsim\n")
            with open(os.path.join(d, "cmd", "cogsim", "main.go"), "w") as f:
                f.write("package main\n")
            checkouts.append(d)
        with mock.patch.dict(os.environ, {"XDG_CACHE_HOME": self._tmp()}):
            a, b = (_binary.build_dir(d) for d in checkouts)
            self.assertNotEqual(a, b, "two checkouts of the same sources")
            self.assertEqual(a, _binary.build_dir(checkouts[0]), "the same checkout and sources")
            with open(os.path.join(checkouts[0], "cmd", "cogsim", "main.go"), "a") as f:
                f.write("// an edit\n")
            self.assertNotEqual(a, _binary.build_dir(checkouts[0]), "an edited source")
            test = os.path.join(checkouts[0], "cmd", "cogsim", "main_test.go")
            with open(test, "w") as f:
                f.write("package main\n")
            edited = _binary.build_dir(checkouts[0])
            os.remove(test)
            self.assertEqual(edited, _binary.build_dir(checkouts[0]), "a test file is no part of the build")

    def test_render(self):
        with cogsim.Env(render_mode="ansi") as env:
            _, info = env.reset(seed=4)
            self.assertEqual(env.render(), info["text"])
        with self.assertRaises(ValueError):
            cogsim.Env(render_mode="rgb")

    def test_render_rgb_array(self):
        """The picture (docs/serve.md): as wide as the map (§37.8), 24 rows
        of 48 cells of 8 x 16 px: the message on rows 0-3, the map from
        row 4, each cell's letter in its colour, the status on rows 22-23."""
        mapback, background = (0x14, 0x14, 0x1a), (0x0c, 0x0c, 0x10)
        white, gray = (0xff, 0xff, 0xff), (0xb4, 0xb4, 0xb4)

        def colours(img, col, row):
            cell = img[row * 16:(row + 1) * 16, col * 8:(col + 1) * 8].reshape(-1, 3)
            return {tuple(int(v) for v in p) for p in cell}

        with cogsim.Env(render_mode="rgb_array") as env:
            self.assertIsNone(env.render(), "no picture before reset")
            obs, info = env.reset(seed=4)
            img = env.render()
            self.assertEqual(img.shape, (384, 384, 3))
            self.assertEqual(img.dtype, np.uint8)
            chars = obs["chars"]
            y, x = (int(v[0]) for v in np.nonzero(chars == ord("@")))
            self.assertEqual(colours(img, x, 4 + y), {white, mapback}, "the cog's '@'")
            ys, xs = np.nonzero(chars == ord(" "))
            self.assertEqual(colours(img, int(xs[0]), 4 + int(ys[0])), {mapback}, "a blank cell")
            for row in range(18):
                self.assertIn(mapback, colours(img, 47, 4 + row), "the map's last column is the picture's last")
            walls = [(int(a), int(b)) for a, b in zip(*np.nonzero(chars == ord("-")))]
            self.assertTrue(walls)
            self.assertEqual(colours(img, walls[0][1], 4 + walls[0][0]), {gray, mapback}, "a wall")
            status = info["text"].split("\n")[19]
            self.assertEqual(colours(img, 0, 22), {white, background}, f"the status line {status!r}")
            obs, *_ = env.step(env.actions.index("search"))
            y, x = (int(v[0]) for v in np.nonzero(obs["chars"] == ord("@")))
            self.assertEqual(colours(env.render(), x, 4 + y), {white, mapback}, "after a step")
            # A side wall '|' shows: its cells hold ink (Go Mono's stroke
            # falls between pixel columns; it once came out blank).
            bars = [(int(a), int(b)) for a, b in zip(*np.nonzero(obs["chars"] == ord("|")))]
            self.assertTrue(bars)
            self.assertEqual(colours(env.render(), bars[0][1], 4 + bars[0][0]), {gray, mapback}, "a side wall")
        # A VecEnv's pictures: one per env, each its Env's.
        with cogsim.VecEnv(2, render_mode="rgb_array") as v, cogsim.Env(render_mode="rgb_array") as e:
            self.assertIsNone(v.render())
            v.reset(seed=[4, 6])
            e.reset(seed=6)
            pics = v.render()
            self.assertEqual(len(pics), 2)
            self.assertEqual(pics[0].shape, (384, 384, 3))
            self.assertTrue(np.array_equal(pics[1], e.render()))

    def test_transport_socket(self):
        with cogsim.Env(transport="socket", step="turn") as a, cogsim.Env(step="turn") as b:
            self.assertEqual(a.reset(seed=9)[1]["text"], b.reset(seed=9)[1]["text"])
            for r in ("e e", "s", "search*3"):
                self.assertEqual(a.step(r)[4]["text"], b.step(r)[4]["text"])

    def test_polling_and_sleeping_answers_are_the_same(self):
        """A session polls the pipe for its answers (and the server for its
        requests) before sleeping: with answers that come at once, late
        ones (the server waits on its turn, the client on a batch) and
        polling off, the episode is the same."""
        with cogsim.Env(poll=False, step="turn") as a, cogsim.Env(step="turn") as b:
            session = b._session
            self.assertTrue(hasattr(session, "_poller"), "the pipe is polled by default")
            self.assertFalse(os.get_blocking(session._rfd))
            self.assertEqual(a.reset(seed=11)[1]["text"], b.reset(seed=11)[1]["text"])
            for k in range(40):
                r = ("e", "search", "s", "w w")[k % 4]
                if k % 10 == 3:
                    time.sleep(0.003)  # past the server's 50 us of polling
                raw = session._raw_readinto
                if k % 10 == 7:
                    # The client finds the pipe empty and sleeps at once.
                    first = [True]

                    def empty_once(view, raw=raw, first=first):
                        if first[0]:
                            first[0] = False
                            return None
                        return raw(view)
                    session._skip = 0
                    session.POLL_TRIES = 0
                    session._raw_readinto = empty_once
                want, got = a.step(r), b.step(r)
                session._raw_readinto = raw
                session.POLL_TRIES = type(session).POLL_TRIES
                self.assertEqual(want[4]["text"], got[4]["text"], f"step {k}")
                np.testing.assert_array_equal(want[0]["chars"], got[0]["chars"])
                if k % 10 == 7:
                    self.assertGreater(session._backoff, 0, "a wait that outlasted the tries backs off")
        with cogsim.Env(poll=False) as a:
            self.assertFalse(hasattr(a._session, "_poller"))

    def test_without_gymnasium(self):
        """The package works with numpy alone: its own small spaces."""
        code = (
            "import sys; sys.modules['gymnasium'] = None\n"
            "import cogsim, numpy as np\n"
            "assert not cogsim.HAVE_GYMNASIUM\n"
            "e = cogsim.Env(max_turns=4)\n"
            "o, i = e.reset(seed=3)\n"
            "assert o in e.observation_space, 'obs in space'\n"
            "a = e.action_space.sample(); assert a in e.action_space\n"
            "o, r, t, tr, i = e.step(a)\n"
            "v = cogsim.VecEnv(3, max_turns=2)\n"
            "o, _ = v.reset(seed=1)\n"
            "assert o['glyphs'].shape == (3, 18, 48)\n"
            "for _ in range(5): o, r, t, tr, i = v.step(v.action_space.sample())\n"
            "assert o in v.observation_space\n"
            "e.close(); v.close(); print('ok')\n")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout.strip(), "ok")

    def _tmp(self):
        import tempfile
        d = tempfile.TemporaryDirectory()
        self.addCleanup(d.cleanup)
        return d.name


@unittest.skipUnless(HAVE_GYMNASIUM, "gymnasium is not importable (PYTHONPATH=../shared/vendor/python)")
class GymnasiumTest(unittest.TestCase):
    def test_check_env_unwrapped(self):
        from gymnasium.utils.env_checker import check_env
        with cogsim.Env() as env:
            self.assertIsInstance(env, __import__("gymnasium").Env)
            check_env(env)

    def test_copy_keeps_frames_for_frame_stacking(self):
        # Views into shared memory are rewritten two steps on, so a
        # wrapper that keeps frames needs copy=True: then
        # FrameStackObservation stacks the ticks as played.
        from gymnasium.wrappers import FrameStackObservation
        tick = cogsim.STATS.index("tick")
        for copy in (True, False):
            with cogsim.Env(copy=copy) as base:
                env = FrameStackObservation(base, stack_size=3)
                env.reset(seed=5)
                ticks = []
                for _ in range(3):
                    obs, *_ = env.step("search")
                    ticks.append(obs["stats"][:, tick].tolist())
                if copy:
                    self.assertEqual(ticks, [[0, 0, 1], [0, 1, 2], [1, 2, 3]])
                else:
                    self.assertNotEqual(ticks, [[0, 0, 1], [0, 1, 2], [1, 2, 3]], "views: why copy exists")
        with cogsim.VecEnv(2, copy=True) as v:
            first, info = v.reset(seed=5)
            mask = info["action_mask"]
            for _ in range(3):
                v.step(np.full(2, cogsim.ACTIONS.index("search")))
            self.assertEqual(first["stats"][:, tick].tolist(), [0, 0], "the reset's arrays are the env's own")
            self.assertTrue(mask.flags.writeable and mask.base is None)

    def test_check_env_rgb_array(self):
        from gymnasium.utils.env_checker import check_env
        with cogsim.Env(render_mode="rgb_array") as env:
            check_env(env)

    def test_check_env_through_make(self):
        import warnings
        import gymnasium
        from gymnasium.utils.env_checker import check_env
        cogsim.register()
        cogsim.register()  # twice is fine
        env = gymnasium.make("cogsim/Cog-v0", max_turns=20, step="turn")
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                check_env(env.unwrapped)
            self.assertEqual([str(w.message) for w in caught if "cogsim" in str(w.filename)], [])
            check_env(env)
            obs, info = env.reset(seed=1)
            done = False
            steps = 0
            while not done:
                obs, r, term, trunc, info = env.step(env.action_space.sample())
                done = term or trunc
                steps += 1
            self.assertEqual(steps, 20)
            self.assertEqual(info["result"]["turns"], 20)
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
