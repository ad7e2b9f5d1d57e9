"""Reading a file someone named: only a regular file, never more than a cap, never a wait.

Why (issue 23, the reliability probe): a named pipe given as a content or PBN file made
``check``, ``daily --puzzles``, ``worksheet`` and ``import-pbn`` wait for ever, since opening a
FIFO blocks until something writes to it, and a device such as ``/dev/zero`` never ends. The
file is opened without blocking and judged by what was opened (``fstat`` of the descriptor, so
the name cannot be swapped between the look and the read): anything but a regular file is
refused at once with :class:`NotAFile`.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> fifo = os.path.join(folder, "pipe.yaml"); os.mkfifo(fifo)
>>> read_regular(fifo)
Traceback (most recent call last):
...
tutor.infiles.NotAFile: not a regular file (a named pipe): give the path of a file
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tutor.errors import WhistError

__all__ = ["NotAFile", "read_regular"]


class NotAFile(WhistError, OSError):
    """The path names a pipe, a device or a socket: there is no file to read."""


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def read_regular(path: str | os.PathLike[str], cap: int | None = None) -> bytes:
    """The bytes of the regular file at ``path``: at most ``cap + 1`` of them when a cap is given
    (so the caller can tell "over the cap"). Raises :class:`NotAFile` for anything else, and
    ``OSError`` (``FileNotFoundError``, ``PermissionError``) as ``open`` would."""
    fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            what = next((name for test, name in _KINDS if test(mode)), "a special file")
            raise NotAFile(f"not a regular file ({what}): give the path of a file")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = -1
            return fh.read() if cap is None else fh.read(cap + 1)
    finally:
        if fd >= 0:
            os.close(fd)
