"""Tests of the Python lab (issue 13). Its helper module lives in ``site/lab/nardy_lab.py`` (the build makes
it a wheel the lab's worker installs); here it is imported from there, as the example programs import it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAB_PY = ROOT / "site" / "lab"
if str(LAB_PY) not in sys.path:
    sys.path.insert(0, str(LAB_PY))
