#!/usr/bin/env python3
"""The story of a build, in four steps (each in builder.phases):

    source = load(paths)          # lessons, outlines, glossary, catalogs, static files
    course, problems = validate(source)   # every board and puzzle judged by nardy_core; file:line problems
    site = render(course, source) # every page in memory
    write(site, out, cache)       # vendor the pinned runtime, stage, swap into dist/

    python build.py [build|serve|check] [--out DIR] [--strict] [--quiet] [--lessons DIR]
is the same command line as ``python -m builder``.
"""

from __future__ import annotations

import sys

from builder.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
