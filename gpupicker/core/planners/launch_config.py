"""A launch config for a chosen option: the engine's command line and a cloud task YAML.

For serving the engine's command (:mod:`.launch_serving`), for training the launcher's
(:mod:`.launch_training`), and a SkyPilot and a dstack YAML for the GPU type and count
(:mod:`.launch_cloud`). A serving plan of several replicas is launched as replicas: each
engine gets the plan's GPUs per replica as its tensor-parallel size, and the YAMLs are a
SkyPilot service and a dstack service — or, for plain transformers, which has no server, one
task on as many nodes as replicas.

The YAML is written by PyYAML's safe emitter from plain dicts, never by string
formatting, and every user string in a shell line goes through ``shlex.quote``: a GPU id,
name or model reference, whatever characters it holds, stays one YAML value and one shell
word.

The tools Chinese teams run — LLaMA-Factory, ms-swift, MindSpeed-LLM, LMDeploy,
vllm-ascend and MindIE — are written by :mod:`.launch_cn_training` and
:mod:`.launch_cn_serving`, with ModelScope model ids, and every config carries a
``download`` step (``modelscope download`` or ``hf download`` through hf-mirror.com,
:mod:`.launch_hub`). An official AWQ / GPTQ / W8A8 checkpoint of the model
(:data:`.launch_hub.OFFICIAL_QUANT`) is named instead of a placeholder.

A framework, GPU name or format gpupicker does not know how to launch is named in
``warnings`` — never silently replaced.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from ..hardware.specs import GpuSpec
from ..memory import fp16_kv_without_bf16
from ..messages import TEMPLATES, Message, Text, msg, verbatim
from ..results import Option
from ..stacks.quant_support import lacks_bf16
from ..workload import Workload
from . import launch_hub
from .launch_cloud import dstack_yaml, skypilot_yaml
from .launch_refs import HUB_ID, Refs, canonical
from .launch_serving import SERVER_PORTS, serving
from .launch_text import error as _e
from .launch_text import sentence as _s
from .launch_training import training


class LaunchConfig(BaseModel):
    """How to start the chosen option.

    Attributes:
        engine: the engine or launcher named (``vllm``, ``trl``, ``torchtune`` …).
        command: the shell command (or a short Python snippet for plain transformers); a
            config file the tool reads is written by the command itself (a heredoc).
        setup: the install line the YAMLs run first.
        download: the shell lines that fetch the weights (ModelScope, else Hugging Face
            through hf-mirror.com); empty when the catalog names no repo.
        skypilot_yaml, dstack_yaml: task (or service) files for the GPU type and count.
        replicas, gpus_per_replica: engine instances launched and GPUs each (the serving
            plan's; 1 × all GPUs otherwise); the tensor-parallel size is ``gpus_per_replica``.
        assumptions: what the command assumes (context, memory fraction, TP …).
        warnings: anything gpupicker could not translate (named, not guessed).
    """

    model_config = ConfigDict(frozen=True)

    engine: str
    command: str
    setup: str = ""
    download: str = ""
    skypilot_yaml: str = ""
    dstack_yaml: str = ""
    replicas: int = 1
    gpus_per_replica: int = 1
    assumptions: tuple[Text, ...] = ()
    warnings: tuple[Text, ...] = ()


def _pricing(pricing: str) -> Message:
    """A price kind (``on_demand``, ``spot`` …) as a translatable word; an unknown one as it is."""
    key = f"pricing.{pricing}"
    return msg(key) if key in TEMPLATES else verbatim(pricing)


def hf_repo_from_source(source: str) -> str | None:
    """The ``org/name`` Hugging Face repo in a catalog ``source`` text, or ``None``.

    >>> hf_repo_from_source("huggingface.co/mistralai/Mistral-7B-v0.1 config")
    'mistralai/Mistral-7B-v0.1'
    """
    m = re.search(r"huggingface\.co/([\w.-]+/[\w.-]+)", source or "")
    return m.group(1) if m else None


def model_repo(hf_repo: str, source: str) -> str | None:
    """The repo a launch command names for a catalog model.

    The row's ``hf_repo`` column, else the repo its ``source`` text names
    (:func:`hf_repo_from_source`, for a row saved before the column existed), else ``None``
    (the command then says ``YOUR_MODEL`` and warns).

    >>> model_repo("Qwen/Qwen3-30B-A3B", "THUDM/slime scripts")
    'Qwen/Qwen3-30B-A3B'
    """
    return hf_repo or hf_repo_from_source(source)


def _download(fetch: str | None, refs: Refs) -> tuple[str, str]:
    """(download step, its first command prefixed with the tool's install) for the repo ``fetch``.

    The catalog's own repo comes from ModelScope first and hf-mirror.com as the alternative; a
    ``vllm-ascend/`` export is published on ModelScope only; an official Qwen export has the same
    id on both hubs. ``('', '')`` with nothing to fetch.
    """
    if fetch is None:
        return "", ""
    if fetch == refs.hf_repo:
        download = launch_hub.download_step(refs.hf_repo, refs.modelscope_id)
    elif fetch.startswith("vllm-ascend/"):  # published on ModelScope only
        download = launch_hub.download_step(None, fetch)
    else:  # an official Qwen export: the same id on both hubs
        download = launch_hub.download_step(fetch, fetch)
    first = next((line for line in download.split("\n") if line and not line.startswith("#")), "")
    if first:  # the YAMLs run on a fresh machine: install the download tool first
        first = (
            "pip install modelscope && "
            if first.startswith("modelscope")
            else "pip install huggingface_hub && "
        ) + first
    return download, first


def _hub_id(ref: str | None) -> str | None:
    """``ref`` when it is a hub id (``org/name``), which gets a download step; else None.

    A local path or anything else is used by the command as given, with nothing to fetch.
    """
    return ref if ref and HUB_ID.fullmatch(ref) else None


def _native_precision(w: Workload, gpu: GpuSpec | None) -> tuple[Workload, list[Message]]:
    """``w`` in fp16 on a card without native bf16, and the sentence saying so.

    :func:`.quant_support.lacks_bf16` (NVIDIA before Ampere): bf16 training trains in fp16;
    a vLLM / SGLang server of a bf16 job runs with ``--dtype half`` (and a bf16 KV cache in
    fp16), since vLLM refuses bf16 there at start ("Bfloat16 is only supported on GPUs with
    compute capability of at least 8.0 … --dtype=half", vllm worker ``_check_if_gpu_supports_dtype``);
    a transformers ``generate()`` script of a bf16 job loads the model in fp16
    (``launch_serving.torch_dtype``), the precision the estimate counts there
    (:func:`~gpupicker.core.memory.fp16_kv_without_bf16`). ``w`` unchanged otherwise.
    """
    if gpu is None or not lacks_bf16(gpu) or w.compute_dtype != "bf16":
        return w, []
    if w.is_training:
        return w.model_copy(update={"compute_dtype": "fp16"}), [
            _s("launch_config.fp16_no_bf16", gpu=gpu.name)
        ]
    if w.task == "inference" and canonical(w.framework) in ("vllm", "sglang"):
        return fp16_kv_without_bf16(w, gpu), [_s("launch_config.fp16_no_bf16_serving", gpu=gpu.name)]
    if w.task == "inference" and canonical(w.framework) == "transformers":
        return fp16_kv_without_bf16(w, gpu), [_s("launch_config.fp16_no_bf16_transformers", gpu=gpu.name)]
    return w, []


def launch_config(
    w: Workload,
    opt: Option,
    model_ref: str | None = None,
    gpu_memory_gb: float | None = None,
    *,
    modelscope_id: str | None = None,
    family: str | None = None,
    gpu: GpuSpec | None = None,
) -> LaunchConfig:
    """The command line and cloud YAMLs for running ``w`` on option ``opt``.

    Args:
        w: the workload (model resolved).
        opt: the chosen option (GPU type, count, pricing, memory estimate).
        model_ref: Hugging Face repo or local path (e.g. from
            :func:`model_repo`); ``None`` writes ``YOUR_MODEL`` and warns.
        gpu_memory_gb: the card's memory in GB for the dstack ``gpu`` spec
            (``GpuSpec.memory_gb``; default: the usable capacity in GiB, rounded).
        modelscope_id: the model's ModelScope id (``CatalogModel.modelscope_id``): the
            download step and the ModelScope-first tools (launch_cn_training, launch_cn_serving) name it.
        family: the catalog model family (LLaMA-Factory's chat template is chosen by it).
        gpu: the option's card (catalog row): without native bf16 a bf16 training job is
            launched in fp16 (:func:`_native_precision`), and the assumptions say so.

    Raises:
        ValueError: for a framework gpupicker has no launcher for, image generation, a
            tensor-parallel size the engine refuses, a weights format the engine does not
            load, or a serving plan whose replicas × GPUs per replica is not the option's
            GPU count. Its ``args[0]`` is the Message (core.messages.error_message).
    """
    if w.task == "image_gen":
        raise ValueError(_e("launch_config.image_gen"))
    warnings: list[Message] = []
    model = model_ref or "YOUR_MODEL"
    if model_ref is None:
        warnings.append(_s("launch_config.no_hf_repo"))
    plan = opt.serving
    replicas = plan.replicas if plan is not None and not w.is_training else 1
    per = plan.gpus_per_replica if plan is not None and not w.is_training else opt.num_gpus
    if replicas * per != opt.num_gpus:
        raise ValueError(_e("launch_config.plan_gpus", replicas=replicas, per=per, n=opt.num_gpus))
    service: tuple[int, str] | None = None
    npu = "ascend" in opt.gpu_id.lower() or "ascend" in opt.gpu_name.lower()
    refs = Refs(_hub_id(model_ref), _hub_id(modelscope_id), family, npu)
    fetch = refs.hf_repo
    w, fp16_note = _native_precision(w, gpu)
    if w.is_training:
        engine, cmd, setup, assumptions, more = training(w, opt, model, refs)
        assumptions = fp16_note + assumptions
    else:
        served = plan is not None and canonical(w.framework) in SERVER_PORTS
        engine, cmd, setup, assumptions, more, fetch = serving(w, opt, model, per, served, refs)
        assumptions = fp16_note + assumptions
        if served:
            service = SERVER_PORTS[engine]
            assumptions.append(
                _s("launch_config.service", replicas=replicas, n=per, port=service[0], path=service[1])
            )
        elif replicas > 1:
            assumptions.append(_s("launch_config.replica_nodes", replicas=replicas, n=per))
    warnings += more
    download, first = _download(fetch, refs)
    yaml_setup = "\n".join(x for x in (setup, first) if x)
    spot = opt.pricing in ("spot", "interruptible", "preemptible")
    if opt.memory.cards:
        # the user's own machine of unlike cards: no cloud sells it, so no cloud task
        sky = dstack = f"# {_e('launch_config.machine_no_cloud', machine=opt.gpu_name)}\n"
        sky_warn: list[Message] = []
        assumptions.append(
            _s(
                "launch_config.machine_at_prices",
                machine=opt.gpu_name,
                pricing=_pricing(opt.pricing or "owned"),
            )
        )
    else:
        sky, sky_warn = skypilot_yaml(opt.gpu_id, opt.gpu_name, per, spot, yaml_setup, cmd, replicas, service)
        mem_gb = int(round(gpu_memory_gb if gpu_memory_gb else opt.capacity_bytes_per_gpu / 2**30))
        dstack = dstack_yaml(opt.gpu_id, mem_gb, per, spot, yaml_setup, cmd, replicas, service)
        assumptions.append(
            _s(
                "launch_config.gpus_at_prices",
                n=opt.num_gpus,
                gpu=opt.gpu_name,
                pricing=_pricing(opt.pricing or "on_demand"),
            )
        )
    return LaunchConfig(
        engine=engine,
        command=cmd,
        setup=setup,
        download=download,
        skypilot_yaml=sky,
        dstack_yaml=dstack,
        replicas=replicas,
        gpus_per_replica=per,
        assumptions=tuple(assumptions),
        warnings=tuple(warnings + sky_warn),
    )


__all__ = [
    "LaunchConfig",
    "hf_repo_from_source",
    "launch_config",
    "model_repo",
]
