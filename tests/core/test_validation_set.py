"""The project's published validation cases (validation/cases.jsonl) and the scorer's
leave-one-source-out machinery (scripts/accuracy.py)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter

import pytest
from pydantic import ValidationError

from gpupicker.core.report.estimate import estimate_report
from gpupicker.core.workload import Workload
from gpupicker.service.resolve import resolve_gpu, resolve_machine, resolve_model

from ..support.paths import REPO, SCRIPTS

CASES = REPO / "validation" / "cases.jsonl"
_spec = importlib.util.spec_from_file_location("_accuracy", SCRIPTS / "accuracy.py")
assert _spec is not None and _spec.loader is not None
accuracy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(accuracy)


def _cases() -> list[dict]:
    return [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_case_keeps_its_source_and_a_scored_kind() -> None:
    cases = _cases()
    assert len(cases) >= 250
    assert len({c["source_id"] for c in cases}) >= 30
    assert len({c["id"] for c in cases}) == len(cases)
    kinds = {*accuracy.SPEED_SCORERS, *accuracy.MEMORY_KINDS, *accuracy.FIT_KINDS}
    for c in cases:
        assert c["source"] and c["engine"] and c["notes"], c["id"]
        assert c["measured"]["kind"] in kinds, c["id"]
        assert Workload.unknown_fields(c["workload"]) == [], c["id"]


def test_at_most_2_percent_of_the_cases_are_refused_as_written(repo) -> None:
    refused = []
    for c in _cases():
        try:
            w = resolve_model(Workload.model_validate(c["workload"]), repo)
            estimate_report(w, resolve_gpu(w.gpu, repo) if w.gpu else None, resolve_machine(w, repo))
        except (ValidationError, ValueError) as exc:
            refused.append((c["id"], str(exc)[:120]))
    assert len(refused) <= 0.02 * len(_cases()), refused


def _row(source: str, err: float) -> tuple[dict, float]:
    case = {
        "source_id": source,
        "engine": "llama.cpp",
        "workload": {},
        "measured": {"kind": "decode_tokens_per_s"},
    }
    return case, err


def test_a_class_factor_is_fitted_without_the_scored_source() -> None:
    # source A is 2x too fast, B and C are right: A scored with B and C's factor (1.0) stays
    # +100 %; B and C scored with a factor fitted on A and the other one
    rows = [_row("A", 1.0)] * 3 + [_row("B", 0.0)] * 3 + [_row("C", 0.0)] * 3
    loso = accuracy.loso_errors(rows)
    by_source = Counter()
    for (case, _), err in zip(sorted(rows, key=lambda r: r[0]["source_id"]), loso, strict=True):
        by_source[case["source_id"]] += err
    assert by_source["A"] == pytest.approx(3 * 1.0)
    # B's factor comes from A (x2) and C (x1): median of logs over 6 cases = exp(mean of the
    # two middle ones) = sqrt(2); B's 0 % becomes 1/sqrt(2) - 1
    assert by_source["B"] == pytest.approx(3 * (2**-0.5 - 1))


def test_a_class_with_fewer_than_3_training_cases_gets_no_factor() -> None:
    assert accuracy.fit_class_factors([_row("A", 1.0)] * 2) == {}
    assert accuracy.fit_class_factors([_row("A", 1.0)] * 3) == {
        ("llama.cpp", "LLM inference"): pytest.approx(2.0)
    }


def test_memory_is_read_with_the_sources_counter() -> None:
    res = {"total_bytes": 10, "breakdown": {"cuda_context": 1, "allocator_overhead": 2}}
    assert accuracy.predicted_memory(res, "device") == 10
    assert accuracy.predicted_memory(res, "reserved") == 9
    assert accuracy.predicted_memory(res, "allocated") == 7
