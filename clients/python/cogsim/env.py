"""cogsim.Env: one episode at a time with Gymnasium's API."""

import json
import operator
import os

import numpy as np

from ._errors import CogsimError, InvalidAction
from ._session import (ENDED, IGNORED, TERMINATED, TRUNCATED, UNUSABLE, Session, action_request, frame, has_text,
                       loaded_default, step_request, text_of)
from ._spaces import BaseEnv, Box, Dict, Discrete

SEED_BOUND = 2**63  # reset() without a seed draws the episode's seed below this


# Every observation key, in the record's order (NLE's observation_keys,
# §37.3): the default. "action_mask" is not an observation's key but
# info's (info["action_mask"], env.action_masks()); leaving it out of
# observation_keys leaves the mask uncomputed.
OBS_KEYS = ("stats", "message", "chars", "glyphs", "colors", "inv_letters", "inv_oclasses",
            "inv_glyphs", "inv_strs", "glyphs_crop", "chars_crop", "colors_crop")
MASK_KEY = "action_mask"

# What a step is (§37.1): "tick", one primitive played as one tick (the
# default), or "turn", a reply played as one command turn.
STEPS = ("tick", "turn")


def obs_keys(record):
    """The observation's keys of a record dtype, in the record's order."""
    return tuple(k for k in OBS_KEYS if k in record.fields)


def observation_space(record):
    """The observation space of one env (a Dict of Boxes, docs/python.md):
    each key's dtype and shape are its field's in the server's record
    dtype record. The stats span their dtype; the other fields, glyph ids
    and bytes, are never negative."""
    spaces = {}
    for key in obs_keys(record):
        dtype = record.fields[key][0]
        base = dtype.base
        info = np.iinfo(base)
        low = info.min if key == "stats" else 0
        spaces[key] = Box(low, info.max, dtype.shape, base.type)
    return Dict(spaces)


def check_keys(observation_keys):
    """observation_keys as the session's --keys (None: every key)."""
    if observation_keys is None:
        return None
    if isinstance(observation_keys, str):
        raise TypeError("observation_keys: a sequence of keys, not a string "
                        f"(observation_keys=({observation_keys!r},))")
    keys = [str(k) for k in observation_keys]
    for k in keys:
        if k not in OBS_KEYS and k != MASK_KEY:
            raise ValueError(f"observation_keys: unknown {k!r} ({', '.join(OBS_KEYS + (MASK_KEY,))})")
    if len(set(keys)) != len(keys):
        raise ValueError(f"observation_keys: a key twice in {keys}")
    if not [k for k in keys if k != MASK_KEY]:
        raise ValueError("observation_keys: no observation key")
    return keys


def check_step(step):
    """step, checked."""
    if step not in STEPS:
        raise ValueError(f"step: {step!r} is not one of {STEPS}")
    return step


def scenario_object(scenario):
    """A scenario given as a dict, a JSON string, or a path to a file."""
    if scenario is None or isinstance(scenario, dict):
        return scenario
    if isinstance(scenario, (str, os.PathLike)):
        s = os.fspath(scenario)
        if s.lstrip().startswith("{"):
            return json.loads(s)
        with open(s, encoding="utf-8") as f:
            return json.load(f)
    raise TypeError(f"scenario: a dict, a JSON string or a path, not {type(scenario).__name__}")


def is_level_source(level):
    """Whether a level string is a script's source rather than the path
    of a .star file: it holds a newline or does not end in ".star" (the
    server's rule, docs/serve.md)."""
    return "\n" in level or not level.endswith(".star")


def level_value(level, field="level"):
    """What a reset's "level" (or "dungeon", always a path) carries for
    level: a path made absolute, so that the server, the results and the
    replays name the file wherever they run, or a script's source as it
    is."""
    if level is None:
        return None
    if isinstance(level, os.PathLike):
        return os.path.abspath(os.fspath(level))
    if not isinstance(level, str):
        raise TypeError(f"{field}: a path or a script's source (a str), not {type(level).__name__}")
    if field == "level" and is_level_source(level):
        return level
    return os.path.abspath(level)


# The task ids (§35.3) and the task each rewards; every id's episode is
# the cog game's, the rewards computed by the server (docs/python.md).
TASK_IDS = {
    "cogsim/Cog-v0": "score",        # the change of the §16 score
    "cogsim/Descend-v0": "descend",  # +1 per new depth reached
    "cogsim/Gold-v0": "gold",        # the gold gained
    "cogsim/Eat-v0": "eat",          # +1 per meal eaten while Hungry or worse
    "cogsim/Oracle-v0": "oracle",    # +1 for the Oracle's deed, which ends the episode
    "cogsim/Scout-v0": "scout",      # +1 per map cell seen for the first time
}
# The server's task names (cogsim serve --task): the ids' and "goal", +1
# for a level script's goal (the level ids, cogsim.level_ids()).
TASKS = tuple(TASK_IDS.values()) + ("goal",)


def configure(env, rules, mechanics, seed, max_turns, scenario, render_mode, task=None, level=None,
              dungeon=None):
    """Check and keep the settings Env and VecEnv share."""
    if task is not None and task not in TASKS:
        raise ValueError(f"task: {task!r} is not one of {TASKS}")
    env.task = task or "score"
    if render_mode is not None and render_mode not in env.metadata["render_modes"]:
        raise ValueError(f"render_mode: {render_mode!r} is not one of {env.metadata['render_modes']}")
    env.render_mode = render_mode
    env.rules = rules
    env.mechanics = list(mechanics or [])
    env.max_turns = max_turns
    env._scenario = scenario_object(scenario)
    env._level = level_value(level)
    env._dungeon = level_value(dungeon, "dungeon")
    if env._scenario is not None and env._level is not None:
        raise ValueError("scenario and level: give one (both build the first level)")
    env._first_seed = seed


# The options reset() takes (VecEnv's also "reset_mask").
RESET_OPTIONS = ("scenario", "level", "dungeon")


def check_options(options, known=RESET_OPTIONS):
    """Refuse an option reset() does not know, rather than ignore it."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise TypeError(f"options: a dict, not {type(options).__name__}")
    for k in options:
        if k not in known:
            raise ValueError(f"options: unknown {k!r} (reset takes {', '.join(known)})")


def reset_fields(env, options):
    """The fields a reset request adds for the env's scenario, level and
    dungeon, or those reset's options give instead."""
    scenario, level, dungeon = env._scenario, env._level, env._dungeon
    if options:
        if options.get("scenario") is not None:
            scenario, level = scenario_object(options["scenario"]), None
        if options.get("level") is not None:
            scenario, level = None, level_value(options["level"])
        if options.get("dungeon") is not None:
            dungeon = level_value(options["dungeon"], "dungeon")
    fields = {}
    if scenario is not None:
        fields["scenario"] = scenario
    if level is not None:
        fields["level"] = level
    if dungeon is not None:
        fields["dungeon"] = dungeon
    return fields


def actions_name(actions):
    """How errors name an env's actions."""
    default = loaded_default()
    return "cogsim.ACTIONS" if default is not None and actions is default.actions else "env.actions"


def step_frame(action, env, actions, frames):
    """The framed step request of an action (an index into actions, the
    env's, or a reply string); frames are the actions' requests for env
    0."""
    name = actions_name(actions)
    if isinstance(action, str):
        return step_request(env, action.encode())
    try:
        i = operator.index(action)
    except TypeError:
        raise InvalidAction(f"action: {action!r} is neither a reply string nor an index into "
                            f"{name} (0 … {len(actions) - 1})") from None
    if not 0 <= i < len(actions):
        raise InvalidAction(f"action: {i} is out of range 0 … {len(actions) - 1} ({name})")
    if env == 0:
        return frames[i]
    return action_request(env, i)


def actions_of(session):
    """The actions the server lists (§29, §32.3): cogsim.ACTIONS itself
    when they are the cog game's, else the longer list with the verbs of
    the mechanics after them."""
    got = session.layout.actions
    default = loaded_default()
    return default.actions if default is not None and got == default.actions else got


def copied(obs):
    """obs with arrays of its own instead of views into the session's
    records (copy=True)."""
    return {key: value.copy() for key, value in obs.items()}


def copied_info(info):
    """info with its own action mask (copy=True)."""
    if "action_mask" in info:
        info["action_mask"] = info["action_mask"].copy()
    return info


def obs_of(records, k=0):
    """Observation k of a batch as a dict of arrays (views, no copy)."""
    r = records[k]
    return {key: r[key] for key in obs_keys(records.dtype)}


class Env(BaseEnv):
    """One cogsim episode at a time, with Gymnasium's API.

    rules      -- "cog" (default), "nethack" or "rogue"
    mechanics  -- extra mechanics, a list of names (e.g. ["yellow-mold"])
    seed       -- the first episode's seed when reset() names none; it also
                  seeds the generator that draws later episodes' seeds
    binary     -- the cogsim executable (default: COGSIM, PATH, go build)
    max_turns  -- end each episode after this many command turns (§13)
    scenario   -- a §19 scenario: dict, JSON string or path
    level      -- a level script (§38) that builds the first level: the
                  path of a .star file, or the script's source (a string
                  with a newline or not ending in ".star")
    dungeon    -- a dungeon script's path (§38.4): which level script
                  builds which depths, the rest generated
    render_mode-- None, "ansi" (render() returns the text), "rgb_array"
                  (render() returns the picture: uint8 [336, 768, 3], the
                  message, map and status in the window's colours) or
                  "human" (render() prints the text)
    transport  -- "pipe" (default, faster) or "socket"
    shm        -- True (default): the records come through shared memory
                  when the system has it; False: in the answers (slower)
    poll       -- True (default): with the pipe, each side tries it for
                  ~50 us before sleeping on it (faster steps, at most that
                  much of a core per wait); False: sleep at once (and
                  a VecEnv's helpers on the other cores go at once
                  after each batch instead of lingering 300 us)
    copy       -- False (default): observations are views (below); True:
                  arrays of their own, for wrappers that keep them (such
                  as Gymnasium's FrameStackObservation), at a copy a step
    step       -- "tick" (default): a step is one primitive, one tick
                  (§37.1), 2 200 steps to an episode that runs the clock;
                  "turn": a step is a reply, one command turn (§29)
    observation_keys -- the arrays to compute and send (NLE's; default
                  every one, "action_mask" included, which is info's):
                  e.g. ("glyphs", "stats") for speed
    crop       -- the side of the *_crop arrays' window (odd; default 9)

    Observations are dicts of arrays: glyphs int16 [18, 48], chars uint8
    [18, 48], colors uint8 [18, 48], stats int32 [14] (cogsim.STATS,
    cogsim.Stat order), message uint8 [256], inv_letters uint8 [26],
    inv_oclasses uint8 [26], inv_glyphs int16 [26], inv_strs uint8
    [26, 80], glyphs_crop int16 [9, 9], chars_crop and colors_crop uint8
    [9, 9] (docs/serve.md); info["action_mask"] is int8
    [len(env.actions)], also env.action_masks(). They are views into the
    session's records: with shared memory they hold until the step after
    next (copy them to keep them longer, or make the env with copy=True).
    An action is an index into env.actions — the server's list, which is
    cogsim.ACTIONS for the cog game and has the verbs of the mechanics
    installed after it (docs/serve.md) — or a reply string (§14): of one
    primitive with tick steps ("eat b"), any reply with turn steps.
    """

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}

    def __init__(self, rules="cog", mechanics=None, seed=None, binary=None, max_turns=None,
                 scenario=None, render_mode=None, transport="pipe", shm=True, task=None, record_dir=None,
                 poll=True, copy=False, level=None, dungeon=None, step="tick", observation_keys=None, crop=None):
        configure(self, rules, mechanics, seed, max_turns, scenario, render_mode, task, level, dungeon)
        self.copy = bool(copy)
        self.step_mode = check_step(step)
        keys = check_keys(observation_keys)
        self._session = None
        self._session = Session(1, binary=binary, rules=rules, mechanics=self.mechanics,
                                max_turns=max_turns, transport=transport, shm=shm, task=task,
                                record_dir=record_dir, poll=poll, step=step, keys=keys, crop=crop)
        record = self._session.record
        self.observation_keys = obs_keys(record)
        self._has_mask = "mask" in record.fields
        self._has_text = has_text(record)
        self.observation_space = observation_space(record)
        self.actions = actions_of(self._session)
        # The step request of each action index, framed once.
        self._frames = tuple(action_request(0, i) for i in range(len(self.actions)))
        self.action_space = Discrete(len(self.actions))
        self._fast = None
        if self._session.shared:
            # Per region: slot 0's observation dict (views), mask and
            # offset, made once: a step only picks its region's.
            regions = self._session._regions
            self._fast = tuple(({key: reg[key][0] for key in self.observation_keys},
                                reg["mask"][0] if self._has_mask else None,
                                self._session.record_offset(r, 0)) for r, reg in enumerate(regions))
        self._started = False
        self._ended = False
        self._record = None
        self.seed_used = None  # the cogsim seed of the current episode

    # -- Gymnasium's API -----------------------------------------------

    def reset(self, *, seed=None, options=None):
        """Start an episode: with seed, cogsim's episode seed, reproducibly
        (and it seeds the generator that draws later seeds); without, the
        next seed from that generator. options may hold "scenario",
        "level" or "dungeon", for this episode instead of the env's; any
        other option is refused."""
        check_options(options)
        obs, info = self._reset(seed=seed, options=options)
        return (copied(obs), copied_info(info)) if self.copy else (obs, info)

    def _reset(self, *, seed=None, options=None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        episode_seed = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        req = {"op": "reset", "env": 0, "seed": episode_seed}
        fields = reset_fields(self, options)
        req.update(fields)
        session = self._live()
        if not fields:
            # The common request, framed without json.dumps.
            body = b'{"op":"reset","env":0,"seed":%d}' % episode_seed
            data = len(body).to_bytes(4, "little") + body
        else:
            data = frame(req)
        self.seed_used = episode_seed
        if self._fast is not None:
            region, _, _, extras = session.doorbell(data)
            self._started, self._ended = True, False
            return self._fast_answer(session, region, extras)[::4]
        got = session.observations(data)
        self._started, self._ended = True, False
        rec = got.records
        self._record = rec[0]
        return obs_of(rec), self._info(rec[0], got.extras)

    def _fast_answer(self, session, region, extras):
        """(obs, reward, terminated, truncated, info) of slot 0's record in
        a region of the shared memory."""
        views, mask, at = self._fast[region]
        read, off = session.flags_reward
        flags, reward = read.unpack_from(session._mem, at + off)
        self._record = session._regions[region][0]
        self._ended = bool(flags & ENDED)
        info = {"unusable": bool(flags & UNUSABLE), "ignored": "", "deeds": []}
        if self._has_text:
            info["text"] = session.text_at(at)
        if mask is not None:
            info["action_mask"] = mask
        if extras is not None:
            self._extras(info, extras.get(0))
        return dict(views), float(reward), bool(flags & TERMINATED), bool(flags & TRUNCATED), info

    def step(self, action):
        """Play one action: (obs, reward, terminated, truncated, info). With
        tick steps an action is one tick: a paralysed cog does not use it
        (info["ignored"] names it)."""
        if not self.copy:
            return self._step(action)
        obs, reward, terminated, truncated, info = self._step(action)
        return copied(obs), reward, terminated, truncated, copied_info(info)

    def _step(self, action):
        if self._ended or not self._started:
            self._live()  # after close(): says so
            raise CogsimError("step() after the episode ended: call reset()" if self._started
                              else "step() before reset()")
        frames = self._frames
        if type(action) is int and 0 <= action < len(frames):
            data = frames[action]  # the common case: an action index
        else:
            data = step_frame(action, 0, self.actions, frames)
        session = self._live()
        try:
            if self._fast is not None:
                region, _, _, extras = session.doorbell(data)
                return self._fast_answer(session, region, extras)
            got = session.observations(data)
        except CogsimError as exc:
            if "reply: a tick step plays one primitive" in str(exc):
                raise InvalidAction(str(exc)) from None
            raise
        r = got.records[0]
        flags = int(r["flags"])
        self._record = r
        self._ended = bool(flags & ENDED)
        return ({key: r[key] for key in self.observation_keys}, float(r["reward"]), bool(flags & TERMINATED),
                bool(flags & TRUNCATED), self._info(r, got.extras))

    def render(self):
        if self._record is None:
            return None
        if self.render_mode == "rgb_array":
            return self._live().render(0)
        text = self.text
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text

    def close(self):
        if self._session is not None:
            self._session.close()
            self._session = None
        self._started = False
        self._record = None

    # -- beyond Gymnasium ----------------------------------------------

    def snapshot(self, portable=False):
        """The whole episode as bytes (§27.2), for restore(): the packed
        form, which this env's session (or another session of the same
        engine build) restores in tens of microseconds (§37.7); with
        portable=True the JSON form, which any session of the engine
        restores."""
        if not self._started:
            self._live()  # after close(): says so
            raise CogsimError("snapshot() before reset()")
        return self._live().snapshot(0, portable)

    def restore(self, snapshot):
        """Make this env's episode the snapshot's; it continues exactly as
        the original did. Returns (obs, info) at that point (reward 0)."""
        got = self._live().restore(0, snapshot)
        rec = got.records
        self._record = rec[0]
        self._started = True
        self._ended = bool(int(rec[0]["flags"]) & ENDED)
        obs, info = obs_of(rec), self._info(rec[0], got.extras)
        return (copied(obs), copied_info(info)) if self.copy else (obs, info)

    def result(self):
        """The episode's result (§16) so far, a dict — after its end the
        final one, also when a wrapper such as Gymnasium's TimeLimit cut it
        short (then its "cause" is "" and "turns" says how far it got)."""
        if not self._started:
            self._live()  # after close(): says so
            raise CogsimError("result() before reset()")
        return self._live().request_json({"op": "result", "env": 0})["result"]

    @property
    def text(self):
        """The current observation's 20 lines of text."""
        if self._record is None:
            return None
        if self._has_text:
            return text_of(self._record)
        return self._live().text(0)

    def action_masks(self):
        """The action mask now, int8 [len(env.actions)] (sb3-contrib's
        MaskablePPO calls this): info["action_mask"]."""
        if not self._has_mask:
            raise CogsimError('action_masks(): the env computes no mask (put "action_mask" in observation_keys)')
        if self._record is None:
            raise CogsimError("action_masks() before reset()")
        return self._record["mask"].copy() if self.copy else self._record["mask"]

    @property
    def conditions(self):
        """The names of the bits of stats[Stat.CONDITIONS], from the low
        bit: Conf, Para, Stuck, Trap, then the env's mechanics' words."""
        return self._live().layout.conditions

    @property
    def server_info(self):
        """What `cogsim serve` answered to info: stats, glyph table, actions."""
        return self._live().info

    def _live(self):
        if self._session is None:
            raise CogsimError("the env is closed")
        return self._session

    @staticmethod
    def _info(r, extras):
        flags = int(r["flags"])
        info = {"unusable": bool(flags & UNUSABLE), "ignored": "", "deeds": []}
        if has_text(r.dtype):
            info["text"] = text_of(r)
        if "mask" in r.dtype.fields:
            info["action_mask"] = r["mask"]
        if extras is not None:
            Env._extras(info, extras.get(int(r["env"])))
        return info

    @staticmethod
    def _extras(info, e):
        """Put what the trailer says of the env (e, or None) into info."""
        if e is not None:
            info["ignored"] = e.get("ignored", "")
            info["deeds"] = e.get("deeds", [])
            if "end" in e:
                info["result"] = e["end"]

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass
