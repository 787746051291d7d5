vllm serve openai/gpt-oss-120b --tensor-parallel-size 4
