"""Every message id written in full at a call site has its English template, and every
template's id is written in full somewhere in the code.

``msg("…")`` (and the memoized ``memo_msg`` / ``memo_message`` / ``memo_sentence``, and the
launch configs' ``_s`` / ``_e`` sentence and error helpers) with a literal id are found in the
source, so a misspelt id fails here rather than at the one run that reaches it. The converse —
an id written nowhere in full is a dead template, or one built from a prefix
(``msg("advisor." + kind)``) that grep cannot find — fails too: a call site names its id as a
literal, or a table maps a code to the literal id (``{"spot": "pricing.spot"}``).
"""

from __future__ import annotations

import ast

from gpupicker.core.messages import TEMPLATES
from tests.support.paths import REPO

MESSAGE_CALLS = frozenset({"msg", "memo_msg", "memo_message", "memo_sentence", "_s", "_e"})
"""Calls whose first argument is a message id; ``_s`` / ``_e`` are the names every launch-config
module imports core.planners.launch_text's ``sentence`` / ``error`` under."""
TEMPLATE_DIR = REPO / "gpupicker" / "core" / "messages" / "templates"


def _literal_ids() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted((REPO / "gpupicker").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            first = node.args[0]
            if name in MESSAGE_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.setdefault(first.value, []).append(f"{path.relative_to(REPO)}:{node.lineno}")
    return found


def test_every_literal_message_id_has_a_template():
    ids = _literal_ids()
    assert len(ids) > 300  # the scan sees the call sites
    missing = {i: where for i, where in ids.items() if i not in TEMPLATES}
    assert missing == {}


def _string_literals() -> set[str]:
    """Every string constant in ``gpupicker/`` outside the template tables."""
    found: set[str] = set()
    for path in sorted((REPO / "gpupicker").rglob("*.py")):
        if path.is_relative_to(TEMPLATE_DIR):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_every_template_id_is_written_in_full():
    written = _string_literals()
    not_in_full = {i for i in TEMPLATES if i not in written}
    # a template no code names in full: unused (delete it) or built from a prefix (write it out)
    assert sorted(not_in_full) == []
