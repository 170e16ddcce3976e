"""The spaces, and the base classes, with or without Gymnasium.

With Gymnasium importable, Env subclasses ``gymnasium.Env``, VecEnv
subclasses ``gymnasium.vector.VectorEnv`` and the spaces are Gymnasium's.
Without it, small stand-ins with the same attributes take their place:
``Box``, ``Discrete``, ``MultiDiscrete`` and ``Dict`` with ``shape``,
``dtype``, ``n``/``nvec``, ``low``/``high``, ``sample()``, ``contains()``
(``in``) and ``seed()`` — enough to size a network and sample actions.
"""

import numpy as np

try:  # Gymnasium is optional
    import gymnasium as _gym
    from gymnasium import spaces as _gspaces
    from gymnasium.vector import VectorEnv as _GymVectorEnv
    from gymnasium.vector.utils import batch_space as _batch_space
    try:
        from gymnasium.vector import AutoresetMode as _AutoresetMode
        NEXT_STEP = _AutoresetMode.NEXT_STEP
    except ImportError:  # Gymnasium 1.0
        NEXT_STEP = "next_step"
    HAVE_GYMNASIUM = True
except ImportError:
    _gym = None
    HAVE_GYMNASIUM = False
    NEXT_STEP = "next_step"


class _Space:
    def __init__(self, shape, dtype, seed=None):
        self.shape = shape
        self.dtype = None if dtype is None else np.dtype(dtype)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)
        return [seed]

    def __contains__(self, x):
        return self.contains(x)


class Box(_Space):
    def __init__(self, low, high, shape, dtype, seed=None):
        super().__init__(tuple(shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self):
        return self._rng.integers(self.low, self.high, endpoint=True, dtype=self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class Discrete(_Space):
    def __init__(self, n, seed=None):
        super().__init__((), np.int64, seed)
        self.n = int(n)

    def sample(self):
        return np.int64(self._rng.integers(self.n))

    def contains(self, x):
        try:
            i = int(x)
        except (TypeError, ValueError):
            return False
        return i == x and 0 <= i < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class MultiDiscrete(_Space):
    def __init__(self, nvec, seed=None):
        self.nvec = np.asarray(nvec, dtype=np.int64)
        super().__init__(self.nvec.shape, np.int64, seed)

    def sample(self):
        return self._rng.integers(self.nvec)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all((x >= 0) & (x < self.nvec)))

    def __repr__(self):
        return f"MultiDiscrete({self.nvec})"


class Dict(_Space):
    def __init__(self, spaces, seed=None):
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def seed(self, seed=None):
        for i, s in enumerate(self.spaces.values()):
            s.seed(None if seed is None else seed + i)
        return [seed]

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            self.spaces[k].contains(v) for k, v in x.items())

    def __getitem__(self, key):
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k!r}: {s}" for k, s in self.spaces.items()) + ")"


if HAVE_GYMNASIUM:
    Box, Discrete, MultiDiscrete, Dict = _gspaces.Box, _gspaces.Discrete, _gspaces.MultiDiscrete, _gspaces.Dict


def batch(space, n):
    """The space of n stacked values of space."""
    if HAVE_GYMNASIUM:
        return _batch_space(space, n)
    if isinstance(space, Dict):
        return Dict({k: batch(s, n) for k, s in space.spaces.items()})
    if isinstance(space, Discrete):
        return MultiDiscrete([space.n] * n)
    return Box(space.low.min(), space.high.max(), (n,) + space.shape, space.dtype)


class _PlainEnv:
    """Gymnasium.Env's interface, without Gymnasium."""

    metadata = {"render_modes": []}
    render_mode = None
    spec = None
    _np_random = None

    @property
    def np_random(self):
        if self._np_random is None:
            self._np_random = np.random.default_rng()
        return self._np_random

    @np_random.setter
    def np_random(self, value):
        self._np_random = value

    @property
    def unwrapped(self):
        return self

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._np_random = np.random.default_rng(seed)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


BaseEnv = _gym.Env if HAVE_GYMNASIUM else _PlainEnv
BaseVectorEnv = _GymVectorEnv if HAVE_GYMNASIUM else _PlainEnv
