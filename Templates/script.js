// foldmark: deep links, shared and remembered folds, print, expand/collapse for the
// <details> sections of a page.
// Sections fold without this script; it only adds what needs JavaScript.
// What the theme's other scripts share; they are inlined after this one.
window.foldmark = (function () {
  "use strict";
  // The old way, which also works where navigator.clipboard is missing or refuses (some
  // browsers on file://): copy the selection of a textarea that the reader never sees.
  function copyWithTextarea(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.left = "0";
    area.style.width = "1px";
    area.style.height = "1px";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    document.body.removeChild(area);
    return copied;
  }

  // Puts `text` on the clipboard; resolves to whether that worked.
  function copyText(text) {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      return navigator.clipboard.writeText(text).then(
        function () { return true; },
        function () { return copyWithTextarea(text); });
    }
    return Promise.resolve(copyWithTextarea(text));
  }

  // Whether keys pressed in `target` are the reader's typing, not shortcuts.
  function isTyping(target) {
    return !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  return { copyText: copyText, isTyping: isTyping };
})();

(function () {
  "use strict";
  function sections() {
    return Array.prototype.slice.call(document.querySelectorAll("details.fm-section"));
  }
  function isSection(node) {
    return node && node.tagName === "DETAILS" && node.classList.contains("fm-section");
  }
  // What the page opens by itself, before the reader, a shared link or a stored state.
  var defaults = {};
  sections().forEach(function (section) { defaults[section.id] = section.open; });

  // Opens every <details> around the element with this id (and the element itself if it
  // is a section), then scrolls to it.
  function reveal(id) {
    var target = id && document.getElementById(id);
    if (!target) return false;
    instantly(function () {
      for (var node = target; node; node = node.parentElement) {
        if (node.tagName === "DETAILS") node.open = true;
      }
      // Scrolling lays the page out, with the sections at their full height already.
      target.scrollIntoView();
    });
    return true;
  }

  // Runs `change` with the opening animation off: a section that slid open would still
  // be short when the page scrolls to what is inside it, and the scroll would miss.
  function instantly(change) {
    var root = document.documentElement;
    root.classList.add("fm-instant");
    try { change(); } finally {
      requestAnimationFrame(function () { root.classList.remove("fm-instant"); });
    }
  }

  function idFromHash(hash) {
    var id = hash.charAt(0) === "#" ? hash.slice(1) : hash;
    try { return decodeURIComponent(id); } catch (error) { return id; }
  }

  function setAll(open) {
    // An accordion keeps one member open: open-all.js lifts that until the reader's next click.
    if (open && window.foldmark.liftAccordions) window.foldmark.liftAccordions();
    sections().forEach(function (section) { section.open = open; });
  }
  // A section and every section inside it.
  function setTree(section, open) {
    section.open = open;
    Array.prototype.forEach.call(section.querySelectorAll("details.fm-section"), function (inner) {
      inner.open = open;
    });
  }

  // The sections a reader sees open: open, inside open sections only.
  function visiblyOpen() {
    return sections().filter(function (section) {
      for (var node = section; node; node = node.parentElement) {
        if (node.tagName === "DETAILS" && !node.open) return false;
      }
      return true;
    }).map(function (section) { return section.id; });
  }
  // Opens exactly these sections (and what holds them); every other section closes.
  function openOnly(ids) {
    sections().forEach(function (section) { section.open = false; });
    ids.forEach(function (id) {
      var section = document.getElementById(id);
      if (!isSection(section)) return;
      for (var node = section; node; node = node.parentElement) {
        if (isSection(node)) node.open = true;
      }
    });
  }

  // `?open=a,b` in the address: the ids as written, comma-separated, each URI-encoded.
  function sharedOpenIDs() {
    var match = /(?:^|[?&])open=([^&#]*)/.exec(location.search);
    if (!match) return null;
    return match[1].split(",").filter(Boolean).map(function (part) {
      try { return decodeURIComponent(part.replace(/\+/g, " ")); } catch (error) { return part; }
    });
  }
  function shareURL() {
    var ids = visiblyOpen().map(encodeURIComponent).join(",");
    var search = location.search.replace(/^\?/, "").split("&").filter(function (pair) {
      return pair && pair.indexOf("open=") !== 0;
    });
    search.push("open=" + ids);
    return location.href.split(/[?#]/)[0] + "?" + search.join("&") + location.hash;
  }

  // The reader's folds are kept per page, as the sections that differ from the page's
  // defaults, with the hash of the page's source: when the page changes, the state expires.
  var main = document.getElementById("content");
  var pageHash = main ? main.getAttribute("data-fm-hash") || "" : "";
  var remember = document.body.getAttribute("data-fm-remember") !== "off";
  var storageKey = "foldmark:folds:" + location.pathname;
  // What the storage holds for this page, as this page last read or wrote it (null: nothing).
  var written = null;
  // The sections the reader toggled when this version of the page was last open, or null.
  // Folds kept for another version expire here: they are removed at once.
  function stored() {
    try {
      written = localStorage.getItem(storageKey);
      var state = JSON.parse(written || "null");
      if (state && state.hash === pageHash && Array.isArray(state.toggled)) return state.toggled;
      if (written !== null) localStorage.removeItem(storageKey);
      written = null;
    } catch (error) { /* storage switched off, or not JSON: written is the text, replaced on the next save */ }
    return null;
  }
  var saving = null;
  function save() {
    saving = null;
    var toggled = sections().filter(function (section) {
      return section.open !== defaults[section.id];
    }).map(function (section) { return section.id; });
    var state = toggled.length ? JSON.stringify({ hash: pageHash, toggled: toggled }) : null;
    // The browser also fires toggle for each section that starts open, when the page
    // opens; such events change nothing, and must not overwrite what another tab stored.
    if (state === written) return;
    try {
      if (state) localStorage.setItem(storageKey, state);
      else localStorage.removeItem(storageKey);
      written = state;
    } catch (error) { /* storage full or switched off: folds are simply not kept */ }
  }

  var shared = sharedOpenIDs();
  var kept = remember ? stored() : null;
  instantly(function () {
    if (shared) {
      openOnly(shared);
    } else {
      (kept || []).forEach(function (id) {
        var section = document.getElementById(id);
        if (isSection(section)) section.open = !defaults[id];
      });
    }
  });
  if (location.hash) reveal(idFromHash(location.hash));
  if (remember) {
    // toggle does not bubble; a capturing listener still sees it.
    document.addEventListener("toggle", function (event) {
      if (isSection(event.target) && !saving) saving = setTimeout(save, 100);
    }, true);
  }

  window.addEventListener("hashchange", function () { reveal(idFromHash(location.hash)); });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) return;
    // A link to the hash already in the address bar fires no hashchange: reveal on click.
    var link = target.closest("a[href^='#']");
    if (link && idFromHash(link.getAttribute("href")) === idFromHash(location.hash)) {
      reveal(idFromHash(location.hash));
    }
    // Alt-click (Option-click) on a section's heading opens or closes all of it.
    var summary = target.closest("summary");
    if (event.altKey && summary && isSection(summary.parentElement) && !target.closest("a")) {
      event.preventDefault();
      setTree(summary.parentElement, !summary.parentElement.open);
    }
    // The button at the end of a long section folds it and goes back to its heading.
    var end = target.closest(".fm-fold-end");
    if (end) {
      var section = end.closest("details.fm-section");
      var heading = section.querySelector("summary");
      section.open = false;
      heading.focus({ preventScroll: true });
      if (heading.getBoundingClientRect().top < 0) heading.scrollIntoView();
    }
  });
  Array.prototype.forEach.call(document.querySelectorAll(".fm-fold-end"), function (button) {
    button.hidden = false;
  });

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey) return;
    // Alt+Enter on a section's heading: the keyboard's Alt-click.
    if (event.altKey) {
      var summary = event.target.closest && event.target.closest("summary");
      if (event.key === "Enter" && summary && isSection(summary.parentElement)) {
        event.preventDefault();
        setTree(summary.parentElement, !summary.parentElement.open);
      }
      return;
    }
    if (window.foldmark.isTyping(event.target)) return;
    if (event.key === "e") { setAll(true); event.preventDefault(); }
    if (event.key === "c") { setAll(false); event.preventDefault(); }
  });

  var expand = document.getElementById("fm-expand-all");
  var collapse = document.getElementById("fm-collapse-all");
  if (expand && collapse) {
    expand.hidden = false;
    collapse.hidden = false;
    expand.addEventListener("click", function () { setAll(true); });
    collapse.addEventListener("click", function () { setAll(false); });
  }

  // "Copy link": the page's address with ?open= listing the open sections, also put in
  // the address bar, so that the link can be copied from there too.
  var share = document.getElementById("fm-share-folds");
  if (share && sections().length) {
    share.hidden = false;
    share.addEventListener("click", function () {
      var url = shareURL();
      try { history.replaceState(history.state, "", url); } catch (error) { /* file:// may refuse */ }
      window.foldmark.copyText(url).then(function (copied) {
        var label = share.textContent;
        share.textContent = copied ? "Link copied" : "Link in the address bar";
        setTimeout(function () { share.textContent = label; }, 1500);
      });
    });
  }
})();

// On a narrow screen (where the CSS shows the "Menu" button) the site's navigation starts
// folded, so that the page comes first; the button opens and closes it. On a wide screen
// the CSS hides the button and shows the navigation whatever its state.
(function () {
  "use strict";
  var menu = document.querySelector(".fm-menu");
  var sidebar = menu && menu.parentElement;
  if (!sidebar) return;
  function fold(folded) {
    sidebar.classList.toggle("fm-folded", folded);
    menu.setAttribute("aria-expanded", folded ? "false" : "true");
  }
  fold(true);
  menu.hidden = false;
  menu.addEventListener("click", function () { fold(!sidebar.classList.contains("fm-folded")); });
})();

// The table of contents marks the section being read. Sections fold, so positions
// change; the observer follows the summaries (and the page's title) wherever they are.
(function () {
  "use strict";
  var toc = document.querySelector(".fm-toc");
  if (!toc || !("IntersectionObserver" in window)) return;
  var links = {};
  Array.prototype.forEach.call(toc.querySelectorAll("a[href^='#']"), function (link) {
    links[decodeURIComponent(link.getAttribute("href").slice(1))] = link;
  });
  var headings = document.querySelectorAll(".fm-title, details.fm-section > summary");
  function idOf(heading) { return heading.tagName === "SUMMARY" ? heading.parentElement.id : heading.id; }
  var visible = {};
  function update() {
    var current = null;
    for (var i = 0; i < headings.length; i++) {
      var id = idOf(headings[i]);
      if (visible[id] && links[id]) { current = id; break; }
    }
    Object.keys(links).forEach(function (id) {
      links[id].classList.toggle("fm-current", id === current);
      if (id === current) links[id].setAttribute("aria-current", "location");
      else links[id].removeAttribute("aria-current");
    });
  }
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) { visible[idOf(entry.target)] = entry.isIntersecting; });
    update();
  }, { rootMargin: "-48px 0px -40% 0px" });
  Array.prototype.forEach.call(headings, function (heading) {
    if (links[idOf(heading)]) observer.observe(heading);
  });
})();
