python -m sglang.launch_server --model-path Qwen/Qwen3-8B
