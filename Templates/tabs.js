// foldmark: tab sets, made of the subsections of a `{.tabs}` heading. The page ships every
// panel with its heading and the tab list hidden, so that without JavaScript each tab is
// read in turn; this script shows the list, one panel at a time, and follows the ARIA tabs
// pattern (arrow keys, Home and End, aria-selected, one tab in the Tab order).
// A tab chosen in one set is chosen in every set of the site that has a tab of that label,
// and the choice is kept in localStorage, which pages opened from file:// share too.
(function () {
  "use strict";
  var sets = Array.prototype.map.call(document.querySelectorAll(".fm-tabs"), setUp).filter(Boolean);
  if (!sets.length) return;
  var storageKey = "foldmark:tabs";
  var kept = 12;

  // The labels chosen on any page, the latest first.
  function chosen() {
    try {
      var labels = JSON.parse(localStorage.getItem(storageKey) || "[]");
      return Array.isArray(labels) ? labels : [];
    } catch (error) { return []; }
  }
  function remember(label) {
    var labels = chosen().filter(function (other) { return other !== label; });
    labels.unshift(label);
    try { localStorage.setItem(storageKey, JSON.stringify(labels.slice(0, kept))); } catch (error) {
      /* storage full or switched off: the choice holds for this page only */
    }
  }

  function label(tab) { return tab.textContent.trim(); }

  // An id that no element of the page has yet, from `base`.
  function freeID(base) {
    var id = base;
    for (var n = 1; document.getElementById(id); n++) id = base + "-" + n;
    return id;
  }

  function setUp(container) {
    var list = container.querySelector(".fm-tablist");
    var panels = Array.prototype.filter.call(container.children, function (child) {
      return child.classList.contains("fm-tab-panel");
    });
    var tabs = list ? Array.prototype.slice.call(list.querySelectorAll("[role=tab]")) : [];
    if (!tabs.length || tabs.length !== panels.length) return null;
    var set = { container: container, tabs: tabs, panels: panels };
    tabs.forEach(function (tab, index) {
      var panel = panels[index];
      tab.id = freeID(panel.id + "-tab");
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tab.id);
      panel.tabIndex = 0;
      tab.addEventListener("click", function () { choose(set, index); });
      // Find in page reaches a closed panel (hidden="until-found") and asks for it first.
      panel.addEventListener("beforematch", function () { select(set, index); });
    });
    list.addEventListener("keydown", function (event) { move(set, event); });
    select(set, 0);
    list.hidden = false;
    container.classList.add("fm-tabs-ready");
    return set;
  }

  // Shows the panel at `index` of `set`. A closed panel stays in the page for find in
  // page (hidden="until-found"); where a browser knows no such value it is only hidden.
  function select(set, index) {
    set.tabs.forEach(function (tab, other) {
      var selected = other === index;
      tab.setAttribute("aria-selected", selected ? "true" : "false");
      tab.tabIndex = selected ? 0 : -1;
      if (selected) set.panels[other].removeAttribute("hidden");
      else set.panels[other].setAttribute("hidden", "until-found");
    });
  }

  // The reader's choice: every set with a tab of this label shows it, the tab chosen stays
  // where it is on the screen while the sets above it change height, and it is remembered.
  function choose(set, index) {
    var tab = set.tabs[index];
    var top = tab.getBoundingClientRect().top;
    var name = label(tab);
    sets.forEach(function (other) {
      var match = other === set ? index : indexOf(other, name);
      if (match >= 0) select(other, match);
    });
    window.scrollBy(0, tab.getBoundingClientRect().top - top);
    remember(name);
  }

  function indexOf(set, name) {
    for (var i = 0; i < set.tabs.length; i++) if (label(set.tabs[i]) === name) return i;
    return -1;
  }

  // Arrow keys move to the next or previous tab (round), Home and End to the first and
  // last; the tab moved to is chosen.
  function move(set, event) {
    var current = set.tabs.indexOf(event.target);
    if (current < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    var count = set.tabs.length;
    var next = { ArrowRight: current + 1, ArrowLeft: current - 1 + count, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    next %= count;
    choose(set, next);
    set.tabs[next].focus();
  }

  // The set and index of the panel that holds `element`, outermost first.
  function panelsAround(element) {
    var found = [];
    for (var node = element; node; node = node.parentElement) {
      sets.forEach(function (set) {
        var index = set.panels.indexOf(node);
        if (index >= 0) found.unshift({ set: set, index: index });
      });
    }
    return found;
  }

  // Shows the tabs that hold the element with this id; true if there were any.
  function reveal(id) {
    var target = id && document.getElementById(id);
    var around = target ? panelsAround(target) : [];
    around.forEach(function (place) { select(place.set, place.index); });
    return around.length > 0;
  }

  function idFromHash(hash) {
    var id = hash.charAt(0) === "#" ? hash.slice(1) : hash;
    try { return decodeURIComponent(id); } catch (error) { return id; }
  }

  var labels = chosen();
  sets.forEach(function (set) {
    for (var i = 0; i < labels.length; i++) {
      var index = indexOf(set, labels[i]);
      if (index >= 0) { select(set, index); return; }
    }
  });
  // A link to a tab, or into one: the page's script has opened the sections around it and
  // scrolled to it while its panel may have been closed; scroll again once it shows.
  function revealHash() {
    var id = idFromHash(location.hash);
    if (reveal(id)) document.getElementById(id).scrollIntoView();
  }
  if (location.hash) revealHash();
  window.addEventListener("hashchange", revealHash);
  // A link to the address already shown fires no hashchange; a link to another shows its
  // tab before the browser scrolls to it.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    if (link) reveal(idFromHash(link.getAttribute("href")));
  });
})();
