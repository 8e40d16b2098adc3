"""The trainer of nardy_core's neural evaluators (``python -m training``): TD(lambda) self-play with numpy.

Not part of the wheel. ``docs/engine-net.md`` says how to run it and how the shipped weights were made.
"""
