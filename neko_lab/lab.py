"""`neko-lab lab`: JupyterLab on the neko_lab notebooks, on a free port, at the address that really started.

Which notebooks:
- `neko-lab lab PATH` (or `--dir PATH`) serves that folder.
- In a checkout (the package sits next to pyproject.toml and notebooks/), the checkout's notebooks/ folder,
  so edits are made in the repository.
- In an installation, the notebooks shipped inside the wheel (neko_lab/notebooks) are copied on the first
  start to a folder of the user's own, ~/neko-lab-notebooks (or $NEKO_LAB_HOME), and served from there, so a
  learner's edits are kept and never touch the installed package. Later starts copy only the notebooks
  the folder does not have yet; nothing the user changed is overwritten.

The notebooks are committed executed, so their pictures show before anything runs; JupyterLab draws the
HTML/SVG outputs of a notebook only when it is trusted. Once the server answers, `neko-lab lab` signs
(`jupyter trust`) only the notebooks neko_lab shipped, recognised by content: in a user's copy, those whose
bytes equal the installed package's copy; in a checkout, those whose bytes equal the committed version. A
notebook downloaded into the folder, or edited, stays untrusted; a folder given on the command line is not
signed at all.

The server's token is never on a command line (any local user can list a process's arguments): it is
handed to the server in the environment variable JUPYTER_TOKEN, which only the user's own processes can
read, and the browser is not given the address with the token either. As Jupyter's own launcher does, it
opens a small page in the Jupyter runtime folder (`jupyter --runtime-dir`, a folder of the user's own
made with mode 0700), written readable by the user only (mode 0600), which sends it on to the address
with the token and so logs it in; the page is removed when the lab stops. The address with the token is
printed to the user's own terminal (as Jupyter prints it), for `--no-browser` and for opening it by hand.
JupyterLab's own login page (jpserver-PID-open.html, which holds the token too) is made readable by the
user only, whatever the umask (private_login_page).
`--ip` is checked like `--port`: an address that is not one, or one this machine cannot listen on and be
reached at (not its own, multicast, link-local without its interface), is refused in one line.

Which port: `--port P` (1-65535) is used as given, and refused in one line if something already listens
there, or if it is a privileged port this user may not listen on. Without it, 8888 if free, else any free
port the system offers. Another program (of another user, say) can take the port between that choice and
the server's start; so the token is sent to nothing before the server neko-lab started has written its
jpserver-PID.json (PID: its own process) in the runtime folder, as a file of the user's own, saying it
holds that port. A server that could not listen there ends, and a fresh free port is tried. The address is
printed once the server answers, so it is the address of the server that actually started.

Ctrl-C (the server runs in a process group of its own, so the terminal's interrupt reaches neko-lab only),
SIGTERM and the terminal closing all stop JupyterLab the same way: it is asked to end, shuts its kernels
down and removes its runtime files.

JupyterLab's news pop-up and update check are turned off, as on Binder: the server gets
`--LabApp.news_url=None` and, through a configuration folder of its own prepended to JUPYTER_CONFIG_PATH,
a default of `fetchNews: "false"` for the notification settings (a labconfig default_setting_overrides, so a
choice the user made in their own settings still wins). Nothing in the user's or the environment's Jupyter
configuration is written.
"""
from __future__ import annotations

import argparse
import errno
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, NamedTuple

NO_NEWS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"}}
PREFERRED_PORT = 8888
START_TIMEOUT = 90.0   # seconds for JupyterLab to answer; slow shared machines need about 10
HOME_VARIABLE = "NEKO_LAB_HOME"
USER_FOLDER = "neko-lab-notebooks"


class LabError(Exception):
    """A bad `lab` request: printed as one line, exit status 2."""


class Folder(NamedTuple):
    path: Path
    how: str          # "given", "checkout", "copied" or "user copy"


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 1-65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {value}")
    return value


def ip_address(text: str) -> str:
    """An argparse type: an IPv4 or IPv6 address (or 'localhost'), checked like --port."""
    import ipaddress
    if text == "localhost":
        return "127.0.0.1"
    try:
        return str(ipaddress.ip_address(text.strip("[]")))
    except ValueError:
        raise argparse.ArgumentTypeError(f"an address to listen on is an IPv4 or IPv6 address such as "
                                         f"127.0.0.1 or ::1, not {text[:60]!r}") from None


def _folder_name(text: str) -> str:
    """An argparse type: a folder to serve, never an empty name (which would serve the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder name, not an empty one (leave PATH out to "
                                         "serve the neko_lab notebooks)")
    return text


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    lab = sub.add_parser("lab", help="open JupyterLab at the notebooks",
                         description="Open JupyterLab at the neko_lab notebooks (or at PATH).")
    lab.add_argument("path", nargs="?", default=None, metavar="PATH", type=_folder_name,
                     help="folder of notebooks to serve (default: this checkout's or installation's)")
    lab.add_argument("--dir", dest="dir", default=None, metavar="PATH", type=_folder_name,
                     help="the same as PATH")
    lab.add_argument("--no-browser", action="store_true", help="print the address instead of opening it")
    lab.add_argument("--port", type=port_number, default=None,
                     help=f"port to serve on, 1-65535 (default: {PREFERRED_PORT} if free, else any free port)")
    lab.add_argument("--ip", type=ip_address, default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1)")
    return lab


# --- which folder -----------------------------------------------------------------------------------

def package_dir() -> Path:
    return Path(__file__).resolve().parent


def checkout_notebooks(pkg: Path | None = None) -> Path | None:
    """notebooks/ of the checkout this package belongs to, if it runs from a checkout."""
    root = (pkg or package_dir()).parent
    folder = root / "notebooks"
    if (root / "pyproject.toml").is_file() and (folder / "index.ipynb").is_file():
        return folder
    return None


def shipped_notebooks(pkg: Path | None = None) -> Path | None:
    """The notebooks the wheel carries (neko_lab/notebooks), if this is an installation."""
    folder = (pkg or package_dir()) / "notebooks"
    return folder if (folder / "index.ipynb").is_file() else None


def user_folder() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    return Path(home).expanduser() if home else Path.home() / USER_FOLDER


# the notebooks' own authoring guide and nbval settings: for the project's developers, not a learner's folder
FOR_DEVELOPERS = frozenset({"README.md", "nbval-sanitize.cfg"})


def copy_missing(source: Path, target: Path) -> list[Path]:
    """Copy every file of `source` that `target` lacks (but the developers' files at its top,
    FOR_DEVELOPERS); never overwrite. Returns what was copied."""
    copied = []
    for src in sorted(source.rglob("*")):
        rel = src.relative_to(source)
        if not src.is_file() or "__pycache__" in rel.parts or ".ipynb_checkpoints" in rel.parts:
            continue
        if len(rel.parts) == 1 and rel.name in FOR_DEVELOPERS:
            continue
        dst = target / rel
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
            copied.append(dst)
    return copied


def notebooks_folder(requested: str | None, pkg: Path | None = None) -> Folder:
    """The folder `neko-lab lab` serves (see the module docstring)."""
    if requested is not None:
        path = Path(requested).expanduser()
        if not path.exists():
            raise LabError(f"no such folder: {requested}")
        if not path.is_dir():
            raise LabError(f"not a folder: {requested} (give the folder that holds the notebooks)")
        return Folder(path.resolve(), "given")
    checkout = checkout_notebooks(pkg)
    if checkout is not None:
        return Folder(checkout, "checkout")
    shipped = shipped_notebooks(pkg)
    if shipped is None:
        raise LabError("this installation carries no notebooks; give a folder: neko-lab lab PATH")
    target = user_folder()
    try:
        copied = copy_missing(shipped, target)
    except OSError as exc:
        raise LabError(f"cannot copy the notebooks to {target}: {exc.strerror or exc}; "
                       f"set {HOME_VARIABLE} to a folder you can write, or give one: neko-lab lab PATH") from None
    return Folder(target, "copied" if copied else "user copy")


# --- which port -------------------------------------------------------------------------------------

def _socket(ip: str) -> socket.socket:
    s = socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET)
    # as the server will: a port left in TIME_WAIT by finished connections counts as free
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    return s


def _not_listenable(ip: str, why: str) -> LabError:
    return LabError(f"{ip} is not an address of this machine that can be listened on ({why}); "
                    f"leave out --ip to serve on 127.0.0.1")


def port_is_free(port: int, ip: str = "127.0.0.1") -> bool:
    """True when ip:port can be bound, False when something holds it; LabError when ip cannot be listened
    on here, or when the port is privileged and this user may not listen on it."""
    try:
        with _socket(ip) as s:
            s.bind((ip, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            return False
        if exc.errno == errno.EACCES:
            raise LabError(f"port {port} is privileged: this user is not permitted to listen on it; "
                           f"leave out --port to take a free one, or give one above 1023") from None
        raise _not_listenable(ip, exc.strerror or str(exc)) from None
    return True


def check_listenable(ip: str) -> None:
    """LabError unless a server can listen on `ip` and be reached there (a multicast or broadcast address
    can be bound, but nothing ever connects to it; a link-local one needs its interface)."""
    import ipaddress
    if ipaddress.ip_address(ip).is_multicast:
        raise _not_listenable(ip, "a multicast address")
    try:
        with _socket(ip) as server:
            server.bind((ip, 0))
            server.listen(1)
            port = server.getsockname()[1]
            with socket.socket(server.family) as client:
                client.settimeout(5)
                client.connect((ip, port))
    except OSError as exc:
        raise _not_listenable(ip, exc.strerror or str(exc)) from None


def choose_port(requested: int | None, ip: str = "127.0.0.1", preferred: int = PREFERRED_PORT) -> int:
    """The requested port if free (else LabError); without one, `preferred` if free, else a free port."""
    check_listenable(ip)
    if requested is not None:
        if not port_is_free(requested, ip):
            raise LabError(f"port {requested} is already in use on {ip}; "
                           "leave out --port to take a free one")
        return requested
    if port_is_free(preferred, ip):
        return preferred
    with _socket(ip) as s:
        s.bind((ip, 0))
        return s.getsockname()[1]


# --- the server -------------------------------------------------------------------------------------

def jupyter_command(folder: Path, ip: str, port: int) -> list[str]:
    """The server's command line. It holds no secret: every local user can read a process's arguments,
    so the token travels in the server's environment (token_environment), which only its user reads."""
    start = "/lab/tree/index.ipynb" if (folder / "index.ipynb").is_file() else "/lab"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--ServerApp.ip={ip}",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={folder}",
           f"--ServerApp.default_url={start}",
           # no news pop-up and no update check: a workshop room sees the notebook, nothing else
           "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")   # containers often run as root
    return cmd


def token_environment(env: dict[str, str], token: str) -> dict[str, str]:
    """`env` with the server's token in JUPYTER_TOKEN (Jupyter reads it from there; /proc/PID/environ is
    readable by the process's own user only, unlike its command line)."""
    env = {k: v for k, v in env.items() if k != "JUPYTER_TOKEN_FILE"}
    env["JUPYTER_TOKEN"] = token
    return env


def server_environment(config_dir: Path) -> dict[str, str]:
    """The environment for JupyterLab: ours plus a config folder whose labconfig turns the news pop-up off."""
    labconfig = config_dir / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "default_setting_overrides.json").write_text(json.dumps(NO_NEWS, indent=1))
    env = dict(os.environ)
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(config_dir), env.get("JUPYTER_CONFIG_PATH")]))
    return env


def private_login_page(runtime: Path) -> Callable[[], None] | None:
    """What the server's process runs before JupyterLab starts (a Popen preexec_fn; None off POSIX).
    JupyterLab writes a login page of its own, holding the token, to jpserver-PID-open.html in the runtime
    folder, whatever --no-browser says (and no setting turns that off), with the mode the umask gives,
    often readable by every user. Made here first, empty and mode 0600, under the process's own PID, that
    file keeps its mode when JupyterLab writes into it, so the token in it stays the user's own."""
    if os.name != "posix":
        return None

    def before_exec() -> None:
        page = os.path.join(runtime, f"jpserver-{os.getpid()}-open.html")
        try:
            if os.path.lexists(page):            # left by an earlier process of the same PID
                os.unlink(page)
            os.close(os.open(page, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))
        except OSError:
            pass
    return before_exec


def runtime_folder(env: dict[str, str]) -> Path:
    """The Jupyter runtime folder the server will use (JUPYTER_RUNTIME_DIR in `env`, else Jupyter's own),
    made if missing with mode 0700: the server writes its jpserver-PID.json there, and neko-lab its page."""
    from jupyter_core.paths import jupyter_runtime_dir
    folder = Path(env.get("JUPYTER_RUNTIME_DIR") or jupyter_runtime_dir()).expanduser().resolve()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def address(folder: Path, ip: str, port: int, token: str) -> str:
    host = f"[{ip}]" if ":" in ip else ip
    start = "lab/tree/index.ipynb" if (folder / "index.ipynb").is_file() else "lab"
    return f"http://{host}:{port}/{start}?token={token}"


OPEN_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="refresh" content="0;url={url}">
<title>Opening neko_lab's JupyterLab</title>
</head>
<body>
<p>This page opens neko_lab's JupyterLab. If it does not, <a href="{url}">click here</a>.</p>
</body>
</html>
"""


def open_page(url: str, folder: Path | None = None) -> Path:
    """Write the page the browser is given instead of `url` (which holds the token): readable by the user
    only, in the Jupyter runtime folder (or `folder`), it sends the browser on to `url`. Its name is all
    that reaches the browser's command line."""
    import html
    from jupyter_core.paths import jupyter_runtime_dir, secure_write
    folder = Path(folder or jupyter_runtime_dir())
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    page = folder / f"neko-lab-{os.getpid()}-open.html"
    with secure_write(str(page)) as f:          # mode 0600, checked before anything is written
        f.write(OPEN_PAGE.format(url=html.escape(url, quote=True)))
    return page


def remove_page(page: Path | None) -> None:
    if page is not None:
        try:
            page.unlink()
        except OSError:
            pass


def started_here(runtime: Path, pid: int, port: int) -> bool:
    """True when the server of process `pid` has written its jpserver-PID.json in `runtime`, as a file of
    this user's own, saying it listens on `port`. JupyterLab writes it once it holds the port, so what
    answers there is that server, not another program (of another user, say) that took the port first."""
    info = runtime / f"jpserver-{pid}.json"
    try:
        st = os.lstat(info)
        if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return False
        data = json.loads(info.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("pid") == pid and data.get("port") == port


def wait_until_serving(proc: subprocess.Popen, ip: str, port: int, token: str, runtime: Path,
                       timeout: float = START_TIMEOUT) -> bool:
    """True once the server started as `proc` says it holds ip:port (started_here) and answers
    /api/status there; False if the process ends first. The token is sent to nothing before that."""
    host = f"[{ip}]" if ":" in ip else ("127.0.0.1" if ip in ("0.0.0.0", "") else ip)
    url = f"http://{host}:{port}/api/status?token={token}"
    deadline = time.monotonic() + timeout
    ours = False
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        ours = ours or started_here(runtime, proc.pid, port)
        if ours:
            try:
                with urllib.request.urlopen(url, timeout=2) as reply:
                    if reply.status == 200:
                        return True
            except (urllib.error.URLError, OSError):
                pass
        time.sleep(0.25 if ours else 0.1)
    return False


def run(args: argparse.Namespace, open_browser: Callable[[str], object] | None = None) -> int:
    """Serve the notebooks until Ctrl-C (or SIGTERM, or the terminal closing), which stops JupyterLab too:
    it is asked to end (SIGTERM), so it shuts its kernels down and removes its runtime files."""
    stops = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    previous = {sig: signal.signal(sig, _interrupt) for sig in stops}
    try:
        return _serve(args, open_browser)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def content_key(data: bytes) -> str:
    """How a shipped notebook is recognised: the SHA-256 of its bytes."""
    return hashlib.sha256(data).hexdigest()


def shipped_keys(folder: Folder, pkg: Path | None = None) -> dict[str, str]:
    """Relative path -> content key of each notebook neko_lab shipped for `folder`: for a user's copy,
    the notebooks inside the installed package; for a checkout, the notebooks as committed (git's
    own copy, so a file dropped into or edited in the checkout is not among them). A folder given on
    the command line has none."""
    if folder.how in ("copied", "user copy"):
        shipped = shipped_notebooks(pkg)
        if shipped is None:
            return {}
        return {p.relative_to(shipped).as_posix(): content_key(p.read_bytes())
                for p in shipped.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    if folder.how == "checkout":
        return committed_keys(folder.path)
    return {}


def committed_keys(notebooks: Path) -> dict[str, str]:
    """Relative path -> content key of each notebook as committed in the checkout's git history."""
    root = notebooks.parent
    try:
        listing = subprocess.run(["git", "-C", str(root), "ls-tree", "-r", "-z", "HEAD", "--", "notebooks"],
                                 capture_output=True, timeout=20, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    keys = {}
    for entry in filter(None, listing.split(b"\0")):
        meta, _, path = entry.partition(b"\t")
        parts = meta.split()
        if len(parts) != 3 or parts[1] != b"blob" or not path.endswith(b".ipynb"):
            continue
        try:
            blob = subprocess.run(["git", "-C", str(root), "cat-file", "blob", parts[2].decode()],
                                  capture_output=True, timeout=20, check=True).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        keys[Path(path.decode()).relative_to("notebooks").as_posix()] = content_key(blob)
    return keys


def trust(folder: Path, shipped: dict[str, str]) -> list[Path]:
    """Sign as trusted (what `jupyter trust` does) each notebook under `folder` whose bytes are those of
    the shipped notebook at the same place; anything else (a downloaded notebook, an edited copy) stays
    untrusted, so its scripts do not run. Returns the notebooks signed."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary, signed = None, []
    for rel, key in sorted(shipped.items()):
        path = folder / rel
        try:
            if not path.is_file() or content_key(path.read_bytes()) != key:
                continue
            notary = notary or NotebookNotary()
            nb = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
            if not notary.check_signature(nb):
                notary.sign(nb)
            signed.append(path)
        except Exception:      # an unreadable notebook, or no signature database: it just shows untrusted
            continue
    return signed


def _serve(args: argparse.Namespace, open_browser: Callable[[str], object] | None) -> int:
    if args.path is not None and args.dir is not None and Path(args.path) != Path(args.dir):
        raise LabError(f"two folders given ({args.path} and --dir {args.dir}); give one")
    folder = notebooks_folder(args.path if args.path is not None else args.dir)
    if folder.how == "copied":
        print(f"neko-lab: copied the notebooks to {folder.path} (your own copy: edit freely)", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="neko-lab-config-") as config_dir:
        return _serve_from(folder, args, open_browser, server_environment(Path(config_dir)))


def _serve_from(folder: Folder, args: argparse.Namespace, open_browser: Callable[[str], object] | None,
                env: dict[str, str]) -> int:
    runtime = runtime_folder(env)
    env = {**env, "JUPYTER_RUNTIME_DIR": str(runtime)}     # where wait_until_serving looks for the server
    attempts = 1 if args.port is not None else 3
    for attempt in range(attempts):
        port = choose_port(args.port, args.ip)
        token = secrets.token_hex(16)
        # a process group of its own: Ctrl-C in the terminal reaches neko-lab only, which then asks the
        # server to end (as SIGTERM does), instead of the server dying at once and leaving its files behind
        proc = subprocess.Popen(jupyter_command(folder.path, args.ip, port), stdin=subprocess.DEVNULL,
                                env=token_environment(env, token), process_group=0,
                                preexec_fn=private_login_page(runtime))
        try:
            started = wait_until_serving(proc, args.ip, port, token, runtime)
        except KeyboardInterrupt:
            _stop(proc)
            raise
        if started:
            trust(folder.path, shipped_keys(folder))   # only once the server really serves them
            break
        _stop(proc)
        taken = not port_is_free(port, args.ip)
        if proc.returncode not in (None, 0) and attempt + 1 < attempts and taken:
            continue      # another program took the free port between the choice and the start
        if taken:
            raise LabError(f"JupyterLab could not listen on {args.ip}:{port}: another program took the port "
                           f"first" + ("; leave out --port to take a free one" if args.port is not None else
                                       "; try again"))
        raise LabError(f"JupyterLab did not start on {args.ip}:{port} (its messages are above)")
    url = address(folder.path, args.ip, port, token)
    print(f"JupyterLab serves {folder.path}", flush=True)
    print(url, flush=True)      # the user's own terminal: the address to open by hand
    page = None
    try:
        if not args.no_browser:
            try:
                page = open_page(url, runtime)
            except (OSError, RuntimeError) as exc:     # RuntimeError: the page could not be made private
                print(f"neko-lab: no browser opened, as the page that logs it in could not be written "
                      f"({exc}); open the address above", file=sys.stderr, flush=True)
            else:
                (open_browser or _open_browser)(page.as_uri())
        print("Press Ctrl-C to stop it.", file=sys.stderr, flush=True)
        return proc.wait()
    except KeyboardInterrupt:
        _stop(proc)
        print("neko-lab: JupyterLab stopped", file=sys.stderr)
        return 0
    finally:
        remove_page(page)


def _open_browser(url: str) -> None:
    """Open `url` (the page written by open_page, never the address with the token) in the browser."""
    import webbrowser
    webbrowser.open(url)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
