"""``gpupicker mcp``: estimate, recommend, fit, job read and catalog queries for coding agents, over the
Model Context Protocol on standard input/output; ``gpupicker schema workload``: the Workload
JSON schema for editors and agents.

The server speaks MCP on stdio only — it never opens a network port — and answers from the
local catalog, offline, like the CLI. Each tool gives exactly what the matching CLI command's
``--json`` prints (the same functions build both), and the ``workload`` argument's JSON schema
is the pydantic :class:`~gpupicker.core.workload.Workload`'s own. A workload is passed through
as the agent wrote it, so unknown fields are named in ``warnings`` as the CLI names them, not
dropped by a second validation.

The ``mcp`` package (the protocol's Python SDK) is an optional extra:
``pip install "gpupicker[mcp]"``; without it ``gpupicker mcp`` says so and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Annotated, Any

from pydantic import Field, WithJsonSchema

from ..core.planners.fit import FIT_DIMENSIONS
from ..core.ranking.recommend import GOALS
from ..core.workload import Workload

SERVER_NAME = "gpupicker"


def workload_schema() -> dict[str, Any]:
    """The JSON schema of a workload: pydantic's, from :class:`Workload` (with ``$defs``)."""
    return Workload.model_json_schema()


def inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every ``{"$ref": "#/$defs/X"}`` replaced by ``X`` itself and ``$defs``
    dropped, so it can sit under a tool argument (the Workload's models are not recursive).

    Raises:
        ValueError: for a reference that is not into ``$defs`` or that refers to itself.
    """
    defs = schema.get("$defs", {})

    def walk(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                name = ref.removeprefix("#/$defs/")
                if name == ref or name not in defs or name in seen:
                    raise ValueError(f"cannot inline JSON schema reference {ref!r}")
                extra = {k: walk(v, seen) for k, v in node.items() if k != "$ref"}
                return {**walk(defs[name], (*seen, name)), **extra}
            return {k: walk(v, seen) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [walk(v, seen) for v in node]
        return node

    out: dict[str, Any] = walk(schema, ())
    return out


WorkloadArg = Annotated[
    dict[str, Any],
    WithJsonSchema(inlined(workload_schema())),
    Field(description="the job, as gpupicker's Workload JSON (`gpupicker schema workload`)"),
]
"""A tool's ``workload`` argument: advertised with the Workload schema, received as the JSON
object the agent sent (validated by the same code as the CLI's ``--workload``)."""


def _with_ids(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` as the CLI prints it: each core Message beside its ``{"id", "params"}``."""
    from ..core.messages import with_message_ids

    out: dict[str, Any] = with_message_ids(answer)
    return out


def _catalog(catalog: str | None) -> Any:
    from .common import open_repo

    return open_repo(catalog)


def build_server(catalog: str | None = None) -> Any:
    """The MCP server with gpupicker's tools, reading the catalog at ``catalog`` (default
    location when None) on each call.

    Raises:
        ImportError: when the optional ``mcp`` package is not installed.
    """
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(
        SERVER_NAME,
        instructions=(
            "Offline GPU planner: memory, speed, time and cost of an AI job (training, fine-tuning, "
            "LoRA/QLoRA, inference, serving, image generation) on every GPU of the local catalog. "
            "Describe the job as a Workload (see the workload argument's schema); model_id and gpu "
            "are catalog ids (catalog_models, catalog_gpus)."
        ),
    )

    @server.tool()
    def estimate(workload: WorkloadArg) -> dict[str, Any]:
        """Peak GPU memory per GPU (bytes per component) and, where the task has them, speed —
        what `gpupicker estimate --workload` prints for one workload."""
        from .estimate import estimate_one

        repo = _catalog(catalog)
        try:
            return _with_ids(estimate_one(json.dumps(workload), repo))
        finally:
            if repo is not None:
                repo.close()

    @server.tool()
    def recommend(
        workload: WorkloadArg,
        goal: Annotated[str, Field(json_schema_extra={"enum": list(GOALS)})] = "cheapest",
        top: Annotated[int, Field(ge=1, le=1000)] = 20,
    ) -> dict[str, Any]:
        """Ranked GPU × count × price options with memory, speed, hours and cost, notes and
        advice — what `gpupicker recommend --json --top N` prints."""
        from pydantic import ValidationError

        from .common import error_text, unknown_fields_warning
        from .recommend import display_money, run_recommend
        from .recommend_output import recommend_json

        repo = _catalog(catalog)
        try:
            try:
                w = Workload.model_validate(workload)
                money = display_money(repo) if repo is not None else None
                rec = run_recommend(w, repo, goal=goal, money=money)
            except (ValidationError, ValueError) as exc:
                return {"error": error_text(exc)}
            unknown = Workload.unknown_fields(workload)
            warning = unknown_fields_warning(unknown) if unknown else ""
            assert money is not None  # run_recommend refuses a missing catalog
            return _with_ids(recommend_json(rec, money, top=top, warning=warning))
        finally:
            if repo is not None:
                repo.close()

    @server.tool()
    def fit(
        workload: WorkloadArg,
        maximise: Annotated[str, Field(json_schema_extra={"enum": list(FIT_DIMENSIONS)})],
        gpu: str | None = None,
        num_gpus: Annotated[int | None, Field(ge=1, le=4096)] = None,
    ) -> dict[str, Any]:
        """The largest batch, sequence length, LoRA rank or concurrency that fits a GPU — what
        `gpupicker fit --max X --json` prints (maximise: batch, seq_len, lora_r, concurrency)."""
        from pydantic import ValidationError

        from ..core.planners.fit import fit_dict, solve_fit
        from ..service.resolve import resolve_gpu, resolve_model
        from .common import error_text

        repo = _catalog(catalog)
        try:
            if repo is None:
                return {"error": "the catalog could not be opened; fit needs the GPU's memory"}
            w = Workload.model_validate(workload)
            if w.gpus and not gpu:  # the job's machine of cards, each within its memory
                from ..core.ranking.machine_report import solve_machine_fit
                from ..service.resolve import resolve_machine

                return _with_ids(
                    fit_dict(solve_machine_fit(resolve_model(w, repo), resolve_machine(w, repo), maximise))
                )
            gpu_id = gpu or w.gpu
            if not gpu_id:
                return {"error": "name the GPU: gpu (or 'gpu' in the workload)"}
            result = solve_fit(resolve_model(w, repo), resolve_gpu(gpu_id, repo), maximise, num_gpus)
            return _with_ids(fit_dict(result))
        except (ValidationError, ValueError) as exc:
            return {"error": error_text(exc)}
        finally:
            if repo is not None:
                repo.close()

    @server.tool()
    def job_read(text: str) -> dict[str, Any]:
        """Read a job the user already has — an axolotl / LLaMA-Factory / torchtune YAML, a
        TrainingArguments JSON, a SkyPilot task, or a vllm serve / sglang.launch_server /
        llama-server / ollama run command line (the file's text) — into a workload for the other
        tools; what `gpupicker job read --json` prints (every key read, every key not used and
        why, warnings)."""
        from ..importers.jobs import JobReadError, catalog_models_lookup, read_job_text

        repo = _catalog(catalog)
        lookup = catalog_models_lookup(repo.models() if repo is not None else [])
        if repo is not None:
            repo.close()
        try:
            job = read_job_text(text, lookup)
        except JobReadError as exc:
            return _with_ids({"error": exc.message})
        return _with_ids(
            {
                "kind": job.kind,
                "workload": job.workload,
                "read": [{"key": k, "set": v} for k, v in job.read],
                "unused": [{"key": k, "why": w} for k, w in job.unused],
                "warnings": job.warnings,
            }
        )

    @server.tool()
    def catalog_gpus(query: str = "") -> list[dict[str, Any]]:
        """Catalog GPUs whose id or name contains every word of `query` (all when empty): id,
        name, vendor, memory (GB), bandwidth (GB/s), dense BF16 and FP8 TFLOPS."""
        repo = _catalog(catalog)
        if repo is None:
            return []
        with repo:
            words = query.lower().split()
            return [
                {
                    "id": g.id,
                    "name": g.name,
                    "vendor": g.vendor,
                    "memory_gb": g.memory_gb,
                    "memory_bandwidth_gbps": g.memory_bandwidth_gbps,
                    "bf16_tflops_dense": g.bf16_tflops_dense,
                    "fp8_tflops_dense": g.fp8_tflops_dense,
                }
                for g in repo.gpus()
                if all(w in f"{g.id} {g.name}".lower() for w in words)
            ]

    @server.tool()
    def catalog_models(query: str = "") -> list[dict[str, Any]]:
        """Catalog models matching every word of `query` in any order, as the window's model
        search does (id, name or family; Chinese aliases such as 千问; all when empty): id, name,
        family, parameters (billions), active parameters, kind (llm / diffusion), max context
        (tokens)."""
        from ..core.report.zh_names import model_matches, model_search_terms

        repo = _catalog(catalog)
        if repo is None:
            return []
        with repo:
            terms = model_search_terms(query)
            return [
                {
                    "id": m.id,
                    "name": m.name,
                    "family": m.family,
                    "params_b": m.params_b,
                    "active_params_b": m.active_params_b,
                    "kind": m.kind,
                    "max_context": m.max_context,
                }
                for m in repo.models()
                if model_matches(terms, m.id, m.name, m.family)
            ]

    @server.tool()
    def catalog_prices(gpu_id: str) -> list[dict[str, Any]]:
        """Current catalog prices of one GPU: provider, region, pricing kind, price per
        GPU-hour in the row's currency, GPUs per instance, date observed and source."""
        repo = _catalog(catalog)
        if repo is None:
            return []
        with repo:
            return [
                {
                    "provider": p.provider,
                    "region": p.region,
                    "pricing": p.pricing,
                    "price_per_gpu_hour": p.price_per_gpu_hour,
                    "currency": p.currency,
                    "gpus_per_instance": p.gpus_per_instance,
                    "observed": p.observed,
                    "source": p.source,
                }
                for p in repo.prices()
                if p.gpu_id == gpu_id
            ]

    return server


def cmd_mcp(args: argparse.Namespace) -> int:
    """Serve the tools over MCP on stdio until the client closes the stream."""
    try:
        server = build_server(getattr(args, "catalog", None))
    except ImportError:
        print(
            'gpupicker mcp: the MCP SDK is not installed; install it with pip install "gpupicker[mcp]"',
            file=sys.stderr,
        )
        return 2
    server.run("stdio")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON schema of a Workload (for editors, agents and validators)."""
    print(json.dumps(workload_schema(), indent=2, ensure_ascii=False))
    return 0


def add_mcp_parsers(sub: Any) -> None:
    """Register ``mcp`` and ``schema`` on the ``gpupicker`` subparsers."""
    m = sub.add_parser(
        "mcp",
        help="serve estimate, recommend, fit and catalog queries to coding "
        "agents over the Model Context Protocol on stdio (offline; no network "
        "port); needs the mcp extra",
    )
    m.set_defaults(func=cmd_mcp)
    s = sub.add_parser("schema", help="print the JSON schema of a workload")
    s.add_argument("what", choices=["workload"], help="which schema")
    s.set_defaults(func=cmd_schema)
