// foldmark: deep links, print and expand/collapse for the <details> sections of a page.
// Sections fold without this script; it only adds what needs JavaScript.
(function () {
  "use strict";
  function sections() {
    return Array.prototype.slice.call(document.querySelectorAll("details.fm-section"));
  }

  // Opens every <details> around the element with this id (and the element itself if it
  // is a section), then scrolls to it.
  function reveal(id) {
    var target = id && document.getElementById(id);
    if (!target) return false;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
    target.scrollIntoView();
    return true;
  }

  function idFromHash(hash) {
    var id = hash.charAt(0) === "#" ? hash.slice(1) : hash;
    try { return decodeURIComponent(id); } catch (error) { return id; }
  }

  window.addEventListener("hashchange", function () { reveal(idFromHash(location.hash)); });
  // A link to the hash already in the address bar fires no hashchange: reveal on click.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    if (link && idFromHash(link.getAttribute("href")) === idFromHash(location.hash)) {
      reveal(idFromHash(location.hash));
    }
  });
  if (location.hash) reveal(idFromHash(location.hash));

  function setAll(open) {
    sections().forEach(function (section) { section.open = open; });
  }
  var expand = document.getElementById("fm-expand-all");
  var collapse = document.getElementById("fm-collapse-all");
  if (expand && collapse) {
    expand.hidden = false;
    collapse.hidden = false;
    expand.addEventListener("click", function () { setAll(true); });
    collapse.addEventListener("click", function () { setAll(false); });
  }

  // Printing shows every section, then puts the reader's folds back.
  var beforePrint = null;
  window.addEventListener("beforeprint", function () {
    beforePrint = sections().map(function (section) { return section.open; });
    setAll(true);
  });
  window.addEventListener("afterprint", function () {
    if (!beforePrint) return;
    var all = sections();
    beforePrint.forEach(function (open, index) { if (all[index]) all[index].open = open; });
    beforePrint = null;
  });
})();

// The table of contents marks the section being read. Sections fold, so positions
// change; the observer follows the summaries wherever they are.
(function () {
  "use strict";
  var toc = document.querySelector(".fm-toc");
  if (!toc || !("IntersectionObserver" in window)) return;
  var links = {};
  Array.prototype.forEach.call(toc.querySelectorAll("a[href^='#']"), function (link) {
    links[decodeURIComponent(link.getAttribute("href").slice(1))] = link;
  });
  var visible = {};
  function update() {
    var current = null;
    var sections = document.querySelectorAll("details.fm-section");
    for (var i = 0; i < sections.length; i++) {
      if (visible[sections[i].id] && links[sections[i].id]) { current = sections[i].id; break; }
    }
    Object.keys(links).forEach(function (id) {
      links[id].classList.toggle("fm-current", id === current);
      if (id === current) links[id].setAttribute("aria-current", "location");
      else links[id].removeAttribute("aria-current");
    });
  }
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) { visible[entry.target.parentElement.id] = entry.isIntersecting; });
    update();
  }, { rootMargin: "-48px 0px -40% 0px" });
  Array.prototype.forEach.call(document.querySelectorAll("details.fm-section > summary"), function (summary) {
    if (links[summary.parentElement.id]) observer.observe(summary);
  });
})();
