"""A standard-library client for cogsim's agent protocol (SPEC §20).

    from cogsim_client import CogEnv

    with CogEnv(seed=7) as env:
        obs = env.reset()
        done = False
        while not done:
            obs, done, info = env.step("e e search*3")
        print(info["result"]["score"])

``CogEnv`` starts ``cogsim agent`` as a child process per episode and speaks
JSON lines with it. The binary is found by the ``binary`` argument, the
``COGSIM`` environment variable, or ``cogsim`` on the PATH.
"""

import json
import os
import shutil
import subprocess

__all__ = ["CogEnv", "CogsimError"]


class CogsimError(RuntimeError):
    """The cogsim process failed or spoke outside the protocol."""


class CogEnv:
    """One cogsim episode at a time over the agent protocol.

    seed     -- the episode seed (int)
    scenario -- path to a scenario file, or None
    rules    -- rules variant name: "cog" (the default), "nethack" or
                "rogue"; passed to cogsim as --rules
    mechanics -- extra mechanics to install, a list of names such as
                ["yellow-mold"]; passed to cogsim as --mechanics
    binary   -- the cogsim executable (or a list of argv words)
    replay   -- path to write the episode's replay to, or None
    """

    def __init__(self, seed=1, scenario=None, rules=None, binary=None, replay=None, mechanics=None):
        self.seed = int(seed)
        self.scenario = scenario
        self.rules = rules
        self.mechanics = list(mechanics or [])
        self.replay = replay
        self._argv = _resolve_binary(binary)
        self._proc = None
        self.last = None

    # -- the episode ---------------------------------------------------

    def reset(self, seed=None):
        """Start a new episode (closing any running one) and return the
        first observation (a dict with text, map, message, status, turn,
        tick)."""
        if seed is not None:
            self.seed = int(seed)
        self.close()
        argv = list(self._argv) + ["agent", "--seed", str(self.seed)]
        if self.scenario:
            argv += ["--scenario", str(self.scenario)]
        if self.rules:
            argv += ["--rules", self.rules]
        if self.mechanics:
            argv += ["--mechanics", ",".join(self.mechanics)]
        if self.replay:
            argv += ["--replay", str(self.replay)]
        try:
            self._proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            raise CogsimError(f"cannot start {argv[0]}: {exc}") from exc
        msg = self._read()
        if msg.get("type") != "observation":
            raise CogsimError(f"expected the first observation, got {msg!r}")
        self.last = msg
        return msg

    def step(self, reply):
        """Send one reply (a string in the §14 grammar). Returns
        (observation, done, info); when done, info["result"] is the
        episode's result and observation is the final one."""
        if self.last is not None and self.last.get("type") == "end":
            raise CogsimError("the episode is over: call reset()")
        if self._proc is None:
            raise CogsimError("step() before reset()")
        self._write({"reply": str(reply)})
        msg = self._read()
        self.last = msg
        if msg.get("type") == "end":
            result = msg.get("result", {})
            obs = {"type": "observation", "text": msg.get("text", ""),
                   "turn": msg.get("turn", result.get("turns")), "tick": msg.get("tick", result.get("ticks"))}
            lines = obs["text"].split("\n")
            if len(lines) == 20:
                obs.update(map=lines[:18], message=lines[18], status=lines[19])
            self._finish()
            return obs, True, {"result": msg.get("result", {})}
        if msg.get("type") != "observation":
            raise CogsimError(f"unexpected message {msg!r}")
        return msg, False, {}

    def close(self):
        """End the episode (the env records it as disconnected) and the
        process."""
        if self._proc is None:
            return
        proc, self._proc = self._proc, None
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for f in (proc.stdout, proc.stderr):
            if f:
                f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass

    # -- the wire --------------------------------------------------------

    def _write(self, obj):
        try:
            self._proc.stdin.write(json.dumps(obj) + "\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise CogsimError(f"cogsim went away: {self._stderr()}") from exc

    def _read(self):
        line = self._proc.stdout.readline()
        if not line:
            raise CogsimError(f"cogsim ended without a message: {self._stderr()}")
        try:
            return json.loads(line)
        except json.JSONDecodeError as exc:
            raise CogsimError(f"not a protocol line: {line[:200]!r}") from exc

    def _finish(self):
        proc, self._proc = self._proc, None
        try:
            proc.stdin.close()
        except OSError:
            pass
        proc.wait(timeout=5)
        proc.stdout.close()
        proc.stderr.close()
        self._proc = None

    def _stderr(self):
        try:
            self._proc.wait(timeout=2)
            return self._proc.stderr.read().strip()[-500:]
        except Exception:  # noqa: BLE001
            return "(no message)"


def _resolve_binary(binary):
    if binary is None:
        binary = os.environ.get("COGSIM") or shutil.which("cogsim")
        if binary is None:
            raise CogsimError("no cogsim binary: pass binary=, set COGSIM, or put cogsim on the PATH "
                              "(go build -o cogsim ./cmd/cogsim)")
    if isinstance(binary, (list, tuple)):
        return list(binary)
    return [str(binary)]
