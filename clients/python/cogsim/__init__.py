"""cogsim for reinforcement learning (SPEC §29, §35, §37).

    import cogsim
    env = cogsim.Env(seed=1)
    obs, info = env.reset()
    obs, reward, terminated, truncated, info = env.step(cogsim.ACTIONS.index("search"))
    hp = obs["stats"][cogsim.Stat.HP]

A step is one primitive, one tick (step="tick", the default; §37.1):
an episode that runs the clock is 2 200 steps. step="turn" plays a
reply per step, one command turn.

Env and VecEnv speak to one long-lived ``cogsim serve --binary`` process
each (docs/serve.md). Gymnasium is optional: with it they are a
``gymnasium.Env`` and a ``gymnasium.vector.VectorEnv``, and register()
adds ``cogsim/Cog-v0`` and the other task, scenario and level ids to
its registry.
"""

import enum
import os
import re

from ._binary import find_binary, level_dir, scenario_dir
from ._errors import CogsimError, InvalidAction
from . import _session
from ._spaces import HAVE_GYMNASIUM
from .env import MASK_KEY, OBS_KEYS, STEPS, TASK_IDS, Env
from .vector import VecEnv

__all__ = ["ACTIONS", "CONDITIONS", "STATS", "Stat", "RECORD", "Env", "VecEnv", "CogsimError", "InvalidAction",
           "register", "find_binary", "actions", "HAVE_GYMNASIUM", "ENV_ID", "TASK_IDS", "OBSERVATION_KEYS",
           "STEPS", "scenario_ids", "level_ids"]
__version__ = "0.3.0"

# The observation keys an env may be asked for (observation_keys=…,
# §37.3), "action_mask" (info's) among them: every one is the default.
OBSERVATION_KEYS = OBS_KEYS + (MASK_KEY,)

ENV_ID = "cogsim/Cog-v0"

# The cog game's tables, as the server describes them (docs/python.md):
# read from the cogsim binary on first use, never typed here.
_LAYOUT_NAMES = {"ACTIONS": "actions", "STATS": "stats", "CONDITIONS": "conditions", "RECORD": "dtype"}


def __getattr__(name):
    """ACTIONS, STATS, CONDITIONS and RECORD: the cog game's action list,
    stats' names, conditions' bits' names and record dtype, from the
    binary's own layout (`cogsim serve --info`, or the first cog game's
    session), once; Stat, an IntEnum of the stats' indices."""
    if name in _LAYOUT_NAMES:
        return getattr(_session.default_layout(), _LAYOUT_NAMES[name])
    if name == "Stat":
        global Stat
        Stat = _stat_enum(_session.default_layout().stats)
        return Stat
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _stat_enum(names):
    """The IntEnum of the stats' indices, each name in upper case with
    its words split (maxHp: MAX_HP; NLE's NLE_BL_* indices)."""
    return enum.IntEnum("Stat", [(re.sub(r"(?<=[a-z])(?=[A-Z])", "_", n).upper(), i) for i, n in enumerate(names)],
                        module=__name__)


def actions(rules=None, mechanics=None, binary=None):
    """The action list of an env of rules and mechanics (§35.1): what
    env.actions is for such an env, without making one (`cogsim serve
    --info`, once a selection). The cog game's is ACTIONS."""
    if isinstance(mechanics, str):
        raise TypeError("mechanics: a list of names, not a string")
    return _session.layout_for(rules, mechanics, binary).actions


def scenario_ids():
    """The scenario ids, cogsim/Scenario-<name>-v0, one per file of the
    scenarios folder (scores as Cog-v0), each with its file's path."""
    d = scenario_dir()
    if d is None:
        return {}
    return {f"cogsim/Scenario-{f[:-len('.json')]}-v0": os.path.join(d, f)
            for f in sorted(os.listdir(d)) if f.endswith(".json")}


def _level_headers():
    """{id: (path, turns)} of the level scripts of the levels folder: each
    names its id in a leading comment line "# id: cogsim/…-v0" and its
    clock in "# turns: N" (docs/levels-tasks.md); a script without an id
    line has no id."""
    d = level_dir()
    if d is None:
        return {}
    out = {}
    for f in sorted(os.listdir(d)):
        if not f.endswith(".star"):
            continue
        path = os.path.join(d, f)
        env_id, turns = None, None
        with open(path, encoding="utf-8") as src:
            for line in src:
                if not line.startswith("#"):
                    break  # the leading comment ends
                key, _, value = line[1:].strip().partition(":")
                if key == "id":
                    env_id = value.strip()
                elif key == "turns":
                    turns = int(value)
        if env_id:
            if env_id in out:
                raise CogsimError(f"{path}: the id {env_id} is {out[env_id][0]}'s too")
            out[env_id] = (path, turns)
    return out


def level_ids():
    """The level ids (§38.5), MiniHack's task families as level scripts —
    cogsim/Room-5x5-v0, cogsim/MazeWalk-9x9-v0, … — one per script of the
    levels folder, each with its file's path. Each rewards +1 for the
    script's goal (task "goal"), which ends the episode."""
    return {i: path for i, (path, _) in _level_headers().items()}


def register():
    """Register the task ids (TASK_IDS), the scenario ids and the level ids
    with Gymnasium (once each), so that gymnasium.make("cogsim/Descend-v0",
    ...) gives an Env and gymnasium.make_vec(id, num_envs=N,
    vectorization_mode="vector_entry_point") gives a VecEnv."""
    try:
        import gymnasium
    except ImportError as exc:
        raise CogsimError("register() needs Gymnasium: pip install gymnasium") from exc
    ids = {i: {"task": t} for i, t in TASK_IDS.items()}
    ids.update({i: {"scenario": path} for i, path in scenario_ids().items()})
    for i, (path, turns) in _level_headers().items():
        ids[i] = {"level": path, "task": "goal"}
        if turns:
            ids[i]["max_turns"] = turns
    for env_id, kwargs in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="cogsim.env:Env",
                               vector_entry_point="cogsim.vector:VecEnv", kwargs=kwargs)
