"""The brotli decoder that inflates Pyodide's wasm in the browser (``pyodide.asm.wasm.br``, builder/vendor.py;
``static/js/shipped-runtime.js``): brotli-dec-wasm, the Rust brotli decompressor built for the web (MIT or
Apache-2.0), about 200 KB of wasm and 9 KB of glue. Browsers' own DecompressionStream knows gzip only, and
gzip leaves the wasm 0.8 MB bigger, on disk and on the wire.

Pinned like the editor's packages (builder/editor_vendor.py: package-lock.json holds version and integrity,
the tarball is fetched once with ``npm pack`` and checked on every build); only the glue module, its wasm and
the licences are shipped, as ``vendor/brotli-dec-wasm/`` of the assets folder (builder/assets.py).
"""

from __future__ import annotations

from pathlib import Path

from .assets import asset
from .editor_vendor import ensure_tarballs, read_package, read_pins
from .problems import VendorError

PACKAGE = "brotli-dec-wasm"
VENDOR_DIR = asset("vendor/brotli-dec-wasm")
#: the tarball's members that are shipped, by their name in VENDOR_DIR
SHIPPED = {
    "brotli_dec_wasm.js": "pkg/brotli_dec_wasm.js",
    "brotli_dec_wasm_bg.wasm": "pkg/brotli_dec_wasm_bg.wasm",
    "LICENSE-MIT.txt": "LICENSE-MIT.txt",
    "LICENSE-Apache.txt": "LICENSE-Apache.txt",
}


def decoder_files(cache_dir: Path, project_root: Path) -> dict[str, bytes]:
    """The decoder's files by site path; they join the rendered files (hashed into the build's version and
    kept offline by the service worker like every static module)."""
    (pin,) = read_pins(project_root, (PACKAGE,))
    tarball = ensure_tarballs([pin], cache_dir)[PACKAGE]
    members = read_package(pin, tarball, lambda manifest: list(SHIPPED.values()))
    files = {f"{VENDOR_DIR}/{name}": members[inside] for name, inside in SHIPPED.items()}
    glue = files[f"{VENDOR_DIR}/brotli_dec_wasm.js"].decode("utf-8")
    if "import " in glue.replace("import.meta", ""):
        raise VendorError(f"{pin.name}@{pin.version}: its glue module imports something, which is not vendored")
    return files
