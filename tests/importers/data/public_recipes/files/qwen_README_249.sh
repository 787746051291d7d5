ollama run qwen3:8b
