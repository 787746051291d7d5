"""Speed models, above :mod:`gpupicker.core.memory` and below the planners and recommend.

:mod:`.inference` is the roofline per engine, :mod:`.throughput` the decode, prefill,
training and image speed per GPU type x count, :mod:`.serving` serving sized by what the
engine holds.
"""
