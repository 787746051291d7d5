"""Every message id written in full at a call site has its English template.

``msg("…")`` (and the memoized ``memo_msg`` / ``memo_message`` / ``memo_sentence``) with a
literal id are found in the source, so a misspelt id fails here rather than at the one run that
reaches it. The converse — every template used — needs the ids that prefix helpers (``_m``,
``_c``, ``_s``, ``imp``) build written in full first.
"""

from __future__ import annotations

import ast

from gpupicker.core.messages import TEMPLATES
from tests.support.paths import REPO

MESSAGE_CALLS = frozenset({"msg", "memo_msg", "memo_message", "memo_sentence"})


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
