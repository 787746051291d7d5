vllm serve deepseek-ai/DeepSeek-V3.2-Exp -tp 8
