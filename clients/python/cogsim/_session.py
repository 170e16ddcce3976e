"""One ``cogsim serve --binary`` process and its framing (docs/serve.md)."""

import json
import mmap
import operator
import os
import select
import socket
import struct
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

INV_EMPTY_CLASS = 255  # inv_oclasses of an empty slot

TERMINATED, TRUNCATED, UNUSABLE, ENDED, IGNORED = 1, 2, 4, 8, 16


class Layout:
    """The binary record as the server describes it (info["layout"],
    docs/serve.md): the record's numpy dtype (each field by name, dtype,
    shape and offset, the action mask last, the size), the names of the
    stats, of the conditions' bits from the low one and of the flags'
    bits, and the session's actions. Nothing of it is typed here: it is
    the server's."""

    __slots__ = ("dtype", "stats", "conditions", "flags", "actions", "mask_offset", "keys", "crop")

    def __init__(self, layout):
        fields = layout["fields"]
        self.dtype = np.dtype({
            "names": [f["name"] for f in fields],
            "formats": [(f["dtype"], tuple(f["shape"])) if f["shape"] else f["dtype"] for f in fields],
            "offsets": [f["offset"] for f in fields],
            "itemsize": layout["size"]})
        self.stats = tuple(layout["stats"])
        self.conditions = tuple(layout["conditions"])
        self.flags = tuple(layout["flags"])
        self.actions = tuple(layout["actions"])
        # -1: the record has no mask (observation_keys without it).
        self.mask_offset = layout["maskOffset"]
        # The observation keys the record holds, "action_mask" among them
        # when it does, and the crops' side (§37.3).
        self.keys = tuple(layout.get("keys", ()))
        self.crop = int(layout.get("crop", 0))


def layout_of(info, argv0="cogsim"):
    """The Layout of a server's info answer."""
    if "layout" not in info:
        raise CogsimError(f"{argv0} sends no record layout in its info answer: an older cogsim than this "
                          "package (rebuild it, or point COGSIM at a newer one)")
    return Layout(info["layout"])


# The cog game's layout (rules "cog", no mechanics) from the default
# binary, behind cogsim.ACTIONS, STATS, CONDITIONS and RECORD: made on
# first use, from the first such session or from `cogsim serve --info`.
_default = None


def default_layout():
    """The cog game's Layout, as the default binary describes it."""
    global _default
    if _default is None:
        _default = info_layout()
    return _default


# The layouts of other selections, by (binary, rules, mechanics).
_layouts = {}


def info_layout(rules=None, mechanics=None, binary=None):
    """The Layout of a session of rules and mechanics, from `cogsim serve
    --info` (no episode is built): its actions, stats and conditions."""
    argv = find_binary(binary) + ["serve", "--info"]
    if rules:
        argv += ["--rules", str(rules)]
    if mechanics:
        argv += ["--mechanics", ",".join(mechanics)]
    try:
        got = subprocess.run(argv, capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CogsimError(f"cannot run {' '.join(argv)}: {exc}") from exc
    if got.returncode != 0:
        raise CogsimError(f"{' '.join(argv)} failed: {got.stderr.decode('utf-8', 'replace').strip()[-1000:]}")
    return layout_of(json.loads(got.stdout), argv[0])


def layout_for(rules=None, mechanics=None, binary=None):
    """info_layout, once per selection: the cog game's is the default's."""
    mechanics = tuple(mechanics or ())
    if binary is None and rules in (None, "cog") and not mechanics:
        return default_layout()
    key = (None if binary is None else str(binary), rules, mechanics)
    if key not in _layouts:
        _layouts[key] = info_layout(rules, mechanics, binary)
    return _layouts[key]


def loaded_default():
    """The cog game's Layout if it is known already, else None (never
    starts a process)."""
    return _default


def _adopt(layout):
    """Make a cog game's session's layout the default, when there is none
    yet: the module's names then cost no process of their own."""
    global _default
    if _default is None:
        _default = layout


def packed(reply):
    """A reply as it stands in a binary step_all request."""
    b = reply.encode()
    if len(b) >= 0xFFFF:
        raise ValueError(f"a reply of {len(b)} bytes: at most 65534")
    return len(b).to_bytes(2, "little") + b


# A restart in a binary step_all request, by actions and by replies: the
# slot starts its next episode instead of stepping (docs/serve.md).
RESTART_ACTION = -1
RESTART_REPLY = b"\xff\xff"


def step_request(env, reply):
    """The binary step request of reply (bytes) in slot env, framed."""
    body = b"s" + int(env).to_bytes(4, "little") + reply
    return len(body).to_bytes(4, "little") + body


_ACTION_HEAD = (9).to_bytes(4, "little") + b"i"

# A binary step_some request's entries: an env and its action.
_SOME = np.dtype([("env", "<u4"), ("action", "<i2")])


def some_request(envs, actions):
    """The binary step_some request of env ids and action indices (int
    arrays of one length), framed: EnvPool's send (§37.6)."""
    entries = np.empty(len(envs), _SOME)
    entries["env"], entries["action"] = envs, actions
    body = entries.tobytes()
    return (len(body) + 5).to_bytes(4, "little") + b"c" + len(envs).to_bytes(4, "little") + body


def restore_request(env, snapshot):
    """The binary restore request of a snapshot's bytes in slot env."""
    return (len(snapshot) + 5).to_bytes(4, "little") + b"r" + int(env).to_bytes(4, "little") + bytes(snapshot)


def action_request(env, index):
    """The binary step request of action index in slot env, framed."""
    return _ACTION_HEAD + int(env).to_bytes(4, "little") + int(index).to_bytes(4, "little", signed=True)


def actions_request(indices):
    """The binary step_all request of an int array of action indices."""
    body = indices.astype("<i2", copy=False).tobytes()
    return (len(body) + 1).to_bytes(4, "little") + b"b" + body

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


_DOORBELL = struct.Struct("<IIII")  # region, count, first env, trailer length


def _make_shm():
    """Memory to share with the server: (fd, path to remove once the
    server mapped it or None, what --shm names or None when there is
    none). An anonymous memfd (Linux) has no name at all, so nothing is
    left behind whoever ends first; else a 0600 file in /dev/shm."""
    if hasattr(os, "memfd_create"):
        try:
            fd = os.memfd_create("cogsim-serve", getattr(os, "MFD_CLOEXEC", 1))
            return fd, None, f"/dev/fd/{fd}"
        except OSError:
            pass
    if os.path.isdir("/dev/shm"):
        try:
            fd, path = tempfile.mkstemp(prefix="cogsim-", dir="/dev/shm")  # mode 0600
            return fd, path, path
        except OSError:
            pass
    return None, None, None


def frame(obj):
    body = obj if isinstance(obj, bytes) else json.dumps(obj, separators=(",", ":")).encode()
    return len(body).to_bytes(4, "little") + body


class Observations:
    """A decoded 'O' frame: n records (views into the frame's own buffer)
    and the trailer (ignored tokens and results by env); or a doorbell
    ('M'): the records of slots first … first+n−1 of a region of the
    shared memory, the region itself (region: a step_some's records are
    at its envs' own places)."""

    __slots__ = ("records", "extras", "region")

    def __init__(self, records, extras, region=None):
        self.records = records
        self.extras = extras
        self.region = region


class Session:
    """A cogsim serve process with n slots, spoken to in binary frames over
    pipes (the default: faster, see bench.py) or a Unix socket."""

    def __init__(self, envs=1, binary=None, rules=None, mechanics=None, max_turns=None,
                 autoreset=False, transport="pipe", shm=True, task=None, record_dir=None, poll=True,
                 step="tick", keys=None, crop=None):
        if transport not in ("pipe", "socket"):
            raise ValueError(f"transport must be 'pipe' or 'socket', not {transport!r}")
        self.envs = int(envs)
        argv = find_binary(binary) + ["serve", "--binary", "--envs", str(self.envs)]
        if not poll:
            argv += ["--poll", "0", "--linger", "0"]
        self._shm_fd, self._shm_path, self._regions, self._mem = None, None, None, None
        if shm:
            self._shm_fd, self._shm_path, where = _make_shm()
            if where is not None:
                argv += ["--shm", where]
        fds = () if self._shm_fd is None else (self._shm_fd,)
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
        argv += ["--step", str(step)]
        if keys is not None:
            argv += ["--keys", ",".join(keys)]
        if crop is not None:
            argv += ["--crop", str(int(crop))]
        self._expect = PAD + HEAD + self.envs * _RECORD_GUESS + 4 + 4096
        self._small = None
        self._skip = self._backoff = 0
        self._proc = None
        self._sock = None
        self._dir = None
        # _broken says why the session cannot go on, or is None: a request
        # whose answer was not read whole (Ctrl-C in a step) leaves the
        # pipe out of step, and a next request would read that answer.
        self._broken = None
        self._stderr = tempfile.TemporaryFile()
        try:
            if transport == "pipe":
                self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                              stderr=self._stderr, bufsize=0, pass_fds=fds)
                self._wfd = self._proc.stdin.fileno()
                self._rfd = self._proc.stdout.fileno()
                _grow_pipe(self._rfd, self._expect)
                self._write = self._write_fd
                self._readinto = self._proc.stdout.readinto  # a raw FileIO: one read(2)
                if poll and os.name == "posix" and hasattr(select, "poll"):
                    self._raw_readinto = self._readinto
                    os.set_blocking(self._rfd, False)
                    self._poller = select.poll()
                    self._poller.register(self._rfd, select.POLLIN)
                    self._readinto = self._read_polling
            else:
                self._dir = tempfile.TemporaryDirectory(prefix="cogsim-")
                path = os.path.join(self._dir.name, "serve.sock")
                self._proc = subprocess.Popen(argv + ["--listen", path], stdin=subprocess.DEVNULL,
                                              stdout=subprocess.DEVNULL, stderr=self._stderr, pass_fds=fds)
                self._sock = self._connect(path)
                self._write = self._sock.sendall
                self._readinto = self._sock.recv_into
        except OSError as exc:
            self.close()
            raise CogsimError(f"cannot start {argv[0]}: {exc}") from exc
        try:
            self.info = self.request_json({"op": "info"})
        except BaseException:
            self.close()
            raise
        finally:
            self._drop_shm_name()
        try:
            self.layout = layout_of(self.info, argv[0])
        except BaseException:
            self.close()
            raise
        if binary is None and rules in (None, "cog") and not mechanics:
            _adopt(self.layout)
        self.record = self.layout.dtype
        # The text is read from a record that holds it (the map's
        # characters, the message and the status line), else asked of
        # the server.
        self._text = _text_parts(self.record) if has_text(self.record) else None
        # A record's flags and reward, read together: (a struct, the
        # flags' offset).
        flags, reward = (self.record.fields[k][1] for k in ("flags", "reward"))
        self.flags_reward = struct.Struct(f"<I{reward - flags - 4}xi"), flags
        if self._shm_fd is not None:
            self._map_shm()
        if self._regions is not None:
            self._small = np.empty(PAD + 65536, np.uint8)  # doorbells and small answers

    def _drop_shm_name(self):
        """Remove the shared memory's name, if it has one: once the server
        mapped it (it has answered), the memory lives on unnamed."""
        path, self._shm_path = self._shm_path, None
        if path is not None:
            try:
                os.unlink(path)
            except OSError:
                pass

    def _map_shm(self):
        fd, self._shm_fd = self._shm_fd, None
        try:
            size = int(self.info.get("shmBytes", 0))
            if size <= 0:
                return  # the server did not take it: records come in frames
            mem = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        finally:
            os.close(fd)
        if mem[:8] != b"COGSIMSH" or int.from_bytes(mem[8:12], "little") != self.envs or \
                int.from_bytes(mem[12:16], "little") != self.record.itemsize:
            raise CogsimError("the shared memory's header does not match the session")
        n, rb = self.envs, self.record.itemsize
        regions, columns = [], []
        # Each region's columns (docs/serve.md): every env's flags, then
        # every env's reward, each a few cache lines where the records'
        # are one line each.
        at, width = int.from_bytes(mem[20:24], "little"), (4 * n + 63) // 64 * 64
        if at != 64 + 2 * n * rb or size < at + 4 * width:
            raise CogsimError(f"the shared memory's columns are at {at}, this package reads them at "
                              f"{64 + 2 * n * rb}: mismatched versions of cogsim and this package")
        for r in range(2):
            region = np.frombuffer(mem, self.record, n, 64 + r * n * rb)
            flags = np.frombuffer(mem, "<u4", n, at + 2 * r * width)
            reward = np.frombuffer(mem, "<i4", n, at + (2 * r + 1) * width)
            # Read-only: the server keeps parts of a record in place
            # from one write to the next (docs/serve.md).
            for a in (region, flags, reward):
                a.flags.writeable = False
            regions.append(region)
            columns.append((flags, reward))
        self._regions = tuple(regions)
        self.columns = tuple(columns)
        self._mem = mem
        self._bell = bytearray(65536)
        self._bellview = memoryview(self._bell)

    def record_offset(self, region, env):
        """Where env's record of region starts in the shared memory."""
        return 64 + (region * self.envs + env) * self.record.itemsize

    def doorbell(self, data):
        """Send a request whose answer is observations, with shared memory:
        (region, first env, count, extras). The quick path of send and
        recv: one write, usually one read, into a buffer kept."""
        if self._proc is None:
            raise CogsimError("the session is closed")
        self._check_in_step()
        bell = self._bell
        try:
            self._write(data)
            got = self._readinto(self._bellview)
            total = 4 + int.from_bytes(bell[:4], "little") if got >= 4 else 1 << 62
            while got < total:
                if total > len(bell) and total < 1 << 62:
                    self._bell = bell = bell[:got] + bytearray(total - got)
                    self._bellview = memoryview(bell)
                k = self._readinto(self._bellview[got:])
                if not k:
                    raise CogsimError(f"cogsim ended without an answer: {self._tail()}")
                got += k
                if got >= 4:
                    total = 4 + int.from_bytes(bell[:4], "little")
        except OSError as exc:
            raise CogsimError(f"cogsim went away: {self._tail()}") from exc
        self._broken = None  # the answer is read whole: in step again
        kind = bell[4]
        if kind != 0x4D:  # 'M'
            if kind == 0x45:  # 'E'
                raise CogsimError(json.loads(bytes(bell[5:total]))["error"])
            raise CogsimError(f"expected a doorbell, got kind {chr(kind)!r}")
        region, n, first, m = _DOORBELL.unpack_from(bell, 5)
        extras = None
        if m != 2:  # not "[]"
            extras = {e["env"]: e for e in json.loads(bytes(bell[21:21 + m]))}
        return region, first, n, extras

    def text_at(self, at):
        """The observation text of the record at offset at of the shared
        memory (text_of without numpy)."""
        mem = self._mem
        chars, n, rows, message, m, status, k = self._text
        return b"\n".join(rows(mem[at + chars:at + chars + n]) + (mem[at + message:at + message + m].rstrip(b"\0"),
                                                                 mem[at + status:at + status + k].rstrip(b"\0"))
                           ).decode("utf-8", "replace")

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

    # Tries of the pipe before sleeping on it: each is a read(2) of about
    # half a microsecond, so about 50 us in all.
    POLL_TRIES = 100

    def _read_polling(self, view):
        """readinto of the non-blocking pipe: try it for a while, then
        sleep until the server writes. Waking a sleeping process costs
        5-10 us, more than one env's step; a wait that outlasts the tries
        (a big batch) makes the next waits sleep at once, for 1, 3, 7 …
        up to 63 waits, then try again."""
        raw = self._raw_readinto
        k = raw(view)
        if k is not None:
            return k
        if self._skip:
            self._skip -= 1
        else:
            for _ in range(self.POLL_TRIES):
                k = raw(view)
                if k is not None:
                    self._backoff = 0
                    return k
            self._backoff = min(2 * self._backoff + 1, 63)
            self._skip = self._backoff
        while True:
            self._poller.poll()  # readable, or the server is gone (EOF)
            k = raw(view)
            if k is not None:
                return k

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
        # batch is hundreds of kilobytes. With shared memory no answer
        # keeps its buffer (records are not in it): one serves them all.
        buf = self._small if self._small is not None else np.empty(self._expect, np.uint8)
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
        self._broken = None  # the answer is read whole: in step again
        if self._small is None:
            self._expect = max(self._expect, PAD + total)
        elif len(buf) > len(self._small):
            self._small = buf  # a big answer (a snapshot): keep the room
        kind = view[4]
        if kind == 0x45:  # 'E'
            raise CogsimError(json.loads(bytes(view[5:total]))["error"])
        return buf, kind, total

    def recv_exact(self):
        """recv for a pipeline of requests (VecEnv's send/recv): read one
        answer frame and not a byte of the next, which may be in the pipe
        already: its length first, then its body. (buffer, kind, total)
        as recv, in a buffer of its own."""
        head = bytearray(4)
        self._read_exactly(memoryview(head))
        total = 4 + int.from_bytes(head, "little")
        buf = np.empty(PAD + total, np.uint8)
        view = memoryview(buf)[PAD:]
        view[:4] = head
        self._read_exactly(view[4:total])
        self._broken = None
        kind = view[4]
        if kind == 0x45:  # 'E'
            raise CogsimError(json.loads(bytes(view[5:total]))["error"])
        return buf, kind, total

    def _read_exactly(self, view):
        got = 0
        try:
            while got < len(view):
                k = self._readinto(view[got:])
                if not k:
                    raise CogsimError(f"cogsim ended without an answer: {self._tail()}")
                got += k
        except OSError as exc:
            raise CogsimError(f"cogsim went away: {self._tail()}") from exc

    def request(self, data):
        """Send one request and read its answer. An exchange cut short —
        a KeyboardInterrupt or another exception between the first byte
        sent and the last byte read — marks the session broken: every
        later request raises CogsimError instead of reading a stale or
        half answer (issue 34)."""
        self._check_in_step()
        self.send(data)
        return self.recv()

    def _check_in_step(self):
        """Refuse a request on a broken session; else mark the exchange
        begun (recv and doorbell clear it once the answer is whole)."""
        if self._broken is not None:
            raise CogsimError(f"this session is out of step with cogsim: {self._broken}; "
                              "close it and make a new one")
        self._broken = "a request was interrupted before its answer was read (Ctrl-C during a step?)"

    def request_json(self, obj):
        buf, kind, total = self.request(frame(obj))
        if kind != 0x4A:  # 'J'
            raise CogsimError(f"expected a JSON answer, got kind {chr(kind)!r}")
        return json.loads(bytes(buf[PAD + 5:PAD + total]))

    def observations(self, data):
        """Send a request whose answer is observations; decode them."""
        return self.decode(*self.request(data))

    def decode(self, buf, kind, total):
        """Decode an answer recv read whose answer is observations."""
        if kind == 0x4D:  # 'M': a doorbell, the records in shared memory
            region, n, first, m = _DOORBELL.unpack_from(buf, PAD + 5)
            extras = None
            if m != 2:  # not "[]"
                at = PAD + 21
                extras = {e["env"]: e for e in json.loads(bytes(buf[at:at + m]))}
            reg = self._regions[region]
            return Observations(reg[first:first + n], extras, reg)
        if kind != 0x4F:  # 'O'
            raise CogsimError(f"expected observations, got kind {chr(kind)!r}")
        n = int.from_bytes(bytes(buf[PAD + 5:PAD + 9]), "little")
        at = PAD + HEAD + n * self.record.itemsize
        records = np.frombuffer(buf, self.record, n, PAD + HEAD)
        m = int.from_bytes(buf[at:at + 4].tobytes(), "little")
        extras = None
        if m != 2:  # not "[]"
            extras = {e["env"]: e for e in json.loads(bytes(buf[at + 4:at + 4 + m]))}
        return Observations(records, extras)

    def snapshot(self, env, portable=False):
        """Slot env's episode as bytes: the packed form (this engine's,
        fast), or with portable the JSON form any session of the engine
        reads (§37.7)."""
        req = {"op": "snapshot", "env": int(env)}
        if portable:
            req["format"] = "json"
        buf, kind, total = self.request(frame(req))
        if kind != 0x53:  # 'S'
            raise CogsimError(f"expected a snapshot, got kind {chr(kind)!r}")
        return bytes(buf[PAD + 5:PAD + total])

    def restore(self, env, snapshot):
        """Make slot env's episode the snapshot's (bytes of either form),
        sent raw in a binary frame."""
        if not isinstance(snapshot, (bytes, bytearray, memoryview)):
            raise TypeError(f"restore takes the bytes snapshot() returned, not {type(snapshot).__name__}")
        return self.observations(restore_request(env, snapshot))

    def text(self, env):
        """Slot env's observation text, asked of the server (a record
        without the map's characters or the message cannot say it)."""
        return self.request_json({"op": "text", "env": int(env)})["text"]

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

    @property
    def shared(self):
        """Whether the records come through shared memory."""
        return self._regions is not None

    def close(self):
        self._drop_shm_name()
        if self._shm_fd is not None:
            os.close(self._shm_fd)
            self._shm_fd = None
        proc, self._proc = self._proc, None
        if proc is not None:
            # The close request ends the session even when EOF cannot:
            # a forked child holding the server's stdin keeps it open
            # (issue 34), and close() would wait, then kill.
            try:
                # Not after a request cut short: the server may hold half
                # a frame, which the close would only lengthen.
                if proc.poll() is None and self._broken is None:
                    self._write(frame({"op": "close"}))
            except (OSError, ValueError, AttributeError, CogsimError):
                pass
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


def has_text(dtype):
    """Whether records of dtype hold the observation text's parts."""
    return all(k in dtype.fields for k in ("chars", "message", "status"))


def text_of(record):
    """The 20-line observation text of one record: 18 map rows, the
    message line, the status line."""
    chars = record["chars"]
    c, cols = chars.tobytes(), chars.shape[-1]
    rows = [c[i:i + cols] for i in range(0, len(c), cols)]
    rows.append(record["message"].tobytes().rstrip(b"\0"))
    rows.append(record["status"].tobytes().rstrip(b"\0"))
    return b"\n".join(rows).decode("utf-8", "replace")


def _text_parts(record):
    """What text_at reads of a record of dtype record: the map's
    characters (offset, size, a getter of its rows, cut in one call), the
    message line's and the status line's offset and size."""
    f = record.fields
    (chars, at), (msg, msg_at), (status, status_at) = (f[k][:2] for k in ("chars", "message", "status"))
    cols = chars.shape[-1]
    rows = operator.itemgetter(*(slice(i, i + cols) for i in range(0, chars.itemsize, cols)))
    return at, chars.itemsize, rows, msg_at, msg.itemsize, status_at, status.itemsize


# Room for one record before the info answer gives the size: the fixed
# fields and a mask of 1 024 actions (a guess; the buffer grows).
_RECORD_GUESS = 7168
