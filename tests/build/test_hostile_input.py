"""The builder never throws at an author: every malformed input is ``file:line: message``, exit status 1, and
the previous ``dist/`` stays exactly as it was (issue 14).

Each case copies the small fixture course (and the site's templates, scripts and catalogs), breaks one thing,
and builds through the command line's own ``run`` into a ``dist/`` built before from the intact copy.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import builder
from builder import BuildError, Paths, Site
from builder.__main__ import run

from .conftest import FIXTURE, PROJECT

PUZZLE = "lessons/long/ru/05-head.md"
OUTLINE = "lessons/long/outline.toml"
GLOSSARY = "lessons/glossary.toml"
CATALOG = "site/i18n/ru/ui.toml"
BOARD_TEXT = "site/static/js/board/text.js"  #: what the build runs under node to compose the boards' texts
DESCRIBE = "export function describeBoard(t, model, view, geometry) {"
DEEP = "[" * 3000 + "]" * 3000

Mutation = Callable[[Path], None]


def replace(name: str, old: str, new: str) -> Mutation:
    def mutate(root: Path) -> None:
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"fixture changed: {old!r} not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return mutate


def write(name: str, data: str | bytes) -> Mutation:
    def mutate(root: Path) -> None:
        (root / name).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)

    return mutate


def append(name: str, data: str | bytes) -> Mutation:
    def mutate(root: Path) -> None:
        path = root / name
        path.write_bytes(path.read_bytes() + (data.encode("utf-8") if isinstance(data, str) else data))

    return mutate


PROMPT = 'prompt = "Сыграйте 6-5 первым ходом."'
WRONG = '[[wrong]]\nplay = "24/18 24/19"\ncomment = "Это две шашки с головы за один ход — так нельзя."'
SETUP = 'position = "w/24:15/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"'

# (mutation, the file the problem is in, a fragment of its message)
CASES = [
    # types in puzzle and board blocks
    pytest.param(replace(PUZZLE, PROMPT, "prompt = 5"), PUZZLE, "prompt must be a text", id="prompt-number"),
    pytest.param(replace(PUZZLE, PROMPT, "prompt = [1, 2]"), PUZZLE, "prompt must be a text", id="prompt-list"),
    pytest.param(replace(PUZZLE, PROMPT, "prompt = { text = 'x' }"), PUZZLE, "prompt must be a text", id="prompt-table"),
    pytest.param(replace(PUZZLE, WRONG, "wrong = 5"), PUZZLE, "wrong must be a list", id="wrong-number"),
    pytest.param(replace(PUZZLE, 'comment = "Это две шашки с головы за один ход — так нельзя."', "comment = 5"), PUZZLE, "each [[wrong]] needs",
                 id="wrong-comment-number"),
    pytest.param(replace(PUZZLE, SETUP, SETUP.replace('"w/24:15/24:15"', "5")), PUZZLE, "a position must be a string", id="position-number"),
    pytest.param(replace(PUZZLE, "dice = [5, 1]", 'dice = "5-1"'), PUZZLE, "dice must be a list", id="dice-text"),
    pytest.param(replace(PUZZLE, "dice = [5, 1]", "dice = [5, true]"), PUZZLE, "a die shows 1..6, not True", id="die-true"),
    pytest.param(replace(PUZZLE, SETUP, SETUP + "\nrules = 5"), PUZZLE, "rules must be an object", id="rules-number"),
    pytest.param(replace(PUZZLE, SETUP, SETUP + "\nrules = { koks = [1] }"), PUZZLE, "rules option 'koks' cannot be [1]", id="rules-value-list"),
    pytest.param(replace(PUZZLE, SETUP, SETUP.replace("first_turn = true", 'first_turn = "yes"')), PUZZLE, "first_turn must be true or false",
                 id="flag-text"),
    pytest.param(replace(PUZZLE, 'task = "only"', "task = []"), PUZZLE, "unknown task []", id="task-list"),
    pytest.param(replace(PUZZLE, 'answers = ["24/18 18/13"]', "answers = 5"), PUZZLE, "answers must be a list", id="answers-number"),
    pytest.param(replace(PUZZLE, 'tags = ["head"]', "tags = 5"), PUZZLE, "tags must be a list", id="tags-number"),
    pytest.param(replace(PUZZLE, 'caption = "Начальная позиция. Белые начинают с 6-5."', "caption = 5"), PUZZLE, "caption must be a text",
                 id="caption-number"),
    pytest.param(replace(PUZZLE, 'caption = "Начальная позиция. Белые начинают с 6-5."', 'highlight = "24"'), PUZZLE,
                 "highlight must be a list", id="highlight-text"),
    pytest.param(replace(PUZZLE, SETUP, SETUP + "\nperspective = 5"), PUZZLE, "unknown side 5", id="perspective-number"),
    pytest.param(replace(PUZZLE, 'tags = ["head"]', "tags = " + DEEP), PUZZLE, "nested too deeply", id="block-nested-deeply"),
    # unsafe ids, slugs and tags (they become paths under dist/)
    pytest.param(replace(PUZZLE, 'id = "head-1"', 'id = ".."'), PUZZLE, "id '..' must be lower-case letters", id="id-dot-dot"),
    pytest.param(replace(PUZZLE, 'id = "head-1"', 'id = "../../index"'), PUZZLE, "must be lower-case letters", id="id-escapes"),
    pytest.param(replace(PUZZLE, 'id = "head-1"', 'id = "Head 1"'), PUZZLE, "must be lower-case letters", id="id-space"),
    pytest.param(replace(PUZZLE, 'tags = ["head"]', 'tags = ["../x"]'), PUZZLE, "tags must be a list of names", id="tag-escapes"),
    pytest.param(replace(OUTLINE, 'lessons = ["board", "head"]', 'lessons = ["board", "head", ".."]'), OUTLINE,
                 "lesson slug '..' may hold only", id="lesson-slug-dot-dot"),
    pytest.param(replace(OUTLINE, 'slug = "board"', 'slug = "../board"'), OUTLINE, "chapter needs slug", id="chapter-slug-escapes"),
    pytest.param(write("lessons/long/ru/07-...md", "+++\ntitle = \"x\"\nsummary = \"y\"\n+++\n"), "lessons/long/ru/07-...md",
                 "a lesson file is named NN-slug.md", id="lesson-file-dots"),
    # encodings
    pytest.param(append(PUZZLE, b"\n\xff\xfe\n"), PUZZLE, "not UTF-8 text", id="lesson-not-utf8"),
    pytest.param(append(OUTLINE, b"\n# \xff\n"), OUTLINE, "not UTF-8 text", id="outline-not-utf8"),
    pytest.param(append(GLOSSARY, b"\n# \xc3\n"), GLOSSARY, "not UTF-8 text", id="glossary-not-utf8"),
    pytest.param(append(CATALOG, b"\n# \xff\n"), CATALOG, "not UTF-8 text", id="catalog-not-utf8"),
    pytest.param(append("site/templates/lesson.html", b"\xff"), "site/templates/lesson.html", "not UTF-8 text", id="template-not-utf8"),
    pytest.param(write("site/static/js/extra.js", b"// \xff\n"), "site/static/js/extra.js", "not UTF-8 text", id="script-not-utf8"),
    # front matter, outline, glossary, catalogs, templates
    pytest.param(replace(PUZZLE, 'title = "Голова"', "title = 5"), PUZZLE, "front matter needs title", id="front-matter-title-number"),
    pytest.param(replace(PUZZLE, 'title = "Голова"', 'title = "Голова"\nx = ' + DEEP), PUZZLE, "nested too deeply", id="front-matter-deep"),
    pytest.param(write(OUTLINE, "chapter = 5\n"), OUTLINE, "write the entries as [[chapter]] tables", id="chapter-number"),
    pytest.param(write(OUTLINE, "chapter = [5]\n"), OUTLINE, "a [[chapter]] must be a table", id="chapter-list-of-numbers"),
    pytest.param(replace(OUTLINE, 'lessons = ["board", "head"]', "lessons = 5"), OUTLINE, "lessons must be a list", id="chapter-lessons-number"),
    pytest.param(replace(OUTLINE, 'title.en = "The board"', "title.en = 5"), OUTLINE, "needs title.ru", id="chapter-title-number"),
    pytest.param(write(OUTLINE, "x = " + DEEP), OUTLINE, "nested too deeply", id="outline-deep"),
    pytest.param(write(GLOSSARY, "[[term]\n"), GLOSSARY, "invalid TOML", id="glossary-broken"),
    pytest.param(write(GLOSSARY, "term = 5\n"), GLOSSARY, "write the entries as [[term]] tables", id="glossary-term-number"),
    pytest.param(write(GLOSSARY, '[[term]]\nru = "доска"\nen = 5\n'), GLOSSARY, "ru and en must be texts", id="glossary-word-number"),
    pytest.param(write(GLOSSARY, '[[term]]\nru = "доска"\nen = "board"\ngames = [5]\n'), GLOSSARY, "games must be a list", id="glossary-games"),
    pytest.param(write(GLOSSARY, "x = " + DEEP), GLOSSARY, "nested too deeply", id="glossary-deep"),
    pytest.param(append(CATALOG, "\nbroken = [\n"), CATALOG, "invalid TOML", id="catalog-broken"),
    pytest.param(append(CATALOG, "\n[zz]\nvalue = 5\n"), CATALOG, "'zz.value' must be a string", id="catalog-value-number"),
    pytest.param(append(CATALOG, '\n[zz]\nn = { one = "a", other = "b" }\n'), CATALOG, "lacks ['few', 'many']", id="catalog-plural"),
    pytest.param(append(CATALOG, '\n[zz]\nonly_ru = "а"\n'), CATALOG, "zz.only_ru: missing in 'en'", id="catalog-key-one-language"),
    pytest.param(append(CATALOG, "\nx = " + DEEP + "\n"), CATALOG, "nested too deeply", id="catalog-deep"),
    pytest.param(append("site/templates/lesson.html", "{% if %}"), "site/templates/lesson.html", "template: Expected an expression",
                 id="template-syntax"),
    # the page's own script that composes the boards' texts, run by the build under node
    pytest.param(replace(BOARD_TEXT, DESCRIBE, DESCRIBE + "\n  throw new TypeError('no texts');"), BOARD_TEXT,
                 "node failed composing the board texts: TypeError: no texts", id="board-text-throws"),
    pytest.param(append(BOARD_TEXT, "\nexport const = ;\n"), BOARD_TEXT, "node failed composing the board texts: SyntaxError",
                 id="board-text-syntax"),
    # what a lesson cannot hold
    pytest.param(append(PUZZLE, "\n![a board](https://example.org/board.png)\n"), PUZZLE, "a lesson has no images", id="image"),
    pytest.param(append(PUZZLE, "\n![a board][board]\n\n[board]: board.png\n"), PUZZLE, "a lesson has no images", id="image-reference"),
]


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def _copy_inputs(root: Path) -> Paths:
    shutil.copytree(FIXTURE, root / "lessons")
    shutil.copytree(PROJECT / "site", root / "site")
    return Paths(lessons=root / "lessons", site=root / "site")


@pytest.fixture(scope="module")
def previous_dist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A dist/ built from the intact fixture course, and the digest of every file in it."""
    root = tmp_path_factory.mktemp("intact")
    out = root / "dist"
    assert run("build", out, _copy_inputs(root), quiet=True) == 0
    return out, _digest(out)


@pytest.mark.parametrize("mutate,name,message", CASES)
def test_malformed_input_is_a_located_problem_and_dist_stays(
    mutate: Mutation, name: str, message: str, tmp_path: Path, previous_dist: tuple[Path, dict[str, str]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, before = previous_dist
    paths = _copy_inputs(tmp_path)
    mutate(tmp_path)
    capsys.readouterr()
    status = run("build", out, paths, quiet=True)
    stderr = capsys.readouterr().err
    assert status == 1, stderr
    assert "Traceback" not in stderr
    located = [line for line in stderr.splitlines() if re.match(r"^[^:\s]+:\d+: ", line)]
    assert located and all(re.match(r"^[\w./-]+:\d+: \S", line) for line in located), stderr
    assert any(line.startswith(f"{name}:") and message in line for line in located), stderr
    for line in located:
        file, number = re.match(r"^([^:]+):(\d+): ", line).groups()  # type: ignore[union-attr]
        path = tmp_path / file
        assert path.exists(), line
        if path.is_file():
            assert 1 <= int(number) <= max(1, path.read_bytes().count(b"\n") + 1), line
    assert stderr.rstrip().endswith("dist/ left as it was"), stderr
    assert _digest(out) == before
    assert not out.with_name("dist.staging").exists()


@pytest.mark.parametrize("mutate,name,message", [case for case in CASES if case.id in {"board-text-throws", "template-syntax"}])
def test_check_finds_what_build_finds_and_writes_nothing(
    mutate: Mutation, name: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """``check`` runs every step of a build that can fail on its input (``phases.prepare``), the render's
    templates and its node run included: what breaks ``build`` breaks ``check``, at the same file and line."""
    paths = _copy_inputs(tmp_path)
    mutate(tmp_path)
    out = tmp_path / "dist"
    capsys.readouterr()
    found = {}
    for command in ("check", "build"):
        assert run(command, out, paths, quiet=True) == 1
        found[command] = [line for line in capsys.readouterr().err.splitlines() if re.match(r"^[^:\s]+:\d+: ", line)]
        if command == "check":
            assert not out.exists() and not out.with_name("dist.staging").exists()
    assert found["check"] == found["build"] and any(line.startswith(f"{name}:") and message in line for line in found["check"])


def test_a_byte_order_mark_is_read_as_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _copy_inputs(tmp_path)
    for name in (PUZZLE, OUTLINE, GLOSSARY):
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert run("check", tmp_path / "dist", paths, quiet=True) == 0, capsys.readouterr().err


def test_the_lessons_folder_gives_the_glossary_and_the_outline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _copy_inputs(tmp_path)
    (tmp_path / GLOSSARY).write_text('[[term]]\nru = "голова"\nen = "head"\navoid_ru = ["шашк*"]\n', encoding="utf-8")
    assert run("check", tmp_path / "dist", paths, strict=True, quiet=True) == 1
    warnings = capsys.readouterr().err
    assert re.search(r"^lessons/long/ru/05-head\.md:\d+: warning: discouraged word «шашк", warnings, re.M), warnings  # the folder's own glossary
    (tmp_path / GLOSSARY).unlink()
    (tmp_path / OUTLINE).write_text('[[chapter]]\nslug = "head"\ntitle.ru = "Голова"\ntitle.en = "Head"\nlessons = ["head"]\n', encoding="utf-8")
    assert run("check", tmp_path / "dist", paths, quiet=True) == 1
    errors = capsys.readouterr().err
    assert "lessons/glossary.toml:1: file not found" in errors  # not the project's glossary
    assert "lessons/long/ru/01-board.md:1: lesson 'board' is not listed in long/outline.toml" in errors  # the folder's outline


@pytest.mark.parametrize("relative", ["../escaped.html", "ru/../../escaped.html", "{absolute}", "ru//x.html", "ru\\..\\x.html"])
def test_nothing_is_written_outside_dist(relative: str, tmp_path: Path) -> None:
    relative = relative.format(absolute=tmp_path / "escaped.html")
    out = tmp_path / "site" / "dist"
    out.mkdir(parents=True)
    (out / "index.html").write_text("the previous build", encoding="utf-8")
    with pytest.raises(BuildError, match="refusing to write"):
        builder.write(Site({"index.html": b"new", relative: b"x"}, 2), out, PROJECT / ".cache", PROJECT)
    assert not list(tmp_path.rglob("escaped.html"))
    assert (out / "index.html").read_text(encoding="utf-8") == "the previous build"
    assert not out.with_name("dist.staging").exists()
