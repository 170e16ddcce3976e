"""The wheel (SPEC §35.7) and the build backend (backend/cogsim_backend.py).

`pip wheel ./clients/python` builds a wheel bundling the engine; installed
in a fresh venv, cogsim.Env() runs from another folder with neither Go
nor a checkout in reach. `pip install -e` still runs the checkout's code.
When the package builds the engine itself, it says so first.

The wheel's go build reuses Go's build cache (scripts/test.sh has just
built the same binary without cgo): these tests take about 15 s on the
project's 2-core machine once the cache is warm, a minute more cold.
"""

import base64
import csv
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import unittest
import zipfile

from tests.support import PACKAGE_ROOT, REPO_ROOT, binary

import cogsim  # noqa: E402


def _backend():
    spec = importlib.util.spec_from_file_location(
        "cogsim_backend", os.path.join(PACKAGE_ROOT, "backend", "cogsim_backend.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pip(*args, **kw):
    """Runs this Python's pip; its output, or the test fails with it."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.update(kw.pop("env", {}))
    proc = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True,
                          env=env, **kw)
    return proc


def _path_without(*names):
    """The PATH's folders that hold none of these commands."""
    return [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not any(os.path.exists(os.path.join(d, n)) for n in names)]


def _clean_env(path, **extra):
    """The environment of a user outside the checkout: no COGSIM, no
    PYTHONPATH, this PATH."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("COGSIM", "PYTHONPATH", "PYTHONHOME") and not k.startswith("PIP_")}
    env["PATH"] = os.pathsep.join(path)
    env.update(extra)
    return env


def _venv(where):
    """A fresh venv over the system's packages (numpy from Debian)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", where],
                   check=True)
    return os.path.join(where, "bin", "python")


def _requirements():
    missing = []
    if shutil.which("go") is None:
        missing.append("go")
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode:
        missing.append(f"{sys.executable} -m pip")
    return missing


@unittest.skipIf(_requirements(), f"needs {', '.join(_requirements())}")
class WheelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory()
        cls.tmp = cls._tmp.name
        dist = os.path.join(cls.tmp, "dist")
        # As a user types it, from the checkout's root, with pip's build
        # isolation; --no-index shows that the build needs nothing from a
        # package index.
        proc = _pip("wheel", "-v", "--no-deps", "--no-index", "-w", dist, "./clients/python",
                    cwd=REPO_ROOT)
        if proc.returncode != 0:
            cls._tmp.cleanup()
            raise AssertionError(f"pip wheel failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
        cls.pip_output = proc.stdout + proc.stderr
        names = os.listdir(dist)
        assert len(names) == 1, names
        cls.wheel = os.path.join(dist, names[0])

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def test_the_wheel_holds_the_engine_the_package_the_scenarios_and_levels(self):
        plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        self.assertEqual(os.path.basename(self.wheel), f"cogsim-{cogsim.__version__}-py3-none-{plat}.whl")
        self.assertIn("cogsim: building the cogsim binary for the wheel with go build", self.pip_output)
        with zipfile.ZipFile(self.wheel) as z:
            names = set(z.namelist())
            info = f"cogsim-{cogsim.__version__}.dist-info/"
            package = {f"cogsim/{n}" for n in os.listdir(os.path.join(PACKAGE_ROOT, "cogsim"))
                       if n.endswith(".py")}
            scenarios = {f"cogsim/scenarios/{n}" for n in os.listdir(os.path.join(REPO_ROOT, "scenarios"))
                         if n.endswith(".json")}
            self.assertTrue(scenarios)
            levels = {f"cogsim/levels/{n}" for n in os.listdir(os.path.join(REPO_ROOT, "levels"))
                      if n.endswith(".star")}
            self.assertTrue(levels)
            self.assertEqual(names, package | scenarios | levels | {
                "cogsim_client.py", "cogsim/bin/cogsim", info + "METADATA", info + "WHEEL",
                info + "RECORD", info + "top_level.txt"})
            for name in package | scenarios | levels | {"cogsim_client.py"}:
                folder = name.split("/")[1] if name.startswith(("cogsim/scenarios/", "cogsim/levels/")) else None
                src = os.path.join(REPO_ROOT, folder, os.path.basename(name)) if folder \
                    else os.path.join(PACKAGE_ROOT, name)
                with open(src, "rb") as f:
                    self.assertEqual(z.read(name), f.read(), name)
            mode = z.getinfo("cogsim/bin/cogsim").external_attr >> 16
            self.assertTrue(stat.S_ISREG(mode) and mode & 0o111, oct(mode))
            self.assertFalse((z.getinfo("cogsim/env.py").external_attr >> 16) & 0o111)

            meta = z.read(info + "METADATA").decode()
            head = meta.split("\n\n", 1)[0].splitlines()
            for line in ("Name: cogsim", f"Version: {cogsim.__version__}", "Requires-Python: >=3.9",
                         "Requires-Dist: numpy", "Provides-Extra: gymnasium",
                         'Requires-Dist: gymnasium>=1.0; extra == "gymnasium"'):
                self.assertIn(line, head)
            wheel = z.read(info + "WHEEL").decode().splitlines()
            self.assertIn("Root-Is-Purelib: false", wheel)
            self.assertIn(f"Tag: py3-none-{plat}", wheel)

            # RECORD: every other file, each with its sha256 and size.
            rows = list(csv.reader(io.StringIO(z.read(info + "RECORD").decode())))
            self.assertEqual({r[0] for r in rows}, names)
            for path, digest, size in rows:
                if path == info + "RECORD":
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = z.read(path)
                want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                self.assertEqual((digest, int(size)), ("sha256=" + want, len(data)), path)

    def test_installed_from_the_wheel_env_runs_anywhere_without_go(self):
        """In a fresh venv, from another folder, with no Go, no COGSIM and a
        cogsim of another version on the PATH: the bundled engine plays."""
        python = _venv(os.path.join(self.tmp, "venv"))
        proc = _pip("--python", python, "install", "--no-deps", "--no-index", self.wheel)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        elsewhere = os.path.join(self.tmp, "elsewhere")
        impostor = os.path.join(self.tmp, "impostor")
        os.makedirs(elsewhere)
        os.makedirs(impostor)
        with open(os.path.join(impostor, "cogsim"), "w") as f:
            f.write("#!/bin/sh\necho 'the cogsim on the PATH ran' >&2\nexit 3\n")
        os.chmod(os.path.join(impostor, "cogsim"), 0o755)
        path = [impostor] + _path_without("go", "cogsim")
        self.assertIsNone(shutil.which("go", path=os.pathsep.join(path)))
        script = textwrap.dedent("""
            import json, os, cogsim, cogsim_client
            from cogsim import _binary
            env = cogsim.Env(step="turn")
            obs, info = env.reset(seed=7)
            texts = [info["text"]]
            for reply in ("e e", "search*3", "s"):
                obs, reward, terminated, truncated, info = env.step(reply)
                texts.append(info["text"])
            env.close()
            print(json.dumps({"package": cogsim.__file__, "client": cogsim_client.__file__,
                              "binary": cogsim.find_binary(), "root": _binary.repo_root(),
                              "scenarios": sorted(os.listdir(_binary.scenario_dir())),
                              "levels": sorted(cogsim.level_ids()),
                              "glyphs": list(obs["glyphs"].shape), "texts": texts}))
        """)
        proc = subprocess.run([python, "-c", script], cwd=elsewhere, capture_output=True, text=True,
                              env=_clean_env(path, HOME=self.tmp, XDG_CACHE_HOME=self.tmp))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stderr, "")  # nothing built, nothing said
        got = json.loads(proc.stdout)
        site = os.path.join(self.tmp, "venv", "lib")
        self.assertTrue(got["package"].startswith(site), got["package"])
        self.assertTrue(got["client"].startswith(site), got["client"])
        self.assertEqual(got["binary"], [os.path.join(os.path.dirname(got["package"]), "bin", "cogsim")])
        self.assertIsNone(got["root"])
        self.assertEqual(got["scenarios"], sorted(n for n in os.listdir(os.path.join(REPO_ROOT, "scenarios"))
                                                  if n.endswith(".json")))
        self.assertEqual(got["levels"], sorted(cogsim.level_ids()), "the bundled levels/ gives the level ids")
        self.assertEqual(got["glyphs"], [18, 48])
        # bench.py measures the installed package, not the checkout's
        # beside it (§37.11).
        proc = subprocess.run([python, os.path.join(PACKAGE_ROOT, "bench.py"), "--which"], cwd=PACKAGE_ROOT,
                              capture_output=True, text=True, env=_clean_env(path, HOME=self.tmp, XDG_CACHE_HOME=self.tmp))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.split("\n")[:2], [got["package"], got["binary"][0]])
        # The same game as the checkout's engine plays.
        with cogsim.Env(binary=binary(), step="turn") as env:
            want = [env.reset(seed=7)[1]["text"]] + [env.step(r)[4]["text"] for r in ("e e", "search*3", "s")]
        self.assertEqual(got["texts"], want)

    def test_editable_install_runs_the_checkout(self):
        python = _venv(os.path.join(self.tmp, "editable"))
        proc = _pip("--python", python, "install", "--no-deps", "--no-index", "-e", "./clients/python",
                    cwd=REPO_ROOT)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        script = ("import json, cogsim, cogsim_client\nfrom cogsim import _binary\n"
                  "print(json.dumps([cogsim.__file__, cogsim_client.__file__, _binary.bundled_binary(), "
                  "_binary.repo_root(), _binary.scenario_dir()]))")
        proc = subprocess.run([python, "-c", script], cwd=self.tmp, capture_output=True, text=True,
                              env=_clean_env(_path_without("cogsim")))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(json.loads(proc.stdout), [
            os.path.join(PACKAGE_ROOT, "cogsim", "__init__.py"), os.path.join(PACKAGE_ROOT, "cogsim_client.py"),
            None, REPO_ROOT, os.path.join(REPO_ROOT, "scenarios")])

    def test_pip_wheel_without_go_or_outside_a_checkout_says_why(self):
        proc = _pip("wheel", "--no-deps", "--no-index", "-w", os.path.join(self.tmp, "nogo"),
                    "./clients/python", cwd=REPO_ROOT, env={"PATH": os.pathsep.join(_path_without("go"))})
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("cannot build the cogsim wheel: Go is not on the PATH", proc.stdout + proc.stderr)

        copy = os.path.join(self.tmp, "copy", "python")
        shutil.copytree(PACKAGE_ROOT, copy, ignore=shutil.ignore_patterns("__pycache__", "tests"))
        proc = _pip("wheel", "--no-deps", "--no-index", "-w", os.path.join(self.tmp, "nocheckout"), copy)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("is not the clients/python folder of a cogsim checkout", proc.stdout + proc.stderr)


class BackendTest(unittest.TestCase):
    def test_pyproject_reads_the_same_without_tomllib(self):
        """Before Python 3.11 the backend reads pyproject.toml itself."""
        try:
            import tomllib
        except ImportError:
            self.skipTest("no tomllib to compare with")
        backend = _backend()
        with open(os.path.join(PACKAGE_ROOT, "pyproject.toml"), "rb") as f:
            data = f.read()
        self.assertEqual(backend.read_toml_subset(data.decode()), tomllib.loads(data.decode()))
        self.assertEqual(backend.read_project()["version"], cogsim.__version__)

    def test_platform_tag(self):
        self.assertEqual(_backend().platform_tag(),
                         sysconfig.get_platform().replace("-", "_").replace(".", "_"))


class BuildAnnouncedTest(unittest.TestCase):
    def test_the_package_says_it_builds_before_go_starts(self):
        """_build prints one line on stderr before it runs go build: a
        stand-in go copies what stderr held when it started."""
        with tempfile.TemporaryDirectory() as tmp:
            fakebin = os.path.join(tmp, "bin")
            os.makedirs(fakebin)
            go = os.path.join(fakebin, "go")
            with open(go, "w") as f:
                f.write(textwrap.dedent(f"""\
                    #!{sys.executable}
                    import json, os, sys
                    with open(os.environ["STDERR_FILE"]) as f:
                        said = f.read()
                    with open(os.environ["GO_LOG"], "w") as f:
                        json.dump([said, sys.argv[1:], os.environ.get("CGO_ENABLED"), os.getcwd()], f)
                    out = sys.argv[sys.argv.index("-o") + 1]
                    with open(out, "w") as f:
                        f.write("#!/bin/sh\\n")
                    os.chmod(out, 0o755)
                """))
            os.chmod(go, 0o755)
            stderr_file = os.path.join(tmp, "stderr")
            log = os.path.join(tmp, "go.log")
            cache = os.path.join(tmp, "cache")
            script = ("import sys; sys.path.insert(0, sys.argv[1])\n"
                      "from cogsim import _binary\nprint(_binary.find_binary()[0])")
            with open(stderr_file, "w") as err:
                proc = subprocess.run(
                    [sys.executable, "-c", script, PACKAGE_ROOT], stdout=subprocess.PIPE, stderr=err,
                    text=True, cwd=tmp,
                    env=_clean_env([fakebin] + _path_without("go", "cogsim"), STDERR_FILE=stderr_file,
                                   GO_LOG=log, XDG_CACHE_HOME=cache))
            with open(stderr_file) as f:
                stderr = f.read()
            self.assertEqual(proc.returncode, 0, stderr)
            # A folder of the checkout and its sources (issue 34).
            built = proc.stdout.strip()
            self.assertEqual(os.path.dirname(os.path.dirname(built)), os.path.join(cache, "cogsim"))
            self.assertRegex(os.path.basename(os.path.dirname(built)), r"^[0-9a-f]{16}-[0-9a-f]{32}$")
            self.assertEqual(os.path.basename(built), "cogsim")
            with open(log) as f:
                said, argv, cgo, cwd = json.load(f)
            self.assertEqual(said, stderr)
            self.assertEqual(said.count("\n"), 1)
            self.assertRegex(said, r"^cogsim: building the cogsim binary with go build in .*first time")
            self.assertEqual(argv[:2] + argv[3:], ["build", "-o", "./cmd/cogsim"])
            self.assertRegex(argv[2], "^" + re.escape(os.path.join(os.path.dirname(built), "cogsim.")) + r"\d+\.part$",
                             "built under a name of its own, then renamed")
            self.assertEqual((cgo, cwd), ("0", REPO_ROOT))


if __name__ == "__main__":
    unittest.main()
