#!/usr/bin/env bash
# Mutation testing of the counting core with mutmut 3 (slow: not part of CI).
#
# Usage:
#   scripts/mutation.sh [--baseline] [--head] [MODULE ...]
#
# MODULE is one of: enumeration exact engine baccarat pool (default: all of them, one after the
# other); engine is the engine's counting (cardmath/engine/tally.py, settle.py), which Red Dog,
# Dragon Tiger and every game dealt by a dealing run on.  Each module is mutated in its own working
# copy under mutants/<module>/ (git-ignored): src/, tests/ and pyproject.toml are copied there and
# the [tool.mutmut] section is appended to the COPY of pyproject.toml, so the repository's own files
# are never touched.  Each run starts afresh (mutmut's cache would keep a survivor's verdict after a
# test is added).
# --baseline leaves out the tests written to kill mutants (tests/test_mutants_*.py), to see the
# score of the rest of the suite (working copies under mutants/baseline/).  --head mutates the last
# commit (git archive of the commit HEAD names when the script starts, so commits made during a run
# change nothing) instead of the working tree, with the working tree's tests/test_mutants_*.py: a
# consistent snapshot while others edit the tree.
#
# Environment:
#   MUTATION_JOBS  parallel mutmut workers (default 2)
#   MUTATION_SHOW  when 1, print the diff of every surviving mutant
#
# Prints, per module and overall: killed / total and the percentage (a timed-out mutant counts as
# killed, a mutant no selected test reaches counts as survived), then the survivors.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
JOBS="${MUTATION_JOBS:-2}"
WORK_ROOT="$ROOT/mutants"

BASELINE=0
HEAD=0
MODULES=()
for arg in "$@"; do
    case "$arg" in
        --baseline) BASELINE=1 ;;
        --head) HEAD=1 ;;
        -h | --help) sed -n '2,25p' "$0"; exit 0 ;;
        *) MODULES+=("$arg") ;;
    esac
done
if [ $BASELINE -eq 1 ]; then
    WORK_ROOT="$ROOT/mutants/baseline"
fi
if [ ${#MODULES[@]} -eq 0 ]; then
    MODULES=(enumeration exact engine baccarat pool)
fi
# The commit every module of a --head run is measured on, fixed once.
COMMIT="$(git -C "$ROOT" rev-parse HEAD)"

# The files mutated and the fast test files run against them, per module.  mutmut runs, for each
# mutant, only the selected tests that call the mutated function (it records them first).
files_of() {
    case "$1" in
        enumeration) echo "src/cardmath/enumeration.py" ;;
        exact) echo "src/cardmath/exact.py" ;;
        engine) echo "src/cardmath/engine/tally.py src/cardmath/engine/settle.py" ;;
        baccarat) echo "src/cardmath/games/baccarat/counting.py src/cardmath/games/baccarat/structure.py" ;;
        pool) echo "src/cardmath/games/pool/chances.py" ;;
        *) echo "unknown module '$1': use enumeration, exact, engine, baccarat or pool" >&2; return 1 ;;
    esac
}

tests_of() {
    case "$1" in
        enumeration) printf 'tests/test_enumeration.py tests/test_reddog.py tests/test_dragon_tiger.py' ;;
        exact) printf 'tests/test_exact.py tests/test_reddog.py tests/test_dragon_tiger.py tests/test_baccarat.py' ;;
        engine) printf 'tests/test_reddog.py tests/test_dragon_tiger.py' ;;
        # The batch tests check the counting behind analyze_many (match_counts, multiset_weights)
        # against the per-class path.
        baccarat) printf 'tests/test_baccarat.py tests/test_baccarat_batch.py' ;;
        pool) printf 'tests/test_pool.py tests/test_pool_inputs.py' ;;
    esac
    # The tests written to kill mutants (tests/test_mutants_*.py) run too, unless --baseline.
    [ $BASELINE -eq 0 ] || return 0
    local extra
    for extra in "$ROOT"/tests/test_mutants_*.py; do
        [ -e "$extra" ] && printf ' tests/%s' "$(basename "$extra")"
    done
    return 0
}

toml_list() {
    local first=1 item
    printf '['
    for item in "$@"; do
        [ $first -eq 1 ] || printf ', '
        printf '"%s"' "$item"
        first=0
    done
    printf ']'
}

if ! "$VENV/bin/python" -c "import mutmut" 2>/dev/null; then
    "$VENV/bin/pip" install --quiet "mutmut>=3,<4"
fi
MUTMUT="$VENV/bin/mutmut"

run_module() {
    local module="$1" work="$WORK_ROOT/$1"
    local files tests extra
    files="$(files_of "$module")"
    tests="$(tests_of "$module")"
    rm -rf "$work"
    mkdir -p "$work"
    # A snapshot of the sources and tests (the working tree may change while mutmut runs).
    if [ $HEAD -eq 1 ]; then
        git -C "$ROOT" archive "$COMMIT" src tests pyproject.toml | tar -x -C "$work"
        mv "$work/pyproject.toml" "$work/pyproject.source.toml"
        for extra in "$ROOT"/tests/test_mutants_*.py; do
            [ ! -e "$extra" ] || cp "$extra" "$work/tests/"
        done
    else
        cp -r "$ROOT/src" "$ROOT/tests" "$work/"
        cp "$ROOT/pyproject.toml" "$work/pyproject.source.toml"
    fi
    find "$work/src" "$work/tests" -name __pycache__ -prune -exec rm -rf {} +
    # mutmut 3 leaves decorated functions alone (it mutates only undecorated functions, class and
    # static methods).  In the copy, a function whose decorators merely wrap it (@checked,
    # @functools.cache, @functools.lru_cache(...), @property, @functools.cached_property: the
    # engine's counters build their deals and multisets once) is written undecorated and wrapped
    # by an assignment right after it, `name = checked(name)`: the same object, now mutated too.
    # shellcheck disable=SC2086
    (cd "$work" && "$VENV/bin/python" - $files) <<'PY'
import ast
import sys
from pathlib import Path

WRAPPERS = {"checked", "property", "functools.cache", "functools.lru_cache", "functools.cached_property"}


def name_of(decorator: ast.expr) -> str:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target)


for path in map(Path, sys.argv[1:]):
    text = path.read_text()
    lines = text.splitlines(keepends=True)
    inserts: dict[int, str] = {}
    removed: set[int] = set()
    nodes = [n for n in ast.walk(ast.parse(text)) if isinstance(n, (ast.Module, ast.ClassDef))]
    for parent in nodes:
        for node in parent.body:
            if not isinstance(node, ast.FunctionDef) or not node.decorator_list:
                continue
            if not all(name_of(d) in WRAPPERS for d in node.decorator_list):
                continue
            wrapped = node.name
            for decorator in reversed(node.decorator_list):
                wrapped = f"{ast.unparse(decorator)}({wrapped})"
                removed.update(range(decorator.lineno - 1, decorator.end_lineno))
            inserts[node.end_lineno] = f"{' ' * node.col_offset}{node.name} = {wrapped}\n"
    out = []
    for number, line in enumerate(lines):
        if number not in removed:
            out.append(line)
        if number + 1 in inserts:
            out.append(inserts[number + 1])
    path.write_text("".join(out))
PY
    # The shoe-free tables are cached (functools.cache): mutmut records which tests reach a function
    # by running them all in one process, where only the first test to build a table would reach the
    # functions that build it.  Every cache is emptied before each test, in the copy only.
    cat >>"$work/tests/conftest.py" <<'PY'


# --- added by scripts/mutation.sh to its working copy ---
import sys as _sys  # noqa: E402

import pytest as _pytest  # noqa: E402


@_pytest.fixture(autouse=True)
def _empty_cardmath_caches() -> None:
    for name, module in list(_sys.modules.items()):
        if name == "cardmath" or name.startswith("cardmath."):
            for value in list(vars(module).values()):
                for item in (value, *(vars(value).values() if isinstance(value, type) else ())):
                    clear = getattr(item, "cache_clear", None)
                    if callable(clear):
                        clear()
PY
    # shellcheck disable=SC2086
    {
        cat "$work/pyproject.source.toml"
        echo
        echo "[tool.mutmut]"
        echo "source_paths = [\"src\"]"
        echo "only_mutate = $(toml_list $files)"
        echo "pytest_add_cli_args_test_selection = $(toml_list $tests)"
        echo "pytest_add_cli_args = [\"-p\", \"no:cacheprovider\", \"-m\", \"not slow\"]"
        # Fork each mutant's process from a server that has only collected the tests, so no cache
        # (functools.cache on the shoe-free tables) holds an unmutated result from a test run.
        echo "process_isolation = \"forkserver\""
        echo "use_git_change_detection = false"
    } >"$work/pyproject.toml"
    echo "=== $module: mutating $files"
    echo "    tests: $tests"
    (
        cd "$work"
        export CI=1 # hypothesis: derandomized, so that a rerun gives the same verdicts
        "$MUTMUT" run --max-children "$JOBS" >"$work/run.log" 2>&1 || {
            tail -n 40 "$work/run.log"
            exit 1
        }
        tail -n 3 "$work/run.log" | tr '\r' '\n' | grep -v '^\s*$' | tail -n 2
        "$MUTMUT" export-cicd-stats >/dev/null
        "$MUTMUT" results >"$work/survivors.txt"
    )
}

summary() {
    "$VENV/bin/python" - "$WORK_ROOT" "$@" <<'PY'
import json
import sys
from pathlib import Path

root = Path(sys.argv[1])
killed_all = total_all = 0
print()
print(f"{'module':<14} {'killed':>7} {'total':>6} {'score':>7}   (survived, no tests, timeout, suspicious)")
for module in sys.argv[2:]:
    stats = json.loads((root / module / "mutants" / "mutmut-cicd-stats.json").read_text())
    killed = stats["killed"] + stats["timeout"]
    total = stats["total"] - stats["skipped"]
    killed_all += killed
    total_all += total
    rest = (stats["survived"], stats["no_tests"], stats["timeout"], stats["suspicious"])
    print(f"{module:<14} {killed:>7} {total:>6} {100 * killed / max(total, 1):>6.1f}%   {rest}")
print(f"{'overall':<14} {killed_all:>7} {total_all:>6} {100 * killed_all / max(total_all, 1):>6.1f}%")
print()
for module in sys.argv[2:]:
    lines = (root / module / "survivors.txt").read_text().split("\n")
    survivors = [line.strip() for line in lines if line.strip()]
    print(f"survivors of {module} ({len(survivors)}):")
    for line in survivors:
        print(f"    {line}")
PY
}

for module in "${MODULES[@]}"; do
    run_module "$module"
done
summary "${MODULES[@]}"
[ $HEAD -eq 0 ] || echo "measured on commit $COMMIT"

if [ "${MUTATION_SHOW:-0}" = 1 ]; then
    for module in "${MODULES[@]}"; do
        (
            cd "$WORK_ROOT/$module"
            grep -o '^ *[^ :]*' survivors.txt | while read -r name; do "$MUTMUT" show "$name"; done
        )
    done
fi
