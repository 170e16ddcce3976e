"""The build backend of the cogsim package (PEP 517 and PEP 660).

pyproject.toml names this module with ``backend-path``, so pip needs no
setuptools or wheel to build the package: it uses the standard library
only, and ``pip wheel ./clients/python`` works with pip's build
isolation on a machine with no package index.

``build_wheel`` makes a platform wheel (``py3-none-<platform>``, SPEC
§35.7) holding

- the ``cogsim`` package's .py files and the module ``cogsim_client``;
- ``cogsim/bin/cogsim``: the engine, built with ``go build`` (without
  cgo) from the checkout this folder is in, two levels up;
- ``cogsim/scenarios/*.json``: the checkout's ``scenarios/`` folder;
- ``cogsim/levels/*.star``: the checkout's ``levels/`` folder (the level
  ids' scripts);
- the .dist-info: METADATA from pyproject.toml's [project], WHEEL and
  RECORD.

``build_editable`` makes the wheel of ``pip install -e``: a .pth that puts
this folder on sys.path, so the package runs from the checkout (and
builds the engine there on first use, cogsim/_binary.py).

There is no ``build_sdist``: the package alone cannot make its wheel, which
needs the engine's Go source, so a source distribution would have to be
the whole repository; build from a clone instead.
"""

import ast
import base64
import hashlib
import io
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import zipfile

# The folder holding pyproject.toml (clients/python).
PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_MODULE = "module github.com/cogsim/cogsim"
_EXE = ".exe" if os.name == "nt" else ""


class BuildError(Exception):
    """A wheel cannot be built; the message says why and what to do."""


# --- PEP 517 and PEP 660 hooks -------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_metadata_dir(metadata_directory)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _write_metadata_dir(metadata_directory)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = read_project()
    root = checkout_root()
    tag = "py3-none-" + platform_tag()
    files = []  # (path in the wheel, bytes, executable)
    for path in _python_files(project):
        files.append((path, _read(os.path.join(PROJECT, path)), False))
    for folder, ext in (("scenarios", ".json"), ("levels", ".star")):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if name.endswith(ext):
                files.append((f"cogsim/{folder}/{name}", _read(os.path.join(root, folder, name)), False))
    with tempfile.TemporaryDirectory() as tmp:
        files.append(("cogsim/bin/cogsim" + _EXE, _read(go_build(root, tmp)), True))
    return _write_wheel(wheel_directory, project, tag, False, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    project = read_project()
    name = _dist_name(project)
    pth = ("__editable__.%s.pth" % name, (PROJECT + "\n").encode(), False)
    return _write_wheel(wheel_directory, project, "py3-none-any", True, [pth])


# --- the engine ------------------------------------------------------------

def checkout_root():
    """The cogsim checkout this folder belongs to (two levels up), or a
    BuildError saying it is not in one."""
    root = os.path.dirname(os.path.dirname(PROJECT))
    mod = os.path.join(root, "go.mod")
    try:
        with open(mod, encoding="utf-8") as f:
            first = f.readline().strip()
    except OSError:
        first = None
    if first != _MODULE or not os.path.isdir(os.path.join(root, "cmd", "cogsim")):
        raise BuildError(
            f"cannot build the cogsim wheel: {PROJECT} is not the clients/python folder of a "
            f"cogsim checkout (no go.mod of github.com/cogsim/cogsim and cmd/cogsim in {root}); "
            "the wheel bundles the cogsim binary, built from the Go source: build it from a "
            "clone of the repository")
    return root


def go_build(root, out_dir):
    """Builds ./cmd/cogsim of the checkout into out_dir without cgo, for
    the platform this Python runs on, and returns the binary's path."""
    go = shutil.which("go")
    if go is None:
        raise BuildError(
            "cannot build the cogsim wheel: Go is not on the PATH; the wheel bundles the cogsim "
            "binary, built with go build (install Go from https://go.dev/dl/, or install a wheel "
            "built elsewhere, or pip install -e this folder and set COGSIM to a cogsim binary)")
    out = os.path.join(out_dir, "cogsim" + _EXE)
    env = dict(os.environ, CGO_ENABLED="0")
    # The wheel's tag is this Python's platform: build for the host.
    env.pop("GOOS", None)
    env.pop("GOARCH", None)
    print("cogsim: building the cogsim binary for the wheel with go build in "
          f"{root} (up to a minute the first time)…", file=sys.stderr, flush=True)
    proc = subprocess.run([go, "build", "-o", out, "./cmd/cogsim"], cwd=root, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise BuildError(f"cannot build the cogsim wheel: go build ./cmd/cogsim in {root} "
                         f"failed (exit {proc.returncode}):\n{proc.stdout.strip()[-2000:]}")
    return out


def platform_tag():
    """The wheel's platform tag, this Python's (sysconfig), e.g.
    linux_x86_64, macosx_11_0_arm64, win_amd64."""
    plat = sysconfig.get_platform()
    if plat.startswith("macosx-") and plat.endswith(("-universal2", "-intel", "-fat")):
        # The Go binary is built for this machine only.
        arch = platform.machine()
        plat = plat.rsplit("-", 1)[0] + "-" + arch
    return re.sub(r"[-.]", "_", plat)


# --- pyproject.toml ----------------------------------------------------------

def read_project():
    """pyproject.toml's [project] table, with [tool.cogsim-backend] as
    project["tool"]."""
    with open(os.path.join(PROJECT, "pyproject.toml"), "rb") as f:
        data = f.read()
    try:
        import tomllib
        doc = tomllib.loads(data.decode("utf-8"))
    except ImportError:  # Python before 3.11
        doc = read_toml_subset(data.decode("utf-8"))
    project = dict(doc.get("project", {}))
    project["tool"] = doc.get("tool", {}).get("cogsim-backend", {})
    for key in ("name", "version"):
        if not isinstance(project.get(key), str):
            raise BuildError(f"pyproject.toml: [project] needs a {key} (a string)")
    return project


def read_toml_subset(text):
    """Reads the TOML pyproject.toml uses, for Pythons without tomllib:
    [table] headers (dotted), comments, and keys whose values are basic
    strings or arrays of them (possibly over several lines)."""
    doc = {}
    table = doc
    pending = ""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = pending + _strip_comment(raw)
        if not line.strip():
            continue
        if line.count("[") > line.count("]") and "=" in line:
            pending = line + " "
            continue
        pending = ""
        s = line.strip()
        m = re.fullmatch(r"\[\s*([A-Za-z0-9_.\-\"\s]+?)\s*\]", s)
        if m:
            table = doc
            for part in m.group(1).split("."):
                table = table.setdefault(part.strip().strip('"'), {})
            continue
        m = re.fullmatch(r'("?)([A-Za-z0-9_\-]+)\1\s*=\s*(.+)', s)
        if not m:
            raise BuildError(f"pyproject.toml line {lineno}: cannot read {s!r} without tomllib")
        try:
            table[m.group(2)] = ast.literal_eval(m.group(3))
        except (ValueError, SyntaxError) as exc:
            raise BuildError(f"pyproject.toml line {lineno}: cannot read {s!r} without tomllib") from exc
    return doc


def _strip_comment(line):
    quoted = False
    for i, c in enumerate(line):
        if c == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif c == "#" and not quoted:
            return line[:i]
    return line


# --- the wheel ---------------------------------------------------------------

def metadata(project):
    """The METADATA file (core metadata 2.1) of the project."""
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"], "Version: " + project["version"]]
    if project.get("description"):
        lines.append("Summary: " + project["description"])
    if project.get("requires-python"):
        lines.append("Requires-Python: " + project["requires-python"])
    for req in project.get("dependencies", []):
        lines.append("Requires-Dist: " + req)
    for extra, reqs in project.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        for req in reqs:
            lines.append(f'Requires-Dist: {req}; extra == "{extra}"')
    body = ""
    readme = project.get("readme")
    if readme is not None and not isinstance(readme, str):
        raise BuildError("pyproject.toml: readme must be a file name (a string)")
    if readme:
        lines.append("Description-Content-Type: text/markdown" if readme.endswith(".md")
                     else "Description-Content-Type: text/plain")
        with open(os.path.join(PROJECT, readme), encoding="utf-8") as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body


def _dist_name(project):
    name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    return f"{name}-{project['version']}"


def _write_metadata_dir(directory):
    project = read_project()
    info = _dist_name(project) + ".dist-info"
    os.makedirs(os.path.join(directory, info), exist_ok=True)
    with open(os.path.join(directory, info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(metadata(project))
    return info


def _python_files(project):
    """The packages' .py files and the modules, as paths relative to
    PROJECT with / separators, sorted."""
    tool = project["tool"]
    out = []
    for package in tool.get("packages", []):
        top = os.path.join(PROJECT, package)
        if not os.path.isfile(os.path.join(top, "__init__.py")):
            raise BuildError(f"pyproject.toml: package {package!r} has no {package}/__init__.py")
        for d, dirs, names in os.walk(top):
            dirs[:] = sorted(x for x in dirs if os.path.isfile(os.path.join(d, x, "__init__.py")))
            rel = os.path.relpath(d, PROJECT).replace(os.sep, "/")
            out += [rel + "/" + n for n in sorted(names) if n.endswith(".py")]
    for module in tool.get("py-modules", []):
        if not os.path.isfile(os.path.join(PROJECT, module + ".py")):
            raise BuildError(f"pyproject.toml: module {module!r} has no {module}.py")
        out.append(module + ".py")
    return sorted(out)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _write_wheel(wheel_directory, project, tag, purelib, files):
    name = _dist_name(project)
    info = name + ".dist-info"
    wheel_file = (f"Wheel-Version: 1.0\nGenerator: cogsim_backend\n"
                  f"Root-Is-Purelib: {'true' if purelib else 'false'}\nTag: {tag}\n")
    files = sorted(files) + [
        (info + "/METADATA", metadata(project).encode("utf-8"), False),
        (info + "/WHEEL", wheel_file.encode(), False),
        (info + "/top_level.txt", "".join(
            m + "\n" for m in sorted(project["tool"].get("packages", []) +
                                     project["tool"].get("py-modules", []))).encode(), False),
    ]
    record = io.StringIO()
    for path, data, _ in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.write(f"{path},sha256={digest},{len(data)}\n")
    record.write(info + "/RECORD,,\n")
    files.append((info + "/RECORD", record.getvalue().encode(), False))

    os.makedirs(wheel_directory, exist_ok=True)
    filename = f"{name}-{tag}.whl"
    # The same source gives the same archive: entries in order, one date
    # (SOURCE_DATE_EPOCH when set).
    stamp = time.gmtime(max(int(os.environ.get("SOURCE_DATE_EPOCH", 315532800)), 315532800))[:6]
    target = os.path.join(wheel_directory, filename)
    with zipfile.ZipFile(target + ".part", "w", zipfile.ZIP_DEFLATED) as z:
        for path, data, executable in files:
            entry = zipfile.ZipInfo(path, stamp)
            entry.external_attr = (0o100755 if executable else 0o100644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    os.replace(target + ".part", target)
    return filename
