"""The pages' Content-Security-Policy: a leaf, read by the pages (their ``<meta>``) and the hosts' headers
(``builder.headers``, which add ``frame-ancestors`` and the 404 page's script).

No inline script and no eval: only ``'wasm-unsafe-eval'`` for the runtime; the 404 page's one inline script is
allowed by its hash alone (:func:`with_inline_script`).
"""

from __future__ import annotations

import base64
import hashlib

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
)


def with_inline_script(csp: str, script: str) -> str:
    """``csp`` that also allows the one inline ``script`` (by its sha256): the 404 page's, which cannot know
    where the site's files are (static/js/not-found.js).

    >>> with_inline_script("default-src 'self'; script-src 'self'", "x")
    "default-src 'self'; script-src 'self' 'sha256-LXEWQrcmsEQBYnyp+6wy9chTD7GQPMTbAiWHF5IaSIE='"
    """
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return csp.replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)
