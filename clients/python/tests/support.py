"""What the package's tests share: the cogsim binary and the import path.

COGSIM names the binary; without it the tests build one with `go build`
into a temporary folder. Gymnasium may come from PYTHONPATH (the test
script puts the vendored copy there); the tests that need it skip
without it, and scripts/test.sh makes sure it is there.
"""

import atexit
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
REPO_ROOT = os.path.dirname(os.path.dirname(PACKAGE_ROOT))
if PACKAGE_ROOT not in sys.path:
    sys.path.insert(0, PACKAGE_ROOT)

try:
    import gymnasium  # noqa: F401
    HAVE_GYMNASIUM = True
except ImportError:
    HAVE_GYMNASIUM = False

_binary = None


def binary():
    """The cogsim binary under test; it is also put in COGSIM, so that
    cogsim.Env finds it by itself."""
    global _binary
    if _binary is None:
        path = os.environ.get("COGSIM")
        if not path:
            d = tempfile.TemporaryDirectory()
            atexit.register(d.cleanup)
            path = os.path.join(d.name, "cogsim")
            subprocess.run(["go", "build", "-o", path, "./cmd/cogsim"], cwd=REPO_ROOT, check=True)
            os.environ["COGSIM"] = path
        _binary = path
    return _binary
