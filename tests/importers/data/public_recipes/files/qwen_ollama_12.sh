ollama run qwen2.5
