"""Core's sentences as data (gpupicker.core.messages) and their zh_CN translations.

Every English template has a finished zh_CN translation with the same placeholders
(so changing a template without its translation fails here); a message keeps its id
through pydantic models and pickling; the CLI's JSON gains ``<key>_message`` beside
each text; the UI renders ids through Qt's translator with Chinese punctuation.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gpupicker.core.messages import (
    DISAMBIGUATION,
    JOINERS,
    TEMPLATES,
    Message,
    join,
    msg,
    placeholders,
    with_message_ids,
)
from tests.support.paths import REPO

TS = REPO / "resources" / "i18n" / "gpupicker_zh_CN.ts"


def _core_text_translations() -> dict[str, tuple[str, bool]]:
    """Message id → (translation, finished) from the ``CoreText`` context of the zh_CN .ts
    (looked up by its template and, for :data:`DISAMBIGUATION` ids, its comment)."""
    by_source: dict[tuple[str, str], tuple[str, bool]] = {}
    for context in ET.parse(TS).getroot().iter("context"):
        if context.findtext("name") != "CoreText":
            continue
        for m in context.iter("message"):
            tr = m.find("translation")
            assert tr is not None
            finished = tr.get("type") not in ("unfinished", "obsolete", "vanished")
            by_source[(m.findtext("source") or "", m.findtext("comment") or "")] = (tr.text or "", finished)
    return {
        i: by_source[key]
        for i, t in TEMPLATES.items()
        if (key := (t, DISAMBIGUATION.get(i, ""))) in by_source
    }


def test_every_template_has_a_finished_zh_cn_translation_with_its_placeholders():
    have = _core_text_translations()
    missing = sorted(i for i in TEMPLATES if i != "text.verbatim" and not have.get(i, ("", False))[1])
    assert not missing, f"{len(missing)} message ids lack a zh_CN translation: {missing[:20]}"
    wrong = sorted(
        i
        for i, t in TEMPLATES.items()
        if i != "text.verbatim" and placeholders(have[i][0]) != placeholders(t)
    )
    assert not wrong, f"translations with other placeholders than their template: {wrong}"


def test_a_changed_template_is_caught(monkeypatch):
    """What the test above does when an English template changes and its .ts entry does not."""
    some_id = next(i for i in TEMPLATES if i != "text.verbatim")
    assert _core_text_translations()[some_id][1]
    monkeypatch.setitem(TEMPLATES, some_id, TEMPLATES[some_id] + " (reworded)")
    assert some_id not in _core_text_translations()


def test_msg_checks_its_id_and_params(monkeypatch):
    monkeypatch.setitem(TEMPLATES, "test.fits", "Fits: {used} of {cap} GiB per GPU")
    m = msg("test.fits", used="13.3", cap=24)
    assert m == "Fits: 13.3 of 24 GiB per GPU"
    assert (m.id, dict(m.params)) == ("test.fits", {"used": "13.3", "cap": "24"})
    with pytest.raises(ValueError, match="takes"):
        msg("test.fits", used="13.3")
    with pytest.raises(KeyError):
        msg("test.no_such_id")
    with pytest.raises(TypeError):
        msg("test.fits", used=13.3, cap=24)  # floats are formatted by the caller
    with pytest.raises(TypeError):
        join(["plain text"])  # type: ignore[list-item]


def test_joiners_render_english_as_core_always_wrote_it(monkeypatch):
    monkeypatch.setitem(TEMPLATES, "test.a", "A {x}")
    a, b = msg("test.a", x="1"), msg("test.a", x="2")
    assert join([a, b]) == "A 1. A 2."
    assert join([a, b], "clauses") == "A 1; A 2"
    assert join([a, b], "list") == "A 1, A 2"
    assert join([a, b], "space") == "A 1 A 2"
    assert set(JOINERS) >= {"join.sentences", "join.clauses", "join.list", "join.space"}


def test_a_message_keeps_its_id_through_models_and_copies(monkeypatch):
    import copy
    import pickle

    from pydantic import BaseModel

    from gpupicker.core.messages import Text

    monkeypatch.setitem(TEMPLATES, "test.a", "A {x}")

    class Holder(BaseModel):
        reason: Text = ""
        notes: tuple[Text, ...] = ()

    m = msg("test.a", x="1")
    h = Holder(reason=m, notes=(m,))
    assert isinstance(h.reason, Message) and isinstance(h.notes[0], Message)
    assert h.model_dump_json() == '{"reason":"A 1","notes":["A 1"]}'
    assert copy.deepcopy(h).reason.id == "test.a"
    assert pickle.loads(pickle.dumps(m)).params == {"x": "1"}


def test_json_adds_ids_beside_the_unchanged_text(monkeypatch):
    monkeypatch.setitem(TEMPLATES, "test.a", "A {x}")
    m = msg("test.a", x="1")
    out = with_message_ids({"reason": m, "notes": [m], "n": 1, "plain": "x"})
    assert out == {
        "reason": "A 1",
        "reason_message": {"id": "test.a", "params": {"x": "1"}},
        "notes": ["A 1"],
        "notes_messages": [{"id": "test.a", "params": {"x": "1"}}],
        "n": 1,
        "plain": "x",
    }
    assert type(out["reason"]) is str


def test_ui_renders_ids_in_zh_cn_with_chinese_punctuation(zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message

    have = _core_text_translations()
    ids = [
        i
        for i, t in TEMPLATES.items()
        if i != "text.verbatim" and have.get(i, ("", 0))[1] and not placeholders(t)
    ][:2]
    a, b = msg(ids[0]), msg(ids[1])
    zh = tr_message(join([a, b]))
    assert zh == have[ids[0]][0] + "。" + have[ids[1]][0] + "。"


def test_one_english_text_with_two_meanings_is_told_apart(zh_cn):
    """ "none" is the advisor's quality cost (不影响质量) and the report's empty cell (无): the
    report's ids carry a disambiguation (templates.DISAMBIGUATION, <comment> in the .ts)."""
    from gpupicker.ui.i18n.core_messages import tr_message

    assert TEMPLATES["report.fit.none"] == TEMPLATES["advisor.cost.none"] == "none"
    assert tr_message(msg("report.fit.none")) == "无"
    assert tr_message(msg("advisor.cost.none")) == "不影响质量"


def test_english_ui_shows_the_message_itself(qapp, monkeypatch):
    from gpupicker.ui.i18n.core_messages import tr_message

    monkeypatch.setitem(TEMPLATES, "test.a", "A {x}")
    m = join([msg("test.a", x="1")])
    assert tr_message(m) == "A 1."


def test_the_ts_holds_each_source_once_per_context():
    """Merged branches must not leave two entries for one source (lrelease drops one of them,
    whichever it likes, when their translations differ)."""
    seen: set[tuple[str, str, str]] = set()
    dups = []
    for context in ET.parse(TS).getroot().iter("context"):
        name = context.findtext("name") or ""
        for m in context.iter("message"):
            key = (name, m.findtext("source") or "", m.findtext("comment") or "")
            if key in seen:
                dups.append(key)
            seen.add(key)
    assert not dups, dups[:10]
