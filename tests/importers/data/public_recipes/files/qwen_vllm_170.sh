vllm serve Qwen/Qwen3-8B --chat-template ./qwen3_nonthinking.jinja
