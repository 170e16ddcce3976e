"""One ``cogsim serve --binary`` process and its framing (docs/serve.md)."""

import base64
import json
import os
import socket
import subprocess
import tempfile
import time

import numpy as np

try:
    import fcntl
except ImportError:  # not POSIX
    fcntl = None

from ._binary import find_binary
from ._errors import CogsimError

ROWS, COLS = 18, 48
NUM_STATS = 14
MESSAGE_BYTES = 256
STATUS_BYTES = 128

STATS = ("depth", "gold", "hp", "maxHp", "ac", "xlevel", "xp", "tick", "turn",
         "maxTurns", "hunger", "conditions", "x", "y")

# The bits of stats["conditions"], low bit first: the core's; a
# mechanic's status words follow from bit 4 on, named by the server's
# info["conditions"] (docs/serve.md).
CONDITIONS = ("Conf", "Para", "Stuck", "Trap")

# One observation record of the binary framing, little endian.
RECORD = np.dtype([
    ("env", "<i4"),
    ("flags", "<u4"),
    ("reward", "<i4"),
    ("stats", "<i4", (NUM_STATS,)),
    ("message", "u1", (MESSAGE_BYTES,)),
    ("status", "u1", (STATUS_BYTES,)),
    ("chars", "u1", (ROWS, COLS)),
    ("glyphs", "<i2", (ROWS, COLS)),
])
assert RECORD.itemsize == 3044

TERMINATED, TRUNCATED, UNUSABLE, ENDED, IGNORED = 1, 2, 4, 8, 16


DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def _actions():
    """The cog game's action list, derived from the verb table as the
    server does (sim.NewActionTable, docs/python.md): a mechanic's verbs
    follow in env.actions."""
    # "s" alone is search: the move south is "move s".
    out = [d if d != "s" else "move s" for d in DIRECTIONS] + ["search", "wait", "pickup", "descend"]
    for verb in ("eat", "quaff", "wield", "wear", "drop"):
        out += [f"{verb} {chr(c)}" for c in range(ord("a"), ord("z") + 1)]
    for verb in ("kick", "chat"):
        out += [f"{verb} {d}" for d in DIRECTIONS]
    out.append("inventory")
    return tuple(out)


ACTIONS = _actions()
# Each action as it stands in a binary step_all request (docs/serve.md):
# a uint16 byte count, then the reply.
PACKED = tuple(len(a.encode()).to_bytes(2, "little") + a.encode() for a in ACTIONS)


def packed(reply):
    """A reply as it stands in a binary step_all request."""
    b = reply.encode()
    if len(b) > 0xFFFF:
        raise ValueError(f"a reply of {len(b)} bytes: at most 65535")
    return len(b).to_bytes(2, "little") + b


def step_request(env, reply):
    """The binary step request of reply (bytes) in slot env, framed."""
    body = b"s" + int(env).to_bytes(4, "little") + reply
    return len(body).to_bytes(4, "little") + body

# A frame is read into a buffer at this offset, so that its records (9
# bytes into the frame: the length, the kind, the count) start 16-byte
# aligned.
PAD = 7
HEAD = 9  # length, kind, count


def _grow_pipe(fd, size):
    """Let a batch answer fit in the pipe at once (Linux), so that the
    server writes it in one go: fewer switches between the processes."""
    if size <= 65536 or not hasattr(fcntl, "F_SETPIPE_SZ"):  # fcntl None has none either
        return
    for want in (1 << max(size - 1, 1).bit_length(), 1 << 20):
        try:
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, want)
            return
        except OSError:
            continue


def frame(obj):
    body = obj if isinstance(obj, bytes) else json.dumps(obj, separators=(",", ":")).encode()
    return len(body).to_bytes(4, "little") + body


class Observations:
    """A decoded 'O' frame: n records (views into the frame's own buffer)
    and the trailer (ignored tokens and results by env)."""

    __slots__ = ("records", "extras")

    def __init__(self, records, extras):
        self.records = records
        self.extras = extras


class Session:
    """A cogsim serve process with n slots, spoken to in binary frames over
    pipes (the default: faster, see bench.py) or a Unix socket."""

    def __init__(self, envs=1, binary=None, rules=None, mechanics=None, max_turns=None,
                 autoreset=False, transport="pipe", task=None, record_dir=None):
        if transport not in ("pipe", "socket"):
            raise ValueError(f"transport must be 'pipe' or 'socket', not {transport!r}")
        self.envs = int(envs)
        argv = find_binary(binary) + ["serve", "--binary", "--envs", str(self.envs)]
        if autoreset:
            argv.append("--autoreset")
        if rules:
            argv += ["--rules", str(rules)]
        if mechanics:
            argv += ["--mechanics", ",".join(mechanics)]
        if max_turns:
            argv += ["--turns", str(int(max_turns))]
        if task:
            argv += ["--task", str(task)]
        if record_dir:
            argv += ["--record", os.fspath(record_dir)]
        self._expect = PAD + HEAD + self.envs * RECORD.itemsize + 4 + 4096
        self._proc = None
        self._sock = None
        self._dir = None
        self._stderr = tempfile.TemporaryFile()
        try:
            if transport == "pipe":
                self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                              stderr=self._stderr, bufsize=0)
                self._wfd = self._proc.stdin.fileno()
                self._rfd = self._proc.stdout.fileno()
                _grow_pipe(self._rfd, self._expect)
                self._write = self._write_fd
                self._readinto = self._proc.stdout.readinto  # a raw FileIO: one read(2)
            else:
                self._dir = tempfile.TemporaryDirectory(prefix="cogsim-")
                path = os.path.join(self._dir.name, "serve.sock")
                self._proc = subprocess.Popen(argv + ["--listen", path], stdin=subprocess.DEVNULL,
                                              stdout=subprocess.DEVNULL, stderr=self._stderr)
                self._sock = self._connect(path)
                self._write = self._sock.sendall
                self._readinto = self._sock.recv_into
        except OSError as exc:
            self.close()
            raise CogsimError(f"cannot start {argv[0]}: {exc}") from exc
        self.info = self.request_json({"op": "info"})
        if self.info.get("recordBytes") != RECORD.itemsize:
            raise CogsimError(f"{argv[0]} speaks records of {self.info.get('recordBytes')} bytes, "
                              f"this package reads {RECORD.itemsize}: mismatched versions")

    def _connect(self, path):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        deadline = time.monotonic() + 30
        while True:
            try:
                sock.connect(path)
                return sock
            except (FileNotFoundError, ConnectionRefusedError):
                if self._proc.poll() is not None or time.monotonic() > deadline:
                    sock.close()
                    raise CogsimError(f"cogsim serve did not listen on {path}: {self._tail()}")
                time.sleep(0.002)

    # -- the wire ------------------------------------------------------

    def _write_fd(self, data):
        view = memoryview(data)
        while view:
            view = view[os.write(self._wfd, view):]

    def send(self, data):
        """Send one request frame (bytes made by frame())."""
        if self._proc is None:
            raise CogsimError("the session is closed")
        try:
            self._write(data)
        except OSError as exc:
            raise CogsimError(f"cogsim went away: {self._tail()}") from exc

    def recv(self):
        """Read one answer frame: (buffer, kind). The frame's body starts
        at PAD + 5 in the buffer, a fresh bytearray."""
        # Not zeroed: the read fills what is used, and an observation
        # batch is hundreds of kilobytes.
        buf = np.empty(self._expect, np.uint8)
        view = memoryview(buf)[PAD:]
        readinto = self._readinto
        got = 0
        try:
            while got < 5:
                k = readinto(view[got:])
                if not k:
                    raise CogsimError(f"cogsim ended without an answer: {self._tail()}")
                got += k
            total = 4 + int.from_bytes(view[:4], "little")
            if total > len(view):
                bigger = np.empty(PAD + total, np.uint8)
                bigger[PAD:PAD + got] = view[:got]
                buf, view = bigger, memoryview(bigger)[PAD:]
            while got < total:
                k = readinto(view[got:total])
                if not k:
                    raise CogsimError(f"cogsim ended in the middle of an answer: {self._tail()}")
                got += k
        except OSError as exc:
            raise CogsimError(f"cogsim went away: {self._tail()}") from exc
        self._expect = max(self._expect, PAD + total)
        kind = view[4]
        if kind == 0x45:  # 'E'
            raise CogsimError(json.loads(bytes(view[5:total]))["error"])
        return buf, kind, total

    def request(self, data):
        self.send(data)
        return self.recv()

    def request_json(self, obj):
        buf, kind, total = self.request(frame(obj))
        if kind != 0x4A:  # 'J'
            raise CogsimError(f"expected a JSON answer, got kind {chr(kind)!r}")
        return json.loads(bytes(buf[PAD + 5:PAD + total]))

    def observations(self, data):
        """Send a request whose answer is observations; decode them."""
        buf, kind, total = self.request(data)
        if kind != 0x4F:  # 'O'
            raise CogsimError(f"expected observations, got kind {chr(kind)!r}")
        n = int.from_bytes(buf[PAD + 5:PAD + 9].tobytes(), "little")
        at = PAD + HEAD + n * RECORD.itemsize
        records = np.frombuffer(buf, RECORD, n, PAD + HEAD)
        m = int.from_bytes(buf[at:at + 4].tobytes(), "little")
        extras = None
        if m != 2:  # not "[]"
            extras = {e["env"]: e for e in json.loads(bytes(buf[at + 4:at + 4 + m]))}
        return Observations(records, extras)

    def snapshot(self, env):
        buf, kind, total = self.request(frame({"op": "snapshot", "env": int(env)}))
        if kind != 0x53:  # 'S'
            raise CogsimError(f"expected a snapshot, got kind {chr(kind)!r}")
        return bytes(buf[PAD + 5:PAD + total])

    def restore(self, env, snapshot):
        if not isinstance(snapshot, (bytes, bytearray, memoryview)):
            raise TypeError(f"restore takes the bytes snapshot() returned, not {type(snapshot).__name__}")
        req = {"op": "restore", "env": int(env), "snapshot": base64.b64encode(snapshot).decode("ascii")}
        return self.observations(frame(req))

    def render(self, env):
        """The picture of slot env's observation (docs/serve.md, render):
        a uint8 array [height, width, 3] of RGB."""
        expect = self._expect
        try:
            buf, kind, total = self.request(frame({"op": "render", "env": int(env)}))
        finally:
            self._expect = expect  # a picture does not grow every later read
        if kind != 0x52:  # 'R'
            raise CogsimError(f"expected a picture, got kind {chr(kind)!r}")
        h = int.from_bytes(buf[PAD + 5:PAD + 9].tobytes(), "little")
        w = int.from_bytes(buf[PAD + 9:PAD + 13].tobytes(), "little")
        return buf[PAD + 13:PAD + 13 + h * w * 3].reshape(h, w, 3)

    # -- the end -------------------------------------------------------

    def _tail(self):
        proc = self._proc
        if proc is not None:
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
        try:
            self._stderr.seek(0)
            text = self._stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            text = ""
        code = proc.returncode if proc is not None else None
        return (text[-1000:] or "(nothing on stderr)") + (f" [exit status {code}]" if code is not None else "")

    def close(self):
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                if self._sock is not None:
                    self._sock.close()
                elif proc.stdin:
                    proc.stdin.close()  # EOF ends the session cleanly
            except OSError:
                pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if proc.stdout:
                proc.stdout.close()
        self._sock = None
        if self._dir is not None:
            self._dir.cleanup()
            self._dir = None
        if not self._stderr.closed:
            self._stderr.close()

    @property
    def closed(self):
        return self._proc is None


def text_of(record):
    """The 20-line observation text of one record: 18 map rows, the
    message line, the status line."""
    return text_of_bytes(record.tobytes())


def text_of_bytes(b):
    """text_of of a record's bytes."""
    rows = [b[i:i + COLS] for i in range(_CHARS, _CHARS + ROWS * COLS, COLS)]
    rows.append(b[_MESSAGE:_MESSAGE + MESSAGE_BYTES].rstrip(b"\0"))
    rows.append(b[_STATUS:_STATUS + STATUS_BYTES].rstrip(b"\0"))
    return b"\n".join(rows).decode("utf-8", "replace")


_CHARS = RECORD.fields["chars"][1]
_MESSAGE = RECORD.fields["message"][1]
_STATUS = RECORD.fields["status"][1]
