"""The lab's editor (static/js/lab/editor.js) on the vendored CodeMirror, in a test page with the site's CSP:
it highlights Python, indents, runs on Ctrl-Enter, marks a line, never traps the keyboard and breaks no CSP."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from builder.assets import asset, written
from builder.csp import CSP
from builder.serve import MIME_TYPES, make_handler, served

from .axe import axe_script

TEST_DIR = "/__editor-test/"
PAGE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}"><title>Editor test</title><link rel="icon" href="data:,">
<script type="module" src="test.js"></script></head>
<body><main><h1>Editor test</h1><button id="before">Before</button><div id="slot"></div>
<button id="after">After</button></main></body></html>"""
# a module file, since the CSP allows no inline script; it records what the test asserts on in attributes
# of <body> too, for the test to wait on (waiting on an expression would need the eval the CSP forbids)
SCRIPT = """
window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
const { createEditor } = await import('../EDITOR');
window.runs = 0;
window.editor = createEditor(document.getElementById('slot'), {
  doc: DOC, label: 'Python code', onRun: () => { window.runs += 1; document.body.dataset.runs = String(window.runs); },
  onChange: (doc) => { window.changed = doc; },
});
document.body.dataset.ready = '';
"""
DOC = "# a comment\ndef f(x):"


@pytest.fixture(scope="module")
def editor_url(built_site: Path) -> Iterator[str]:
    """The built site, plus the test page under /__editor-test/ (the service worker leaves /__* alone)."""
    files = {"index.html": (PAGE.encode(), MIME_TYPES[".html"]),
             "test.js": (SCRIPT.replace("DOC", json.dumps(DOC)).replace("EDITOR", written(built_site, asset("js/lab/editor.js")))
                         .encode(), MIME_TYPES[".js"])}

    class EditorTestHandler(make_handler(built_site)):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:
            name = self.path.split("?", 1)[0].removeprefix(TEST_DIR)
            if self.path.startswith(TEST_DIR) and name in files:
                self._send_bytes(200, *files[name])
                return
            super().do_GET()

    with served(built_site, handler=EditorTestHandler) as base_url:
        yield base_url.rstrip("/") + TEST_DIR + "index.html"


def doc(page: Page) -> str:
    return str(page.evaluate("window.editor.getDoc()"))


def test_the_editor_highlights_indents_runs_and_lets_the_keyboard_go(page: Page, editor_url: str) -> None:
    page.goto(editor_url)
    content = page.locator(".cm-content")  # Playwright's CSS locators see into the open shadow root
    expect(content).to_have_attribute("aria-label", "Python code")
    expect(page.locator(".tok-keyword").first).to_have_text("def")
    expect(page.locator(".tok-comment")).to_have_text("# a comment")
    # lab.css reached the shadow root, and CodeMirror's own theme came as a constructed sheet, not a <style>
    expect(page.locator(".tok-keyword").first).to_have_css("color", "rgb(122, 31, 162)")
    assert page.evaluate("document.querySelector('.lab-editor').shadowRoot.adoptedStyleSheets.length") > 0
    assert page.evaluate("document.querySelectorAll('style').length") == 0

    page.locator("#before").focus()
    page.keyboard.press("Tab")
    expect(content).to_be_focused()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type("return x")
    assert doc(page) == DOC + "\n    return x"  # Enter indents by the 4-space unit
    page.keyboard.press("Tab")
    assert doc(page) == DOC + "\n        return x"  # Tab indents
    page.keyboard.press("Control+z")
    assert doc(page) == DOC + "\n    return x"
    assert page.evaluate("window.changed") == doc(page)

    page.keyboard.press("Control+Enter")
    expect(page.locator("body")).to_have_attribute("data-runs", "1")
    assert doc(page) == DOC + "\n    return x"  # not CodeMirror's own Mod-Enter (a blank line)

    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(page.locator("#after")).to_be_focused()
    assert page.evaluate("window.violations") == []


def test_mark_line_marks_scrolls_and_clears(page: Page, editor_url: str) -> None:
    page.goto(editor_url)
    expect(page.locator("body[data-ready]")).to_be_attached()
    page.evaluate("window.editor.setDoc(Array.from({length: 300}, (_, i) => `x${i + 1} = ${i + 1}`).join('\\n'))")
    marked = page.locator(".cm-lab-marked")
    page.evaluate("window.editor.markLine(250)")
    expect(marked).to_have_text("x250 = 250")
    expect(marked).to_be_in_viewport()
    page.evaluate("window.editor.markLine(null)")
    expect(marked).to_have_count(0)
    page.evaluate("window.editor.markLine(2); window.editor.markLine(301)")  # past the end: cleared
    expect(marked).to_have_count(0)
    page.evaluate("window.editor.markLine(3); window.editor.setDoc('print(1)')")
    expect(marked).to_have_count(0)
    assert page.evaluate("window.violations") == []
    page.evaluate("window.editor.destroy()")
    expect(page.locator(".lab-editor")).to_have_count(0)


def test_axe_finds_no_problem_in_the_editor(browser: Browser, editor_url: str) -> None:
    context = browser.new_context(bypass_csp=True)  # only to inject the checker; the page is unchanged
    page = context.new_page()
    page.goto(editor_url)
    expect(page.locator("body[data-ready]")).to_be_attached()
    page.evaluate("window.editor.setDoc('# hi\\nimport math\\nclass A:\\n    def f(self, x=1.5):\\n"
                  "        return [\"s\", True, None]\\n'); window.editor.markLine(5); window.editor.focus()")
    expect(page.locator(".cm-lab-marked")).to_have_count(1)
    page.add_script_tag(content=axe_script())
    result = page.evaluate(
        "async () => (await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}))"
        ".violations.map(v => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0].target.join(' ')}`)"
    )
    context.close()
    assert result == []
