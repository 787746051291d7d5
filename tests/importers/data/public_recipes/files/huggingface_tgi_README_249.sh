text-generation-launcher --model-id mistralai/Mistral-7B-Instruct-v0.2
