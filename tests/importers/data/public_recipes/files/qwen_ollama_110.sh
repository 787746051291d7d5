ollama run qwen2.5_7b
