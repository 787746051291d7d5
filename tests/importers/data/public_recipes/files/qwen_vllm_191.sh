vllm serve Qwen/Qwen3-8B --reasoning-parser qwen3
