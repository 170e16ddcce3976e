"""Finding the cogsim executable.

Order: the ``binary`` argument, the ``COGSIM`` environment variable (a
path), the binary a wheel bundles in this package (``cogsim/bin/cogsim``,
SPEC §35.7), ``cogsim`` on the PATH, and otherwise ``go build`` of the
checkout this package was installed from (``pip install -e``, or used in
place) into a cache directory, announced on stderr first. The bundled
binary comes before the PATH so that an installed wheel never runs an
engine of another version. An installed copy outside a checkout without a
bundled binary cannot build: the module is not fetched from the network.
"""

import os
import shutil
import subprocess
import sys

from ._errors import CogsimError

_MODULE = "module github.com/cogsim/cogsim"
_built = None  # the path go build made in this process
_HERE = os.path.dirname(os.path.abspath(__file__))
_EXE = ".exe" if os.name == "nt" else ""


def find_binary(binary=None):
    """The argv prefix that runs cogsim (a list of words)."""
    if binary is not None:
        if isinstance(binary, (list, tuple)):
            return [str(w) for w in binary]
        return [_check(str(binary), "binary=")]
    env = os.environ.get("COGSIM")
    if env:
        return [_check(env, "COGSIM")]
    bundled = bundled_binary()
    if bundled:
        return [_check(bundled, "the wheel's bundled binary")]
    on_path = shutil.which("cogsim")
    if on_path:
        return [on_path]
    return [_build()]


def _check(path, where):
    if not os.path.isfile(path):
        raise CogsimError(f"{where} names {path!r}, which does not exist")
    if not os.access(path, os.X_OK):
        raise CogsimError(f"{where} names {path!r}, which is not executable")
    return path


def bundled_binary():
    """The cogsim binary a wheel installed in this package, or None
    (a checkout has none)."""
    path = os.path.join(_HERE, "bin", "cogsim" + _EXE)
    return path if os.path.isfile(path) else None


def scenario_dir():
    """The folder of the repository's scenario files: the copy a wheel
    installed in this package (cogsim/scenarios), else the checkout's
    scenarios/, else None."""
    bundled = os.path.join(_HERE, "scenarios")
    if os.path.isdir(bundled):
        return bundled
    root = repo_root()
    if root and os.path.isdir(os.path.join(root, "scenarios")):
        return os.path.join(root, "scenarios")
    return None


def repo_root(start=None):
    """The cogsim checkout holding this package, or None."""
    d = os.path.dirname(os.path.abspath(start or __file__))
    while True:
        mod = os.path.join(d, "go.mod")
        if os.path.isfile(mod):
            try:
                with open(mod, encoding="utf-8") as f:
                    if f.readline().strip() == _MODULE:
                        return d
            except OSError:
                pass
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cogsim")


def _build():
    global _built
    if _built and os.path.isfile(_built):
        return _built
    go = shutil.which("go")
    root = repo_root()
    if go is None or root is None:
        why = "Go is not installed" if go is None else "this package is not inside a cogsim checkout"
        raise CogsimError(
            "no cogsim binary: set COGSIM to its path or put cogsim on the PATH "
            f"(cannot build one: {why}; from a checkout: go build -o cogsim ./cmd/cogsim, "
            "or pip install the wheel of pip wheel ./clients/python, which bundles it)")
    out = os.path.join(cache_dir(), "cogsim" + _EXE)
    os.makedirs(cache_dir(), exist_ok=True)
    # Go's build cache makes this quick when nothing changed, and it keeps
    # the binary in step with the checkout; a first build takes up to two
    # minutes, so say what is going on before it starts. The headless
    # binary needs no cgo (nor a C compiler), and runs here.
    env = dict(os.environ, CGO_ENABLED="0")
    env.pop("GOOS", None)
    env.pop("GOARCH", None)
    print(f"cogsim: building the cogsim binary with go build in {root} "
          "(up to two minutes the first time; COGSIM=path skips this)…", file=sys.stderr, flush=True)
    proc = subprocess.run([go, "build", "-o", out, "./cmd/cogsim"], cwd=root, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise CogsimError(f"no cogsim binary: go build in {root} failed:\n{proc.stderr.strip()[-2000:]}")
    _built = out
    return out
