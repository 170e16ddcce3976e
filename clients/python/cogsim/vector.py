"""cogsim.VecEnv: n episodes in one `cogsim serve` process, with
Gymnasium's vector-env semantics and next-step autoreset."""


import numpy as np

from ._errors import CogsimError, InvalidAction
from ._session import (ENDED, IGNORED, RESTART_ACTION, RESTART_REPLY, packed, TERMINATED, TRUNCATED, UNUSABLE,
                       Session, actions_request, frame, text_of)
from ._spaces import NEXT_STEP, BaseVectorEnv, Discrete, batch
from .env import (OBS_KEYS, SEED_BOUND, Env, actions_name, actions_of, configure, copied, copied_info, obs_of,
                  observation_space, reset_fields)


class VecEnv(BaseVectorEnv):
    """num_envs cogsim episodes stepped together.

    The arguments are Env's. Observations are dicts of batched arrays
    (glyphs [n, 18, 48], chars [n, 18, 48], stats [n, 14], message
    [n, 256], and the rest of Env's keys): views into the session's
    records — with shared memory (shm=True, the default where there is
    some) they hold until the step after next, so copy what you keep
    longer (or make the vector env with copy=True, as Gymnasium's own
    vector envs copy by default); without, into the step's own answer
    buffer.
    infos["action_mask"] is bool [n, len(env.actions)]. Actions are n indices into
    env.actions (an int array) — cogsim.ACTIONS for the cog game, with the
    installed mechanics' verbs after it otherwise — or n reply strings.

    Autoreset is Gymnasium's next step: the step after an env's episode
    ended starts its next episode (the action is not played) and returns
    that episode's first observation with reward 0 and both flags false.
    infos holds, Gymnasium's way (a value array and a "_key" mask):
    "result" for envs whose episode ended this step, "ignored" for replies
    with ignored tokens, "unusable" for unreadable replies.

    max_episode_steps (what gymnasium.make_vec passes) is a TimeLimit on
    each env: the step that reaches it truncates the episode, with its
    result so far in infos (cause ""), and the next step starts the env's
    next episode as an autoreset does.
    """

    metadata = {"autoreset_mode": NEXT_STEP, "render_modes": ["ansi", "rgb_array"]}

    def __init__(self, num_envs, rules="cog", mechanics=None, seed=None, binary=None,
                 max_turns=None, scenario=None, render_mode=None, transport="pipe", shm=True, task=None,
                 record_dir=None, poll=True, max_episode_steps=None, copy=False, level=None, dungeon=None):
        if int(num_envs) < 1:
            raise ValueError(f"num_envs: must be at least 1, got {num_envs}")
        if max_episode_steps is not None and (isinstance(max_episode_steps, bool) or
                                              not isinstance(max_episode_steps, (int, np.integer)) or
                                              max_episode_steps < 1):
            raise ValueError(f"max_episode_steps: must be a positive int or None, got {max_episode_steps!r}")
        self.num_envs = int(num_envs)
        self.copy = bool(copy)
        # The TimeLimit: steps since each env's episode started, the envs
        # it cut last step (they restart now) and those that ended.
        self._limit = None if max_episode_steps is None else int(max_episode_steps)
        self._steps = np.zeros(self.num_envs, dtype=np.int64)
        self._cut = np.zeros(self.num_envs, dtype=bool)
        self._ended = np.zeros(self.num_envs, dtype=bool)
        configure(self, rules, mechanics, seed, max_turns, scenario, render_mode, task, level, dungeon)
        self._session = None
        self._session = Session(self.num_envs, binary=binary, rules=rules, mechanics=self.mechanics,
                                max_turns=max_turns, autoreset=True, transport=transport, shm=shm, task=task,
                                record_dir=record_dir, poll=poll)
        self.single_observation_space = observation_space(self._session.record)
        self.actions = actions_of(self._session)
        # Each action as it stands in a binary step_all request.
        self._packed = tuple(packed(a) for a in self.actions)
        self.single_action_space = Discrete(len(self.actions))
        self.observation_space = batch(self.single_observation_space, self.num_envs)
        self.action_space = batch(self.single_action_space, self.num_envs)
        self._records = None
        self._all = np.ones(self.num_envs, dtype=bool)
        # Per region of the shared memory: the batch's observation views.
        self._views = None
        if self._session.shared:
            # ... and the fields step reads, made once: a field of a
            # structured array is a new view each time it is read.
            self._views = tuple({key: reg[key] for key in OBS_KEYS} for reg in self._session._regions)
            # The flags and rewards from the columns, a few cache lines
            # each.
            self._fields = tuple((flags, reward) + _fields(reg)[2:]
                                 for reg, (flags, reward) in zip(self._session._regions, self._session.columns))

    def reset(self, *, seed=None, options=None):
        """Reset every env: seed an int (env i plays seed + i), a list of n
        seeds, or None (drawn from the vector env's generator)."""
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        session = self._live()
        fields = reset_fields(self, options)
        if isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError(f"seed: {len(seed)} seeds for {self.num_envs} envs")
            super().reset(seed=None)
            parts = []
            for i, s in enumerate(seed):
                req = {"op": "reset", "env": i}
                if s is not None:
                    req["seed"] = int(s)
                req.update(fields)
                parts.append(session.observations(frame(req)).records)
            records, extras = np.concatenate(parts), None
        else:
            super().reset(seed=seed)
            first = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND - self.num_envs))
            req = {"op": "reset_all", "seed": first}
            req.update(fields)
            got = session.observations(frame(req))
            records, extras = got.records, got.extras
        self._records = records
        self._steps[:], self._cut[:], self._ended[:] = 0, False, False
        fields = _fields(records)
        obs, infos = self._obs(records), self._infos(fields, _seen(fields[0]), extras)
        return (copied(obs), copied_info(infos)) if self.copy else (obs, infos)

    def step(self, actions):
        """Step every env: (obs, rewards, terminations, truncations, infos)."""
        if self._records is None:
            raise CogsimError("step() before reset()")
        session = self._live()
        cut = self._cut if self._limit is not None and self._cut.any() else None
        data = self._step_frame(actions, cut)
        if session.shared:
            region, first, n, extras = session.doorbell(data)
            self._records = session._regions[region]
            out = self._answer(dict(self._views[region]), self._fields[region], extras)
        else:
            got = session.observations(data)
            self._records = got.records
            out = self._answer(self._obs(got.records), _fields(got.records), got.extras)
        if self._limit is not None:
            self._time_limit(out, cut)
        if self.copy:
            obs, rewards, terminated, truncated, infos = out
            return copied(obs), rewards, terminated, truncated, copied_info(infos)
        return out

    def _time_limit(self, out, cut):
        """Apply max_episode_steps to step's answer out; cut: the envs
        that restarted this step (None: none)."""
        _, _, terminated, truncated, infos = out
        fresh = self._ended if cut is None else self._ended | cut
        self._steps += 1
        self._steps[fresh] = 0
        self._ended = terminated | truncated
        newly = (self._steps >= self._limit) & ~self._ended
        self._cut = newly
        if newly.any():
            truncated |= newly
            if "result" not in infos:
                infos["result"] = np.full(self.num_envs, None, dtype=object)
                infos["_result"] = np.zeros(self.num_envs, dtype=bool)
            for i in np.flatnonzero(newly):
                infos["result"][i] = self.result(int(i))
                infos["_result"][i] = True

    def _answer(self, obs, fields, extras):
        """step's answer of a batch's observations and fields."""
        flags, reward = fields[0], fields[1]
        # One reduction tells which flags any env has: most steps none
        # ends and none is unusable.
        seen = _seen(flags)
        return (obs, reward.astype(np.float64), self._flag(flags, seen, TERMINATED),
                self._flag(flags, seen, TRUNCATED), self._infos(fields, seen, extras))

    def _name(self):
        return actions_name(self.actions)

    def _step_frame(self, actions, cut=None):
        """The step_all request of actions; the envs cut (a bool array,
        or None) restart instead (docs/serve.md)."""
        n = self.num_envs
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            if actions.ndim != 1:
                raise InvalidAction(f"actions: shape {actions.shape} for {n} envs, not ({n},)")
            idx = actions
            if idx.size != n:
                raise InvalidAction(f"actions: {idx.size} actions for {n} envs")
            if idx.size and (idx.min() < 0 or idx.max() >= len(self.actions)):
                bad = idx[(idx < 0) | (idx >= len(self.actions))][0]
                raise InvalidAction(f"actions: {bad} is out of range 0 … {len(self.actions) - 1} ({self._name()})")
            if cut is not None:
                idx = idx.astype("<i2")
                idx[cut] = RESTART_ACTION
            return actions_request(idx)
        else:
            if isinstance(actions, (str, bytes)) or not hasattr(actions, "__iter__"):
                raise InvalidAction(f"actions: {actions!r}: one action per env, a sequence of {n} "
                                    f"(indices into {self._name()} or reply strings)")
            if isinstance(actions, np.ndarray) and actions.ndim != 1:
                raise InvalidAction(f"actions: shape {actions.shape} for {n} envs, not ({n},)")
            actions = list(actions)
            if len(actions) != n:
                raise InvalidAction(f"actions: {len(actions)} actions for {n} envs")
            quoted = []
            for a in actions:
                if isinstance(a, str):
                    quoted.append(packed(a))
                    continue
                try:
                    i = int(a)
                except (TypeError, ValueError):
                    raise InvalidAction(f"actions: {a!r} is neither a reply string nor an index into "
                                        f"{self._name()}") from None
                if i != a or not 0 <= i < len(self.actions):
                    raise InvalidAction(f"actions: {a!r} is out of range 0 … {len(self.actions) - 1} ({self._name()})")
                quoted.append(self._packed[i])
        if cut is not None:
            for i in np.flatnonzero(cut):
                quoted[i] = RESTART_REPLY
        body = b"a" + b"".join(quoted)
        return len(body).to_bytes(4, "little") + body

    def render(self):
        """Each env's observation: its text (render_mode "ansi"), or its
        picture (render_mode "rgb_array": uint8 [336, 768, 3], Env's),
        a tuple of n."""
        if self._records is None:
            return None
        if self.render_mode == "rgb_array":
            session = self._live()
            return tuple(session.render(i) for i in range(self.num_envs))
        return tuple(text_of(r) for r in self._records)

    def text(self, i):
        """The current observation text of env i."""
        return None if self._records is None else text_of(self._records[i])

    def result(self, i):
        """The result (§16) of env i's episode so far, a dict (see
        Env.result)."""
        return self._live().request_json({"op": "result", "env": self._index(i)})["result"]

    def snapshot(self, i):
        """Env i's whole episode as bytes."""
        if self._records is None:
            raise CogsimError("snapshot() before reset()")
        return self._live().snapshot(self._index(i))

    def restore(self, i, snapshot):
        """Make env i's episode the snapshot's; returns (obs, info) of that
        env alone."""
        got = self._live().restore(self._index(i), snapshot)
        if self._records is not None:
            self._records = self._records.copy()
            self._records[i] = got.records[0]
        obs, info = obs_of(got.records), Env._info(got.records[0], got.extras)
        return (copied(obs), copied_info(info)) if self.copy else (obs, info)

    def close_extras(self, **kwargs):
        if self._session is not None:
            self._session.close()
            self._session = None

    def close(self, **kwargs):
        self.close_extras()
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _index(self, i):
        i = int(i)
        if not 0 <= i < self.num_envs:
            raise IndexError(f"env: {i} is out of range 0 … {self.num_envs - 1}")
        return i

    def _live(self):
        if self._session is None:
            raise CogsimError("the vector env is closed")
        return self._session

    @staticmethod
    def _obs(r):
        return {key: r[key] for key in OBS_KEYS}

    def _flag(self, flags, seen, bit):
        """Whether each env's flags have bit; seen is every flag any has."""
        if seen & bit:
            return (flags & bit) != 0
        return np.zeros(self.num_envs, dtype=bool)

    def _infos(self, fields, seen, extras):
        flags, _, mask, envs = fields
        infos = {"action_mask": mask, "_action_mask": self._all}
        if seen & UNUSABLE:
            unusable = (flags & UNUSABLE) != 0
            infos["unusable"], infos["_unusable"] = unusable, unusable.copy()
        if extras:
            n = self.num_envs
            # Each key's pair of arrays is made when an env has it: most
            # batches with a trailer have one or two of the three.
            arrays = {}
            for env, e in extras.items():
                # Row k holds env k in a batch of every env; look it up
                # otherwise.
                k = env if env < n and envs[env] == env else int(np.flatnonzero(envs == env)[0])
                for key, value, has in (("result", e.get("end"), "end" in e),
                                        ("ignored", e.get("ignored"), bool(e.get("ignored"))),
                                        ("deeds", e.get("deeds"), bool(e.get("deeds")))):
                    if has:
                        pair = arrays.get(key)
                        if pair is None:
                            pair = arrays[key] = (np.full(n, "" if key == "ignored" else None, dtype=object),
                                                  np.zeros(n, dtype=bool))
                        pair[0][k], pair[1][k] = value, True
            for key in ("result", "ignored", "deeds"):
                if key in arrays:
                    infos[key], infos["_" + key] = arrays[key]
        return infos

    def __del__(self):
        try:
            self.close_extras()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass


def _fields(records):
    """The fields of a batch's records that step reads: flags, reward,
    mask, env (a field of a structured array is a new view each time it
    is read, so a region's are made once)."""
    return records["flags"], records["reward"], records["mask"], records["env"]


def _seen(flags):
    """Every flag any env has."""
    return int(np.bitwise_or.reduce(flags))
