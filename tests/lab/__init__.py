"""Tests of the Python lab (issue 13). Its helper module lives in ``site/static/py/nardy_lab.py`` (the lab worker
writes it into site-packages); here it is imported from there, as the example programs import it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAB_PY = ROOT / "site" / "static" / "py"
if str(LAB_PY) not in sys.path:
    sys.path.insert(0, str(LAB_PY))
