import Basics
import FoundationEssentials
import Renderer
import Sections

/// Index pages for folders that have no `index.md`, so that every folder in the
/// navigation and every breadcrumb leads to a page that lists what the folder holds.
enum FolderIndex {
    /// A page for every folder that holds pages (directly or further down) but no index.
    /// It sorts in its parent folder by the lowest `order` of the pages it holds.
    static func missingIndexes(for pages: [SitePage]) -> [SitePage] {
        // The lowest order of the pages directly in each folder, then up the tree: a walk
        // up per folder, not per page.
        var folders: Set<String> = []
        var direct: [String: Double] = [:]
        var existing: Set<String> = []
        var folder = ""  // that of the page before: sorted pages come folder by folder
        for index in pages.indices {  // by index: no copy of each page
            // As ``SitePage/folder``, without making a string for every page.
            var output = pages[index].output
            let isIndex = output.withUTF8 { bytes in
                let length = OutputPath.folderLength(bytes)
                let current = UnsafeBufferPointer(rebasing: bytes[..<length])
                if folders.isEmpty || !folder.utf8Equals(current) {
                    folder = String(decoding: current, as: UTF8.self)
                    folders.insert(folder)
                }
                return SitePage.isIndex(bytes)
            }
            if isIndex { existing.insert(folder) }
            if let order = pages[index].order { direct[folder] = min(direct[folder] ?? order, order) }
        }
        var needed: Set<String> = [""]
        var orders: [String: Double] = [:]
        for start in folders {
            let order = direct[start]
            folder = start
            while !folder.isEmpty {
                if let order { orders[folder] = min(orders[folder] ?? order, order) }
                needed.insert(folder)
                folder = OutputPath.parent(of: folder)
            }
        }
        return needed.subtracting(existing).sorted().map { folder in
            let title = folder.isEmpty ? "Home" : displayName(of: folder)
            return SitePage(
                kind: .folderIndex(folder: folder), output: folder + "index.html", title: title, order: orders[folder],
                frontMatter: FrontMatter(title: title), sectionIDs: [])
        }
    }

    /// `getting-started/` → `Getting started`.
    static func displayName(of folder: String) -> String {
        let name = folder.dropLast().split(separator: "/").last ?? ""
        let spaced = String(
            decoding: name.utf8.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 },
            as: UTF8.self)
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The content of a folder's generated index: its title, as a page's title heading is
    /// shown, and a list of its pages and folders.
    static func content(for folder: String, title: String, navigation: Navigation) -> String {
        var html = "<h1 class=\"fm-title\">\(HTMLFragment.escape(title))</h1>\n<ul class=\"fm-folder-index\">\n"
        for link in navigation.listing(of: folder) {
            html += "<li><a href=\"\(HTMLFragment.escape(link.href))\">\(HTMLFragment.escape(link.title))</a></li>\n"
        }
        return html + "</ul>\n"
    }
}
