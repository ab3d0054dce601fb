// foldmark: Copy buttons on code blocks. The page ships them hidden, so that without
// JavaScript no button shows that could not work; this script shows them and copies.
(function () {
  "use strict";
  var FEEDBACK_MS = 1500;

  // When nothing works, select the code so that the reader can copy it by hand.
  function selectContents(element) {
    var selection = window.getSelection && window.getSelection();
    if (!selection) return;
    var range = document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function setUp(button) {
    var frame = button.closest(".fm-code");
    var code = frame && frame.querySelector("pre > code");
    if (!code) return;
    var timer = null;
    function show(label, copied) {
      button.textContent = label;
      button.classList.toggle("fm-copied", copied);
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(function () {
        button.textContent = "Copy";
        button.classList.remove("fm-copied");
        timer = null;
      }, FEEDBACK_MS);
    }
    button.addEventListener("click", function () {
      // cmark ends every code block with a line break; the reader did not write it.
      var text = code.textContent.replace(/\n$/, "");
      window.foldmark.copyText(text).then(function (copied) {
        button.focus();
        if (copied) {
          show("Copied", true);
        } else {
          selectContents(code);
          show("Press Ctrl+C", false);
        }
      });
    });
    button.hidden = false;
    if (button.parentElement) button.parentElement.hidden = false;
  }

  Array.prototype.forEach.call(document.querySelectorAll(".fm-code-copy"), setUp);
})();
