ollama run gemma4 ./image.png whats in this image?
