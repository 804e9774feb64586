"""Every callable the API reference shows says, in its own words, what each parameter is and what
it returns.

The reference (mkdocstrings, ``docstring_style: google``) shows a Parameters table and a Returns
entry for every public function, method and class; their descriptions are the docstring's own
``Args:`` and ``Returns:`` sections.  This check loads the package with griffe as the reference
does (the modules of ``docs/hooks.py``'s ``REFERENCE_MODULES``, each page's members as
``docs/gen_pages.py`` chooses them, docstrings rewritten by ``docs/griffe_doctest.py``) and, for
every callable shown, requires:

- every parameter (not ``self``/``cls``; ``*args``/``**kwargs`` only when documented) described,
  and no description of a parameter the signature lacks;
- no description that repeats the summary line (equal to it, or a run of its words, ignoring case
  and punctuation), and no two parameters of one callable described alike;
- a Returns (or Yields) description, not repeating the summary, wherever the return annotation
  is not ``None``.  A property's docstring is its description: it needs no Returns section.

Run as a script, it lists what is left to write, grouped by source file, optionally only for
files under some paths (a prefix, or a pattern such as ``src/cardmath/*.py``)::

    python tests/test_api_descriptions.py src/cardmath/games
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

import griffe
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))
hooks: Any = importlib.import_module("hooks")  # docs/hooks.py: the modules with a reference page
griffe_doctest: Any = importlib.import_module("griffe_doctest")  # docs/griffe_doctest.py

EXEMPTIONS: dict[str, str] = {}
"""Callables (full dotted path) the check leaves alone, each with the reason (at most five)."""

MAX_EXEMPTIONS = 5

_NO_RESULT = {"None", "NoReturn", "Never"}
_PARAMETER_KINDS = {griffe.DocstringSectionKind.parameters, griffe.DocstringSectionKind.other_parameters}
_RESULT_KINDS = {griffe.DocstringSectionKind.returns, griffe.DocstringSectionKind.yields}


@dataclasses.dataclass(frozen=True)
class Failure:
    """One thing a callable of the reference does not explain."""

    file: str
    line: int
    callable: str
    problem: str

    def __str__(self) -> str:
        return f"  {self.file}:{self.line} {self.callable}: {self.problem}"


@dataclasses.dataclass
class Tally:
    """How many descriptions the check looked at, and how many of them fail, by kind."""

    parameters: int = 0
    parameters_empty: int = 0
    parameters_repeating_summary: int = 0
    parameters_shared: int = 0
    returns: int = 0
    returns_empty: int = 0
    returns_repeating_summary: int = 0

    def add(self, other: Tally) -> None:
        for field in dataclasses.fields(self):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))

    def __str__(self) -> str:
        return (
            f"parameters: {self.parameters} shown, {self.parameters_empty} without a description, "
            f"{self.parameters_repeating_summary} repeating the summary, {self.parameters_shared} "
            f"sharing another's; returns: {self.returns} shown, {self.returns_empty} without a "
            f"description, {self.returns_repeating_summary} repeating the summary"
        )


# ------------------------------------------------------------------------------ comparing text


def words(text: str) -> str:
    """``text`` as lower-case words: no markup, punctuation or line breaks.

    >>> words('The <autoref identifier="x"><code>Shoe</code></autoref>, dealt `once`.')
    'the shoe dealt once'
    """
    text = re.sub(r"<[^>]*>", " ", text)
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def repeats(description: str, summary: str) -> bool:
    """Whether ``description`` says nothing the summary does not: it equals the summary, or is a
    run of its words.

    >>> repeats("The cards.", "Every bet on the cards, exactly."), repeats("A shoe", "The shoes")
    (True, False)
    """
    said, summed = words(description), words(summary)
    return bool(said) and f" {said} " in f" {summed} "


def summary_line(docstring: griffe.Docstring | None) -> str:
    """A docstring's summary: its first paragraph."""
    if docstring is None:
        return ""
    return docstring.value.strip().split("\n\n", 1)[0]


# ------------------------------------------------------------------------------ what is shown


def load_package(root: Path = ROOT, name: str = "cardmath") -> griffe.Module:
    """A package (cardmath) as the reference loads it: Google docstrings rewritten by
    ``griffe_doctest``."""
    loader = griffe.GriffeLoader(
        search_paths=[str(root / "src")],
        extensions=griffe.load_extensions(griffe_doctest.DoctestBlocks),
        docstring_parser=griffe.Parser.google,
    )
    package = loader.load(name)
    assert isinstance(package, griffe.Module)
    loader.resolve_aliases(implicit=False, external=False)
    return package


def _home(path: str, modules: Sequence[str]) -> str | None:
    """The documented module an object's path belongs to (its nearest enclosing page)."""
    while path:
        if path in modules:
            return path
        path = path.rpartition(".")[0]
    return None


def page_members(package: griffe.Module, module: str, modules: Sequence[str]) -> list[griffe.Object]:
    """The objects ``module``'s reference page documents: its exports, except those another
    page documents (as ``docs/gen_pages.py`` chooses them)."""
    mod = package.modules_collection[module] if module != package.path else package
    shown: list[griffe.Object] = []
    for name in mod.exports or ():
        member = mod.members.get(str(name))
        if member is None:
            continue
        target = member.target_path if isinstance(member, griffe.Alias) else f"{module}.{name}"
        home = _home(target.rpartition(".")[0], modules)
        if home and home != module and name in (package.modules_collection[home].exports or ()):
            continue
        try:
            final = member.final_target if isinstance(member, griffe.Alias) else member
        except griffe.AliasResolutionError:  # another package's object (sympy's): not ours
            continue
        if isinstance(final, griffe.Object):
            shown.append(final)
    return shown


def _is_shown_member(name: str, member: griffe.Object | griffe.Alias) -> bool:
    """Whether the reference shows a class's member: public, its own, with a docstring."""
    return not name.startswith("_") and not isinstance(member, griffe.Alias) and member.docstring is not None


def callables(package: griffe.Module, modules: Sequence[str] | None = None) -> Iterator[griffe.Object]:
    """Every function, method and class the reference shows, once each."""
    modules = tuple(hooks.REFERENCE_MODULES if modules is None else modules)
    seen: set[str] = set()
    pending: list[griffe.Object] = [
        obj for module in modules for obj in page_members(package, module, modules)
    ]
    while pending:
        obj = pending.pop(0)
        if obj.path in seen:
            continue
        seen.add(obj.path)
        if isinstance(obj, griffe.Function | griffe.Class):
            yield obj
        if isinstance(obj, griffe.Class):
            pending += [
                member
                for name, member in obj.members.items()
                if _is_shown_member(name, member) and isinstance(member, griffe.Object)
            ]


# ------------------------------------------------------------------------------- the checks


def _sections(obj: griffe.Object) -> list[griffe.DocstringSection]:
    """The parsed sections the reference shows for ``obj`` (a class: with its own ``__init__``'s)."""
    sections: list[griffe.DocstringSection] = []
    docstrings = [obj.docstring]
    if isinstance(obj, griffe.Class):
        init = obj.members.get("__init__")
        docstrings.append(init.docstring if isinstance(init, griffe.Function) else None)
    for docstring in docstrings:
        if docstring is not None:
            sections += docstring.parse(griffe.Parser.google, warnings=False)
    return sections


def _source_file(obj: griffe.Object, root: Path) -> str:
    path = Path(obj.filepath) if not isinstance(obj.filepath, list) else Path(obj.filepath[0])
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _described_parameters(sections: Iterable[griffe.DocstringSection]) -> list[tuple[str, str]]:
    return [
        (item.name.lstrip("*"), item.description.strip())
        for section in sections
        if section.kind in _PARAMETER_KINDS
        for item in section.value
    ]


def _needs_result(obj: griffe.Object) -> bool:
    """Whether the reference shows what ``obj`` returns (a function, not ``__init__`` nor a
    property, whose annotation is not ``None``)."""
    if not isinstance(obj, griffe.Function) or obj.name == "__init__" or "property" in obj.labels:
        return False
    return obj.returns is None or str(obj.returns) not in _NO_RESULT


def check(obj: griffe.Object, root: Path = ROOT) -> tuple[list[Failure], Tally]:
    """What ``obj`` (a function, method or class) leaves unexplained, and the tally of what it
    shows."""
    tally = Tally()
    problems: list[str] = []
    summary = summary_line(obj.docstring)
    sections = _sections(obj)
    described = _described_parameters(sections)
    descriptions = dict(described)
    signature = [
        parameter
        for parameter in (obj.parameters if isinstance(obj, griffe.Function | griffe.Class) else ())
        if parameter.name not in {"self", "cls"}
    ]
    starred = {griffe.ParameterKind.var_positional, griffe.ParameterKind.var_keyword}
    shown = [p.name for p in signature if p.kind not in starred or p.name in descriptions]
    for name in shown:
        tally.parameters += 1
        description = descriptions.get(name, "")
        if not words(description):
            tally.parameters_empty += 1
            problems.append(f"parameter `{name}` has no description")
        elif repeats(description, summary):
            tally.parameters_repeating_summary += 1
            problems.append(f"parameter `{name}` repeats the summary line")
    known = {p.name for p in signature}
    problems += [
        f"describes `{name}`, which is not a parameter" for name, _ in described if name not in known
    ]
    by_words = Counter(words(descriptions.get(name, "")) for name in shown)
    for said, count in by_words.items():
        if said and count > 1:
            tally.parameters_shared += count
            names = [name for name in shown if words(descriptions.get(name, "")) == said]
            problems.append("parameters " + ", ".join(f"`{n}`" for n in names) + " share one description")
    if _needs_result(obj):
        tally.returns += 1
        results = [item.description for s in sections if s.kind in _RESULT_KINDS for item in s.value]
        if not results or not all(words(result) for result in results):
            tally.returns_empty += 1
            problems.append("Returns has no description")
        elif any(repeats(result, summary) for result in results):
            tally.returns_repeating_summary += 1
            problems.append("Returns repeats the summary line")
    file, line = _source_file(obj, root), obj.lineno or 0
    return [Failure(file, line, obj.path, problem) for problem in problems], tally


def survey(package: griffe.Module | None = None) -> tuple[list[Failure], Tally]:
    """Every failure of the reference's callables (exemptions left out), and the tally."""
    package = load_package() if package is None else package
    found: list[Failure] = []
    tally = Tally()
    for obj in callables(package):
        failures, counted = check(obj)
        tally.add(counted)
        if obj.path not in EXEMPTIONS:
            found += failures
    return found, tally


@cache
def project_survey() -> tuple[tuple[Failure, ...], Tally]:
    failures, tally = survey()
    return tuple(failures), tally


def under(path: str, places: Sequence[str]) -> bool:
    """Whether a file is under one of ``places``: a path prefix, or a pattern with ``*``.

    >>> top = ["src/cardmath/*.py"]
    >>> under("src/cardmath/bets.py", top), under("src/cardmath/games/x.py", top)
    (True, False)
    >>> under("src/cardmath/games/x.py", ["src/cardmath/games"]), under("src/cardmath/bets.py", [])
    (True, True)
    """
    if not places:
        return True
    file = PurePosixPath(path)
    for place in (each.removeprefix("./") for each in places):
        if any(char in place for char in "*?["):
            if len(file.parts) == len(PurePosixPath(place).parts) and file.match(place):
                return True
        elif path == place or path.startswith(place.rstrip("/") + "/"):
            return True
    return False


def report(failures: Iterable[Failure], places: Sequence[str] = ()) -> str:
    """The failures under ``places``, grouped by source file with a count per file."""
    by_file: dict[str, list[Failure]] = {}
    for failure in failures:
        if under(failure.file, places):
            by_file.setdefault(failure.file, []).append(failure)
    lines = []
    for file in sorted(by_file):
        lines.append(f"{file}: {len(by_file[file])}")
        lines += [str(failure) for failure in sorted(by_file[file], key=lambda f: (f.line, f.problem))]
    total = sum(len(found) for found in by_file.values())
    lines.append(f"{total} failures in {len(by_file)} files")
    return "\n".join(lines)


def area_tally(places: Sequence[str]) -> Tally:
    """The tally of the callables whose source file is under ``places``."""
    tally = Tally()
    for obj in callables(load_package()):
        if under(_source_file(obj, ROOT), places):
            tally.add(check(obj)[1])
    return tally


# ------------------------------------------------------------------------------------ tests


def test_every_callable_of_the_reference_explains_its_parameters_and_result() -> None:
    failures, tally = project_survey()
    if failures:
        pytest.fail(f"{tally}\n{report(failures)}", pytrace=False)


def test_exemptions_are_few_have_reasons_and_name_what_the_reference_shows() -> None:
    assert len(EXEMPTIONS) <= MAX_EXEMPTIONS
    assert all(reason.strip() for reason in EXEMPTIONS.values())
    shown = {obj.path for obj in callables(load_package())}
    assert set(EXEMPTIONS) <= shown


DEMO = '''
"""A module written for this test: each function's docstring fails in one known way."""

__all__ = ["Deck", "good", "no_args", "repeated", "shared", "no_returns", "wrong_name", "starred"]


def good(shoe: int, rules: str | None = None, *args: int) -> int:
    """Every bet of one shoe.

    Args:
        shoe: How many decks the shoe holds.
        rules: The pay table; the standard one when omitted.

    Returns:
        The house edge, in hundredths.
    """


def no_args(shoe: int) -> None:
    """Deal the shoe once."""


def repeated(shoe: int, rules: str) -> int:
    """Every bet of one shoe, exactly.

    Args:
        shoe: Every bet of one shoe.
        rules: ``Exactly``!

    Returns:
        Every bet of one shoe, exactly.
    """


def shared(shoe: int, rules: str) -> str:
    """A figure.

    Args:
        shoe: What to count.
        rules: What to count

    Yields:
        The figures, one by one.
    """


def no_returns(shoe: int) -> int:
    """A figure.

    Args:
        shoe: The cards dealt from.
    """


def wrong_name(shoe: int) -> None:
    """A figure.

    Args:
        shoes: The cards dealt from.
    """


def starred(*args: int, **kwargs: str) -> None:
    """A figure.

    Args:
        *args: The numbers to add.
        **kwargs:
    """


class Deck:
    """Cards in order.

    Args:
        cards: The cards, top first.
    """

    def __init__(self, cards: str, jokers: int = 0) -> None:
        self.cards = cards

    @property
    def size(self) -> int:
        """How many cards are left."""

    def _hidden(self, x: int) -> int:
        """Not in the reference."""

    def deal(self, count: int) -> str:
        """Deal cards from the top.

        Args:
            count: How many.

        Returns:
            The cards dealt, top first.
        """
'''


def demo_failures(tmp_path: Path) -> set[tuple[str, str]]:
    """The failures the check finds in ``DEMO``, a one-module package, by callable and problem."""
    (tmp_path / "src" / "demo").mkdir(parents=True)
    (tmp_path / "src" / "demo" / "__init__.py").write_text(DEMO, encoding="utf-8")
    package = load_package(tmp_path, "demo")
    return {
        (failure.callable, failure.problem)
        for obj in callables(package, ["demo"])
        for failure in check(obj, tmp_path)[0]
    }


def test_the_check_finds_each_kind_of_missing_or_repeated_description(tmp_path: Path) -> None:
    assert demo_failures(tmp_path) == {
        ("demo.no_args", "parameter `shoe` has no description"),
        ("demo.repeated", "parameter `shoe` repeats the summary line"),
        ("demo.repeated", "parameter `rules` repeats the summary line"),
        ("demo.repeated", "Returns repeats the summary line"),
        ("demo.shared", "parameters `shoe`, `rules` share one description"),
        ("demo.no_returns", "Returns has no description"),
        ("demo.wrong_name", "parameter `shoe` has no description"),
        ("demo.wrong_name", "describes `shoes`, which is not a parameter"),
        ("demo.starred", "parameter `kwargs` has no description"),
        ("demo.Deck", "parameter `jokers` has no description"),
    }


def test_a_failure_report_groups_by_file_with_counts() -> None:
    failures = [
        Failure("src/cardmath/bets.py", 9, "cardmath.bets.f", "Returns has no description"),
        Failure("src/cardmath/games/x.py", 3, "cardmath.games.x.g", "parameter `a` has no description"),
        Failure("src/cardmath/bets.py", 2, "cardmath.bets.e", "parameter `b` has no description"),
    ]
    assert report(failures).splitlines() == [
        "src/cardmath/bets.py: 2",
        "  src/cardmath/bets.py:2 cardmath.bets.e: parameter `b` has no description",
        "  src/cardmath/bets.py:9 cardmath.bets.f: Returns has no description",
        "src/cardmath/games/x.py: 1",
        "  src/cardmath/games/x.py:3 cardmath.games.x.g: parameter `a` has no description",
        "3 failures in 2 files",
    ]
    assert report(failures, ["src/cardmath/games/"]).splitlines()[0] == "src/cardmath/games/x.py: 1"
    assert report(failures, ["src/cardmath/*.py"]).splitlines()[-1] == "2 failures in 1 files"


def main(argv: Sequence[str]) -> int:
    """List the failures under the paths in ``argv`` (every file when none), then the tally."""
    failures, tally = survey()
    print(report(failures, argv))
    print(f"whole project: {tally}")
    if argv:
        print(f"under {' '.join(argv)}: {area_tally(argv)}")
    return 1 if any(under(failure.file, argv) for failure in failures) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
