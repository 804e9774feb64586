"""The documentation site, built and looked at in a real browser (Chromium, driven by Playwright).

The site is built once (``mkdocs build --strict`` into a temporary folder; the build log must
hold no warning), served by ``python -m http.server`` on 127.0.0.1, and every page is opened:

- it loads with no request leaving 127.0.0.1 (every other request is recorded and refused), no
  failed request and no script error, and every image on it loads;
- at 1280 and at 420 px wide, no element is wider than the content column (a wide table scrolls
  inside its own box), and at 1280 px no code block is cut off;
- on every game page, in every tab, measured against the viewport: at 420 px (a phone) every par
  sheet's outcome, probability and house-edge cells and every download link are in view without
  scrolling sideways, at 1280 px no table is wider than its box, and at both widths every chart's
  tick labels are at least 10 px high on the screen;
- on a phone (420 x 900 px), before scrolling: every game page's answer card with the game's
  headline figure and its exact fraction, every capability page's headline, the home page's first
  headline card; no page over 500 KB of HTML, no game, odds or capability page over 18,000 px
  tall at 420 px; each game's odds tables on a page per shoe, linked from its page; no tab set
  split in two;
- searching for "banker" lists the Baccarat page first, served and opened from disk;
- the copy button of a console or Python-session block copies no prompt and no output.

Screenshots of the main pages go to ``build/screenshots/`` (git-ignored), to be looked at.  The
browser is the system's Chromium (Debian's ``chromium`` package; Playwright never downloads
one); without it the test is skipped, saying so.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    Request,
    Route,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from cardmath.games.registry import GAMES
from cardmath.output import fraction_text, percent_text, render_table

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser", "google-chrome") if (found := shutil.which(name))),
    None,
)
WIDTHS = (1280, 420)
PHONE = (420, 900)
"""A phone's screen, in CSS px: what the reader sees before scrolling."""
GAME_PAGES = tuple(game.docs_page.removesuffix(".md") + ".html" for game in GAMES)
ODDS_PAGES = tuple(
    f"{game.docs_page.removesuffix('.md')}/{game.axis.folder(point)}.html"
    for game in GAMES
    for point in game.default_points
)
"""Each game's odds tables, a page per shoe (or hand size), linked from the game's page."""
CAPABILITY_PAGES = ("information.html", "risk.html", "counting-studies.html")
"""The pages of what the library does beyond a game's par sheets, each opening with its answer."""
TALLEST_PX = 18_000
"""The tallest a page may be at 420 px: about 20 phone screens."""
HEAVIEST_BYTES = 500_000
"""The most HTML a page may weigh."""
MAIN_PAGES = (
    "index.html",
    "install.html",
    "tables.html",
    "downloads/index.html",
    "cli.html",
    "counting-studies.html",
    "information.html",
    "risk.html",
    *GAME_PAGES,
    "examples/reddog_par_sheet.html",
    "reference/cardmath.games.baccarat.html",
)
DOWNLOAD_PAGES = ("downloads/index.html", *(f"downloads/{game.name}.html" for game in GAMES))
"""The download page, and each game's."""
LAYOUT_PAGES = (
    *GAME_PAGES,
    *ODDS_PAGES,
    *DOWNLOAD_PAGES,
    "tables.html",
    "counting-studies.html",
    "information.html",
    "risk.html",
)
"""The pages whose tables and charts are measured tab by tab at each width."""
SMALLEST_TICK_PX = 10
"""The least height on the screen of a chart's tick label (its ink, from the top of a digit to the
bottom of the lowest glyph), in CSS px."""

ONCE = ("Card", "Rank", "Suit", "Shoe", "CardmathError", "OptionError", "ShoeError", "PayTableError")
"""Names the package re-exports from their own modules: the reference documents each once."""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no Chromium found (install Debian's 'chromium' package: apt-get install chromium)",
    ),
]

# Every element of the content column that is not inside a scrolling box must fit in the column;
# the page itself must not scroll sideways.
TOO_WIDE = """
() => {
  const content = document.querySelector(".md-content");
  const column = content.getBoundingClientRect();
  const found = [];
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    found.push(`the page: ${document.documentElement.scrollWidth} px`);
  const walk = (parent) => {
    for (const el of parent.children) {
      const box = el.getBoundingClientRect();
      if (box.width && (box.left < column.left - 1 || box.right > column.right + 1))
        found.push(`${el.tagName.toLowerCase()}.${el.className}: ${Math.round(box.width)} px`);
      if (!["auto", "scroll", "hidden"].includes(getComputedStyle(el).overflowX)) walk(el);
    }
  };
  walk(content);
  return found;
}
"""

# Code blocks whose text does not fit their box (they would scroll: part of them is hidden).
CUT_CODE = """
() => [...document.querySelectorAll(".md-content pre > code")]
  .filter((code) => code.scrollWidth > code.clientWidth + 1)
  .map((code) => `${code.scrollWidth} > ${code.clientWidth} px: ${code.textContent.slice(0, 60)}`)
"""

# Each tab of every tab set in turn (tab k of every set at once), every collapsible block open (an
# odds page's tables), so that every table is measured where it is shown: returns how many tabs the
# widest set has, after opening tab ``k``.
OPEN_TAB = """
(k) => {
  for (const block of document.querySelectorAll(".md-content details")) block.open = true;
  let most = 1;
  for (const set of document.querySelectorAll(".md-content .tabbed-set")) {
    const inputs = [...set.children].filter((child) => child.matches("input"));
    most = Math.max(most, inputs.length);
    const input = inputs[Math.min(k, inputs.length - 1)];
    if (input) input.checked = true;
  }
  return most;
}
"""

# Where an element is on the screen, and whether it is in view: inside the viewport and inside
# every box that clips it (a table scrolling in its own box), at its scroll position of 0.
IN_VIEW = """
const inView = (element) => {
  const box = element.getBoundingClientRect();
  if (!box.width || !box.height) return {shown: false};
  let left = 0, right = document.documentElement.clientWidth;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent === document.documentElement || parent === document.body) continue;
    if (getComputedStyle(parent).overflowX !== "visible") {
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left + parent.clientLeft);
      right = Math.min(right, clip.left + parent.clientLeft + parent.clientWidth);
    }
  }
  const text = element.textContent.trim().slice(0, 40);
  const px = (value) => Math.round(value);
  const where = `${px(box.left)} to ${px(box.right)} px, in view ${px(left)} to ${px(right)} px`;
  return {shown: true, ok: box.left >= left - 1 && box.right <= right + 1, text, where};
};
const titleOf = (table) => {
  const box = table.closest(".cardmath-table") || table.closest(".md-typeset__scrollwrap") || table;
  for (let node = box; node; ) {
    node = node.previousElementSibling;
    const strong = node && (node.matches("p") ? node.querySelector("strong") : null);
    if (strong) return strong.textContent.trim().slice(0, 70);
  }
  return [...table.querySelectorAll("th")].map((th) => th.textContent.trim()).join(" | ").slice(0, 70);
};
"""

# At a phone's width: every par sheet (a table with "outcome", "probability" and "return" columns)
# that is shown must show, in view, the outcome and the probability of every row and the house
# edge (the last figure of its "house edge" row); every download link shown must be in view.
PHONE_FIGURES = (
    "() => {"
    + IN_VIEW
    + """
  const found = [];
  for (const table of document.querySelectorAll(".md-content table")) {
    if (!table.getBoundingClientRect().width) continue;
    const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    const outcome = heads.indexOf("outcome"), probability = heads.indexOf("probability");
    if (outcome < 0 || probability < 0 || !heads.includes("return")) continue;
    const cells = [];
    for (const row of table.querySelectorAll("tbody tr")) {
      const tds = [...row.children];
      const first = tds[0] ? tds[0].textContent.trim() : "";
      if (first === "house edge") {
        const figures = tds.filter((td) => td.textContent.trim());
        cells.push(["house edge", figures[figures.length - 1]]);
      } else if (first !== "total") {
        cells.push(["outcome", tds[outcome]], ["probability", tds[probability]]);
      }
    }
    if (!cells.some(([what]) => what === "house edge")) found.push(`${titleOf(table)}: no house edge row`);
    for (const [what, cell] of cells) {
      const seen = cell ? inView(cell) : {shown: false};
      if (!seen.shown || !seen.ok) {
        const place = seen.shown ? "at " + seen.where : "not shown";
        found.push(`${titleOf(table)}: the ${what} "${seen.text || ""}" is ${place}`);
        break;
      }
    }
  }
  const links = document.querySelectorAll(".md-content a[href*='downloads/'], .md-content .cardmath-grid a");
  for (const link of links) {
    const seen = inView(link);
    const href = link.getAttribute("href");
    if (seen.shown && !seen.ok) found.push(`download link "${seen.text}" ${href} at ${seen.where}`);
  }
  return found;
}"""
)

# At 1280 px: no table shown is wider than its box (nothing of it hidden behind a scroll bar).
TABLES_TOO_WIDE = (
    "() => {"
    + IN_VIEW
    + """
  return [...document.querySelectorAll(".md-content table")]
    .filter((table) => table.getBoundingClientRect().width && table.scrollWidth > table.clientWidth + 1)
    .map((table) => `${titleOf(table)}: ${table.scrollWidth} px in a box of ${table.clientWidth} px`);
}"""
)

# Every chart shown: the drawing the browser chose (a <picture> gives a phone its own) and the
# width it is shown at.
CHARTS_SHOWN = """
() => [...document.querySelectorAll("article img")]
  .filter((image) => image.getBoundingClientRect().width && /[.]svg$/.test(image.currentSrc))
  .map((image) => ({src: image.currentSrc, width: image.getBoundingClientRect().width}))
"""

# In a chart opened by itself (at its natural size): its width and the height of each tick label
# of its axes (matplotlib's groups xtick_N and ytick_N, whose text_M is the label).
TICK_LABELS = """
() => ({
  width: document.documentElement.getBoundingClientRect().width,
  heights: [...document.querySelectorAll("[id^='xtick_'] > [id^='text_'], [id^='ytick_'] > [id^='text_']")]
    .map((label) => ({
      // matplotlib draws the text as paths and writes it in a comment before them
      text: ([...label.childNodes].find((node) => node.nodeType === Node.COMMENT_NODE) || label)
        .textContent.trim(),
      height: label.getBoundingClientRect().height,
    })),
})
"""

BROKEN_IMAGES = """
() => [...document.images]
  .filter((image) => !image.complete || image.naturalWidth === 0)
  .map((image) => image.src)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built strictly into a temporary folder; its build log must be clean."""
    folder = tmp_path_factory.mktemp("site") / "site"
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "true", "DISABLE_MKDOCS_2_WARNING": "true"}
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)]
    run = subprocess.run(
        mkdocs, check=False, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=600
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-3000:]
    warnings = [line for line in log.splitlines() if re.search(r"\bWARNING\b|\bERROR\b", line)]
    assert not warnings, "\n".join(warnings)
    return folder


def free_port() -> int:
    """A TCP port nothing listens on, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 (a free port) while the tests run; its base URL."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "http.server",
        str(port),
        "--bind",
        "127.0.0.1",
        "--directory",
        str(site),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base, timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the site's server did not start")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """The system's Chromium, headless."""
    assert CHROMIUM is not None
    browser = playwright.chromium.launch(executable_path=CHROMIUM)
    yield browser
    browser.close()


class Watch:
    """A browser context that refuses and records every request leaving 127.0.0.1, and records
    failed requests, HTTP errors and script errors of its pages."""

    def __init__(self, browser: Browser, width: int) -> None:
        self.outside: list[str] = []
        self.failed: list[str] = []
        self.context: BrowserContext = browser.new_context(viewport={"width": width, "height": 900})
        self.context.route("**/*", self._route)
        self.page: Page = self.context.new_page()
        self.page.on("requestfailed", self._failed)
        self.page.on("pageerror", lambda error: self.failed.append(f"script error: {error}"))
        self.page.on("response", self._response)

    def _route(self, route: Route, request: Request) -> None:
        url = request.url
        if url.startswith(("http://127.0.0.1:", "data:", "blob:", "file:", "about:")):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def _failed(self, request: Request) -> None:
        # A request still under way when the test moves to the next page is cancelled
        # (ERR_ABORTED, often the favicon): not a fault of the site; the images of each page
        # are checked once it has loaded.  Refused requests are counted in ``outside``.
        if request.failure != "net::ERR_ABORTED" and request.url not in self.outside:
            self.failed.append(f"failed ({request.failure}): {request.url}")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"HTTP {response.status}: {response.url}")

    def close(self) -> None:
        self.context.close()


def pages(site: Path) -> list[str]:
    """Every page of the site, relative to its root."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))


def screenshot(page: Page, name: str, width: int) -> None:
    """Save the top of the page (at most 2,400 px of it) for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = min(page.evaluate("document.documentElement.scrollHeight"), 2400)
    stem = name.removesuffix(".html").replace("/", "-")
    page.screenshot(
        path=str(SCREENSHOTS / f"{stem}-{width}.png"),
        full_page=True,
        clip={"x": 0, "y": 0, "width": width, "height": height},
    )


def chart_screenshots(page: Page) -> None:
    """Save each chart of a page as it is shown, ``chart-NAME.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    boxes = page.eval_on_selector_all(
        "article img[src$='.svg']",
        """images => images.map(image => {
            const box = image.getBoundingClientRect();
            return {src: image.getAttribute("src"), x: box.left + scrollX, y: box.top + scrollY,
                    width: box.width, height: box.height};
        })""",
    )
    for box in boxes:
        stem = Path(box.pop("src")).stem
        page.screenshot(path=str(SCREENSHOTS / f"chart-{stem}.png"), full_page=True, clip=box)


def test_every_page_loads_locally_and_fits_its_column(browser: Browser, server: str, site: Path) -> None:
    """Each page is loaded once, looked at 1280 px wide, then narrowed to 420 px.

    The search's worker (which indexes the whole site on every page load) is replaced by an
    empty script here, to save time: search has tests of its own."""
    watch = Watch(browser, WIDTHS[0])
    watch.page.route(
        "**/workers/search*.js", lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    problems: list[str] = []
    documented: list[str] = []
    try:
        for name in pages(site):
            watch.page.set_viewport_size({"width": WIDTHS[0], "height": 900})
            watch.page.goto(server + name, wait_until="load")
            documented += watch.page.eval_on_selector_all(".doc-heading[id]", "hs => hs.map(h => h.id)")
            problems += [f"{name}: image not loaded: {src}" for src in watch.page.evaluate(BROKEN_IMAGES)]
            for width in WIDTHS:
                watch.page.set_viewport_size({"width": width, "height": 900})
                too_wide = watch.page.evaluate(TOO_WIDE)
                problems += [f"{name} at {width} px: wider than the column: {e}" for e in too_wide]
                # An example's printed output keeps the terminal's width and scrolls sideways in its box.
                if width >= 1280 and not name.startswith("examples/"):
                    problems += [
                        f"{name} at {width} px: code cut off: {e}" for e in watch.page.evaluate(CUT_CODE)
                    ]
                if name in MAIN_PAGES:
                    screenshot(watch.page, name, width)
                if (name.startswith("games/") or name == "information.html") and width == WIDTHS[0]:
                    chart_screenshots(watch.page)
        problems += [f"left the machine: {url}" for url in watch.outside]
        problems += watch.failed
    finally:
        watch.close()
    for each in ONCE:
        entries = [entry for entry in documented if entry.rpartition(".")[2] == each]
        if len(entries) != 1:
            problems.append(f"{each} is documented {len(entries)} times in the API reference: {entries}")
    assert not problems, "\n".join(problems[:40])


def tick_heights(watch: Watch, url: str, cache: dict[str, tuple[float, list[dict[str, Any]]]]) -> Any:
    """A chart's natural width and its tick labels' heights, opened by itself (measured once)."""
    if url not in cache:
        page = watch.context.new_page()
        try:
            page.goto(url, wait_until="load")
            measured = page.evaluate(TICK_LABELS)
        finally:
            page.close()
        cache[url] = (measured["width"], measured["heights"])
    return cache[url]


def small_ticks(watch: Watch, cache: dict[str, Any]) -> list[str]:
    """The charts of the page whose tick labels are shown less than SMALLEST_TICK_PX high."""
    found = []
    for chart in watch.page.evaluate(CHARTS_SHOWN):
        natural, labels = tick_heights(watch, chart["src"], cache)
        if not labels:
            found.append(f"{chart['src']}: no tick labels found")
            continue
        scale = chart["width"] / natural
        low = min(labels, key=lambda label: label["height"])
        if low["height"] * scale < SMALLEST_TICK_PX:
            found.append(
                f"{chart['src'].rpartition('/')[2]}: tick label {low['text']!r} is "
                f"{low['height'] * scale:.1f} px high (shown at {chart['width']:.0f} of {natural:.0f} px)"
            )
    return found


def layout_problems(watch: Watch, base: str, name: str, width: int, cache: dict[str, Any]) -> list[str]:
    """What a reader at ``width`` px cannot see on the page ``name``, tab by tab (see PHONE_FIGURES,
    TABLES_TOO_WIDE, CHARTS_SHOWN)."""
    watch.page.goto(base + name, wait_until="load")
    problems = [f"image not loaded: {src}" for src in watch.page.evaluate(BROKEN_IMAGES)]
    problems += small_ticks(watch, cache)
    tabs = watch.page.evaluate(OPEN_TAB, 0)
    for tab in range(tabs):
        watch.page.evaluate(OPEN_TAB, tab)
        problems += watch.page.evaluate(PHONE_FIGURES if width < 720 else TABLES_TOO_WIDE)
    return [f"{name} at {width} px: {problem}" for problem in dict.fromkeys(problems)]


def test_game_pages_keep_their_figures_in_view(browser: Browser, server: str) -> None:
    """Measured against the viewport, tab by tab: at 420 px a par sheet's outcome, probability and
    house edge and every download link are in view without scrolling sideways; at 1280 px no
    table is wider than its box; at both, every chart's tick labels are at least 10 px high."""
    problems: list[str] = []
    cache: dict[str, Any] = {}
    for width in WIDTHS:
        watch = Watch(browser, width)
        watch.page.route(
            "**/workers/search*.js", lambda route: route.fulfill(body="", content_type="text/javascript")
        )
        try:
            for name in LAYOUT_PAGES:
                problems += layout_problems(watch, server, name, width, cache)
            problems += [f"left the machine: {url}" for url in watch.outside] + watch.failed
        finally:
            watch.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])


def test_odds_tables_are_a_page_per_shoe_linked_usual_first(site: Path) -> None:
    """A game's page links each of its odds pages, the usual shoe marked (its default number of
    decks; a game by hand size its first); each odds page has its title and its tables."""
    for game in GAMES:
        markup = (site / game.docs_page.replace(".md", ".html")).read_text(encoding="utf-8")
        decks = getattr(game, "default_decks", None)
        usual = (
            decks if str(game.axis) == "decks" and decks in game.default_points else game.default_points[0]
        )
        for point in game.default_points:
            stem = game.docs_page.removesuffix(".md").rpartition("/")[2]
            href = f"{stem}/{game.axis.folder(point)}.html"
            link = re.search(rf'<a href="{re.escape(href)}">([^<]+)</a>', markup)
            assert link and link.group(1) == game.axis.label(point), (game.name, href)
            if point == usual:
                assert re.search(rf'<strong><a href="{re.escape(href)}">', markup), (
                    game.name,
                    "usual not marked",
                )
        for point in game.default_points:
            page = f"{game.docs_page.removesuffix('.md')}/{game.axis.folder(point)}.html"
            odds = (site / page).read_text(encoding="utf-8")
            assert "<table>" in odds and "<h1" in odds and game.axis.label(point) in odds, page


def test_no_tab_set_is_split_in_two(browser: Browser, server: str, site: Path) -> None:
    """Tabs written one after another are one set: a set never follows another directly (the
    marker that opens a tab, "===+", keeps the set; "===!" starts a new one there)."""
    with_tabs = [name for name in pages(site) if "tabbed-set" in (site / name).read_text(encoding="utf-8")]
    watch = Watch(browser, 1280)
    split = []
    try:
        for name in with_tabs:
            watch.page.goto(server + name, wait_until="load")
            found = watch.page.evaluate(
                """() => [...document.querySelectorAll("article .tabbed-set")]
                  .filter((set) => set.previousElementSibling?.matches(".tabbed-set")).length"""
            )
            if found:
                split.append(f"{name}: {found} tab set(s) right after another")
    finally:
        watch.close()
    assert not split, split


def test_formulas_are_typeset_not_code(browser: Browser, server: str, site: Path) -> None:
    """The mathematics page and every game page with a closed form in the number of decks show
    their formulas as MathML, which the browser lays out (a fraction stands taller than a line of
    text), and no formula of the number of decks is left as code."""
    pages_with_formulas = ["mathematics.html"] + [
        game.docs_page.replace(".md", ".html")
        for game in GAMES
        if "closed_form" in {str(verb) for verb in game.verbs}
    ]
    problems = []
    for name in pages_with_formulas:
        markup = (site / name).read_text(encoding="utf-8")
        if "<math" not in markup:
            problems.append(f"{name}: no typeset formula")
        problems += [
            f"{name}: a formula as code: {code}"
            for code in re.findall(r"<code>[^<]*\d+d²[^<]*</code>", markup)
        ]
    watch = Watch(browser, PHONE[0])
    try:
        watch.page.goto(server + "mathematics.html", wait_until="load")
        tallest = watch.page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('article math')]"
            ".map((m) => m.getBoundingClientRect().height))"
        )
    finally:
        watch.close()
    if tallest < 30:
        problems.append(f"mathematics.html: no formula laid out as maths (tallest {tallest} px)")
    assert not problems, "\n".join(problems)


def test_the_answer_is_on_the_first_phone_screen(browser: Browser, server: str) -> None:
    """On a phone (420 x 900 px), before any scrolling: every game page shows its answer card,
    whose first figure is the game's first headline (the home page's figure for it), with its
    exact fraction; each page of what the library does beyond par sheets shows its headline
    figure; the home page shows the first of its headline cards."""
    watch = Watch(browser, PHONE[0])
    watch.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    watch.page.route(
        "**/workers/search*.js", lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    first_screen = """(selector) => {
      const found = document.querySelector(selector);
      if (!found) return null;
      const box = found.getBoundingClientRect();
      return {text: found.textContent.trim(), bottom: box.bottom, inside: box.bottom <= innerHeight};
    }"""
    seen: dict[str, Any] = {}
    try:
        for game in GAMES:
            watch.page.goto(server + game.docs_page.replace(".md", ".html"), wait_until="load")
            seen[game.name] = (
                watch.page.evaluate(first_screen, ".cardmath-answer .cardmath-figure"),
                watch.page.evaluate(first_screen, ".cardmath-answer .cardmath-fraction"),
            )
        watch.page.goto(server + "index.html", wait_until="load")
        home = watch.page.evaluate(first_screen, ".grid.cards .cardmath-figure")
        for name in CAPABILITY_PAGES:
            watch.page.goto(server + name, wait_until="load")
            seen[name] = watch.page.evaluate(first_screen, ".cardmath-answer .cardmath-figure")
    finally:
        watch.close()
    problems = [
        f"{name}: its headline is not on the first screen: {seen[name]}"
        for name in CAPABILITY_PAGES
        if seen[name] is None or not seen[name]["inside"]
    ]
    for game in GAMES:
        headline = game.headlines()[0]
        figure, fraction = seen[game.name]
        if figure is None or not figure["inside"] or not fraction or not fraction["inside"]:
            problems.append(f"{game.name}: the answer is not on the first screen: {figure}, {fraction}")
        elif figure["text"] != percent_text(headline.value) or fraction["text"] != fraction_text(
            headline.value
        ):
            problems.append(f"{game.name}: the card shows {figure['text']} {fraction['text']}")
    if home is None or not home["inside"]:
        problems.append(f"the home page's first headline figure is below the first screen: {home}")
    assert not problems, "\n".join(problems)


def test_every_page_is_light_enough_for_a_phone(browser: Browser, server: str, site: Path) -> None:
    """No page weighs more than 500 KB of HTML, and no game or odds page (the pages of many
    tables) is taller than about 20 phone screens at 420 px."""
    heavy = [
        f"{name}: {size:,} bytes"
        for name in pages(site)
        if (size := (site / name).stat().st_size) > HEAVIEST_BYTES
    ]
    watch = Watch(browser, PHONE[0])
    watch.page.route(
        "**/workers/search*.js", lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    tall = []
    try:
        for name in (*GAME_PAGES, *ODDS_PAGES, *CAPABILITY_PAGES):
            watch.page.goto(server + name, wait_until="load")
            height = watch.page.evaluate("document.documentElement.scrollHeight")
            if height > TALLEST_PX:
                tall.append(f"{name}: {height:,} px")
    finally:
        watch.close()
    assert not heavy and not tall, "\n".join(heavy + tall)


def page_text(site: Path, name: str) -> str:
    """A built page's text, without its tags, each run of spaces one space."""
    markup = (site / name).read_text(encoding="utf-8")
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup)))


def rows_of(markup: str) -> list[list[str]]:
    """The cells of every table row of some HTML, as text (``<br>`` read as ``; ``)."""
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", markup, flags=re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)
        rows.append(
            [
                html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", "; ", cell))).strip()
                for cell in cells
            ]
        )
    return rows


def test_the_tables_page_states_the_decimals_the_files_have(site: Path) -> None:
    """The decimals the page states are those of the files: a probability in a published Markdown
    table and in a CSV file, counted in the rendered text."""
    sheet = GAMES.find("reddog").publication_tables(1)[0]
    markdown = render_table(sheet, "github")
    csv_text = render_table(sheet, "csv")
    markdown_places = len(re.search(r"\| +0\.(\d+) +\|", markdown).group(1))  # type: ignore[union-attr]
    csv_places = len(re.search(r",0\.(\d+),", csv_text).group(1))  # type: ignore[union-attr]
    text = page_text(site, "tables.html")
    assert f"rounded to {markdown_places} decimals" in text
    assert f"to {csv_places} decimals" in text
    assert "rounded to 10" not in text


def test_the_tables_page_keeps_every_name_as_it_is(site: Path) -> None:
    """What the set holds names each bet as its par sheets do: display names are never re-cased."""
    markup = (site / "tables.html").read_text(encoding="utf-8")
    section = markup.partition('id="what-the-set-holds"')[2].partition('id="formats"')[0]
    section = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", section)))
    for game in GAMES:
        assert game.title in section
        for bet in getattr(game, "built_in_bets", dict)().values():
            assert bet.display_name in section, (game.name, bet.display_name)
    assert "eZ Banker" not in section and "player Pair" not in section and "b2: solution" not in section


def test_the_home_and_install_pages_follow_the_registry_and_the_project(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        page = game.docs_page.replace(".md", ".html")
        assert re.search(
            rf'<a href="{re.escape(page)}">{re.escape(html.escape(game.title, quote=False))}</a>', home
        )
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    install = page_text(site, "install.html")
    assert f"Python {project['requires-python'].removeprefix('>=')} or later" in install
    assert "pip install -e ." in install
    for extra in project.get("optional-dependencies", {}):
        assert f"pip install -e '.[{extra}]'" in install
    assert "LibreOffice" in install and "Chromium" in install
    for folder in ("src/cardmath/", "tests/", "docs/", "examples/", "benchmarks/"):
        assert folder in install
    urls = project.get("urls", {})
    assert all(url in install for url in urls.values()) if urls else "this repository" in install


def test_the_chart_below_is_the_chart_the_text_describes(site: Path) -> None:
    """Chemin de fer's "chart below" (Player's play when one card leaves the shoe) is the chart of
    a card removed, the first image after the words."""
    game = GAMES.find("chemin-de-fer")
    (removal,) = [chart for chart in game.charts() if "removed" in chart.x_label]
    markup = (site / "games" / "chemin_de_fer.html").read_text(encoding="utf-8")
    after = markup.partition("The chart below")[2]
    assert re.search(r'<img src="[^"]+"', after).group(0).endswith(f'{removal.name}.svg"')  # type: ignore[union-attr]


def test_every_game_page_lists_its_bets_with_their_posted_odds(site: Path) -> None:
    """Each built-in bet has a row with its name and each winning pay as posted odds ("27 to 50"),
    never as a decimal ("0.54 to 1")."""
    for game in GAMES:
        if not hasattr(game, "built_in_bets"):
            continue
        markup = (site / game.docs_page.replace(".md", ".html")).read_text(encoding="utf-8")
        rows = {row[0]: row for row in rows_of(markup) if len(row) == 3}
        for name, bet in game.built_in_bets().items():
            row = rows.get(f"{bet.display_name} ({name})")
            assert row, (game.name, name, "no row")
            for _, pay in bet.pays:
                fraction = Fraction(str(pay))
                if fraction > 0 and fraction.denominator <= 100:
                    assert f"{fraction.numerator} to {fraction.denominator}" in row[2], (name, row)
            assert not re.search(r"\d\.\d+ to 1", row[2]), (name, row)


def search(page: Page, words: str) -> list[str]:
    """Type ``words`` in the site's search box; the pages of the results, best first.

    The words are typed key by key, as a reader does.  The search index loads in the
    background: words typed before it is ready find nothing, so they are typed again until
    results show (for at most about 90 seconds: a busy machine builds the index slowly)."""
    box = page.locator("input.md-search__input")
    box.click()
    results = page.locator(".md-search-result__item > a")
    for _ in range(30):
        box.fill("")
        box.press_sequentially(words, delay=20)
        try:
            results.first.wait_for(timeout=3000)
        except PlaywrightTimeoutError:
            continue
        return [re.split(r"[?#]", str(link.get_attribute("href")))[0] for link in results.all()]
    pytest.fail(f"search for {words!r} showed no result")


def test_search_for_banker_lists_the_baccarat_page_first(browser: Browser, server: str) -> None:
    watch = Watch(browser, 1280)
    try:
        watch.page.goto(server + "index.html")
        found = search(watch.page, "banker")
        screenshot(watch.page, "search-banker", 1280)
        # A game's page carries its bets as hidden search keywords: no chips in the results.
        assert not watch.page.locator(".md-search-result .md-tag").first.is_visible()
        assert watch.outside == [] and watch.failed == []
    finally:
        watch.close()
    assert found[0] == server + "games/baccarat.html", found[:5]


def test_search_for_a_game_lists_its_page_first(browser: Browser, server: str) -> None:
    watch = Watch(browser, 1280)
    firsts = {}
    try:
        for game in GAMES:
            watch.page.goto(server + "index.html")
            firsts[game.short_title] = search(watch.page, game.short_title)[0]
    finally:
        watch.close()
    expected = {game.short_title: server + game.docs_page.replace(".md", ".html") for game in GAMES}
    assert firsts == expected


def test_the_site_works_opened_from_disk(browser: Browser, site: Path) -> None:
    """From file://, links open pages (not folder listings) and search works."""
    watch = Watch(browser, 1280)
    try:
        watch.page.goto((site / "index.html").as_uri())
        hrefs = watch.page.eval_on_selector_all(".md-nav__link[href]", "links => links.map(a => a.href)")
        pages_linked = [href for href in hrefs if href.startswith("file:")]
        assert pages_linked and all(href.split("#")[0].endswith(".html") for href in pages_linked), hrefs
        found = search(watch.page, "banker")
        assert found[0] == (site / "games" / "baccarat.html").as_uri(), found[:5]
        watch.page.goto((site / "games" / "baccarat.html").as_uri())
        assert watch.page.evaluate(BROKEN_IMAGES) == []
        assert watch.outside == [], watch.outside
    finally:
        watch.close()


def test_the_copy_button_copies_no_prompt_and_no_output(browser: Browser, server: str) -> None:
    """A console block copies its commands without "$ "; a Python session its statements
    without ">>> " or "... " and without the output lines."""
    watch = Watch(browser, 1280)
    watch.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    seen: dict[str, tuple[str, str]] = {}
    try:
        for name, block in (
            ("index.html", ".language-console"),
            ("reference/cardmath.shoe.html", ".language-pycon"),
        ):
            watch.page.goto(server + name)
            first = watch.page.locator(block).first
            shown = str(first.locator("code").text_content())
            first.hover()
            first.locator("button.md-code__button[data-md-type='copy'], button.md-clipboard").first.click()
            seen[name] = (shown, str(watch.page.evaluate("navigator.clipboard.readText()")))
    finally:
        watch.close()
    shown, copied = seen["index.html"]
    commands = [line[2:] for line in shown.splitlines() if line.startswith("$ ")]
    assert commands and copied.splitlines() == commands, copied
    shown, copied = seen["reference/cardmath.shoe.html"]
    statements = [line[4:] for line in shown.splitlines() if line.startswith((">>> ", "... "))]
    output = [line for line in shown.splitlines() if line and not line.startswith((">>>", "..."))]
    assert output and statements and copied.splitlines() == statements, copied
