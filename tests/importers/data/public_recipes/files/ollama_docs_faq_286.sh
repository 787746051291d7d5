ollama run llama3.2 ""
