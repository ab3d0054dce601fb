import FoundationEssentials

/// The script that `foldmark serve` adds to every HTML page it serves (never to the
/// built files): it listens for builds on ``LiveReloadScript/eventsPath`` and shows
/// build errors over the page.
///
/// When a build changed the page, the script saves the reader's place in
/// `sessionStorage` (the open or closed state of every `details.fm-section` by id, the
/// scroll position, and the first section heading in view with its distance from the top
/// of the window) and reloads. After the reload it puts every section that still exists
/// back the way the reader had it, so a section deleted from the Markdown is gone and a
/// new one shows in its default state, then scrolls so that the same heading is at the
/// same place in the window (or, if that section is gone, to the same scroll position).
enum LiveReloadScript {
    static let eventsPath = "/__foldmark/events"

    /// What the script needs to know about the page it is in.
    struct PageInfo: Encodable {
        /// The build the page was served at.
        var generation: Int
        var server: String
        /// The page's path in the output folder; nil for a "not found" page, which
        /// reloads after every build (the page it stands for may exist now).
        var page: String?

        private enum CodingKeys: String, CodingKey { case generation, server, page }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(generation, forKey: .generation)
            try container.encode(server, forKey: .server)
            try container.encode(page, forKey: .page)  // null rather than left out
        }
    }

    /// The `<script>` element for one page.
    static func element(for info: PageInfo) -> [UInt8] {
        // With every "<" escaped, no value can end the element or open a comment in it.
        let json =
            (try? JSONEncoder().encode(info)).map {
                String(decoding: $0, as: UTF8.self).split(separator: "<", omittingEmptySubsequences: false)
                    .joined(separator: "\\u003c")
            } ?? "null"
        return Array("<script>\nwindow.foldmarkServe = \(json);\n\(source)</script>\n".utf8)
    }

    /// `html` with `element` inserted before its last `</body>` (in any case), or at the end.
    static func inject(_ element: [UInt8], into html: [UInt8]) -> [UInt8] {
        let marker = Array("</body".utf8)
        var index = html.count - marker.count
        while index >= 0 {
            if html[index] == UInt8(ascii: "<"),
                zip(html[index..<index + marker.count], marker).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            {
                return Array(html[..<index]) + element + Array(html[index...])
            }
            index -= 1
        }
        return html + element
    }

    static let source = """
        (function () {
          "use strict";
          var config = window.foldmarkServe;
          if (!config || !window.EventSource || !window.JSON) return;
          var storageKey = "foldmark-serve:" + location.pathname;

          function sections() {
            return Array.prototype.slice.call(document.querySelectorAll("details.fm-section"));
          }

          // Whether a section lies inside a closed one (browsers may still give it a box).
          function isHidden(section) {
            return !!(section.parentElement && section.parentElement.closest("details:not([open])"));
          }

          function place() {
            var open = {};
            sections().forEach(function (section) { if (section.id) open[section.id] = section.open; });
            var anchor = null;
            var summaries = document.querySelectorAll("details.fm-section > summary");
            for (var i = 0; i < summaries.length; i++) {
              if (isHidden(summaries[i].parentElement)) continue;
              var box = summaries[i].getBoundingClientRect();
              if (box.height > 0 && box.bottom > 0) {
                anchor = { id: summaries[i].parentElement.id, top: box.top };
                break;
              }
            }
            return { open: open, x: window.scrollX, y: window.scrollY, anchor: anchor };
          }

          function restore() {
            var saved = null;
            try {
              saved = JSON.parse(sessionStorage.getItem(storageKey) || "null");
              sessionStorage.removeItem(storageKey);
            } catch (error) { saved = null; }
            function automatic() {
              if ("scrollRestoration" in history) history.scrollRestoration = "auto";
            }
            if (!saved || !saved.open) return automatic();
            // Sections open without their animation (see style.css), so that the page
            // has its final height when it scrolls back.
            var root = document.documentElement;
            root.classList.add("fm-instant");
            function settled() {
              automatic();
              requestAnimationFrame(function () { root.classList.remove("fm-instant"); });
            }
            sections().forEach(function (section) {
              if (section.id && Object.prototype.hasOwnProperty.call(saved.open, section.id)) {
                section.open = saved.open[section.id];
              }
            });
            function scroll() {
              var target = saved.anchor && saved.anchor.id && document.getElementById(saved.anchor.id);
              var summary = target && target.querySelector(":scope > summary");
              var box = summary && !isHidden(target) && summary.getBoundingClientRect();
              if (box && box.height > 0) window.scrollTo(saved.x, window.scrollY + box.top - saved.anchor.top);
              else window.scrollTo(saved.x, saved.y);
            }
            scroll();
            // Images may change the layout until "load": scroll again then. The browser's
            // own restoring stays off until this is done, or it would win.
            if (document.readyState === "complete") return settled();
            window.addEventListener("load", function () {
              scroll();
              setTimeout(settled, 0);
            });
          }

          function reload() {
            try { sessionStorage.setItem(storageKey, JSON.stringify(place())); } catch (error) {}
            if ("scrollRestoration" in history) history.scrollRestoration = "manual";
            location.reload();
          }

          function showStatus(status) {
            var box = document.getElementById("fm-serve-errors");
            if (status.ok) {
              if (box) box.parentNode.removeChild(box);
              return;
            }
            if (!box) {
              box = document.createElement("div");
              box.id = "fm-serve-errors";
              box.setAttribute("role", "alert");
              box.style.cssText = "position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;" +
                "max-height:50vh;overflow:auto;padding:0.75rem 1rem;border:2px solid #b00020;border-radius:6px;" +
                "background:#fff;color:#7a0016;font:15px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)";
              document.body.appendChild(box);
            }
            box.textContent = "";
            var title = document.createElement("strong");
            title.textContent = "The build failed. This page is from the last good build.";
            box.appendChild(title);
            (status.errors || []).forEach(function (error) {
              var line = document.createElement("pre");
              line.className = "fm-serve-error";
              line.style.cssText = "margin:0.5rem 0 0;white-space:pre-wrap;font:14px/1.4 ui-monospace,monospace";
              line.textContent = error.text;
              box.appendChild(line);
            });
            var dismiss = document.createElement("button");
            dismiss.type = "button";
            dismiss.textContent = "Dismiss";
            dismiss.style.cssText = "margin-top:0.5rem";
            dismiss.addEventListener("click", function () { box.parentNode.removeChild(box); });
            box.appendChild(dismiss);
          }

          restore();
          var source = new EventSource("\(eventsPath)?since=" + encodeURIComponent(config.generation) +
            "&server=" + encodeURIComponent(config.server));
          source.addEventListener("open", function () { config.connected = true; });
          source.addEventListener("status", function (event) { showStatus(JSON.parse(event.data)); });
          source.addEventListener("build", function (event) {
            var build = JSON.parse(event.data);
            if (!config.page || !build.changed || build.changed.indexOf(config.page) >= 0) {
              source.close();
              reload();
            }
          });
        })();

        """
}
