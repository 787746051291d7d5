vllm serve google/gemma-4-E4B-it-qat-mobile-ct
