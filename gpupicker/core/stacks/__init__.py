"""The software stacks a job runs on: engines, training frameworks, quantization support, platforms."""
