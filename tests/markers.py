"""Markers shared by test modules."""

from __future__ import annotations

import pytest

#: the tests that build the whole bear-off table (some ten CPU seconds natively, once per process) run on one
#: pytest-xdist worker (``--dist loadgroup``), which builds it once for them all
WHOLE_TABLE = pytest.mark.xdist_group("whole_bear_off_table")
