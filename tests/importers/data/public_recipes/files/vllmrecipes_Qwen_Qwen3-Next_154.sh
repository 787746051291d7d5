vllm serve Qwen/Qwen3-Next-80B-A3B-Instruct \
--tensor-parallel-size 4 \
--max-model-len 32768  \
--no-enable-prefix-caching \
--trust-remote-code 
