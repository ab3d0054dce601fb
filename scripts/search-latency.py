#!/usr/bin/env python3
"""Measures search latency in headless Chromium on a built foldmark site, from file://.

    . /opt/foldmark-tools/env.sh
    $FOLDMARK_PYTHON scripts/search-latency.py OUT_DIR [--page index.html]
        [--query WORDS ...] [--runs K]

For each query, "cold" is a fresh page load followed by the query: it includes loading
search/index.js and the term shards and entry chunks the query needs. "warm" repeats the
query on the same page, everything loaded. Both time foldmarkSearch.query() (search.js)
with performance.now(), from the call to the ranked results described. "typed" is the
whole interaction on a warm page: setting the box's value and firing `input` until the
status line reports the results; it includes search.js's debounce (60 ms).
Prints the median and the worst of K runs (default 5).
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "browser"))
import support  # noqa: E402

DEFAULT_QUERIES = ["cache", "schema vector", "render", "comp", "parse workspace stream", "zzzznothing"]

QUERY_JS = """
var done = arguments[arguments.length - 1];
var t0 = performance.now();
window.foldmarkSearch.query(arguments[0]).then(function (r) {
  done({ms: performance.now() - t0, count: r.count, first: r.hits.length ? r.hits[0].trail.join(' > ') : ''});
}, function (e) { done({error: String(e)}); });
"""

TYPED_JS = """
var done = arguments[arguments.length - 1];
var input = document.getElementById('fm-search-input');
var status = document.getElementById('fm-search-status');
input.focus();
input.value = '';
status.textContent = '';
var t0 = performance.now();
var observer = new MutationObserver(function () {
  if (status.textContent) { observer.disconnect(); done({ms: performance.now() - t0, status: status.textContent}); }
});
observer.observe(status, {childList: true, characterData: true, subtree: true});
input.value = arguments[0];
input.dispatchEvent(new Event('input', {bubbles: true}));
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", help="a built foldmark site (the output folder)")
    parser.add_argument("--page", default="index.html")
    parser.add_argument("--query", action="append", help="a query (repeatable)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    site = Path(args.site).resolve()
    if not (site / "search" / "index.js").is_file():
        sys.exit(f"search-latency: {site} has no search/index.js")
    queries = args.query or DEFAULT_QUERIES
    driver = support.make_driver()
    driver.set_script_timeout(60)
    url = support.page_url(site, args.page)
    try:
        print(f"{'query':28} {'results':>8} {'cold ms':>16} {'warm ms':>16} {'typed ms':>16}")
        for query in queries:
            cold, warm, typed = [], [], []
            count = None
            for _ in range(args.runs):
                support.load(driver, url)
                result = driver.execute_async_script(QUERY_JS, query)
                if "error" in result:
                    sys.exit(f"search-latency: {query!r}: {result['error']}")
                cold.append(result["ms"])
                count = result["count"]
                warm.append(driver.execute_async_script(QUERY_JS, query)["ms"])
                typed.append(driver.execute_async_script(TYPED_JS, query)["ms"])

            def cell(values):
                return f"{statistics.median(values):7.1f} / {max(values):6.1f}"
            print(f"{query[:28]:28} {count:>8} {cell(cold):>16} {cell(warm):>16} {cell(typed):>16}")
        print("(median / worst of %d runs; cold includes loading the index files)" % args.runs)
        errors = support.browser_errors(driver)
        if errors:
            print("browser errors:", errors)
            return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
