/// Parts of a page that a build or `foldmark render` wrote, for checking exact HTML.
public enum PageHTML {
    /// What the page has inside `<main>`, without the newlines the layout adds.
    public static func main(of html: String) -> String {
        // The tag may carry attributes after its id (data-fm-hash on built pages).
        guard let tag = html.range(of: "<main id=\"content\""), let start = html[tag.upperBound...].range(of: ">\n"),
            let end = html.range(of: "\n</main>")
        else {
            return "no <main> in: " + html
        }
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// `id` (and ` open` when open) of every section, in document order.
    public static func sectionTags(in html: String) -> [String] {
        html.components(separatedBy: "<details class=\"fm-section").dropFirst().map { chunk in
            let tag = chunk.prefix(while: { $0 != ">" })
            let id = tag.components(separatedBy: "id=\"").dropFirst().first?.prefix(while: { $0 != "\"" }) ?? ""
            return String(id) + (tag.hasSuffix(" open") ? " open" : "")
        }
    }
}
