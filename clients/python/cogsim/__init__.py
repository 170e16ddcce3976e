"""cogsim for reinforcement learning (SPEC §29).

    import cogsim
    env = cogsim.Env(seed=1)
    obs, info = env.reset()
    obs, reward, terminated, truncated, info = env.step(cogsim.ACTIONS.index("search"))

Env and VecEnv speak to one long-lived ``cogsim serve --binary`` process
each (docs/serve.md). Gymnasium is optional: with it they are a
``gymnasium.Env`` and a ``gymnasium.vector.VectorEnv``, and register()
adds ``cogsim/Cog-v0`` to its registry.
"""

from ._binary import find_binary
from ._errors import CogsimError, InvalidAction
from ._session import ACTIONS, CONDITIONS, RECORD, STATS
from ._spaces import HAVE_GYMNASIUM
from .env import Env
from .vector import VecEnv

__all__ = ["ACTIONS", "CONDITIONS", "STATS", "RECORD", "Env", "VecEnv", "CogsimError", "InvalidAction",
           "register", "find_binary", "HAVE_GYMNASIUM", "ENV_ID"]
__version__ = "0.2.0"

ENV_ID = "cogsim/Cog-v0"


def register():
    """Register cogsim/Cog-v0 with Gymnasium (once), so that
    gymnasium.make("cogsim/Cog-v0", ...) gives an Env and
    gymnasium.make_vec("cogsim/Cog-v0", num_envs=N,
    vectorization_mode="vector_entry_point") gives a VecEnv."""
    try:
        import gymnasium
    except ImportError as exc:
        raise CogsimError("register() needs Gymnasium: pip install gymnasium") from exc
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="cogsim.env:Env",
                           vector_entry_point="cogsim.vector:VecEnv")
