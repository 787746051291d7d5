vllm serve baidu/ERNIE-4.5-21B-A3B-PT
