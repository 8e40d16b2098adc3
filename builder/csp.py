"""The pages' Content-Security-Policy: a leaf, read by the pages (their ``<meta>``) and the hosts' headers
(``builder.headers``, which add ``frame-ancestors`` and the 404 page's script).

No eval: only ``'wasm-unsafe-eval'`` for the runtime. Two inline scripts, each allowed by its hash alone
(:func:`with_inline_script`): every page's :data:`THEME_SCRIPT`, and the 404 page's own.
"""

from __future__ import annotations

import base64
import hashlib

#: Every page's first script, inline in its <head> (site/templates/base.html): the theme the learner chose on the
#: settings page (static/js/preferences.js keeps it under this key), set before the first paint, so a dark
#: page never flashes light on the way. A classic script, not a file: a file would cost every first visit a
#: round trip before anything is drawn. Broken or hostile storage leaves the system's theme.
THEME_SCRIPT = (
    "try{var p=JSON.parse(localStorage.getItem('nardy.preferences')||'{}');"
    "if(p&&(p.theme==='dark'||p.theme==='light'))document.documentElement.setAttribute('data-theme',p.theme)}catch(e){}"
)

#: A page's second inline script, right after THEME_SCRIPT, holding its first answer books (builder/pages.py
#: first_books) in ``data-books``: it preloads them unless the page is opened as a worksheet (``?print``) or as the
#: audience window of presenter mode (``?present=audience``), where no one plays and the books would be fetched for
#: nothing. A script and not ``<link rel=preload>``: the same HTML serves all three, and a preload cannot be taken
#: back. Before the stylesheet: a script after it would wait for it, and the books for that script.
BOOKS_SCRIPT = (
    "(function(s){var q=new URLSearchParams(location.search);if(q.has('print')||q.get('present')==='audience')return;"
    "s.dataset.books.split(' ').forEach(function(h){var l=document.createElement('link');l.rel='preload';l.as='fetch';"
    "l.crossOrigin='anonymous';l.href=h;document.head.appendChild(l)})})(document.currentScript)"
)

BASE_CSP = (
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


#: the pages' policy: :data:`BASE_CSP` and the two inline scripts by their hashes
CSP = with_inline_script(with_inline_script(BASE_CSP, THEME_SCRIPT), BOOKS_SCRIPT)
