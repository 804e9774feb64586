"""The install page's generated parts, from ``pyproject.toml``: what to install and how, every
dependency with what it is for, the programs only the tests need, and where the source lives.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEPENDENCY_USES = {
    "sympy": "exact rationals, and the closed forms in the number of decks",
    "more-itertools": "set partitions and other combinatorial iteration",
    "tabulate": "text tables on the terminal and in Markdown",
    "numpy": "evaluating many shoes at once (`analyze_many`, effects of removal)",
    "tqdm": "the progress bar of `cardmath tables` on a terminal",
    "beartype": "checking the types of the arguments of every public function",
    "openpyxl": "reading the Excel workbooks back in the tests",
    "xlsxwriter": "Excel workbooks (`--format xlsx`, and `cardmath tables`)",
    "dask": "counting studies on every core, or on a cluster",
    "python-flint": "exact polynomial powers in big integers (the distribution of a session of many hands)",
    "dask[distributed]": "counting studies on every core, or on a cluster",
    "distributed": "counting studies on every core, or on a cluster",
    "types-openpyxl": "type stubs for mypy",
    "pytest": "the test suite, doctests included",
    "hypothesis": "property-based tests",
    "ruff": "linting and formatting",
    "mypy": "static type checking (strict)",
    "types-tabulate": "type stubs for mypy",
    "types-tqdm": "type stubs for mypy",
    "mkdocs-material": "this documentation site",
    "mkdocstrings[python]": "the API reference, from the docstrings",
    "mkdocs-gen-files": "the generated pages of this site (tables, charts, examples)",
    "latex2mathml": "the formulas of this site, typeset as MathML when it is built (no script, no fonts)",
    "matplotlib": "the charts of this site, and the plot of a counting study",
    "playwright": "the browser test of this site (driving the system's Chromium)",
}

EXTRA_USES = {"dev": "the tests, the linters and type checker, and this site"}
"""What each optional extra of ``pyproject.toml`` is for, in words (an extra not named here is
described by the packages it brings)."""

SYSTEM_PROGRAMS = (
    ("Chromium", "chromium", "the browser test of this site (`tests/test_site_browser.py`)"),
    (
        "LibreOffice",
        "libreoffice-calc-nogui",
        "recalculating and printing the published workbooks as a spreadsheet program does "
        "(`tests/test_workbook_recalculation.py`)",
    ),
    (
        "pdfLaTeX",
        "texlive-latex-recommended",
        "typesetting the published LaTeX tables (`tests/test_latex.py`)",
    ),
)
"""Programs some tests start, which no ``pip install`` brings: (name, Debian package, what for)."""

SOURCE_FOLDERS = (
    ("src/cardmath/", "the library: the games, the engine, the output formats and the command line"),
    ("tests/", "the test suite, with the independent oracles it checks the figures against"),
    ("docs/", "this site: the hand-written pages and the scripts that generate the rest"),
    ("examples/", "runnable scripts, each shown on this site with its output"),
    ("benchmarks/", "timings of the engine and the counting studies"),
)
"""The folders of the repository and what each holds (a folder missing from it is not listed)."""


def project() -> dict[str, Any]:
    """The ``[project]`` table of ``pyproject.toml``."""
    table: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return table


def python_version(requires: str) -> str:
    """The Python a ``requires-python`` asks for, in words (``">=3.11"``: "3.11 or later")."""
    match = re.fullmatch(r"\s*>=\s*([\d.]+)\s*", requires)
    return f"{match.group(1)} or later" if match else f"`{requires}`"


def package_name(need: str) -> str:
    """A requirement's package name, extras kept (``"dask[distributed]>=2024.1"``: ``dask[distributed]``)."""
    return re.split(r"[<>=!~; ]", need, maxsplit=1)[0]


def install_requirements() -> str:
    """What to install and how, from ``pyproject.toml``: the Python version, the ``pip install``
    commands (the library, then each optional extra with what it brings), and the programs only
    the tests need."""
    found = project()
    extras = found.get("optional-dependencies", {})
    lines = [
        f"cardmath needs Python {python_version(found.get('requires-python', ''))}. From a checkout "
        "of the repository:",
        "",
        "```bash",
        "python3 -m venv .venv",
        f"{'.venv/bin/pip install -e .':<40}# the library and the cardmath command",
    ]
    for extra in extras:
        command = f".venv/bin/pip install -e '.[{extra}]'"
        lines.append(f"{command:<40}# and {EXTRA_USES.get(extra, f'the extra {extra}')}")
    lines += ["```", ""]
    for extra, needs in extras.items():
        names = ", ".join(f"`{package_name(need)}`" for need in needs)
        lines.append(f"The extra `{extra}` brings {names}: {EXTRA_USES.get(extra, 'see below')}.")
    programs = "; ".join(
        f"**{name}** (Debian's `{package}` package) for {use}" for name, package, use in SYSTEM_PROGRAMS
    )
    lines += [
        "",
        f"Only the tests need programs that `pip` does not install: {programs}. A test that needs one "
        "starts it itself, and is skipped, saying why, where it is not installed (under `CI=true` it "
        "fails instead, so a CI machine without it cannot pass by skipping).",
    ]
    return "\n".join(lines) + "\n"


def _summary_of(name: str) -> str:
    """A package's own one-line description, for a dependency this page does not describe yet."""
    try:
        return str(metadata.metadata(name.split("[", maxsplit=1)[0])["Summary"] or "")
    except metadata.PackageNotFoundError:
        return ""


def dependencies() -> str:
    """The install page's list of dependencies, from ``pyproject.toml``, each with its use."""
    found = project()
    groups = [("the library", found.get("dependencies", []))]
    groups += [(f"`.[{extra}]`", needs) for extra, needs in found.get("optional-dependencies", {}).items()]
    lines = ["| package | needed by | what for |", "|---|---|---|"]
    for group, needs in groups:
        for need in needs:
            name = package_name(need)
            use = DEPENDENCY_USES.get(name.lower()) or _summary_of(name)
            lines.append(f"| `{need}` | {group} | {use} |")
    return "\n".join(lines) + "\n"


def source_layout() -> str:
    """Where the source lives: the project's addresses from ``pyproject.toml`` (``[project.urls]``)
    if it gives any, and the folders of the repository."""
    urls = project().get("urls", {})
    if urls:
        where = (
            "The source is published at " + ", ".join(f"[{name}]({url})" for name, url in urls.items()) + "."
        )
    else:
        where = "The source is this repository (it has no public address yet)."
    lines = [where, "", "| folder | what it holds |", "|---|---|"]
    lines += [f"| `{folder}` | {what} |" for folder, what in SOURCE_FOLDERS if (ROOT / folder).is_dir()]
    return "\n".join(lines) + "\n"
