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
