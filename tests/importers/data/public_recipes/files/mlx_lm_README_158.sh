mlx_lm.generate --model mistralai/Mistral-7B-Instruct-v0.3 --prompt "hello"
