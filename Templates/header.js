// foldmark: the header's controls that need JavaScript, shipped hidden so that a page
// without it shows no button that could not work.

// The theme switch: the system's scheme, light or dark, in turn. A choice other than the
// system's is kept in the browser's storage; the page's <head> reads it back and sets
// data-theme on <html> before the first paint, so a page never flashes the other scheme.
(function () {
  "use strict";
  var button = document.getElementById("fm-theme");
  if (!button) return;
  var KEY = "foldmark:theme";
  var CHOICES = ["system", "light", "dark"];
  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return CHOICES.indexOf(value) > 0 ? value : "system";
    } catch (error) { return "system"; }
  }
  function apply(choice) {
    var root = document.documentElement;
    if (choice === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", choice);
    var next = CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length];
    button.setAttribute("data-choice", choice);
    button.setAttribute("aria-label", "Theme: " + choice);
    button.title = "Theme: " + choice + " (switch to " + next + ")";
  }
  function store(choice) {
    try {
      if (choice === "system") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, choice);
    } catch (error) { /* storage switched off: the choice lasts as long as the page */ }
  }
  apply(stored());
  button.hidden = false;
  button.addEventListener("click", function () {
    var choice = CHOICES[(CHOICES.indexOf(button.getAttribute("data-choice")) + 1) % CHOICES.length];
    store(choice);
    apply(choice);
  });
  // Another page of the site switched: follow it.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) apply(stored());
  });
})();

// The page's actions (Expand all, ...): on a narrow screen, where the CSS shows the
// button, they fold into a menu. Escape, a click elsewhere or an action closes it.
(function () {
  "use strict";
  var toggle = document.getElementById("fm-actions");
  var list = document.getElementById("fm-actions-list");
  if (!toggle || !list || !list.querySelector("button:not([hidden])")) return;
  function setOpen(open) { toggle.setAttribute("aria-expanded", open ? "true" : "false"); }
  function isOpen() { return toggle.getAttribute("aria-expanded") === "true"; }
  toggle.hidden = false;
  toggle.addEventListener("click", function () {
    setOpen(!isOpen());
    var first = list.querySelector("button:not([hidden])");
    if (isOpen() && first) first.focus();
  });
  list.addEventListener("click", function (event) {
    // "Copy link" says in its label what it did: the menu stays open for it to be read.
    if (event.target.closest("button") && event.target.id !== "fm-share-folds") setOpen(false);
  });
  document.addEventListener("click", function (event) {
    if (isOpen() && !toggle.contains(event.target) && !list.contains(event.target)) setOpen(false);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    toggle.focus();
    event.preventDefault();
  });
})();

// The site navigation, open over the page on a narrow screen (see script.js and
// header.css): Escape or a click on the page closes it.
(function () {
  "use strict";
  var menu = document.querySelector(".fm-menu");
  var sidebar = menu && menu.parentElement;
  if (!sidebar) return;
  function isOpenOverPage() {
    return menu.getClientRects().length > 0 && menu.getAttribute("aria-expanded") === "true";
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !isOpenOverPage()) return;
    menu.click();
    menu.focus();
    event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    if (isOpenOverPage() && !sidebar.contains(event.target)) menu.click();
  });
})();
