mlx_lm.server --model mlx-community/Mistral-7B-Instruct-v0.3-4bit
