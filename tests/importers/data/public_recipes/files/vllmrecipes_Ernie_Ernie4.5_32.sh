vllm serve baidu/ERNIE-4.5-300B-A47B-PT \
  --tensor-parallel-size 16
