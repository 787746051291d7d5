"""Print what the CLI answers for every validation workload, to diff before/after a refactor.

``python scripts/behaviour_snapshot.py > before.txt`` … change … ``> after.txt``; ``diff`` them.
Runs ``gpupicker estimate`` over validation/h200.jsonl and public-speed.jsonl's
workloads and ``gpupicker recommend --json --top 40`` over those and the seed cases, in a
temporary GPUPICKER_HOME (a fresh catalog from data/; the user's own is never read). The
``*_message(s)`` keys (message ids and params) are dropped, so a refactor that keeps
behaviour prints the same text; ``--ids`` keeps them (``recommend --message-ids``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VALIDATION = REPO / "validation"
SEEDS = (
    {"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "seq_len": 2048, "train_hours": 6},
    {"task": "pretrain", "model_id": "llama2_13b", "dataset_tokens": 2e9},
    {"task": "inference", "model_id": "llama2_13b", "requests_per_minute": 100, "framework": "vllm"},
    {"task": "image_gen", "model_id": "sdxl_base", "images": 1000},
    {"task": "full_ft", "model_id": "qwen2_5_1_5b", "dataset_tokens": 2e7, "pricing": "spot"},
    {"task": "lora", "model_id": "qwen2_5_7b", "framework": "llama-factory", "region": "CN"},
)


def _workloads(validation: Path) -> list[dict]:
    out: list[dict] = []
    for name in ("h200.jsonl", "public-speed.jsonl"):
        for line in (validation / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append(row.get("workload", row))
    return out


def _strip(obj: object, keep_ids: bool) -> object:
    if isinstance(obj, dict):
        return {
            k: _strip(v, keep_ids)
            for k, v in obj.items()
            if keep_ids or not (k.endswith("_message") or k.endswith("_messages"))
        }
    if isinstance(obj, list):
        return [_strip(v, keep_ids) for v in obj]
    return obj


def _run(cmd: list[str], lines: list[dict], env: dict[str, str], keep_ids: bool) -> list[str]:
    text = "\n".join(json.dumps(w) for w in lines) + "\n"
    p = subprocess.run(
        [sys.executable, "-m", "gpupicker", *cmd],
        input=text,
        text=True,
        capture_output=True,
        env=env,
        cwd=REPO,
        check=False,
    )
    out = [
        json.dumps(_strip(json.loads(x), keep_ids), sort_keys=True)
        for x in p.stdout.splitlines()
        if x.strip()
    ]
    return out + ([f"stderr: {p.stderr.strip()}"] if p.stderr.strip() else [])


def main(argv: list[str] | None = None) -> int:
    """Entry point: prints one JSON line per answer."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ids", action="store_true", help="keep the *_message(s) keys")
    ap.add_argument(
        "--validation",
        type=Path,
        default=VALIDATION,
        help="folder holding h200.jsonl and public-speed.jsonl (default: %(default)s)",
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "GPUPICKER_HOME": home}
        env.pop("GPUPICKER_CATALOG", None)
        work = _workloads(args.validation)
        for line in _run(["estimate", "--workload", "-"], work, env, args.ids):
            print(line)
        ids = ["--message-ids"] if args.ids else []
        for line in _run(
            ["recommend", "--json", *ids, "--top", "40", "--workload", "-"], [*work, *SEEDS], env, args.ids
        ):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
