vllm serve openai/gpt-oss-20b
