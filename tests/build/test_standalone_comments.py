"""Comments and docstrings stand alone: they give the reason, not a tracker item or an outside file.

A reference such as "issue 17" or "QA 22 F4" means nothing to a reader of the repository (the
tracker is not in it), and ``../shared/…`` is not there either: the design notes the code relies
on are in ``docs/``. Upstream issues stay cited as sources with their repository and ``#``
(``vllm-project/vllm#10517``), which this test does not match.
"""

from __future__ import annotations

import re

from tests.support.paths import REPO

FORBIDDEN = {
    "a tracker issue": re.compile(r"\bissues? \d{1,3}\b|\bissue #\d{1,3} acceptance", re.IGNORECASE),
    "a QA finding": re.compile(r"\bQA\b"),
    "a file outside the repository": re.compile(
        r"(?:\.\./)?\bshared/(?:design|data|validation|seeds)\b"
        r"|/work/"
    ),
}


def _offences(text: str) -> list[tuple[int, str, str]]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for what, rx in FORBIDDEN.items():
            if rx.search(line):
                out.append((n, what, line.strip()))
    return out


def test_no_comment_cites_a_tracker_item_a_qa_finding_or_an_outside_file():
    me = __file__.replace("\\", "/")
    found = []
    for folder in ("gpupicker", "tests"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if str(path).replace("\\", "/") == me:
                continue
            for n, what, line in _offences(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(REPO)}:{n}: {what}: {line[:100]}")
    assert found == [], "say the reason instead:\n" + "\n".join(found)


def test_the_patterns_catch_what_they_are_for():
    assert _offences("x = 1  # cold start (issue 17)")
    assert _offences('"""QA 22 F4: the yuan stayed."""')
    assert _offences('"""Issue 18 acceptance 2: CN offers only."""')
    assert _offences('"""Issue #4 acceptance 4: fast enough."""')
    assert _offences("see ../shared/design/formulas.md")
    assert not _offences("vLLM #10517 (vllm-project/vllm issue #10517): the MoE kernel")
    assert not _offences("QApplication.instance()")
