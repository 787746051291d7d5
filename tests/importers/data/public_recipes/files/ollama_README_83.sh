ollama run gemma4
