"""core.memo.by_identity / by_key: one computation per object or key, never a stale answer for another."""

from __future__ import annotations

import pytest

from gpupicker.core.memo import by_identity, by_key


def test_memo_keys_on_identity_and_value_and_keeps_the_object():
    calls: list[tuple[object, int]] = []

    @by_identity(maxsize=3, objects=1)
    def size(obj: list[int], extra: int) -> int:
        calls.append((obj, extra))
        return len(obj) + extra

    a, b = [1, 2], [1, 2]  # equal, not the same: computed apart
    assert size(a, 0) == size(a, 0) == 2 and len(calls) == 1
    assert size(b, 0) == 2 and len(calls) == 2
    assert size(a, 1) == 3 and len(calls) == 3  # the by-value argument is part of the key
    size([9], 0)  # a fourth entry drops the oldest, (a, 0); the others stay
    assert size(b, 0) == 2 and size(a, 1) == 3 and len(calls) == 4
    assert size(a, 0) == 2 and len(calls) == 5
    with pytest.raises(TypeError, match="positional"):
        size(a, extra=0)


def test_memo_does_not_keep_errors():
    seen = []

    @by_identity(maxsize=8)
    def fails_once(obj: object) -> str:
        seen.append(obj)
        if len(seen) == 1:
            raise ValueError("first call fails")
        return "ok"

    thing = object()
    with pytest.raises(ValueError):
        fails_once(thing)
    assert fails_once(thing) == "ok" and len(seen) == 2


def test_by_key_shares_one_answer_per_key_and_keeps_the_arguments():
    calls: list[tuple[object, ...]] = []

    @by_key(maxsize=2, key=lambda obj, size: (id(obj), size > 10))
    def plan(obj: list[int], size: int) -> int:
        calls.append((obj, size))
        if size < 0:
            raise ValueError("no plan")
        return len(obj) * (2 if size > 10 else 1)

    a = [1, 2]
    assert plan(a, 1) == plan(a, 5) == 2 and len(calls) == 1  # sizes 1 and 5 share a key
    assert plan(a, 20) == 4 and len(calls) == 2
    with pytest.raises(ValueError):
        plan([3], -1)
    assert plan([3], -1 + 2) == 1 and len(calls) == 4  # the error was not kept
    assert plan(a, 1) == 2 and len(calls) == 5  # a third key dropped the oldest, (a, False)
    with pytest.raises(TypeError, match="positional"):
        plan(a, size=1)
    plan.cache_clear()
    assert plan(a, 20) == 4 and len(calls) == 6


def test_memo_msg_refuses_a_nested_message():
    # a nested Message would be keyed by its English words alone: two ids with the same words
    # would share one tree (their translations can differ)
    from gpupicker.core.messages import msg
    from gpupicker.core.ranking.reasons import memo_msg

    assert memo_msg("recommend.miss.cap", cap="$5.00") is memo_msg("recommend.miss.cap", cap="$5.00")
    with pytest.raises(TypeError, match="nested Message"):
        memo_msg("recommend.limit.engine", framework=msg("text.verbatim", text="no engine of that name"))


def test_replaced_is_dataclasses_replace_for_init_fields():
    from dataclasses import dataclass, field, replace

    from gpupicker.core.memo import replaced

    @dataclass(slots=True)
    class Point:
        x: int
        y: int
        tags: dict[str, int]

    p = Point(1, 2, {"a": 1})
    q = replaced(p, y=5, tags={})
    assert q == replace(p, y=5, tags={}) == Point(1, 5, {}) and p == Point(1, 2, {"a": 1})
    assert replaced(p).tags is p.tags  # unchanged fields are shared, as replace shares them
    with pytest.raises(KeyError):
        replaced(p, z=1)

    @dataclass
    class Derived:
        x: int
        doubled: int = field(init=False, default=0)

    with pytest.raises(TypeError, match="outside __init__"):
        replaced(Derived(1), x=2)
    with pytest.raises(TypeError):
        replaced(object(), x=1)
