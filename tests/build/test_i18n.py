"""builder/i18n.py: merging catalog files, CLDR plurals, errors that say what and where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.i18n import CatalogError, I18nError, MissingMessageError, check_complete, load_catalog, plural_category

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SITE_I18N = PROJECT_ROOT / "site" / "i18n"


def write(root: Path, lang: str, name: str, text: str) -> Path:
    path = root / lang / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def two_languages(tmp_path: Path) -> Path:
    write(tmp_path, "ru", "a.toml", '[x]\nhello = "Привет, {name}"\n'
          'checkers = { one = "{n} шашка", few = "{n} шашки", many = "{n} шашек", other = "{n} шашки" }\n')
    write(tmp_path, "ru", "b.toml", '[y]\nbye = "Пока"\n')
    write(tmp_path, "en", "a.toml",
          '[x]\nhello = "Hello, {name}"\ncheckers = { one = "{n} checker", other = "{n} checkers" }\n')
    write(tmp_path, "en", "b.toml", '[y]\nbye = "Bye"\n')
    return tmp_path


@pytest.mark.parametrize(("n", "expected"), [
    (0, "0 шашек"), (1, "1 шашка"), (2, "2 шашки"), (4, "4 шашки"), (5, "5 шашек"), (11, "11 шашек"),
    (12, "12 шашек"), (14, "14 шашек"), (21, "21 шашка"), (22, "22 шашки"), (25, "25 шашек"), (111, "111 шашек"),
])
def test_russian_plural_forms(two_languages: Path, n: int, expected: str) -> None:
    assert load_catalog(two_languages, "ru").t("x.checkers", n=n) == expected


@pytest.mark.parametrize(("n", "expected"),
                         [(1, "1 checker"), (2, "2 checkers"), (0, "0 checkers"), (21, "21 checkers")])
def test_english_plural_forms(two_languages: Path, n: int, expected: str) -> None:
    assert load_catalog(two_languages, "en").t("x.checkers", n=n) == expected


def test_plural_categories_follow_cldr() -> None:
    got = [plural_category("ru", n) for n in (1, 2, 5, 11, 21, 22, 25)]
    assert got == ["one", "few", "many", "many", "one", "few", "many"]
    with pytest.raises(I18nError, match="xx"):
        plural_category("xx", 1)


def test_real_board_catalog_plurals() -> None:
    ru = load_catalog(SITE_I18N, "ru")
    got = [ru.t("board.checkers.white", n=n) for n in (1, 2, 5, 11, 21, 22, 25)]
    assert got == ["1 белая шашка", "2 белые шашки", "5 белых шашек", "11 белых шашек", "21 белая шашка",
                   "22 белые шашки", "25 белых шашек"]
    assert ru.t("board.pips", n=301) == "301 пипс"


def test_files_of_a_language_are_merged(two_languages: Path) -> None:
    ru = load_catalog(two_languages, "ru")
    assert ru.t("x.hello", name="Аня") == "Привет, Аня"
    assert ru.t("y.bye") == "Пока"
    assert ru.sources["y.bye"].name == "b.toml"
    assert ru("y.bye") == "Пока"  # the catalog itself can be passed where a t(key, **params) is expected


def test_duplicate_key_across_files_names_both_files(tmp_path: Path) -> None:
    write(tmp_path, "en", "board.toml", '[board]\nlabel = "Board"\n')
    write(tmp_path, "en", "ui.toml", 'board.label = "Other"\n')
    with pytest.raises(CatalogError) as error:
        load_catalog(tmp_path, "en")
    message = str(error.value)
    assert "board.label" in message and "board.toml" in message and "ui.toml" in message


def test_missing_key_names_key_and_language(two_languages: Path) -> None:
    en = load_catalog(two_languages, "en")
    with pytest.raises(KeyError) as error:
        en.t("x.nope")
    assert isinstance(error.value, MissingMessageError)
    assert "x.nope" in str(error.value) and "'en'" in str(error.value)


def test_missing_placeholder_is_an_error(two_languages: Path) -> None:
    en = load_catalog(two_languages, "en")
    with pytest.raises(MissingMessageError, match="name"):
        en.t("x.hello")
    with pytest.raises(MissingMessageError, match="n="):
        en.t("x.checkers")


def test_plural_table_must_have_the_language_categories(tmp_path: Path) -> None:
    path = write(tmp_path, "ru", "a.toml", 'pips = { one = "{n} пипс", other = "{n} пипса" }\n')
    with pytest.raises(CatalogError, match="few") as error:
        load_catalog(tmp_path, "ru")
    assert str(path) in str(error.value)


def test_bad_toml_and_bad_values_name_the_file(tmp_path: Path) -> None:
    write(tmp_path, "en", "a.toml", 'key = "unterminated\n')
    with pytest.raises(CatalogError, match=r"a\.toml"):
        load_catalog(tmp_path, "en")
    write(tmp_path, "ru", "a.toml", "key = 3\n")
    with pytest.raises(CatalogError, match="key"):
        load_catalog(tmp_path, "ru")
    with pytest.raises(CatalogError, match="no catalog files"):
        load_catalog(tmp_path, "de")


def test_check_complete_reports_missing_keys_and_placeholder_mismatch(tmp_path: Path) -> None:
    write(tmp_path, "ru", "a.toml", 'only_ru = "а"\nshared = "{a}"\n')
    write(tmp_path, "en", "a.toml", 'only_en = "b"\nshared = "{b}"\n')
    problems = check_complete(load_catalog(tmp_path, "ru"), load_catalog(tmp_path, "en"))
    assert len(problems) == 3
    assert any(p.startswith("only_ru: missing in 'en'") for p in problems)
    assert any(p.startswith("only_en: missing in 'ru'") for p in problems)
    assert any(p.startswith("shared: placeholders differ") for p in problems)


def test_site_catalogs_are_complete() -> None:
    assert check_complete(load_catalog(SITE_I18N, "ru"), load_catalog(SITE_I18N, "en")) == []


def test_as_json_round_trips_and_is_safe_inline(tmp_path: Path) -> None:
    write(tmp_path, "en", "a.toml", 'evil = "</script><b>&"\ncount = { one = "{n} x", other = "{n} xs" }\n')
    catalog = load_catalog(tmp_path, "en")
    text = catalog.as_json()
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"evil": "</script><b>&", "count": {"one": "{n} x", "other": "{n} xs"}}
