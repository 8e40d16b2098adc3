"""The lab's own Python: a full standard library, a package lock naming the site's wheels, and `nardy_lab`.

The lesson boards' worker boots on a trimmed standard library and unpacks the nardy_core wheel itself
(builder/vendor.py). The lab (``/<lang>/lab/``) runs learners' code, which may import anything, and
installs packages with micropip, which needs much of the standard library. So its worker
(``static/js/lab/lab-worker.js``) gets:

- ``pyodide/<ver>/lab/python_stdlib.zip``: Pyodide's standard library, whole (fetched only by the lab);
- ``py/pyodide-lock.json``: a Pyodide lock file whose packages are the site's own wheels (micropip,
  nardy_core, nardy_lab) with their sha256. ``micropip.install("nardy_core")`` finds the name there and
  Pyodide fetches the wheel from ``py/`` with that hash as its integrity: no other host is ever asked;
- ``py/nardy_lab-<ver>-py3-none-any.whl``: the lab's helpers (``show``, ``progress``, ``table``, ``play``),
  built from ``site/lab/nardy_lab.py``;
- ``py/lab/nardy_core-<ver>-py3-none-any.whl``: nardy_core whole, the engine's weights in it (the pages' wheel
  holds stand-ins that their worker replaces when first asked; a learner's program calls nardy_core itself).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

from .problems import VendorError
from .vendor import (
    CORE_PACKAGE,
    LOCK_FILE,
    MICROPIP_VERSION,
    MICROPIP_WHEEL,
    PYODIDE_VERSION,
    core_wheel_bytes,
    read_project_version,
    wheel_bytes,
)

LAB_PACKAGE = "nardy_lab"
LAB_SOURCE = Path("site") / "lab" / f"{LAB_PACKAGE}.py"
LAB_STDLIB = f"pyodide/{PYODIDE_VERSION}/lab/python_stdlib.zip"
LAB_LOCK = f"py/{LOCK_FILE}"
LAB_CORE_FOLDER = "lab"  #: under ``py/``: the lab's whole nardy_core wheel


def lab_paths() -> dict[str, str]:
    """Site-root-relative paths of the lab's runtime files, as the lab page hands them to its worker."""
    return {"lab_stdlib": LAB_STDLIB, "lab_lock": LAB_LOCK, "packages": "py/"}


def lab_wheel_bytes(project_root: Path) -> tuple[str, bytes]:
    """(file name, bytes) of the nardy_lab wheel; it has nardy_core's version and requires it."""
    source = project_root / LAB_SOURCE
    if not source.is_file():
        raise VendorError(f"{source} not found: the lab's helpers are built from it")
    version = read_project_version(project_root)
    return wheel_bytes(LAB_PACKAGE, version, "The nardy lab's helpers: show a position, progress, tables, bot games.",
                       [(source.name, source.read_bytes())], requires=(f"{CORE_PACKAGE}=={version}",))


def lock_entry(name: str, version: str, wheel: str, data: bytes, imports: list[str],
               depends: list[str]) -> dict[str, Any]:
    """One package of a Pyodide lock file.

    >>> entry = lock_entry("nardy-core", "1.0", "nardy_core-1.0-py3-none-any.whl", b"", ["nardy_core"], [])
    >>> entry["sha256"][:8], entry["install_dir"], entry["imports"]
    ('e3b0c442', 'site', ['nardy_core'])
    """
    return {
        "name": name,
        "version": version,
        "file_name": wheel,
        "install_dir": "site",
        "sha256": hashlib.sha256(data).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def lab_lock(pyodide_lock: dict[str, Any], packages: dict[str, bytes], project_root: Path) -> dict[str, Any]:
    """The lab's lock file: Pyodide's `info` (its platform and Python) and the site's wheels by file name."""
    version = read_project_version(project_root)
    core = f"{LAB_CORE_FOLDER}/{CORE_PACKAGE}-{version}-py3-none-any.whl"
    lab = f"{LAB_PACKAGE}-{version}-py3-none-any.whl"
    entries = [
        lock_entry("micropip", MICROPIP_VERSION, MICROPIP_WHEEL, packages[MICROPIP_WHEEL], ["micropip"], []),
        lock_entry("nardy-core", version, core, packages[core], [CORE_PACKAGE], []),
        lock_entry("nardy-lab", version, lab, packages[lab], [LAB_PACKAGE], ["nardy-core"]),
    ]
    return {"info": pyodide_lock["info"], "packages": {entry["name"]: entry for entry in entries}, "tool": {}}


def copy_lab_runtime(dist_dir: Path, pyodide_src: Path, project_root: Path) -> None:
    """Write the lab's standard library, its nardy_lab wheel and its lock file into `dist_dir`.

    Runs after :func:`builder.vendor.copy_runtime`, whose wheels (micropip, nardy_core) the lock lists.
    """
    stdlib = dist_dir / LAB_STDLIB
    stdlib.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(pyodide_src / "python_stdlib.zip", stdlib)
    packages_dir = dist_dir / "py"
    name, data = lab_wheel_bytes(project_root)
    (packages_dir / name).write_bytes(data)
    core_name, core_data = core_wheel_bytes(project_root, whole=True)
    (packages_dir / LAB_CORE_FOLDER).mkdir(parents=True, exist_ok=True)
    (packages_dir / LAB_CORE_FOLDER / core_name).write_bytes(core_data)
    wheels = {path.relative_to(packages_dir).as_posix(): path.read_bytes() for path in packages_dir.glob("**/*.whl")}
    pyodide_lock = json.loads((pyodide_src / LOCK_FILE).read_text(encoding="utf-8"))
    lock = lab_lock(pyodide_lock, wheels, project_root)
    (dist_dir / LAB_LOCK).write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
