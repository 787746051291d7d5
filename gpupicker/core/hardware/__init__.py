"""The hardware: GPU specs and price rows, accelerator vendors, sustained rates, this computer's GPUs."""
