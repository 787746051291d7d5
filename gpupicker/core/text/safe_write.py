"""One way to write a file the user named: never replace what is not a regular file.

Every writer of gpupicker (catalog CSV export, results and plot exports, reports, backups,
launch files, saved workloads, preferences) goes through here:

* a path that exists and is not a regular file — a FIFO, a character or block device, a
  directory, a socket — is refused with :class:`NotARegularFileError` and left as it is
  (writing to ``/dev/null`` as root must not replace the device by a file; a FIFO must not
  block the writer);
* a symlink is written through: its target gets the new content and the link stays a link
  (the rule is said once in the README); a link to something that is not a regular file is
  refused like that thing;
* a regular or new file is written atomically: a temporary file in the same folder, then
  ``os.replace`` onto the (resolved) path, so a crash leaves the old file or the new one,
  never half of one. A replaced file keeps its permission bits; a new one gets the usual
  ``0o666`` less the umask.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from typing_extensions import override

from ..messages import Message, msg

_KINDS = (
    (stat.S_ISFIFO, "safe_write.kind.fifo"),
    (stat.S_ISCHR, "safe_write.kind.char_device"),
    (stat.S_ISBLK, "safe_write.kind.block_device"),
    (stat.S_ISDIR, "safe_write.kind.directory"),
    (stat.S_ISSOCK, "safe_write.kind.socket"),
)


class NotARegularFileError(OSError):
    """The path exists and is not a regular file (or links to one that is not): not written.

    ``message`` is the core :class:`~gpupicker.core.messages.Message` naming the path and what
    it is; ``str()`` of the error is its English text.
    """

    def __init__(self, message: Message, path: Path) -> None:
        """The refusal ``message`` about ``path``."""
        super().__init__(str(message))
        self.message = message
        self.filename = str(path)

    @override
    def __str__(self) -> str:
        """The English text of :attr:`message`."""
        return str(self.message)


def writable_target(path: str | os.PathLike[str]) -> Path:
    """The file that writing ``path`` changes: ``path`` itself, or a symlink's final target.

    Raises:
        NotARegularFileError: ``path`` (or what it links to) exists and is not a regular file.
    """
    p = Path(path)
    target = Path(os.path.realpath(p)) if p.is_symlink() else p
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError:
        return target  # unreadable metadata: the write itself says what is wrong
    if stat.S_ISREG(mode):
        return target
    kind = next((name for test, name in _KINDS if test(mode)), "safe_write.kind.special")
    raise NotARegularFileError(msg("safe_write.not_regular", path=str(p), kind=msg(kind)), p)


@contextlib.contextmanager
def open_for_write(
    path: str | os.PathLike[str], *, binary: bool = False, encoding: str = "utf-8", newline: str | None = None
) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``'s target; on a clean exit it replaces the target.

    On an exception the temporary file is removed and the target is unchanged.

    Raises:
        NotARegularFileError: see :func:`writable_target`.
        OSError: when the folder cannot be written.
    """
    target = writable_target(path)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        f: IO[Any] = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding=encoding, newline=newline)
        with f:
            yield f
        _copy_mode(target, tmp)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_text(
    path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", newline: str | None = None
) -> Path:
    """Write ``text`` to ``path`` by the module's rules; returns the file written.

    Raises:
        NotARegularFileError: see :func:`writable_target`.
        OSError: when the file cannot be written.
    """
    with open_for_write(path, encoding=encoding, newline=newline) as f:
        f.write(text)
    return writable_target(path)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` by the module's rules; returns the file written.

    Raises:
        NotARegularFileError: see :func:`writable_target`.
        OSError: when the file cannot be written.
    """
    with open_for_write(path, binary=True) as f:
        f.write(data)
    return writable_target(path)


def replace_into(tmp: str | os.PathLike[str], path: str | os.PathLike[str]) -> Path:
    """Move a finished temporary file ``tmp`` (same file system) onto ``path`` by the rules.

    For writers that cannot write through a stream (SQLite's backup API writes its own file).

    Raises:
        NotARegularFileError: see :func:`writable_target` (``tmp`` is left for the caller).
        OSError: when the rename fails.
    """
    target = writable_target(path)
    _copy_mode(target, Path(tmp))
    os.replace(tmp, target)
    return target


def _copy_mode(target: Path, tmp: Path) -> None:
    """Give ``tmp`` the permission bits ``target`` has, or those of a new file (umask)."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    with contextlib.suppress(OSError):
        os.chmod(tmp, mode)


def _umask() -> int:
    """The process umask.

    Read from ``/proc/self/status`` where Linux has it (setting it to read it back would
    briefly change it for every thread), else set and restored.
    """
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


_REASONS = {
    errno.EACCES: "file_error.permission",
    errno.EPERM: "file_error.permission",
    errno.ENOSPC: "file_error.disk_full",
    errno.EDQUOT: "file_error.disk_full",
    errno.EROFS: "file_error.read_only_fs",
    errno.ENOENT: "file_error.not_found",
    errno.EISDIR: "file_error.is_directory",
    errno.ENOTDIR: "file_error.not_a_directory",
    errno.ENAMETOOLONG: "file_error.name_too_long",
}
"""The POSIX ``errno`` codes (Python's :mod:`errno`) whose reason gpupicker words itself."""


def file_error_message(exc: BaseException) -> Message:
    """The Message of a failed file read or write, for the UI to show in its language.

    A gpupicker error that carries one (``args[0]``, or :class:`NotARegularFileError`'s
    ``message``) is that Message; an ``OSError`` is "``{path}: {reason}``" with the reason of
    its ``errno`` (:data:`_REASONS`; another code keeps the system's English ``strerror``);
    anything else is its own text, verbatim.
    """
    if isinstance(exc, NotARegularFileError):
        return exc.message
    first = exc.args[0] if len(exc.args) == 1 else None
    if isinstance(first, Message):
        return first
    if isinstance(exc, OSError) and exc.errno is not None:
        reason = os_reason_message(exc)
        path = exc.filename if exc.filename is not None else ""
        return msg("file_error.os", path=str(path), reason=reason) if path else reason
    return msg("text.verbatim", text=str(exc))


def os_reason_message(exc: OSError) -> Message:
    """Why an ``OSError`` happened, without its path.

    gpupicker's wording of its ``errno`` (:data:`_REASONS`), else the system's English
    ``strerror`` (or the error's text).
    """
    why = _REASONS.get(exc.errno) if exc.errno is not None else None
    return msg(why) if why else msg("text.verbatim", text=exc.strerror or str(exc))


__all__ = [
    "NotARegularFileError",
    "file_error_message",
    "os_reason_message",
    "open_for_write",
    "replace_into",
    "writable_target",
    "write_bytes",
    "write_text",
]
