// foldmark: opening everything at once, for "Expand all" and for printing.
// An accordion is a group of <details> with the same name, of which the browser keeps at
// most one open: opening the others one by one would close each in turn. So the name is
// lifted while they are all open.
(function () {
  "use strict";
  var LIFTED = "data-fm-name";
  function each(selector, action) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), action);
  }

  // Lets every member of every accordion open, until the reader next opens or closes a
  // member of its group (see below). Script.js calls this before it expands all.
  window.foldmark.liftAccordions = function () {
    each("details[name]", function (details) {
      details.setAttribute(LIFTED, details.getAttribute("name"));
      details.removeAttribute("name");
    });
  };

  // The reader clicked a member of a lifted accordion: the group is exclusive again. Its
  // other members close first, then the click opens or closes this one, as in an
  // accordion whose only open member was this one.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    var member = summary && summary.parentElement;
    if (!member || !member.hasAttribute(LIFTED)) return;
    var name = member.getAttribute(LIFTED);
    each("details[" + LIFTED + "]", function (details) {
      if (details.getAttribute(LIFTED) !== name) return;
      if (details !== member) details.open = false;
      details.removeAttribute(LIFTED);
      details.setAttribute("name", name);
    });
  }, true);

  // Printing shows every <details> of the page (sections, accordion members, folded
  // callouts) with its content, then puts back what was open and the names. A name
  // goes back after the folds: the group had at most one member open before.
  var before = null;
  window.addEventListener("beforeprint", function () {
    var all = Array.prototype.slice.call(document.querySelectorAll("main details"));
    before = all.map(function (details) {
      return { details: details, open: details.open, name: details.getAttribute("name") };
    });
    all.forEach(function (details) {
      details.removeAttribute("name");
      details.open = true;
    });
  });
  window.addEventListener("afterprint", function () {
    if (!before) return;
    before.forEach(function (state) { state.details.open = state.open; });
    before.forEach(function (state) {
      if (state.name !== null) state.details.setAttribute("name", state.name);
    });
    before = null;
  });
})();
