"""The wizard's input pages (task, model, quantization, budget) and their models and files."""
