"""The documentation site, built and looked at in a real browser (Chromium, driven by Playwright).

The site is built once (``mkdocs build --strict`` into a temporary folder; the build log must
hold no warning), served by ``python -m http.server`` on 127.0.0.1, and every page is opened:

- it loads with no request leaving 127.0.0.1 (every other request is recorded and refused), no
  failed request and no script error, and every image on it loads;
- at 1280 and at 420 px wide, no element is wider than the content column (a wide table scrolls
  inside its own box), and at 1280 px no code block is cut off;
- searching for "banker" lists the Baccarat page first, served and opened from disk;
- the copy button of a console or Python-session block copies no prompt and no output.

Screenshots of the main pages go to ``build/screenshots/`` (git-ignored), to be looked at.  The
browser is the system's Chromium (Debian's ``chromium`` package; Playwright never downloads
one); without it the test is skipped, saying so.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
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

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser", "google-chrome") if (found := shutil.which(name))),
    None,
)
WIDTHS = (1280, 420)
MAIN_PAGES = (
    "index.html",
    "install.html",
    "tables.html",
    "downloads/index.html",
    "cli.html",
    "games/reddog.html",
    "games/baccarat.html",
    "games/pool.html",
    "games/dragon_tiger.html",
    "examples/reddog_par_sheet.html",
    "reference/cardmath.games.baccarat.html",
)

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
                if name.startswith("games/") and width == WIDTHS[0]:
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


def search(page: Page, words: str) -> list[str]:
    """Type ``words`` in the site's search box; the pages of the results, best first.

    The words are typed key by key, as a reader does.  The search index loads in the
    background: words typed before it is ready find nothing, so they are typed again until
    results show (for at most about 45 seconds)."""
    box = page.locator("input.md-search__input")
    box.click()
    results = page.locator(".md-search-result__item > a")
    for _ in range(15):
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
