"""cogsim.VecEnv: n episodes in one `cogsim serve` process, with
Gymnasium's vector-env semantics and next-step autoreset, and EnvPool's
asynchronous send/recv."""

import collections

import numpy as np

from ._errors import CogsimError, InvalidAction
from ._session import (ENDED, RESTART_ACTION, RESTART_REPLY, TERMINATED, TRUNCATED, UNUSABLE, Session,
                       actions_request, frame, has_text, packed, some_request, text_of)
from ._spaces import NEXT_STEP, BaseVectorEnv, Discrete, batch
from .env import (RESET_OPTIONS, SEED_BOUND, Env, actions_name, actions_of, check_keys, check_options, check_step,
                  configure, copied, copied_info, obs_keys, obs_of, observation_space, reset_fields)


class VecEnv(BaseVectorEnv):
    """num_envs cogsim episodes stepped together.

    The arguments are Env's. Observations are dicts of batched arrays
    (glyphs [n, 18, 48], chars [n, 18, 48], stats [n, 14], message
    [n, 256], and the rest of Env's keys, or those of observation_keys):
    views into the session's records — with shared memory (shm=True, the
    default where there is some) they hold until the step after next, so
    copy what you keep longer (or make the vector env with copy=True, as
    Gymnasium's own vector envs copy by default); without, into the
    step's own answer buffer.
    infos["action_mask"] is int8 [n, len(env.actions)]. Actions are n
    indices into env.actions (an int array) — cogsim.ACTIONS for the cog
    game, with the installed mechanics' verbs after it otherwise — or n
    reply strings (of one primitive each with tick steps).

    Autoreset is Gymnasium's next step: the step after an env's episode
    ended starts its next episode (the action is not played) and returns
    that episode's first observation with reward 0 and both flags false.
    infos holds, Gymnasium's way (a value array and a "_key" mask):
    "result" for envs whose episode ended this step, "ignored" for actions
    not played (a reply's unknown tokens; a tick step of a paralysed
    cog), "unusable" for unreadable replies, "deeds" for deeds earned.

    reset(options={"reset_mask": m}) resets only the envs m marks
    (Gymnasium 1.x), the others answering as they are.

    max_episode_steps (what gymnasium.make_vec passes) is a TimeLimit on
    each env: the step that reaches it truncates the episode, with its
    result so far in infos (cause ""), and the next step starts the env's
    next episode as an autoreset does.

    batch_size=k (1 … n; default n) adds EnvPool's asynchronous stepping:
    async_reset(), then send(actions, env_ids) starts those envs' steps
    without waiting, and recv() returns the first k envs whose step is
    done (in the order sent), infos["env_id"] naming them — so the
    policy works on one batch while the server steps another:

        env = cogsim.VecEnv(64, batch_size=32)
        env.async_reset()
        while True:
            obs, rew, term, trunc, info = env.recv()
            env.send(policy(obs, info["action_mask"]), info["env_id"])
    """

    metadata = {"autoreset_mode": NEXT_STEP, "render_modes": ["ansi", "rgb_array"]}

    def __init__(self, num_envs, rules="cog", mechanics=None, seed=None, binary=None,
                 max_turns=None, scenario=None, render_mode=None, transport="pipe", shm=True, task=None,
                 record_dir=None, poll=True, max_episode_steps=None, copy=False, level=None, dungeon=None,
                 step="tick", observation_keys=None, crop=None, batch_size=None):
        if int(num_envs) < 1:
            raise ValueError(f"num_envs: must be at least 1, got {num_envs}")
        if max_episode_steps is not None and (isinstance(max_episode_steps, bool) or
                                              not isinstance(max_episode_steps, (int, np.integer)) or
                                              max_episode_steps < 1):
            raise ValueError(f"max_episode_steps: must be a positive int or None, got {max_episode_steps!r}")
        self.num_envs = int(num_envs)
        if batch_size is None:
            batch_size = self.num_envs
        if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) or \
                not 1 <= batch_size <= self.num_envs:
            raise ValueError(f"batch_size: must be 1 … {self.num_envs} (num_envs), got {batch_size!r}")
        self.batch_size = int(batch_size)
        self.copy = bool(copy)
        self.step_mode = check_step(step)
        keys = check_keys(observation_keys)
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
                                record_dir=record_dir, poll=poll, step=step, keys=keys, crop=crop)
        record = self._session.record
        self.observation_keys = obs_keys(record)
        self._has_mask = "mask" in record.fields
        self.single_observation_space = observation_space(record)
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
            self._views = tuple({key: reg[key] for key in self.observation_keys} for reg in self._session._regions)
            # The flags and rewards from the columns, a few cache lines
            # each.
            self._fields = tuple((flags, reward) + _fields(reg)[2:]
                                 for reg, (flags, reward) in zip(self._session._regions, self._session.columns))
        # Asynchronous stepping: the env ids of each request sent and not
        # yet read, in order; the envs stepped and not yet returned by
        # recv, each (env, its record (a copy), its trailer entry, cut by
        # the TimeLimit); each env's state: IDLE (it may be sent),
        # SENT (stepping) or READY (stepped, waiting for recv).
        self._sent = collections.deque()
        self._ready = collections.deque()
        self._state = np.zeros(self.num_envs, dtype=np.int8)
        self._last_ids = None

    def reset(self, *, seed=None, options=None):
        """Reset every env, or with options={"reset_mask": m} (a bool array
        of n) only the envs m marks, the others answering as they are
        (Gymnasium 1.x). seed: an int (env i plays seed + i), a list of n
        seeds, or None (drawn from the vector env's generator). options
        may also hold "scenario", "level" or "dungeon"; any other is
        refused."""
        check_options(options, RESET_OPTIONS + ("reset_mask",))
        if self._sent:
            raise CogsimError(f"reset(): {self._stepping()} envs are stepping (send): recv() them first")
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        session = self._live()
        mask = None if options is None else options.get("reset_mask")
        fields = reset_fields(self, options)
        req = {"op": "reset_all"}
        if mask is not None:
            mask = _check_mask(mask, self.num_envs)
            req["envs"] = np.flatnonzero(mask).tolist()
        if isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError(f"seed: {len(seed)} seeds for {self.num_envs} envs")
            super().reset(seed=None)
            envs = req.get("envs", range(self.num_envs))
            req["seeds"] = [None if seed[i] is None else int(seed[i]) for i in envs]
            if "envs" not in req:
                req["envs"] = list(envs)
        else:
            super().reset(seed=seed)
            first = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND - self.num_envs))
            req["seed"] = first
        req.update(fields)
        got = session.observations(frame(req))
        records, extras = got.records, got.extras
        self._records = records
        reset = self._all if mask is None else mask
        self._steps[reset], self._cut[reset], self._ended[reset] = 0, False, False
        if self._ready:
            self._ready = collections.deque(it for it in self._ready if not reset[it[0]])
        self._state[reset] = IDLE
        if mask is not None and extras:
            # The others' trailer entries (an end they had) are not this
            # reset's.
            extras = {i: e for i, e in extras.items() if mask[i]}
        fields = _fields(records)
        obs, infos = self._obs(records), self._infos(fields, _seen(fields[0]), extras)
        return (copied(obs), copied_info(infos)) if self.copy else (obs, infos)

    def step(self, actions):
        """Step every env: (obs, rewards, terminations, truncations, infos)."""
        if self._records is None:
            raise CogsimError("step() before reset()")
        if self._sent or self._ready:
            raise CogsimError(f"step(): {self._stepping() + len(self._ready)} envs are stepping or stepped "
                              "(send): recv() them first, or reset()")
        session = self._live()
        cut = self._cut if self._limit is not None and self._cut.any() else None
        data = self._step_frame(actions, cut)
        try:
            if session.shared:
                region, first, n, extras = session.doorbell(data)
                self._records = session._regions[region]
                out = self._answer(dict(self._views[region]), self._fields[region], extras)
            else:
                got = session.observations(data)
                self._records = got.records
                out = self._answer(self._obs(got.records), _fields(got.records), got.extras)
        except CogsimError as exc:
            if "reply: a tick step plays one primitive" in str(exc):
                raise InvalidAction(str(exc)) from None
            raise
        if self._limit is not None:
            self._time_limit(out, cut)
        if self.copy:
            obs, rewards, terminated, truncated, infos = out
            return copied(obs), rewards, terminated, truncated, copied_info(infos)
        return out

    # -- EnvPool's asynchronous stepping (§37.6) -------------------------

    def async_reset(self, *, seed=None, options=None):
        """Reset every env (as reset does) and make them all ready: the next
        recv() returns the first batch_size envs' first observations."""
        self.reset(seed=seed, options=options)
        records = self._records
        self._ready.clear()
        for i in range(self.num_envs):
            self._ready.append((i, records[i].copy(), None, False))
        self._state[:] = READY

    def send(self, actions, env_ids=None):
        """Start the steps of the envs env_ids (default: those the last recv
        returned) with actions (an action per env, as step takes them),
        without waiting for them: recv() returns them when they are done.
        An env stepping, or stepped and not yet received, cannot be sent."""
        if self._records is None:
            raise CogsimError("send() before async_reset()")
        if env_ids is None:
            env_ids = self._last_ids
            if env_ids is None:
                raise CogsimError("send(): no env_ids, and no recv() yet to take them from")
        ids = np.asarray(env_ids)
        if ids.ndim != 1 or ids.size == 0 or ids.dtype.kind not in "iu":
            raise InvalidAction(f"env_ids: a 1-D array of env indices, not {env_ids!r}")
        if ids.min() < 0 or ids.max() >= self.num_envs:
            raise InvalidAction(f"env_ids: {ids.tolist()} has an env out of range 0 … {self.num_envs - 1}")
        if len(np.unique(ids)) != ids.size:
            raise InvalidAction(f"env_ids: {ids.tolist()} names an env twice")
        ids = ids.astype(np.int64)
        busy = ids[self._state[ids] != IDLE]
        if busy.size:
            what = "stepping" if self._state[busy[0]] == SENT else "stepped and not received"
            raise CogsimError(f"send(): env {int(busy[0])} is {what}: recv() it first")
        cut = self._cut[ids] if self._limit is not None and self._cut[ids].any() else None
        data = self._some_frame(actions, ids, cut)
        self._live().send(data)
        self._sent.append(ids)
        self._state[ids] = SENT

    def recv(self):
        """The first batch_size envs whose step is done (in the order sent):
        (obs, rewards, terminations, truncations, infos), batched over
        them, infos["env_id"] naming them. Their arrays are copies."""
        k = self.batch_size
        while len(self._ready) < k:
            if not self._sent:
                raise CogsimError(f"recv(): {len(self._ready)} envs are ready and none is stepping: "
                                  f"send() some (batch_size is {k})")
            self._read_answer()
        items = [self._ready.popleft() for _ in range(k)]
        ids = np.array([it[0] for it in items], dtype=np.int64)
        records = np.stack([it[1] for it in items])
        extras = {j: it[2] for j, it in enumerate(items) if it[2] is not None}
        fields = _fields(records)
        flags = fields[0]
        seen = _seen(flags)
        term = (flags & TERMINATED) != 0 if seen & TERMINATED else np.zeros(k, dtype=bool)
        trunc = (flags & TRUNCATED) != 0 if seen & TRUNCATED else np.zeros(k, dtype=bool)
        infos = self._batch_infos(fields, seen, extras, k, by_row=True)
        cut = np.array([it[3] for it in items], dtype=bool)
        if cut.any():
            trunc = trunc | cut
            if "result" not in infos:
                infos["result"] = np.full(k, None, dtype=object)
                infos["_result"] = np.zeros(k, dtype=bool)
            for j in np.flatnonzero(cut):
                infos["result"][j] = self.result(int(ids[j]))
                infos["_result"][j] = True
        infos["env_id"] = ids
        self._state[ids] = IDLE
        self._last_ids = ids
        obs = {key: records[key] for key in self.observation_keys}
        return obs, fields[1].astype(np.float64), term, trunc, infos

    def _read_answer(self):
        """Read the answer of the oldest request sent: its envs become
        ready, each with a copy of its record (and the TimeLimit counts
        their steps)."""
        session = self._live()
        ids = self._sent.popleft()
        got = session.decode(*session.recv_exact())
        records = got.region[ids] if got.region is not None else got.records.copy()
        extras = got.extras or {}
        flags = records["flags"]
        for j, i in enumerate(ids.tolist()):
            cut = False
            if self._limit is not None:
                if self._cut[i] or self._ended[i]:
                    self._steps[i] = 0
                self._cut[i] = False
                self._steps[i] += 1
                self._ended[i] = bool(flags[j] & (TERMINATED | TRUNCATED))
                if self._steps[i] >= self._limit and not self._ended[i]:
                    self._cut[i] = cut = True
            self._ready.append((i, records[j], extras.get(i), cut))
        self._state[ids] = READY

    def _stepping(self):
        return int(sum(len(ids) for ids in self._sent))

    def _some_frame(self, actions, ids, cut):
        """The step_some request of actions for envs ids; the envs cut (a
        bool array over ids, or None) restart instead."""
        n = len(ids)
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            if actions.shape != (n,):
                raise InvalidAction(f"actions: shape {actions.shape} for {n} envs, not ({n},)")
            if n and (actions.min() < 0 or actions.max() >= len(self.actions)):
                bad = actions[(actions < 0) | (actions >= len(self.actions))][0]
                raise InvalidAction(f"actions: {bad} is out of range 0 … {len(self.actions) - 1} ({self._name()})")
            idx = actions.astype("<i2")
            if cut is not None:
                idx[cut] = RESTART_ACTION
            return some_request(ids, idx)
        if isinstance(actions, (str, bytes)) or not hasattr(actions, "__iter__"):
            raise InvalidAction(f"actions: {actions!r}: one action per env, a sequence of {n}")
        actions = list(actions)
        if len(actions) != n:
            raise InvalidAction(f"actions: {len(actions)} actions for {n} envs")
        if all(not isinstance(a, str) for a in actions):
            return self._some_frame(np.asarray(actions, dtype=np.int64), ids, cut)
        replies = [a if isinstance(a, str) else self.actions[self._index(a, "actions")] for a in actions]
        if cut is not None:
            raise CogsimError("send(): a TimeLimit's restart goes with action indices, not reply strings")
        return frame({"op": "step_some", "envs": ids.tolist(), "replies": replies})

    def _index(self, a, what):
        try:
            i = int(a)
        except (TypeError, ValueError):
            raise InvalidAction(f"{what}: {a!r} is neither a reply string nor an index into {self._name()}") from None
        if i != a or not 0 <= i < len(self.actions):
            raise InvalidAction(f"{what}: {a!r} is out of range 0 … {len(self.actions) - 1} ({self._name()})")
        return i

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
                quoted.append(self._packed[self._index(a, "actions")])
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
        return tuple(self.text(i) for i in range(self.num_envs))

    def text(self, i):
        """The current observation text of env i."""
        if self._records is None:
            return None
        if has_text(self._records.dtype):
            return text_of(self._records[i])
        return self._live().text(self._index_env(i))

    def action_masks(self):
        """The action masks now, int8 [n, len(env.actions)]
        (infos["action_mask"], sb3-contrib's convention)."""
        if not self._has_mask:
            raise CogsimError('action_masks(): the env computes no mask (put "action_mask" in observation_keys)')
        if self._records is None:
            raise CogsimError("action_masks() before reset()")
        return self._records["mask"].copy()

    @property
    def conditions(self):
        """The names of the bits of stats[:, Stat.CONDITIONS]."""
        return self._live().layout.conditions

    @property
    def server_info(self):
        """What `cogsim serve` answered to info: stats, glyph table, actions."""
        return self._live().info

    def result(self, i):
        """The result (§16) of env i's episode so far, a dict (see
        Env.result)."""
        return self._live().request_json({"op": "result", "env": self._index_env(i)})["result"]

    def snapshot(self, i, portable=False):
        """Env i's whole episode as bytes (Env.snapshot)."""
        if self._records is None:
            raise CogsimError("snapshot() before reset()")
        return self._live().snapshot(self._index_env(i), portable)

    def restore(self, i, snapshot):
        """Make env i's episode the snapshot's; returns (obs, info) of that
        env alone."""
        if self._sent or self._ready:
            raise CogsimError("restore(): envs are stepping or stepped (send): recv() them first")
        got = self._live().restore(self._index_env(i), snapshot)
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

    def _index_env(self, i):
        i = int(i)
        if not 0 <= i < self.num_envs:
            raise IndexError(f"env: {i} is out of range 0 … {self.num_envs - 1}")
        return i

    def _live(self):
        if self._session is None:
            raise CogsimError("the vector env is closed")
        return self._session

    def _obs(self, r):
        return {key: r[key] for key in self.observation_keys}

    def _flag(self, flags, seen, bit):
        """Whether each env's flags have bit; seen is every flag any has."""
        if seen & bit:
            return (flags & bit) != 0
        return np.zeros(self.num_envs, dtype=bool)

    def _infos(self, fields, seen, extras):
        return self._batch_infos(fields, seen, extras, self.num_envs)

    def _batch_infos(self, fields, seen, extras, n, by_row=False):
        """The infos of a batch of n records' fields (Gymnasium's way);
        extras: the trailer entries by env (by row with by_row)."""
        flags, _, mask, envs = fields
        infos = {}
        if mask is not None:
            infos["action_mask"] = mask
            infos["_action_mask"] = self._all if n == self.num_envs else np.ones(n, dtype=bool)
        if seen & UNUSABLE:
            unusable = (flags & UNUSABLE) != 0
            infos["unusable"], infos["_unusable"] = unusable, unusable.copy()
        if extras:
            # Each key's pair of arrays is made when an env has it: most
            # batches with a trailer have one or two of the three.
            arrays = {}
            for env, e in extras.items():
                # Row k holds env k in a batch of every env; look it up
                # otherwise.
                k = env if by_row or env < n and envs[env] == env else int(np.flatnonzero(envs == env)[0])
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


# An env's state in asynchronous stepping: it may be sent, it is
# stepping, or it is stepped and waits for recv.
IDLE, SENT, READY = 0, 1, 2


def _fields(records):
    """The fields of a batch's records that step reads: flags, reward,
    mask (None without one), env (a field of a structured array is a new
    view each time it is read, so a region's are made once)."""
    mask = records["mask"] if "mask" in records.dtype.fields else None
    return records["flags"], records["reward"], mask, records["env"]


def _seen(flags):
    """Every flag any env has."""
    return int(np.bitwise_or.reduce(flags))


def _check_mask(mask, n):
    """options["reset_mask"], checked as Gymnasium checks it."""
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"options['reset_mask']: a numpy array, not {type(mask).__name__}")
    if mask.shape != (n,):
        raise ValueError(f"options['reset_mask']: shape {mask.shape}, not ({n},)")
    if mask.dtype != np.bool_:
        raise TypeError(f"options['reset_mask']: dtype {mask.dtype}, not bool")
    if not mask.any():
        raise ValueError("options['reset_mask']: no env marked")
    return mask
