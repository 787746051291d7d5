"""Small text files as the tools people use write them (engine logs, tracker catalogs).

Shared by the calibration / tracker-import tests and the README command test.
"""

from __future__ import annotations

VLLM_V0_LOG = "INFO 05-01 09:00:00 llm_engine.py:289] # GPU blocks: 2340, # CPU blocks: 2048\n"

# Column sets as published: skypilot-org/skypilot-catalog catalogs/v8/lambda/vms.csv (and
# aws/vms.csv with AvailabilityZone, Arch); dstackai/gpuhunt offline catalog (v2 columns
# instance_name … gpu_vendor, flags).
SKYPILOT = """\
InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice
cpu_4x_general,,,4.0,16.0,0.2,us-east-1,,
gpu_8x_v100,V100,8.0,92.0,448.0,6.32,us-east-1,"{V100_INFO}",
gpu_1x_a100_sxm4_80gb,A100-80GB,1.0,30.0,200.0,1.79,us-east-1,"{A100_INFO}",
gpu_1x_h100_pcie,H100,1.0,26.0,200.0,2.49,us-east-1,,1.10
gpu_8x_h100_sxm5,H100,8.0,208.0,1800.0,23.92,us-east-1,,
""".replace(
    "{V100_INFO}",
    "{'Gpus': [{'Name': 'V100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, "
    "'MemoryInfo': {'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': 16384}",
).replace(
    "{A100_INFO}", "{'Gpus': [{'Name': 'A100-80GB', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 81920}}]}"
)
