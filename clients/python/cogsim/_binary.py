"""Finding the cogsim executable.

Order: the ``binary`` argument, the ``COGSIM`` environment variable (a
path), the binary a wheel bundles in this package (``cogsim/bin/cogsim``,
SPEC §35.7), ``cogsim`` on the PATH, and otherwise ``go build`` of the
checkout this package was installed from (``pip install -e``, or used in
place) into a cache directory of that checkout and its Go sources
(build_dir), announced on stderr first. The bundled
binary comes before the PATH so that an installed wheel never runs an
engine of another version. An installed copy outside a checkout without a
bundled binary cannot build: the module is not fetched from the network.
"""

import glob
import hashlib
import os
import shutil
import subprocess
import sys

from ._errors import CogsimError

_MODULE = "module github.com/cogsim/cogsim"
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
    return _data_dir("scenarios")


def level_dir():
    """The folder of the repository's level scripts (§38.5): the copy a
    wheel installed in this package (cogsim/levels), else the checkout's
    levels/, else None."""
    return _data_dir("levels")


def _data_dir(name):
    bundled = os.path.join(_HERE, name)
    if os.path.isdir(bundled):
        return bundled
    root = repo_root()
    if root and os.path.isdir(os.path.join(root, name)):
        return os.path.join(root, name)
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
    """The folder of the builds: ~/.cache/cogsim (or $XDG_CACHE_HOME's)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cogsim")


def _embedded(path, folder):
    """The files a Go source file embeds (//go:embed patterns, relative
    to its folder): a folder's files all, a superset of Go's."""
    out = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [line.strip() for line in f if line.lstrip().startswith("//go:embed")]
    except OSError:
        return out
    for line in lines:
        for pattern in line[len("//go:embed"):].split():
            pattern = pattern.strip("\"`")
            if pattern.startswith("all:"):
                pattern = pattern[4:]
            for match in glob.glob(os.path.join(folder, pattern)):
                if os.path.isdir(match):
                    for d, _, files in os.walk(match):
                        out.extend(os.path.join(d, name) for name in files)
                else:
                    out.append(match)
    return out


def go_sources(root):
    """What a build of the checkout at root is made of, paths relative to
    it, sorted: go.mod, go.sum, the module's .go files but its tests and
    the files they embed. Folders Go ignores (testdata, names starting
    with "." or "_") and nested modules are left out unless embedded."""
    found = set()
    for name in ("go.mod", "go.sum", "go.work", "go.work.sum"):
        if os.path.isfile(os.path.join(root, name)):
            found.add(os.path.join(root, name))
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith((".", "_")) and x != "testdata"
                   and not os.path.isfile(os.path.join(d, x, "go.mod"))]
        for name in files:
            if name.endswith(".go") and not name.endswith("_test.go"):
                path = os.path.join(d, name)
                found.add(path)
                found.update(_embedded(path, d))
    return sorted(os.path.relpath(p, root).replace(os.sep, "/") for p in found)


def source_hash(root):
    """A hash of the contents of go_sources(root) and their names: it
    changes when a build of the checkout would (about 10 ms here)."""
    h = hashlib.sha256()
    for rel in go_sources(root):
        try:
            with open(os.path.join(root, rel), "rb") as f:
                data = f.read()
        except OSError:
            continue
        h.update(b"%s\0%d\0" % (rel.encode("utf-8", "surrogateescape"), len(data)))
        h.update(data)
    return h.hexdigest()


def _checkout_key(root):
    return hashlib.sha256(os.path.realpath(root).encode("utf-8", "surrogateescape")).hexdigest()[:16]


def build_dir(root):
    """The cache folder of the build of the checkout at root as its Go
    sources are now: cache_dir()/<hash of the checkout's path>-<hash of
    its sources>. Each checkout has its own builds, and an edit of the Go
    sources makes a new one: a process never runs another checkout's
    engine, nor a stale one."""
    return os.path.join(cache_dir(), f"{_checkout_key(root)}-{source_hash(root)[:32]}")


def _prune(root, keep):
    """Remove the checkout's builds of older sources but keep."""
    prefix = _checkout_key(root) + "-"
    try:
        names = os.listdir(cache_dir())
    except OSError:
        return
    for name in names:
        path = os.path.join(cache_dir(), name)
        if name.startswith(prefix) and path != keep:
            shutil.rmtree(path, ignore_errors=True)


def _build():
    go = shutil.which("go")
    root = repo_root()
    if go is None or root is None:
        why = "Go is not installed" if go is None else "this package is not inside a cogsim checkout"
        raise CogsimError(
            "no cogsim binary: set COGSIM to its path or put cogsim on the PATH "
            f"(cannot build one: {why}; from a checkout: go build -o cogsim ./cmd/cogsim, "
            "or pip install the wheel of pip wheel ./clients/python, which bundles it)")
    folder = build_dir(root)
    out = os.path.join(folder, "cogsim" + _EXE)
    if os.path.isfile(out) and os.access(out, os.X_OK):
        return out  # built from these very sources
    os.makedirs(folder, exist_ok=True)
    # A first build takes up to two minutes (Go's build cache makes later
    # ones quick), so say what is going on before it starts. The headless
    # binary needs no cgo (nor a C compiler), and runs here. It is built
    # under a name of its own and then renamed: another process never
    # runs half a binary.
    env = dict(os.environ, CGO_ENABLED="0")
    env.pop("GOOS", None)
    env.pop("GOARCH", None)
    print(f"cogsim: building the cogsim binary with go build in {root} "
          "(up to two minutes the first time; COGSIM=path skips this)…", file=sys.stderr, flush=True)
    part = os.path.join(folder, f"cogsim.{os.getpid()}.part{_EXE}")
    proc = subprocess.run([go, "build", "-o", part, "./cmd/cogsim"], cwd=root, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        try:
            os.remove(part)
        except OSError:
            pass
        raise CogsimError(f"no cogsim binary: go build in {root} failed:\n{proc.stderr.strip()[-2000:]}")
    os.replace(part, out)
    _prune(root, folder)
    return out
