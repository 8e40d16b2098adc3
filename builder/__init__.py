"""The site builder: ``load → validate → render → write`` (see :mod:`builder.phases`).

``python -m builder build|serve|check`` (or ``python build.py …``) is its command line.
"""

from .model import Course, Paths, Report, Site, Source
from .phases import build, check, load, prepare, render, validate, write
from .problems import BuildError, ContentError, Problem, VendorError

__all__ = [
    "BuildError", "ContentError", "Course", "Paths", "Problem", "Report", "Site", "Source", "VendorError", "build",
    "check", "load", "prepare", "render", "validate", "write",
]
