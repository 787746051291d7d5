vllm serve Qwen/Qwen3-8B --tensor-parallel-size 4
