vllm serve Qwen/Qwen3-8B --enable-reasoning --reasoning-parser deepseek_r1
