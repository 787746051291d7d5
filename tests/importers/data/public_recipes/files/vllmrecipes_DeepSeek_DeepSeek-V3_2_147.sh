vllm serve deepseek-ai/DeepSeek-V3.2 -dp 8 --enable-expert-parallel
