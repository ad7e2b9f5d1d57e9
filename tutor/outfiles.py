"""Writing a file for a command (``--out``, ``db backup FILE``) without clobbering anything.

Why each rule (issue 16): ``worksheet --out puzzles/x.yaml puzzles/x.yaml`` replaced a teacher's
puzzles with HTML, and ``--out`` wrote through a symbolic link to wherever it pointed.

* an existing file is replaced only with ``--force``, and never when it is one of the inputs;
* a symbolic link is refused, ``--force`` or not: the file written is the one named, in the
  folder named, never a target elsewhere;
* the text goes to a temporary file in the same folder, is flushed to disk, then renamed over
  the name: a crash, a full disk or ``kill -9`` leaves the old file or the new one, never half.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from tutor.errors import WhistError

__all__ = ["OutFileError", "check_out", "write_atomic", "input_files"]


class OutFileError(WhistError):
    """A file a command was asked to write cannot be written as asked."""


def input_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The files a command reads: the files named, and every YAML file under a folder named."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml", ".pbn") and q.is_file())
        elif p.exists():
            out.append(p)
    return out


def check_out(text: str, *, inputs: Iterable[str | os.PathLike[str]] = (), force: bool = False,
              option: str = "--out") -> Path:
    """The file to write, refused before any work is done when writing it would be wrong."""
    if not text or not text.strip():
        raise OutFileError(f"{option} is empty")
    out = Path(text)
    if out.is_symlink():
        raise OutFileError(f"{option} {out} is a symbolic link; name a plain file (links are never followed)")
    if out.is_dir():
        raise OutFileError(f"{option} {out} is a folder, not a file")
    if not out.parent.is_dir():
        raise OutFileError(f"{option} {out}: the folder {out.parent} does not exist")
    if out.exists():
        for src in input_files(inputs):
            try:
                same = os.path.samefile(out, src)
            except OSError:
                same = False
            if same:
                raise OutFileError(f"{option} {out} is one of the inputs; it is never overwritten")
        if not out.is_file():
            raise OutFileError(f"{option} {out} exists and is not a regular file")
        if not force:
            raise OutFileError(f"{option} {out} exists; add --force to replace it")
    return out


def write_atomic(path: Path, data: str | bytes) -> int:
    """Write ``data`` to ``path`` through a temporary file and a rename; returns the bytes written.

    The rename replaces a name, not what it points to, so even a link made after
    :func:`check_out` is replaced rather than followed.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutFileError(f"cannot write {path}: {(exc.strerror or str(exc)).lower()}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise OutFileError(f"cannot write {path}: {(exc.strerror or str(exc)).lower()}") from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(folder)
    return len(payload)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a power cut could otherwise lose the new name)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
