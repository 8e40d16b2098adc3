"""The worksheets' QR codes (site/static/js/print/qr.js) module for module against segno, an independent
encoder (tests only): every version the site can need and every mask. Which mask scores best is left to each
(segno scores before the format information is drawn, qr.js after it, as Nayuki's encoder does): any mask
makes a valid symbol, so the one qr.js picks is checked to be segno's symbol with that mask.

segno pads a data stream that already ends on a codeword boundary with eight more zero bits; ISO/IEC
18004:2015 7.4.10 adds none (both decode alike). The comparison uses segno with that step as the standard
has it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import segno
import segno.encoder

PROJECT = Path(__file__).resolve().parents[2]
SCRIPT = (
    "import('./site/static/js/print/qr.js').then((qr) => console.log(JSON.stringify("
    "JSON.parse(process.argv[1]).map(([text, version, mask]) => qr.qrMatrix(text, {version: version || undefined,"
    " mask: mask === null ? undefined : mask}).map((row) => row.map(Number).join('')))))).catch((e) => {"
    " console.error(e); process.exit(1); })"
)
ADDRESSES = [
    "https://example.org/nardy/ru/puzzles/head-first-move/",
    "https://example.org/nardy/en/short/puzzles/bearing-off-details-higher-quiz/",
    "http://127.0.0.1:8000/ru/puzzles/a/",
    "https://xn--80aafj1a.xn--p1ai/ru/lessons/head/",
    "https://нарды.рф/ru/",  # UTF-8 in byte mode, no ECI: what a page's address holds
    "https://a-very-long-host-name-for-a-school.example.com/courses/games/nardy/en/short/puzzles/"
    "blocks-advanced-six-prime-escape/",
]


@pytest.fixture(autouse=True)
def standard_padding(monkeypatch: pytest.MonkeyPatch) -> None:
    def pad(buff: list[int], version: int, length: int) -> None:
        buff.extend([0] * ((8 - length % 8) % 8))

    monkeypatch.setattr(segno.encoder, "write_padding_bits", pad)


def ours(cases: list[tuple[str, int, int | None]]) -> list[list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed: the worksheets draw their QR codes in the page")
    out = subprocess.run([node, "-e", SCRIPT, json.dumps(cases)], cwd=PROJECT, capture_output=True, text=True,
                         check=True, timeout=60)
    result: list[list[str]] = json.loads(out.stdout)
    return result


def theirs(text: str, version: int | None, mask: int | None) -> list[str]:
    symbol = segno.make(text, error="m", boost_error=False, mode="byte", encoding="utf-8", version=version, mask=mask)
    return ["".join(str(int(bit)) for bit in row) for row in symbol.matrix]


def test_every_version_and_mask_is_segnos_module_for_module() -> None:
    cases: list[tuple[str, int, int | None]] = [
        (text, version, mask)
        for text in ADDRESSES[:2]
        for version in range(segno.make(text, error="m", boost_error=False, mode="byte").version, 11)
        for mask in range(8)
    ]
    cases += [("HELLO", 1, mask) for mask in range(8)]
    for (text, version, mask), matrix in zip(cases, ours(cases), strict=True):
        assert matrix == theirs(text, version, mask), (text, version, mask)


def test_the_symbol_qr_js_picks_is_segnos_smallest_with_that_mask() -> None:
    cases: list[tuple[str, int, int | None]] = [(text, 0, None) for text in ADDRESSES]
    forced = [(text, 0, mask) for text in ADDRESSES for mask in range(8)]
    picked, every = ours(cases), ours(forced)
    for index, text in enumerate(ADDRESSES):
        masks = [mask for mask in range(8) if every[index * 8 + mask] == picked[index]]
        assert len(masks) == 1, text
        assert picked[index] == theirs(text, None, masks[0]), text


def test_an_address_too_long_for_version_10_is_refused() -> None:
    node = shutil.which("node")
    assert node
    script = SCRIPT.replace("process.argv[1]", json.dumps(json.dumps([["x" * 300, 0, None]])))
    failed = subprocess.run([node, "-e", script], cwd=PROJECT, capture_output=True, text=True, timeout=60, check=False)
    assert failed.returncode != 0
    assert "cannot hold 300 bytes" in failed.stderr
