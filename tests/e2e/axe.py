"""axe-core, the accessibility checker, fetched for the tests with `npm pack` (pinned, integrity-checked)
into the project's cache, like the Pyodide runtime."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from builder.vendor import VendorError, sri_sha512

AXE_VERSION = "4.14.1"
# `npm view axe-core@4.14.1 dist.integrity`
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="


def ensure_axe(cache_dir: Path) -> Path:
    """Path of axe.min.js in the cache; fetched and checked on first use."""
    target = cache_dir / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if target.is_file():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError("npm not found: install Node.js and npm to fetch axe-core for the accessibility tests")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", tmp],
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise VendorError(f"npm pack axe-core@{AXE_VERSION} failed: {done.stderr.strip()[-500:]}")
        tarball = next(Path(tmp).glob("axe-core-*.tgz"))
        actual = sri_sha512(tarball.read_bytes())
        if actual != AXE_INTEGRITY:
            raise VendorError(f"axe-core tarball integrity mismatch: expected {AXE_INTEGRITY}, got {actual}")
        with tarfile.open(tarball) as archive:
            member = archive.getmember("package/axe.min.js")
            data = archive.extractfile(member).read()  # type: ignore[union-attr]
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(target)
    return target
