"""Time one recommendation over the bundled catalog (``make bench``).

Every catalog GPU × 1/2/4/8 GPUs × price offer (best per pricing type, and all
providers' offers) for a few typical workloads; prints the median and best of
several runs in milliseconds. Issue #4 acceptance 4: the GUI recomputes within
one frame (< 16 ms) of an input change for the bundled catalog.

The calculator caches per-model figures (parameter counts, weight and KV bytes, engine
constants, vLLM memory per card size), as it does when the user changes anything but the
model. ``--cold`` gives every run an equal model under a new name, so those caches miss, as
when the user picks another model. Every timed run is a new job: the memo of GPU × count
evaluations (``evaluation.evaluate``, reused when only budget, pricing, currency, region or
deadline change) is cleared first; the "money ms" column times that money-only change. The
clock stops when recommend returns: freeing the previous answer (~1 ms for ~10,000 objects)
is the caller's work, counted in the GUI's input-change figure.

The catalog is frozen out of the garbage collector's scans before timing, as the app does
after start-up and after each catalog reload (``ui.settings.heap.settle_heap``): without it a
full collection scans the 23,000 price rows of the 100× catalog (~58 ms once in ~15 runs).

The second table times the redraw of every results plot (VRAM bars, cost/Pareto,
memory curve, cost-by-GPU-count curve) after an input change — the data is computed first
(as the background thread does), then the four plots are given the new data and repainted;
the figure is the median per change, and ``core.curves`` compute time is shown beside it.


Side by side in the same run: one estimate in µs of the work llm-analysis's inference analysis
does (Llama-2-7B, batch 1, 1,024 + 256 tokens on an A100: memory and speed), the same for new jobs
of another size on that model and GPU (batch 8, 512 + 128 tokens), and llm-analysis's own time
for it when it is installed, recommend median/p95 over the catalog with its prices repeated
1×, 10× and 100× (each copy another provider at a slightly different price: a year of imported
history), "every offer" at 100×, input change → results and plots painted (offscreen GUI),
``gpupicker recommend --json`` as a process at 1× and 100× prices (wall and CPU seconds),
cold start to the first page next to an empty PySide6 window (``scripts/coldstart.py``, with
gpupicker's bytecode cached as an installed wheel or the bundle has it, offscreen and in an X11
window: Xvfb when there is no display), and
the onedir bundle size when ``dist/gpupicker`` exists. Timings on a shared machine are noisy:
each figure is a median over several runs.

Usage: ``python scripts/bench.py [--runs N] [--cold] [--no-redraw] [--quick]``
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpupicker.core.hardware.specs import GpuSpec, PriceOffer  # noqa: E402
from gpupicker.core.model_arch import ModelArch  # noqa: E402
from gpupicker.core.ranking import evaluation  # noqa: E402
from gpupicker.core.ranking.recommend import recommend  # noqa: E402
from gpupicker.core.workload import Workload  # noqa: E402
from gpupicker.ui.settings.heap import settle_heap  # noqa: E402 - what the app does (Qt-free)

FRAME_MS = 16.0
REDRAW_RUNS = 25
"""Redraws per workload (at most; ``--runs`` lowers it). PySide6 6.12.0 dropped references to
None on every call and aborted after some hundred redraws; it is excluded in pyproject.toml."""


def new_job() -> None:
    """Forget the GPU × count evaluations, so the next recommend evaluates as for a new job
    (an input change other than budget, pricing, currency, region or deadline)."""
    evaluation.evaluate.cache_clear()


def load_catalog() -> tuple[list[GpuSpec], list[PriceOffer], dict[str, ModelArch], str]:
    """GPUs, prices and models from data/*.csv (the bundled catalog)."""
    data = ROOT / "data"
    with open(data / "gpus.csv", encoding="utf-8") as f:
        gpus = [GpuSpec.model_validate(r) for r in csv.DictReader(f)]
    with open(data / "prices.csv", encoding="utf-8") as f:
        prices = [PriceOffer.model_validate(r) for r in csv.DictReader(f)]
    models: dict[str, ModelArch] = {}
    with open(data / "models.csv", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["family"] == "diffusion":
                models[r["id"]] = ModelArch(
                    name=r["name"], kind="diffusion", params=int(float(r["params_b"]) * 1e9)
                )
                continue
            d = {k: v for k, v in r.items() if v not in ("", None)}
            d["model_type"] = r["family"]
            models[r["id"]] = ModelArch.model_validate(d)
    return gpus, prices, models, "data/*.csv"


def workloads(models: dict[str, ModelArch]) -> list[tuple[str, Workload]]:
    return [
        (
            "QLoRA Mistral-7B b2 s2048, 6 h on RTX 4090",
            Workload(
                task="qlora",
                model=models["mistral_7b_v0_1"],
                batch=2,
                seq_len=2048,
                grad_ckpt=True,
                train_hours=6,
                gpu="rtx_4090",
            ),
        ),
        (
            "Full FT Llama-3-8B s4096, 1e8 tokens",
            Workload(task="full_ft", model=models["llama3_8b"], seq_len=4096, dataset_tokens=1e8),
        ),
        (
            "Pre-train 13B, 5e9 tokens",
            Workload(
                task="pretrain",
                model=models["llama2_13b"],
                batch=4,
                seq_len=2048,
                grad_ckpt=True,
                dataset_tokens=5e9,
            ),
        ),
        (
            "Inference Llama-3-70B bf16",
            Workload(task="inference", model=models["llama3_70b"], prompt_len=1024, new_tokens=256),
        ),
        (
            "Serving Llama-2-13B int4 vLLM, 100 req/min",
            Workload(
                task="inference",
                model=models["llama2_13b"],
                framework="vllm",
                weights_dtype="int4",
                requests_per_minute=100,
            ),
        ),
        (
            "SDXL 1024px, 100 images",
            Workload(task="image_gen", model=models["sdxl_base"], images=100, steps=30),
        ),
    ]


def bench_redraw(
    gpus: list[GpuSpec],
    prices: list[PriceOffer],
    models: dict[str, ModelArch],
    runs: int,
    verbose: bool = False,
) -> float:
    """Median ms to redraw all four results plots after an input change (worst workload)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget

    from gpupicker.core.report.curves import (
        available_dimensions,
        candidate_gpus,
        cost_curves,
        memory_curves,
    )
    from gpupicker.ui.results.cost_curves import CostCurvePlot
    from gpupicker.ui.results.curves import MemoryCurvePlot
    from gpupicker.ui.results.plots import CostPlot, VramFitPlot

    app = QApplication.instance() or QApplication(["bench"])
    print(f"\n{'redraw after an input change':<46} {'curves ms':>10} {'median ms':>10} {'best ms':>8}")
    worst = 0.0
    for name, w in workloads(models):
        # fresh widgets per workload, as the page gets on a new task: VramFitPlot's legend
        # rebuild (LegendItem.clear) can hit the PySide6 6.12.0 refcount crash
        # (scripts/pyside_refcount_check.py)
        host = QWidget()
        lay = QHBoxLayout(host)
        vram, cost, mem, costn = VramFitPlot(), CostPlot(), MemoryCurvePlot(), CostCurvePlot()
        for wdg in (vram, cost, mem, costn):
            lay.addWidget(wdg)
        host.resize(1600, 420)
        host.show()
        app.processEvents()
        dims = available_dimensions(w)
        # two inputs to alternate between, so every redraw gets new data
        variants = [w, w.model_copy(update={"batch": w.batch * 2})]
        prepared = []
        t_curves = []
        for v in variants:
            rec = recommend(v, gpus, prices)
            t0 = time.perf_counter()
            mc = memory_curves(v, candidate_gpus(rec, gpus, v.gpu), dims[0]) if dims else None
            cc = cost_curves(rec)
            t_curves.append((time.perf_counter() - t0) * 1e3)
            prepared.append((rec.options, mc, cc))
        times = []
        per_plot: dict[str, list[float]] = {"vram": [], "cost": [], "memory": [], "by_count": []}
        for i in range(runs):
            opts, mc, cc = prepared[i % 2]
            t0 = time.perf_counter()
            steps = (
                (vram, "vram", vram.set_options, [o for o in opts if o.fits][:12]),
                (cost, "cost", cost.set_options, opts),
                (mem, "memory", mem.set_curves, mc),
                (costn, "by_count", costn.set_curves, cc),
            )
            for wdg, key, draw, data in steps:
                t1 = time.perf_counter()
                draw(data)
                wdg.repaint()
                per_plot[key].append((time.perf_counter() - t1) * 1e3)
            times.append((time.perf_counter() - t0) * 1e3)
        if verbose:
            print(
                "   per plot (median ms): "
                + ", ".join(f"{k} {statistics.median(v):.2f}" for k, v in per_plot.items())
            )
        med = statistics.median(times)
        worst = max(worst, med)
        print(f"{name:<46} {statistics.median(t_curves):>10.2f} {med:>10.2f} {min(times):>8.2f}")
        host.close()
        host.deleteLater()
        app.processEvents()
    verdict = "within" if worst < FRAME_MS else "OVER"
    print(f"slowest median redraw of all plots: {worst:.2f} ms — {verdict} one {FRAME_MS:.0f} ms frame")
    return worst


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--no-redraw", action="store_true", help="skip the plot redraw timing (Qt)")
    ap.add_argument("--verbose", action="store_true", help="redraw time per plot too")
    ap.add_argument(
        "--cold", action="store_true", help="a renamed copy of the model every run: per-model caches miss"
    )
    ap.add_argument("--quick", action="store_true", help="only the per-workload table")
    args = ap.parse_args(argv)
    gpus, prices, models, src = load_catalog()
    print(f"catalog: {len(gpus)} GPUs, {len(prices)} price rows ({src}); counts 1, 2, 4, 8")
    settle_heap()
    print(
        f"{'workload (a new job each run)':<46} {'offers':<10} {'options':>7} {'median ms':>10} "
        f"{'best ms':>8} {'money ms':>9}"
    )
    worst = 0.0
    for name, w in workloads(models):
        for all_offers in (False, True):
            times = []
            n_opts = 0
            for i in range(args.runs):
                new_job()
                run_w = w
                if args.cold and w.model is not None:
                    # same figures, new name: equal-model caches and per-object caches miss
                    arch = w.model.model_copy(
                        update={"name": f"{w.model.name} (run {i}, {time.perf_counter_ns()})"}
                    )
                    run_w = w.model_copy(update={"model": arch})
                t0 = time.perf_counter()
                out = recommend(run_w, gpus, prices, all_offers=all_offers)
                times.append((time.perf_counter() - t0) * 1e3)
                rec = out  # the previous answer is freed after the clock (see recommend_stats)
                n_opts = len(rec.options)
            med = statistics.median(times)
            if not all_offers:
                worst = max(worst, med)
            money = []
            for i in range(args.runs):  # the same job, another budget: evaluations reused
                t0 = time.perf_counter()
                recommend(w.model_copy(update={"budget_usd": 100.0 + i}), gpus, prices, all_offers=all_offers)
                money.append((time.perf_counter() - t0) * 1e3)
            print(
                f"{name:<46} {'all' if all_offers else 'best/type':<10} {n_opts:>7} "
                f"{med:>10.2f} {min(times):>8.2f} {statistics.median(money):>9.2f}"
            )
    verdict = "within" if worst < FRAME_MS else "OVER"
    print(
        f"slowest median (best offer per pricing type): {worst:.2f} ms — {verdict} one "
        f"{FRAME_MS:.0f} ms frame"
    )
    if not args.no_redraw and not args.quick:
        bench_redraw(gpus, prices, models, min(args.runs, REDRAW_RUNS), args.verbose)
    if not args.quick:
        print()
        side_by_side(gpus, prices, models, args.runs)
    return 0


def scaled_prices(prices: list[PriceOffer], factor: int) -> tuple[PriceOffer, ...]:
    """``prices`` repeated ``factor`` times, copy k as provider "<provider> #k" at a price
    0–5 % off (deterministic): a catalog ``factor`` times larger with as many providers."""
    if factor == 1:
        return tuple(prices)
    out = []
    for k in range(factor):
        for i, p in enumerate(prices):
            if k == 0:
                out.append(p)
                continue
            jitter = 1.0 + ((k * 7919 + i * 104729) % 1000) / 20000.0
            out.append(
                p.model_copy(
                    update={
                        "provider": f"{p.provider} #{k}",
                        "price_per_gpu_hour": p.price_per_gpu_hour * jitter,
                    }
                )
            )
    return tuple(out)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def estimate_us(w: Workload, gpu_id: str = "a100_sxm_80gb", runs: int = 2000, new_job: bool = False) -> float:
    """Median µs of one ``estimate_report`` (gpupicker: memory and speed, what ``gpupicker
    estimate`` answers) for ``w`` on ``gpu_id``.

    ``new_job``: each call gets its own copy of ``w`` (made before the clock starts), so the
    memos of one job (the roofline of a job on a GPU, kept while a ranking tries every count)
    miss as for a job typed anew; the model's and the GPU's figures are still computed once,
    as in the app. The heap is settled first, as the app does after start-up.
    """
    from gpupicker.core.report.estimate import estimate_report

    gpus, _, _, _ = load_catalog()
    gpu = next(g for g in gpus if g.id == gpu_id)
    settle_heap()
    times = []
    for _ in range(5):
        jobs = [w.model_copy() for _ in range(runs)] if new_job else [w] * runs
        t0 = time.perf_counter()
        for job in jobs:
            estimate_report(job, gpu)
        times.append((time.perf_counter() - t0) / runs * 1e6)
    return statistics.median(times)


def same_work_as_llm_analysis(models: dict[str, ModelArch]) -> Workload:
    """The job :data:`LLM_ANALYSIS_CODE` analyses: Llama-2-7B inference in 16-bit, batch 1,
    a 1,024-token prompt and 256 generated tokens (on an A100 SXM 80 GB): memory and latency."""
    return Workload(
        task="inference",
        model=models["llama2_7b"],
        batch=1,
        prompt_len=1024,
        new_tokens=256,
        weights_dtype="bf16",
    )


def another_job_same_model_and_gpu(w: Workload) -> Workload:
    """Another job on ``w``'s model, GPU and engine: batch 8, a 512-token prompt, 128 new tokens.

    Timed beside ``w`` so that what one job computes once for its model × GPU × engine (the
    roofline plan) is seen to serve a job of another size as well, not only the one measured.
    """
    return w.model_copy(update={"batch": 8, "prompt_len": 512, "new_tokens": 128})


LLM_ANALYSIS_CODE = """
import contextlib, io, logging, statistics, sys, time
logging.disable(logging.CRITICAL)
from llm_analysis.analysis import LLMAnalysis
from llm_analysis.config import get_gpu_config_by_name, get_model_config_by_name
model = get_model_config_by_name("NousResearch_Llama-2-7b-hf")
gpu = get_gpu_config_by_name("a100-sxm-80gb")
runs = int(sys.argv[1])
times = []
for _ in range(5):
    t0 = time.perf_counter()
    for _ in range(runs):
        with contextlib.redirect_stdout(io.StringIO()):
            LLMAnalysis(model, gpu).inference(batch_size_per_gpu=1, seq_len=1024,
                                              num_tokens_to_generate=256)
    times.append((time.perf_counter() - t0) / runs * 1e6)
print("US", statistics.median(times))
"""


def llm_analysis_us(runs: int = 200) -> str:
    """llm-analysis's inference analysis (memory and latency) of Llama-2-7B on an A100 80 GB
    (µs per call, its bundled configs, offline), or why not.

    llm-analysis is not a project dependency (it pulls transformers, which PyInstaller would
    then bundle): install it in a separate ``.venv-bench`` (``python3 -m venv .venv-bench &&
    .venv-bench/bin/pip install llm-analysis``); this venv's own install is used when present.
    """
    import subprocess

    candidates = [sys.executable, str(ROOT / ".venv-bench" / "bin" / "python")]
    for py in candidates:
        if not Path(py).exists():
            continue
        try:
            out = subprocess.run(
                [py, "-c", LLM_ANALYSIS_CODE, str(runs)], capture_output=True, text=True, timeout=300
            )
        except (OSError, subprocess.SubprocessError):
            continue
        for line in out.stdout.splitlines():
            if line.startswith("US "):
                return f"{float(line.split()[1]):.0f} µs"
    return (
        "llm-analysis not installed (python3 -m venv .venv-bench && .venv-bench/bin/pip "
        "install llm-analysis; not a project dependency) — skipped"
    )


def recommend_stats(
    w: Workload,
    gpus: list[GpuSpec],
    prices: tuple[PriceOffer, ...],
    runs: int,
    all_offers: bool = False,
    money_only: bool = False,
) -> tuple[float, float, int]:
    """(median ms, p95 ms, options) of ``recommend`` after a first call on the snapshot (it
    fills the per-snapshot offer table once; the side-by-side times that first call).

    Each run is a new job (:func:`new_job`), or with ``money_only`` the same job with another
    budget (its GPU × count evaluations reused)."""
    rec = recommend(w, gpus, prices, all_offers=all_offers)
    times = []
    for i in range(runs):
        if money_only:
            run_w = w.model_copy(update={"budget_usd": 100.0 + i})
        else:
            run_w = w
            new_job()
        t0 = time.perf_counter()
        out = recommend(run_w, gpus, prices, all_offers=all_offers)
        times.append((time.perf_counter() - t0) * 1e3)
        # the previous answer is freed after the clock is read: freeing its ~10,000 objects
        # (~1 ms) is the caller's, not this recommendation's (the GUI figure below includes it)
        rec = out
    return statistics.median(times), _pct(times, 0.95), len(rec.options)


CLI_JOB = '{"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "seq_len": 2048}'
"""The job of the CLI process line: QLoRA Mistral-7B (the README's first example)."""


def _scale_catalog_prices(catalog: Path, factor: int) -> int:
    """Add ``factor - 1`` copies of every price row of ``catalog`` as imported rows (origin
    ``user``, provider "<provider> #k", price 0–5 % off: :func:`scaled_prices`' catalog, as a
    year of imported history leaves it); returns the price rows then."""
    import sqlite3

    conn = sqlite3.connect(catalog)
    try:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(prices)") if r[1] not in ("id", "seed_key")]
        keep = [c for c in cols if c not in ("provider", "price_per_gpu_hour", "origin", "user_modified")]
        with conn:
            for k in range(1, factor):
                conn.execute(
                    f"INSERT INTO prices ({', '.join(keep)}, provider, price_per_gpu_hour, origin, "
                    f"user_modified) SELECT {', '.join(keep)}, provider || ' #{k}', "
                    f"price_per_gpu_hour * (1.0 + ((? * 7919 + id * 104729) % 1000) / 20000.0), "
                    "'user', 1 FROM prices WHERE origin = 'bundled' AND deleted = 0",
                    (k,),
                )
        return int(conn.execute("SELECT count(*) FROM prices WHERE deleted = 0").fetchone()[0])
    finally:
        conn.close()


def cli_process_s(factor: int, runs: int = 7) -> tuple[float, float, int]:
    """(median wall s, median CPU s, price rows) of ``python -m gpupicker recommend --json``
    (:data:`CLI_JOB`) as a fresh process over a temporary catalog at ``factor``× prices.

    The first, uncounted run creates the catalog and writes gpupicker's ``__pycache__``
    (``PYTHONDONTWRITEBYTECODE`` unset for it, as an installed wheel or a user's second start
    has it); the bytecode it wrote is removed afterwards (``coldstart.py --bytecode`` does the
    same)."""
    import contextlib
    import os
    import resource
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gpupicker-bench-cli-") as home:
        job = Path(home) / "job.json"
        job.write_text(CLI_JOB, encoding="utf-8")
        env = {**os.environ, "GPUPICKER_HOME": home}
        cmd = [sys.executable, "-m", "gpupicker", "recommend", "--workload", str(job), "--json"]
        first = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        had = set((ROOT / "gpupicker").rglob("*.pyc"))
        try:
            subprocess.run(cmd, env=first, cwd=ROOT, capture_output=True, check=True, timeout=300)
            catalog = next(Path(home).rglob("catalog.sqlite"))
            rows = _scale_catalog_prices(catalog, factor)
            subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, check=True, timeout=300)
            walls, cpus = [], []
            for _ in range(runs):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True, timeout=300)
                walls.append(time.perf_counter() - t0)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        finally:
            for pyc in set((ROOT / "gpupicker").rglob("*.pyc")) - had:
                pyc.unlink(missing_ok=True)
                with contextlib.suppress(OSError):
                    pyc.parent.rmdir()
    return statistics.median(walls), statistics.median(cpus), rows


PAINT_SPANS: dict[str, list[tuple[float, ...]]] = {}
"""(compute, results handled, paint) ms per change of the last :func:`painted_ms`, by series
("" batch changes, each a new job; "MONEY_" budget changes)."""


def painted_ms(runs: int) -> dict[str, list[float]]:
    """Input change → results and plots painted, in a fresh offscreen GUI process: ms per
    change by series ("" new jobs, "MONEY_" money-only changes)."""
    import subprocess

    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench_gui.py"), str(runs)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    times: dict[str, list[float]] = {}
    PAINT_SPANS.clear()
    for line in out.stdout.splitlines():
        head, _, rest = line.partition(" ")
        if head.endswith("PAINTED_MS"):
            times[head.removesuffix("PAINTED_MS")] = [float(x) for x in rest.split()]
        elif head.endswith("SPANS_MS"):
            PAINT_SPANS[head.removesuffix("SPANS_MS")] = [
                tuple(float(v) for v in x.split(",")) for x in rest.split()
            ]
    if "" not in times:
        raise RuntimeError(out.stderr[-2000:])
    return times


def side_by_side(
    gpus: list[GpuSpec], prices: list[PriceOffer], models: dict[str, ModelArch], runs: int
) -> None:
    """The side-by-side figures, one run, one table."""
    w = same_work_as_llm_analysis(models)
    print("== side by side (medians over several runs; shared machine, noisy) ==")
    ours = estimate_us(w)
    fresh = estimate_us(w, runs=500, new_job=True)
    other = estimate_us(another_job_same_model_and_gpu(w), runs=500, new_job=True)
    theirs = llm_analysis_us()
    ratio = ""
    if theirs.endswith(" µs"):
        t = float(theirs.split()[0])
        ratio = f" → gpupicker {t / ours:.1f}× faster ({t / fresh:.1f}× for a new job)"
    print(
        "estimate of the same work (Llama-2-7B inference, batch 1, 1,024 + 256 tokens, A100 "
        f"80 GB: memory and speed): gpupicker {ours:.1f} µs ({fresh:.1f} µs for a new job each "
        f"call; {other:.1f} µs for new jobs of batch 8, 512 + 128 tokens on the same model and "
        f"GPU); llm-analysis {theirs}{ratio}"
    )
    reps = max(runs, 60)
    for factor in (1, 10, 100):
        ps = scaled_prices(prices, factor)
        settle_heap()
        new_job()
        t0 = time.perf_counter()
        recommend(w, gpus, ps)
        first = (time.perf_counter() - t0) * 1e3
        med, p95, n = recommend_stats(w, gpus, ps, reps)
        mmed, mp95, _ = recommend_stats(w, gpus, ps, reps, money_only=True)
        print(
            f"recommend at {factor:>3}× prices ({len(ps):>6} rows), new job: median {med:6.2f} "
            f"ms, p95 {p95:6.2f} ms; money-only change: median {mmed:5.2f}, p95 {mp95:5.2f}"
            f" ms; {n} options (first call on the snapshot {first:.1f} ms)"
        )
    ps = scaled_prices(prices, 100)
    settle_heap()
    med, p95, n = recommend_stats(w, gpus, ps, max(5, runs // 3), all_offers=True)
    print(f"every offer at 100× prices: median {med:6.1f} ms, p95 {p95:6.1f} ms, {n} options")
    try:
        series = painted_ms(max(40, runs))  # 40 changes: a steadier median than 15
        for prefix, what in (("", "batch size, a new job"), ("MONEY_", "budget, evaluations reused")):
            times = series.get(prefix)
            if not times:
                continue
            print(
                f"input change → results and plots painted ({what}): median "
                f"{statistics.median(times):.1f} ms, p95 {_pct(times, 0.95):.1f} ms "
                f"({len(times)} changes)"
            )
            spans = PAINT_SPANS.get(prefix)
            if spans:
                med = [statistics.median(s[k] for s in spans) for k in range(3)]
                print(
                    f"  medians per change: recompute {med[0]:.1f} ms, results to the page "
                    f"{med[1]:.1f} ms, paint {med[2]:.1f} ms"
                )
    except Exception as exc:  # noqa: BLE001 - a bench line, not a test
        print(f"input change → painted: not measured ({exc})")
    for factor in (1, 100):
        try:
            wall, cpu, rows = cli_process_s(factor)
            print(
                f"`gpupicker recommend --json` as a process at {factor:>3}× prices ({rows:>6} rows): "
                f"median {wall:.3f} s wall, {cpu:.3f} s CPU (an empty interpreter's start included)"
            )
        except Exception as exc:  # noqa: BLE001 - a bench line, not a test
            print(f"`gpupicker recommend --json` at {factor}× prices: not measured ({exc})")
    sys.path.insert(0, str(ROOT / "scripts"))
    import coldstart

    # with gpupicker's bytecode cached, as every install a user starts has it (a wheel's
    # installer and the PyInstaller bundle compile it; a source checkout writes it on its
    # first start unless PYTHONDONTWRITEBYTECODE is set), offscreen and in a real X11 window
    for platform in ("offscreen", "xcb"):
        try:
            print(coldstart.summary(coldstart.run(5, bytecode=True, platform=platform), platform, True))
        except Exception as exc:  # noqa: BLE001 - a bench line, not a test
            print(f"cold start ({platform}): not measured ({exc})")
    bundle = ROOT / "dist" / "gpupicker"
    if bundle.is_dir():
        size = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
        print(f"onedir bundle dist/gpupicker: {size / 1e6:.1f} MB")
    else:
        print("onedir bundle: dist/gpupicker not built (`make dist`)")


if __name__ == "__main__":
    raise SystemExit(main())
