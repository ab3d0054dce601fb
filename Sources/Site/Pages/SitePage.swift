import Basics
import Renderer
import Sections

/// One page of the output as the whole-site steps (navigation, link checking, layout)
/// see it: its title, order, section ids and links. The section bodies were rendered into
/// the build cache in the first step, and the layout makes the rest of what it shows of a
/// Markdown page from the page's cache record.
struct SitePage: Sendable {
    enum Kind: Sendable, Equatable {
        /// From `Content/<source>`.
        case markdown(source: String)
        /// Made by foldmark for a folder without an `index.md`: lists the folder.
        case folderIndex(folder: String)
    }

    var kind: Kind
    /// Relative to the output folder, e.g. `guide/setup.html`.
    var output: String
    var title: String
    var order: Double?
    /// The front matter the layout shows: that of a page parsed by this build (kept, so
    /// that the layout does not parse its YAML again) or of a generated folder index;
    /// `nil` for a page taken from the cache, whose record has it as YAML.
    var frontMatter: FrontMatter? { frontMatterBox?.value }
    /// Held by reference: a front matter takes 112 bytes, which made every page (and each
    /// copy of the site's pages the passes hand around) twice its size, though only pages
    /// parsed by this build have one.
    private let frontMatterBox: FrontMatterBox?

    private final class FrontMatterBox: Sendable {
        let value: FrontMatter
        init(_ value: FrontMatter) { self.value = value }
    }

    /// The page's headings, for their ids: those of a page from the cache stay encoded
    /// until link checking asks for them (see ``CachedPage/StoredHeadings``).
    private let headings: CachedPage.StoredHeadings
    /// A hash of ``sectionIDs``, for ``SiteState/linkTargetsHash(of:drafts:)``: made with
    /// the page, on whichever core makes it.
    let sectionIDsHash: UInt64

    init(
        kind: Kind, output: String, title: String, order: Double?, frontMatter: FrontMatter?,
        headings: CachedPage.StoredHeadings
    ) {
        self.kind = kind
        self.output = output
        self.title = title
        self.order = order
        frontMatterBox = frontMatter.map(FrontMatterBox.init)
        self.headings = headings
        sectionIDsHash = headings.idsHash
    }

    /// A page whose sections are known only by their ids (a generated folder index has none).
    init(
        kind: Kind, output: String, title: String, order: Double?, frontMatter: FrontMatter?, sectionIDs: [String]
    ) {
        self.init(
            kind: kind, output: output, title: title, order: order, frontMatter: frontMatter,
            headings: .decoded(sectionIDs.map { CachedPage.Heading(level: 1, id: $0, title: "") }))
    }

    /// The ids of the page's sections, in document order.
    var sectionIDs: [String] { headings.ids }

    /// The source file relative to the site, for messages: `Content/guide/setup.md`.
    var sourceName: String {
        switch kind {
        case .markdown(let source): SiteFolder.contentFolder + "/" + source
        case .folderIndex(let folder): SiteFolder.contentFolder + "/" + folder
        }
    }

    /// The folder that holds the page, relative to the output: `""` or `guide/`.
    var folder: String { OutputPath.folder(of: output) }

    var isIndex: Bool {
        var output = output
        return output.withUTF8(Self.isIndex)
    }

    /// Whether the UTF-8 output path `output` is a folder's `index.html`. On bytes: it runs
    /// for every page of every build.
    static func isIndex(_ output: UnsafeBufferPointer<UInt8>) -> Bool {
        "index.html".utf8Equals(UnsafeBufferPointer(rebasing: output[OutputPath.folderLength(output)...]))
    }
}
