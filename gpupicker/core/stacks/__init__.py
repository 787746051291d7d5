"""The software stacks a job runs on: inference engines, training frameworks, quantization support."""
