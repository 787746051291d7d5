"""The cloud task files of a launch config: a SkyPilot and a dstack YAML for the GPU type and count.

A serving plan of several replicas is a SkyPilot service (``service.replicas`` with a readiness
probe on the engine's port) and a dstack ``type: service`` with ``replicas`` — or, for an engine
with no server, one task on as many nodes as replicas. Written by PyYAML's safe emitter from
plain dicts (:func:`.launch_text.to_yaml`), never by string formatting.

* SkyPilot task YAML ``resources.accelerators: NAME:COUNT``, ``use_spot``, ``num_nodes``
  (https://docs.skypilot.co/en/latest/reference/yaml-spec.html) and the service section
  ``service.readiness_probe`` / ``service.replicas`` with ``resources.ports``, launched by
  ``sky serve up`` (https://docs.skypilot.co/en/latest/serving/service-yaml-spec.html);
* dstack ``type: task`` / ``type: service`` with ``resources.gpu: NAME:MEMORY:COUNT``,
  ``spot_policy``, ``nodes``, ``port`` and ``replicas``
  (https://dstack.ai/docs/reference/dstack.yml/task/ and
  https://dstack.ai/docs/reference/dstack.yml/service/).
"""

from __future__ import annotations

from typing import Any

from ..messages import Message
from .launch_text import sentence as _s
from .launch_text import to_yaml

SKYPILOT_NAMES: dict[str, str] = {
    "h200_sxm": "H200",
    "h100_sxm": "H100",
    "h100_pcie": "H100",
    "b200": "B200",
    "a100_sxm_80gb": "A100-80GB",
    "a100_pcie_80gb": "A100-80GB",
    "a100_sxm_40gb": "A100",
    "a100_pcie_40gb": "A100",
    "l40s": "L40S",
    "l40": "L40",
    "l4": "L4",
    "a10g": "A10G",
    "a10": "A10",
    "a40": "A40",
    "t4": "T4",
    "v100_sxm2_16gb": "V100",
    "v100_pcie_16gb": "V100",
    "v100_sxm2_32gb": "V100-32GB",
    "rtx_a6000": "RTXA6000",
    "rtx_4090": "RTX4090",
    "rtx_3090": "RTX3090",
    "mi300x": "MI300X",
}
"""Catalog GPU id → SkyPilot accelerator name (``sky show-gpus``); others are warned about."""
READINESS_DELAY_S = 1200
"""Seconds SkyServe ignores failed probes after a replica starts: SkyPilot's documented
default (20 minutes), room for downloading and loading the weights."""


def accelerator_name(gpu_id: str) -> str:
    """SkyPilot / dstack accelerator name of a catalog GPU id (:data:`SKYPILOT_NAMES`).

    Else the id upper-cased with dashes (``rtx_6000_ada`` → ``RTX-6000-ADA``, flagged by the
    callers).
    """
    return SKYPILOT_NAMES.get(gpu_id) or gpu_id.upper().replace("_", "-")


def skypilot_yaml(
    gpu_id: str,
    gpu_name: str,
    count: int,
    spot: bool,
    setup: str,
    run: str,
    replicas: int,
    service: tuple[int, str] | None,
) -> tuple[str, list[Message]]:
    """The SkyPilot YAML and its warnings.

    A task of ``replicas`` node(s) (``num_nodes``) of ``count`` GPUs, or with ``service`` =
    (port, readiness path) a SkyServe service of ``replicas`` replicas.
    """
    name = accelerator_name(gpu_id)
    warnings = []
    header = (
        "# SkyPilot service written by gpupicker: sky serve up task.yaml\n"
        if service
        else "# SkyPilot task written by gpupicker: sky launch -c gpupicker task.yaml\n"
    )
    if gpu_id not in SKYPILOT_NAMES:
        header += "# CHECK: the accelerator name is not known to gpupicker, see `sky show-gpus`\n"
        warnings.append(_s("launch_config.skypilot_name", gpu=gpu_name, name=name))
    doc: dict[str, Any] = {}
    resources: dict[str, Any] = {"accelerators": f"{name}:{count}", "use_spot": spot}
    if service is not None:
        doc["service"] = {
            "readiness_probe": {"path": service[1], "initial_delay_seconds": READINESS_DELAY_S},
            "replicas": replicas,
        }
        resources["ports"] = service[0]
    doc["resources"] = resources
    if service is None and replicas > 1:
        doc["num_nodes"] = replicas
    if setup:
        doc["setup"] = setup + "\n"
    doc["run"] = run + "\n"
    return to_yaml(header, doc), warnings


def dstack_yaml(
    gpu_id: str,
    mem_gb: int,
    count: int,
    spot: bool,
    setup: str,
    run: str,
    replicas: int,
    service: tuple[int, str] | None,
) -> str:
    """The dstack YAML.

    A task (``nodes`` = ``replicas`` when more than one) or, with ``service`` = (port,
    readiness path), a service of ``replicas`` replicas on that port.
    """
    name = accelerator_name(gpu_id).replace("-80GB", "").replace("-32GB", "")
    cmds = ([setup] if setup else []) + [run.replace(" \\\n  ", " ")]
    header = "# dstack {} written by gpupicker: dstack apply -f .dstack.yml\n".format(
        "service" if service else "task"
    )
    doc: dict[str, Any] = {
        "type": "service" if service else "task",
        "name": "gpupicker-service" if service else "gpupicker-job",
        "python": "3.11",
        "commands": cmds,
    }
    if service is not None:
        doc["port"] = service[0]
        doc["replicas"] = replicas
    elif replicas > 1:
        doc["nodes"] = replicas
    doc["resources"] = {"gpu": f"{name}:{mem_gb}GB:{count}"}
    doc["spot_policy"] = "spot" if spot else "on-demand"
    return to_yaml(header, doc)
