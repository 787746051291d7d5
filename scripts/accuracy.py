#!/usr/bin/env python3
"""Score ``gpupicker estimate`` against the measured H200 cases (``make accuracy``).

Runs the real CLI over ``../shared/validation/h200.jsonl`` (or the file given
as the first argument), prints one line per memory case (measured GiB,
estimated GiB, signed % error) and a summary per task and overall: median
|error|, 90th percentile, worst under-estimate and share within ±10 %.
Decode-ceiling cases are scored on ``decode_tokens_per_s`` when present.

Then the published speed cases of ``../shared/validation/public-speed.jsonl``: training
(``train_tokens_per_s_per_gpu``, :func:`score_training`) and diffusers image generation
(``seconds_per_image``, :func:`score_diffusion`), scored as ``predicted / measured − 1`` with
seconds per image inverted first (positive = too optimistic).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

GiB = 2**30
REPO = Path(__file__).resolve().parents[1]
DEFAULT = REPO.parent / "shared" / "validation" / "h200.jsonl"
PUBLIC_SPEED = REPO.parent / "shared" / "validation" / "public-speed.jsonl"


def percentile(values: list[float], q: float) -> float:
    """q-th percentile (0–100) by linear interpolation."""
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summarize(errors: list[float]) -> dict[str, float]:
    """Median |error|, p90 |error|, worst under-estimate and share within ±10 % (fractions)."""
    a = [abs(e) for e in errors]
    return {
        "n": len(errors),
        "median_abs": statistics.median(a) if a else float("nan"),
        "p90_abs": percentile(a, 90),
        "worst_under": min(errors) if errors else float("nan"),
        "within_10": sum(x <= 0.10 for x in a) / len(a) if a else float("nan"),
    }


def run(path: Path) -> tuple[list[dict], list[dict]]:
    """Run ``gpupicker estimate`` on every case; return (cases, results) in order."""
    text = path.read_text(encoding="utf-8")
    cases = [json.loads(line) for line in text.splitlines() if line.strip()]
    proc = subprocess.run([sys.executable, "-m", "gpupicker", "estimate", "--workload", "-"],
                          input=text, capture_output=True, text=True, check=True, cwd=REPO)
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    if len(results) != len(cases):
        raise SystemExit(f"expected {len(cases)} results, got {len(results)}")
    return cases, results


def _estimate_workloads(workloads: list[dict]) -> list[dict]:
    """Run ``gpupicker estimate`` on a list of workloads; results in order."""
    text = "\n".join(json.dumps(w) for w in workloads) + "\n"
    proc = subprocess.run([sys.executable, "-m", "gpupicker", "estimate", "--workload", "-"],
                          input=text, capture_output=True, text=True, check=True, cwd=REPO)
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def _score_speed(path: Path, kind: str, title: str, value) -> list[float]:
    """Print one line per public case of ``kind`` and its summary; return the signed errors.

    ``value(result, workload)`` gives the prediction in the case's unit (``None`` = no estimate).
    """
    if not path.exists():
        print(f"{title}: {path} not found")
        return []
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    cases = [c for c in cases if c["measured"]["kind"] == kind]
    if not cases:
        return []
    results = _estimate_workloads([c["workload"] for c in cases])
    errors: list[float] = []
    print(f"\n{title:66s} {'measured':>9s} {'estimate':>9s} {'error':>7s}")
    for case, res in zip(cases, results, strict=True):
        if "error" in res:
            print(f"{case['id'][:66]:66s} ERROR {res['error']}")
            continue
        pred, meas = value(res, case["workload"]), case["measured"]["value"]
        if not pred:
            print(f"{case['id'][:66]:66s} no estimate")
            continue
        err = (meas / pred - 1) if kind == "seconds_per_image" else (pred / meas - 1)
        errors.append(err)
        print(f"{case['id'] + ' ' + case['workload'].get('gpu', ''):66s} {meas:9.4g} {pred:9.4g} "
              f"{err:+7.1%}")
    s = summarize(errors)
    print(f"{title + ' (+ = too optimistic)':40s} {s['n']:3d} {s['median_abs']:9.1%} "
          f"{s['p90_abs']:7.1%} {min(errors, default=float('nan')):+11.1%} {s['within_10']:10.0%}")
    return errors


def score_training(path: Path = PUBLIC_SPEED) -> list[float]:
    """Training tokens/s per GPU against the published tables (torchtitan …); signed errors."""
    return _score_speed(path, "train_tokens_per_s_per_gpu", "training tokens/s per GPU",
                        lambda r, w: (r.get("train_tokens_per_s") or 0) / max(1, w.get(
                            "num_gpus", 1)))


def score_diffusion(path: Path = PUBLIC_SPEED) -> list[float]:
    """diffusers seconds per image against the published tables; signed errors (speed)."""
    return _score_speed(path, "seconds_per_image", "diffusers seconds per image",
                        lambda r, w: r.get("seconds_per_image"))


def main(argv: list[str]) -> int:
    """Print the per-case table and the summaries; exit 0."""
    path = Path(argv[0]) if argv else DEFAULT
    cases, results = run(path)
    by_task: dict[str, list[float]] = {}
    speed_errors: list[float] = []
    print(f"{'case':66s} {'measured':>9s} {'estimate':>9s} {'error':>7s}")
    for case, res in zip(cases, results, strict=True):
        m = case["measured"]
        if "error" in res:
            print(f"{case['id'][:66]:66s} ERROR {res['error']}")
            continue
        if "gpu_used_bytes" in m:
            err = (res["total_bytes"] - m["gpu_used_bytes"]) / m["gpu_used_bytes"]
            by_task.setdefault(case["task"], []).append(err)
            print(f"{case['id'][:66]:66s} {m['gpu_used_bytes'] / GiB:7.2f}Gi "
                  f"{res['total_bytes'] / GiB:7.2f}Gi {err:+7.1%}")
        elif "max_decode_tokens_per_s" in m and res.get("decode_tokens_per_s"):
            err = (res["decode_tokens_per_s"] - m["max_decode_tokens_per_s"]) / m[
                "max_decode_tokens_per_s"]
            speed_errors.append(err)
            print(f"{case['id'][:66]:66s} {m['max_decode_tokens_per_s']:6.1f}t/s "
                  f"{res['decode_tokens_per_s']:6.1f}t/s {err:+7.1%}")
    print()
    print(f"{'memory (total_bytes vs gpu_used_bytes)':40s} {'n':>3s} {'median|e|':>9s} "
          f"{'p90|e|':>7s} {'worst under':>11s} {'within±10%':>10s}")
    everything = [e for errs in by_task.values() for e in errs]
    for name, errs in [*sorted(by_task.items()), ("ALL", everything)]:
        s = summarize(errs)
        print(f"{name:40s} {s['n']:3d} {s['median_abs']:9.1%} {s['p90_abs']:7.1%} "
              f"{s['worst_under']:+11.1%} {s['within_10']:10.0%}")
    if speed_errors:
        s = summarize(speed_errors)
        print(f"{'decode ceiling (tokens/s)':40s} {s['n']:3d} {s['median_abs']:9.1%} "
              f"{s['p90_abs']:7.1%} {s['worst_under']:+11.1%} {s['within_10']:10.0%}")
    public = Path(argv[1]) if len(argv) > 1 else PUBLIC_SPEED
    score_training(public)
    score_diffusion(public)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
