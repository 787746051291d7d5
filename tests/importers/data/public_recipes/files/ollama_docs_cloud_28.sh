ollama run gpt-oss:120b-cloud
