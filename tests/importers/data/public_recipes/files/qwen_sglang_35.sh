python -m sglang.launch_server --model-path Qwen/Qwen3-8B --tensor-parallel-size 4
