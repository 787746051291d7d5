mlx_lm.server --model "lmstudio-community/Devstral-Small-2505-MLX-4bit"
