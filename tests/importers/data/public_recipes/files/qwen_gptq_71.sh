vllm serve Qwen2.5-7B-Instruct-GPTQ-Int4
