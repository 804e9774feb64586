"""LaTeX tables: real minus signs, and every published table typeset on an A4 page by pdfLaTeX.

The typesetting tests write the published set (every table of every game at every default shoe
and hand size, chemin de fer at 8 decks, every summary), ``\\input`` every fragment into one A4
document with 25 mm margins (the 160 mm text width the fragments are set for), run pdfLaTeX on
it, and fail on any error, any line or table wider than the text by more than 1 pt, any page
overfull, and any character the fonts lack.  They need ``pdflatex`` (Debian's
``texlive-latex-base`` and ``texlive-latex-recommended``): without it they are skipped, except
under ``CI``, where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from sympy import Rational

from cardmath import publish
from cardmath.errors import OptionError
from cardmath.games.registry import GAMES
from cardmath.output import render_table
from cardmath.output.latex import LATEX_FORMATS, TEXT_WIDTH, latex_text, render_latex, text_width
from cardmath.parsheet import Outcome, ParSheet, par_sheet_table
from cardmath.table import Kind, Table

PDFLATEX = shutil.which("pdflatex")
PACKAGES = ("array", "booktabs", "longtable")
"""Every package a fragment may say it needs."""

needs_tex = pytest.mark.skipif(
    PDFLATEX is None and not os.environ.get("CI"),
    reason="no pdflatex (apt-get install texlive-latex-base texlive-latex-recommended)",
)

PREAMBLE = rf"""\documentclass[10pt]{{article}}
\usepackage[a4paper,margin=25mm]{{geometry}}
\usepackage{{{",".join(PACKAGES)}}}
\tracinglostchars=2
\begin{{document}}
"""
"""An A4 page with 25 mm margins: a text block 160 mm wide and 247 mm high."""


# ------------------------------------------------------------------------------ without TeX


def _coin_sheet() -> Table:
    win = Outcome("win", Rational(19, 20), Rational(9000, 18000), 9000)
    lose = Outcome("lose", Rational(-1), Rational(9000, 18000), 9000)
    return par_sheet_table("Coin banker par sheet", ParSheet((win, lose)))


def _row(text: str, label: str) -> list[str]:
    """The cells of the source row that starts with ``label``."""
    line = next(line for line in text.splitlines() if line.strip().startswith(label))
    return [cell.strip() for cell in line.removesuffix("\\\\").split("&")]


def test_negative_pays_returns_and_percentages_get_a_real_minus() -> None:
    # a lost unit bet pays -1; its return is -1 x 1/2; the total is 1/2 x 19/20 - 1/2 = -1/40
    text = render_table(_coin_sheet(), "latex_booktabs")
    assert _row(text, "lose") == ["lose", "$-$1", "9,000", "0.500000", "$-$0.500000"]
    assert _row(text, "total")[-1] == "$-$0.025000"
    assert _row(text, "house edge")[-1] == "2.5000\\%"
    assert "$-$1 is the bet lost" in text  # the note that defines the pays
    percent = render_latex(("bet", "edge"), (("a", "-0.0084%"), ("b", "-1/2")), numeric=(False, True))
    assert "$-$0.0084\\%" in percent and "$-$1/2" in percent
    assert not re.search(r"(?<![$\w])-\d", text + percent)


def test_hyphens_inside_words_and_names_stay_hyphens() -> None:
    words = ("4-5-6: five cards", "casino-war", "spread 7-11", "B2-x", "ask-the-wizard/17/")
    for text in words:
        assert latex_text(text) == text
    assert latex_text("as --pay-table reads it") == "as -{}-pay-table reads it"  # not an en dash
    assert latex_text("-") == "--"  # a missing figure reads as a dash
    assert latex_text("(-3, x -0.5)") == "($-$3, x $-$0.5)"


def test_special_characters_are_escaped() -> None:
    assert latex_text("5% & $1 #2 a_b {c} \\") == r"5\% \& \$1 \#2 a\_b \{c\} \textbackslash{}"
    assert latex_text("<>|~^") == r"\textless{}\textgreater{}\textbar{}\textasciitilde{}\textasciicircum{}"
    assert latex_text("A♠ ±1 ·") == r"A$\spadesuit$ $\pm$1 $\cdot$"


def test_a_table_that_fits_is_left_as_it_is() -> None:
    text = render_table(_coin_sheet(), "latex_booktabs")
    assert "\\begin{tabular}{lrrrr}" in text
    assert "\\small" not in text and "\\footnotesize" not in text and "p{" not in text
    assert text.startswith("% set for a text block at least 160 mm wide")
    assert "% needs \\usepackage{booktabs}\n" in text


def test_footer_rows_sit_under_a_rule_of_their_own() -> None:
    lines = render_table(_coin_sheet(), "latex_booktabs").splitlines()
    total = next(i for i, line in enumerate(lines) if line.strip().startswith("total"))
    assert lines[total + 1] == "\\midrule" and lines[total + 2].strip().startswith("house edge")
    assert lines[total + 3] == "\\bottomrule"


LONG_NAMES = ("Banker, no commission (a win with 6 pays 1 to 2)", "EZ Banker (a three-card 7 pushes)")


def _wide_summary(shoes: int = 9, long_names: Sequence[str] = LONG_NAMES) -> Table:
    """38 bets as rows, one column per shoe: the shape of a house-edge-by-shoe summary."""
    names = (*long_names, *(f"side bet {n}" for n in range(38 - len(long_names))))
    rows = tuple(
        (name, *(Rational(1000 * n + k, 100_000) for k in range(shoes))) for n, name in enumerate(names)
    )
    headers = ("bet", *(f"{k + 1} decks" for k in range(shoes - 1)), "infinite decks")
    return Table("summary", headers, rows, kinds=(Kind.TEXT, *[Kind.PERCENT] * shoes))


def test_a_wide_table_gets_smaller_type_and_its_names_wrapped() -> None:
    text = render_table(_wide_summary(), "latex_booktabs")
    assert "\\footnotesize" in text and ">{\\raggedright\\arraybackslash}p{" in text
    assert "\\begin{tabular}{>{" in text and text.count("\\begin{tabular}{") == 1  # one table
    assert "% needs \\usepackage{array,booktabs}" in text
    # the header "infinite decks" is broken over two lines, right-aligned
    assert "\\begin{tabular}[b]{@{}r@{}}infinite\\\\decks\\end{tabular}" in text


def test_a_table_too_wide_for_any_type_is_split_repeating_its_names() -> None:
    table = _wide_summary(shoes=30, long_names=())
    text = render_table(table, "latex_booktabs")
    count = text.count("\\begin{tabular}{")
    assert count >= 2 and "columns split into" in text
    assert text.count(" side bet 37 ") == count  # every part repeats the names
    for shoe in range(1, 30):  # every column is somewhere
        assert f"{shoe} decks" in text


def test_a_table_longer_than_a_page_is_a_longtable() -> None:
    rows = tuple((f"row {n}", n) for n in range(120))
    text = render_table(Table("long", ("name", "count"), rows), "latex_booktabs")
    assert "\\begin{longtable}{lr}" in text and "\\endhead" in text and "\\begin{tabular}" not in text
    assert "% needs \\usepackage{booktabs,longtable}" in text
    short = render_table(Table("short", ("name", "count"), rows[:40]), "latex_booktabs")
    assert "longtable" not in short


def test_each_latex_format_has_its_own_rules() -> None:
    table = _coin_sheet()
    assert "\\hline" in render_table(table, "latex") and "\\toprule" not in render_table(table, "latex")
    assert "\\begin{longtable}" in render_table(table, "latex_longtable")
    raw = render_latex(("a",), (("$x_1$",),), numeric=(False,), fmt="latex_raw")
    assert " $x_1$ " in raw


def test_the_output_is_deterministic() -> None:
    table = _wide_summary()
    assert render_table(table, "latex_booktabs") == render_table(table, "latex_booktabs")


def test_bad_input_says_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="choose one of latex"):
        render_latex(("a",), (("x",),), numeric=(False,), fmt="html")
    with pytest.raises(OptionError, match="row 2 has 1 cells for 2 columns"):
        render_latex(("a", "b"), (("x", "y"), ("z",)), numeric=(False, True))
    with pytest.raises(OptionError, match="one flag per header"):
        render_latex(("a", "b"), (), numeric=(False,))
    with pytest.raises(OptionError, match="footer rows"):
        render_latex(("a",), (("x",),), numeric=(False,), footer_rows=2)
    assert set(LATEX_FORMATS) == {"latex", "latex_booktabs", "latex_longtable", "latex_raw"}


def test_the_width_model_counts_cmr10_widths() -> None:
    # The TeXbook (appendix F): cmr10's digits are half an em (5 pt), its space 3.33 pt; the
    # math minus is cmsy10's 7.78 pt.
    assert text_width("2024") == 20.0
    assert text_width("1 2") == pytest.approx(13.333, abs=0.001)
    assert text_width("-1") == pytest.approx(12.778, abs=0.001)
    assert abs(TEXT_WIDTH - 160 / 25.4 * 72.27) < 0.01


# ------------------------------------------------------------------------------ with pdfLaTeX


def _pdflatex() -> str:
    if PDFLATEX is None:
        pytest.fail("CI is set but pdflatex is not installed (.ci/run installs TeX Live's LaTeX)")
    return PDFLATEX


def typeset(folder: Path, body: str) -> str:
    """Run pdfLaTeX on a document of ``body`` (until its cross-references settle); the log."""
    (folder / "doc.tex").write_text(PREAMBLE + body + "\n\\end{document}\n", encoding="utf-8")
    log = ""
    for _ in range(3):
        subprocess.run(
            [_pdflatex(), "-interaction=nonstopmode", "-no-shell-escape", "doc.tex"],
            cwd=folder,
            capture_output=True,
            check=False,
            timeout=300,
        )
        log = (folder / "doc.log").read_text(encoding="latin-1")
        if "Rerun LaTeX" not in log and "Column widths have changed" not in log:
            break
    return log


def problems(log: str, fragments: Sequence[str] = ()) -> list[str]:
    """Errors, boxes wider than the text by more than 1 pt, overfull pages and missing
    characters in a log, each with the fragment it is in (marked by ``FRAGMENT n``)."""
    found, where = [], "the document"
    for line in log.splitlines():
        if marker := re.match(r"FRAGMENT (\d+)", line):
            where = fragments[int(marker.group(1))]
        elif too_wide := re.match(r"Overfull \\hbox \(([\d.]+)pt too wide\)", line):
            if float(too_wide.group(1)) > 1.0:
                found.append(f"{where}: {line}")
        elif line.startswith(("!", "Overfull \\vbox", "Missing character")):
            found.append(f"{where}: {line}")
    return found


def document(fragments: Sequence[str]) -> str:
    """A document body that inputs each fragment (a path without ``.tex``), marked in the log."""
    return "\n".join(
        f"\\typeout{{FRAGMENT {n}}}\n\\input{{{name.removesuffix('.tex')}}}\n\\bigskip"
        for n, name in enumerate(fragments)
    )


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The LaTeX set: every game at every default point, but chemin de fer at 8 decks only (its
    solver takes a while for each shoe; its tables have the same shape at every one)."""
    out = tmp_path_factory.mktemp("latex")
    others = [game.name for game in GAMES if game.name != "chemin-de-fer"]
    publish.write_tables(out / "set", games=others, formats=("latex",), progress=False)
    publish.write_tables(out / "cdf", games=["chemin-de-fer"], decks=(8,), formats=("latex",), progress=False)
    return out


def _fragments(root: Path) -> list[Path]:
    return sorted(root.rglob("*.tex"))


@needs_tex
@pytest.mark.slow
def test_every_published_table_typesets_within_the_a4_text_width(published: Path) -> None:
    names = [path.relative_to(published).as_posix() for path in _fragments(published)]
    # every game's summary, and tables of every game at 8 decks or at every hand size
    for game in GAMES:
        assert any(re.match(rf"(set|cdf)/{game.name}/summary/", name) for name in names), game.name
        assert any(re.match(rf"(set|cdf)/{game.name}/(8-decks|hand-size-8|1-deck)/", name) for name in names)
    log = typeset(published, document(names))
    assert problems(log, names) == []
    pages = re.search(r"Output written on doc\.pdf \((\d+) pages", log)
    assert pages and int(pages.group(1)) > len(GAMES)


@needs_tex
@pytest.mark.slow
def test_each_fragment_says_which_packages_it_needs(published: Path) -> None:
    uses = {"array": ">{\\raggedright", "booktabs": "\\toprule", "longtable": "\\begin{longtable}"}
    for path in _fragments(published):
        text = path.read_text(encoding="utf-8")
        needs = {
            name
            for line in re.findall(r"^% needs \\usepackage\{([^}]*)\}", text, flags=re.MULTILINE)
            for name in line.split(",")
        }
        assert needs <= set(PACKAGES), path
        for package, command in uses.items():
            assert (command in text) <= (package in needs), (path, package)


@pytest.mark.slow
def test_a_red_dog_loss_reads_with_a_real_minus(published: Path) -> None:
    index = json.loads((published / "set" / "index.json").read_text(encoding="utf-8"))
    (entry,) = [
        entry
        for entry in index["tables"]
        if entry["game"] == "reddog" and entry["for"] == "8 decks" and "par sheet" in entry["title"]
    ]
    text = (published / "set" / entry["files"]["latex"]).read_text(encoding="utf-8")
    # 8 decks: 416 cards, 32 of a rank; spread 1 is 11 pairs of ranks two apart, in 2 orders;
    # the third card loses unless it is one of the 32 cards of the rank between.
    deals = 416 * 415 * 414
    lost = 11 * 2 * 32 * 32 * (414 - 32)
    probability = Fraction(lost, deals)
    sixth = f"0.{round(probability * 10**6):06d}"
    assert _row(text, "spread 1, lost") == ["spread 1, lost", "$-$1", f"{lost:,}", sixth, f"$-${sixth}"]


@needs_tex
def test_synthetic_tables_of_every_shape_and_symbol_typeset(tmp_path: Path) -> None:
    symbols = "5% & $1 #2 a_b {c} \\ <>|~^ A♠ K♥ Q♦ J♣ ±1 · … − ≤ ≥ × Egalité --pay-table -"
    tables = [
        render_table(_wide_summary(), "latex_booktabs"),
        render_table(_wide_summary(shoes=30, long_names=()), "latex_booktabs"),
        render_table(
            Table("long", ("name", "count"), tuple((f"row {n}", n) for n in range(120))), "latex_booktabs"
        ),
        render_table(_coin_sheet(), "latex"),
        render_table(_coin_sheet(), "latex_longtable"),
        render_latex(
            ("symbols", "source"),
            ((symbols, "see " + "wizardofodds.com/games/" * 12),),
            numeric=(False, False),
        ),
        render_latex(("a",), (("$x_1$",),), numeric=(False,), fmt="latex_raw"),
    ]
    names = [f"table {n}" for n in range(len(tables))]
    body = "\n".join(f"\\typeout{{FRAGMENT {n}}}\n{text}\n\\bigskip" for n, text in enumerate(tables))
    log = typeset(tmp_path, body)
    assert problems(log, names) == []


@needs_tex
@pytest.mark.parametrize("size, scale", [("normalsize", 1.0), ("small", 0.926), ("footnotesize", 0.85)])
def test_the_width_model_agrees_with_tex(tmp_path: Path, size: str, scale: float) -> None:
    texts = [
        "-0.120405",
        "14.3596%",
        "Banker, no commission (a win with 6 pays 1 to 2)",
        "Egalité 9",
        "WAVY Tiger",
    ]
    body = "\n".join(
        f"\\setbox0\\hbox{{\\{size} {latex_text(text)}}}\\typeout{{WIDTH \\the\\wd0}}" for text in texts
    )
    log = typeset(tmp_path, body)
    measured = [float(width) for width in re.findall(r"WIDTH ([\d.]+)pt", log)]
    assert len(measured) == len(texts)
    for text, actual in zip(texts, measured, strict=True):
        estimate = text_width(text, scale)
        # kerning and ligatures only narrow text (WAVY most), and the scale is the font's widest ratio
        assert actual - 0.5 <= estimate <= actual * 1.05 + 0.5, (text, estimate, actual)
