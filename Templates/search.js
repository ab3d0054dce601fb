// foldmark: site search. Nothing loads until the search box gets focus; then
// search/index.js, and for each query only the term shards and entry chunks it needs, all
// as <script> elements, which work from file:// where fetch does not. The index format
// is described in Sources/Site/Search/SearchIndex.swift; terms are split and folded as in
// SearchTerms.swift.
(function () {
  "use strict";
  var form = document.querySelector("form.fm-search");
  var input = document.getElementById("fm-search-input");
  var list = document.getElementById("fm-search-results");
  var status = document.getElementById("fm-search-status");
  if (!form || !input || !list || !status) return;
  var root = form.getAttribute("data-root") || "";
  var MAX_RESULTS = 20;
  var MAX_EXPANSIONS = 300;
  var MAX_SHARDS_PER_WORD = 8;

  var index = null;
  var shards = {};
  var chunks = {};
  var loads = {};
  window.foldmarkSearch = {
    index: function (data) { index = data; },
    terms: function (number, text) { shards[number] = parseShard(text); },
    entries: function (number, rows) { chunks[number] = parseChunk(number, rows); },
    // For measurements and tests: resolves with {hits: [{href, trail}], count}.
    query: function (text) { return search(terms(text)); }
  };

  // Loads search/<name>.js once; resolves when it ran, rejects when it is missing.
  function load(name) {
    if (!loads[name]) {
      loads[name] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = root + "search/" + name + ".js";
        script.charset = "utf-8";
        script.onload = function () { resolve(); };
        script.onerror = function () { delete loads[name]; reject(new Error(name)); };
        document.head.appendChild(script);
      });
    }
    return loads[name];
  }

  // Numbers: base 45, the last digit from the first half of the alphabet.
  function decode(text) {
    var result = [];
    var value = 0;
    var previous = -1;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      var digit = code - (code > 92 ? 36 : 35);
      if (digit >= 45) {
        value = value * 45 + digit - 45;
      } else {
        previous += value * 45 + digit + 1;
        result.push(previous);
        value = 0;
      }
    }
    return result;
  }

  function digitValue(character) {
    var code = character.charCodeAt(0);
    return code - (code > 92 ? 36 : 35);
  }

  function parseShard(text) {
    var shard = { terms: [], headings: [], bodies: [] };
    var records = text.split("!");
    var previous = "";
    for (var i = 1; i < records.length; i++) {
      var record = records[i];
      var first = record.indexOf(" ");
      var second = record.indexOf(" ", first + 1);
      var term = previous.slice(0, digitValue(record)) + record.slice(1, first);
      shard.terms.push(term);
      shard.headings.push(record.slice(first + 1, second));
      shard.bodies.push(record.slice(second + 1));
      previous = term;
    }
    return shard;
  }

  function parseChunk(number, rows) {
    var entry = index ? index.chunks[number] : 0;
    return rows.map(function (row) {
      var page = { path: row[0], title: row[1], hasPageEntry: row[2] === 1, first: entry, sections: [] };
      for (var i = 3; i + 2 < row.length; i += 3) {
        var title = row[i + 1] || page.title;
        page.sections.push({ id: row[i] || simpleSlug(title), title: title, level: row[i + 2] });
      }
      entry += page.sections.length + (page.hasPageEntry ? 1 : 0);
      return page;
    });
  }

  function simpleSlug(title) {
    return title.toLowerCase().replace(/[^a-z0-9_ -]/g, "").replace(/ /g, "-");
  }

  // The terms of a text, as the index has them.
  function terms(text) {
    var folded = text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/ς/g, "σ");
    var words = folded.match(/[\p{L}\p{N}]+/gu) || [];
    var result = [];
    words.forEach(function (word) {
      var points = Array.from(word);
      if (points.length > 32) word = points.slice(0, 32).join("");
      if ((points.length >= 2 || word.charCodeAt(0) > 127) && result.indexOf(word) < 0) result.push(word);
    });
    return result;
  }

  // The last index i with sorted[i] <= value (0 if none).
  function floorIndex(sorted, value) {
    var low = 0;
    var high = sorted.length - 1;
    var found = 0;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (sorted[middle] <= value) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return found;
  }

  function shardsFor(word) {
    var first = floorIndex(index.terms, word);
    var last = floorIndex(index.terms, word + "\uffff");
    var numbers = [];
    for (var n = first; n <= last && numbers.length < MAX_SHARDS_PER_WORD; n++) numbers.push(n);
    return numbers;
  }

  // entry -> score for one query word: a hit in an entry's own title counts more than one
  // in its text, an exact term more than a longer one that starts with the word.
  function scores(word) {
    var result = new Map();
    var expansions = 0;
    shardsFor(word).forEach(function (number) {
      var shard = shards[number];
      var i = lowerBound(shard.terms, word);
      for (; i < shard.terms.length && expansions < MAX_EXPANSIONS; i++) {
        var term = shard.terms[i];
        if (term.lastIndexOf(word, 0) !== 0) break;
        expansions++;
        var exact = term === word;
        add(result, decode(shard.headings[i]), exact ? 20 : 12);
        add(result, decode(shard.bodies[i]), exact ? 2 : 1);
      }
    });
    return result;
  }

  function add(map, entries, score) {
    for (var i = 0; i < entries.length; i++) {
      var old = map.get(entries[i]);
      if (old === undefined || old < score) map.set(entries[i], score);
    }
  }

  function lowerBound(sorted, value) {
    var low = 0;
    var high = sorted.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (sorted[middle] < value) low = middle + 1; else high = middle;
    }
    return low;
  }

  function ensureIndex() {
    return index ? Promise.resolve() : load("index");
  }

  // Resolves with up to MAX_RESULTS {entry, score}, best first, and the total count.
  function search(words) {
    return ensureIndex().then(function () {
      var needed = [];
      words.forEach(function (word) {
        shardsFor(word).forEach(function (n) { if (needed.indexOf(n) < 0) needed.push(n); });
      });
      return Promise.all(needed.map(function (n) { return load("t" + n); }));
    }).then(function () {
      var maps = words.map(scores).sort(function (a, b) { return a.size - b.size; });
      var total = [];
      maps[0].forEach(function (score, entry) {
        for (var i = 1; i < maps.length; i++) {
          var other = maps[i].get(entry);
          if (other === undefined) return;
          score += other;
        }
        total.push({ entry: entry, score: score });
      });
      total.sort(function (a, b) { return b.score - a.score || a.entry - b.entry; });
      var top = total.slice(0, MAX_RESULTS);
      var needed = [];
      top.forEach(function (hit) {
        var n = floorIndex(index.chunks, hit.entry);
        if (needed.indexOf(n) < 0) needed.push(n);
      });
      return Promise.all(needed.map(function (n) { return load("d" + n); })).then(function () {
        return { hits: top.map(describe), count: total.length };
      });
    });
  }

  // Where an entry leads and what to call it: the page title, then the headings above it.
  function describe(hit) {
    var pages = chunks[floorIndex(index.chunks, hit.entry)];
    var page = pages[0];
    for (var i = 0; i < pages.length && pages[i].first <= hit.entry; i++) page = pages[i];
    var offset = hit.entry - page.first - (page.hasPageEntry ? 1 : 0);
    var trail = [page.title];
    var id = "";
    if (offset >= 0) {
      var stack = [];
      for (var s = 0; s <= offset; s++) {
        var section = page.sections[s];
        while (stack.length && stack[stack.length - 1].level >= section.level) stack.pop();
        stack.push(section);
      }
      stack.forEach(function (section, position) {
        if (position > 0 || section.title !== page.title) trail.push(section.title);
      });
      id = page.sections[offset].id;
    }
    var file = root + page.path + ".html";
    // A path whose first segment holds ":" ("c:d.html") would read as a URL scheme.
    if (/^[^\/]*:/.test(file)) file = "./" + file;
    var href = file + (id ? "#" + encodeURIComponent(id) : "");
    if (id && new URL(file, location.href).pathname === location.pathname) href = "#" + encodeURIComponent(id);
    return { href: href, trail: trail };
  }

  // Text with the words that start with a query word in <mark>.
  function highlighted(text, words) {
    var fragment = document.createDocumentFragment();
    var pattern = /[\p{L}\p{N}\p{M}]+/gu;
    var last = 0;
    var match;
    while ((match = pattern.exec(text))) {
      var folded = terms(match[0])[0] || "";
      var hit = folded && words.some(function (word) { return folded.lastIndexOf(word, 0) === 0; });
      if (!hit) continue;
      fragment.appendChild(document.createTextNode(text.slice(last, match.index)));
      var mark = document.createElement("mark");
      mark.textContent = match[0];
      fragment.appendChild(mark);
      last = match.index + match[0].length;
    }
    fragment.appendChild(document.createTextNode(text.slice(last)));
    return fragment;
  }

  var active = -1;
  function options() { return list.querySelectorAll("[role=option]"); }

  function setActive(position) {
    var all = options();
    active = all.length ? Math.max(0, Math.min(position, all.length - 1)) : -1;
    for (var i = 0; i < all.length; i++) all[i].setAttribute("aria-selected", i === active ? "true" : "false");
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function show(result, words) {
    list.textContent = "";
    result.hits.forEach(function (hit, position) {
      var link = document.createElement("a");
      link.className = "fm-search-result";
      link.setAttribute("role", "option");
      link.setAttribute("aria-selected", "false");
      link.id = "fm-search-result-" + position;
      link.href = hit.href;
      hit.trail.forEach(function (part, depth) {
        if (depth > 0) {
          var separator = document.createElement("span");
          separator.className = "fm-search-separator";
          separator.setAttribute("aria-hidden", "true");
          separator.textContent = " › ";
          link.appendChild(separator);
        }
        var span = document.createElement("span");
        span.className = depth === 0 && hit.trail.length > 1 ? "fm-search-page" : "fm-search-heading";
        span.appendChild(highlighted(part, words));
        link.appendChild(span);
      });
      list.appendChild(link);
    });
    var count = result.count;
    status.textContent = count === 0 ? "No results" : count === 1 ? "1 result" :
      count > result.hits.length ? count + " results, showing the first " + result.hits.length : count + " results";
    if (count === 0) {
      var empty = document.createElement("p");
      empty.className = "fm-search-empty";
      empty.textContent = "No results";
      list.appendChild(empty);
    }
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    active = -1;
    input.removeAttribute("aria-activedescendant");
  }

  var generation = 0;
  function run() {
    var query = input.value;
    var words = terms(query);
    var mine = ++generation;
    if (!words.length) {
      close();
      list.textContent = "";
      status.textContent = "";
      return;
    }
    search(words).then(function (result) {
      if (mine === generation) show(result, words);
    }, function () {
      if (mine !== generation) return;
      status.textContent = "The search index could not be loaded";
      close();
    });
  }

  var timer = null;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(run, 60);
  });
  input.addEventListener("focus", function () {
    ensureIndex().catch(function () { status.textContent = "The search index could not be loaded"; });
    if (input.value && list.childNodes.length) {
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (list.hidden && list.childNodes.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
      setActive(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      var all = options();
      if (list.hidden || !all.length) return;
      all[active >= 0 ? active : 0].click();
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (!list.hidden) { close(); } else { input.value = ""; status.textContent = ""; input.blur(); }
    }
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  // Keeps the focus in the box while a result is clicked, so the list stays until the click.
  list.addEventListener("mousedown", function (event) { event.preventDefault(); });
  list.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("a")) setTimeout(close, 0);
  });
  form.addEventListener("focusout", function (event) {
    if (!event.relatedTarget || !form.contains(event.relatedTarget)) close();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (window.foldmark.isTyping(event.target)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
  form.hidden = false;
})();
