import Foundation

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    public var pages: Int
    /// Pages with `draft: true` that were left out.
    public var drafts: Int
    public var assets: Int
    public var warnings: [SiteError]
    public var seconds: Double

    public var summary: String {
        let time = String(format: "%.2f", seconds)
        var parts = ["\(pages) page\(pages == 1 ? "" : "s")"]
        if assets > 0 { parts.append("\(assets) asset\(assets == 1 ? "" : "s")") }
        if drafts > 0 { parts.append("\(drafts) draft\(drafts == 1 ? "" : "s") left out") }
        if !warnings.isEmpty { parts.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s")") }
        return "Built " + parts.joined(separator: ", ") + " in \(time) s"
    }
}
