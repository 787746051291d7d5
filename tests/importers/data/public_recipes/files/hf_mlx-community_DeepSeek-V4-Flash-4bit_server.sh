mlx_lm.server --model "mlx-community/DeepSeek-V4-Flash-4bit"
