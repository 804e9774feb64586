/* The copy button of a console or Python-session block copies only what one types:
 * the commands without their "$ " prompt, the Python lines without ">>> " or "... ",
 * and no output lines. Material's button copies an element's data-copy text when it has one. */
(function () {
  "use strict";

  function commands(text, language) {
    var kept = [];
    var typing = false; // inside a Python statement: "... " lines continue it
    text.replace(/\n$/, "").split("\n").forEach(function (line) {
      if (language === "console") {
        if (line.indexOf("$ ") === 0) kept.push(line.slice(2));
        else if (line === "$") kept.push("");
      } else if (/^>>>( |$)/.test(line)) {
        kept.push(line.slice(4));
        typing = true;
      } else if (typing && /^\.\.\.( |$)/.test(line)) {
        kept.push(line.slice(4));
      } else {
        typing = false;
      }
    });
    return kept.join("\n");
  }

  function mark() {
    var blocks = document.querySelectorAll(
      ".language-pycon pre > code, .language-console pre > code"
    );
    blocks.forEach(function (code) {
      var language = code.closest(".language-console") ? "console" : "pycon";
      code.setAttribute("data-copy", commands(code.textContent, language));
    });
  }

  if (typeof document$ !== "undefined") document$.subscribe(mark);
  else document.addEventListener("DOMContentLoaded", mark);
})();
