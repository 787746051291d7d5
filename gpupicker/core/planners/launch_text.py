"""The text pieces every launch config is written with.

Its sentences and errors (``launch_config.…`` messages, each id written in full at its call site
so a search finds every use), commands joined with line
continuations, and YAML written by PyYAML's safe emitter (so no value can add a key).
"""

from __future__ import annotations

import shlex
from typing import Any

import yaml

from ..messages import Message, join, msg


def sentence(id: str, **params: str | int | Message) -> Message:
    """The sentence with message id ``id`` (written in full) and its full stop (core.messages).

    Raises KeyError (from core.messages) for an id with no English template.
    """
    return join([msg(id, **params)])


def error(id: str, **params: str | int | Message) -> Message:
    """The error text with message id ``id`` (written in full; no full stop).

    Raises KeyError (from core.messages) for an id with no English template.
    """
    return msg(id, **params)


def heredoc(name: str, body: str) -> str:
    """``cat > name <<'EOF' … EOF``: a quoted heredoc, so the shell expands nothing in it."""
    return f"cat > {name} <<'EOF'\n{body.rstrip()}\nEOF"


def device_list(n: int) -> str:
    """The device ids ``0,1,…,n-1`` of a ``CUDA_VISIBLE_DEVICES`` / ``ASCEND_RT_VISIBLE_DEVICES``."""
    return ",".join(str(i) for i in range(n))


def joined(parts: list[str]) -> str:
    """Join a command with line continuations every flag (readable, copy-paste safe)."""
    out: list[str] = []
    line: list[str] = []
    for p in parts:
        if p.startswith("-") and line:
            out.append(" ".join(line))
            line = []
        line.append(shlex.quote(p))
    if line:
        out.append(" ".join(line))
    return " \\\n  ".join(out)


_SafeDumper: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's safe emitter when PyYAML was built with it (the same output, ~10× faster), else
the pure-Python one."""


class _Dumper(_SafeDumper):  # type: ignore[misc,valid-type]
    """PyYAML's safe emitter, writing multi-line strings (commands) as literal blocks."""


def _str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    # a block only where PyYAML allows one: control characters, trailing spaces and the like
    # make the emitter fall back to a double-quoted scalar by itself
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|" if "\n" in data else None)


_Dumper.add_representer(str, _str)


def to_yaml(header: str, doc: dict[str, Any]) -> str:
    """``doc`` as YAML by PyYAML's safe emitter, after the comment line(s) ``header``.

    Every value is emitted as data (quoted where YAML needs it), so no string can add a key;
    ``yaml.safe_load`` of the result gives ``doc`` back. ``header`` is gpupicker's own text.
    """
    body = yaml.dump(
        doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100_000
    )
    return header + body
