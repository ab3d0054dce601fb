import Basics
import FoundationEssentials
import Site

extension CommandLineTool {
    /// `foldmark render FILE.md`: the page with the theme and configuration of its site (the
    /// folder above the `Content/` that holds it), or of the current folder when it lies in
    /// no `Content/` or comes from standard input.
    ///
    /// In a site, the page's links are rewritten and checked as `build` does (``SiteLinks``);
    /// elsewhere they stay as written, which a note says when the page has links that a
    /// site would rewrite.
    func render(_ arguments: RenderArguments) -> Int32 {
        let file = arguments.file
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let place = file == "-" ? nil : SiteFolder.site(holding: URL(fileURLWithPath: file))
        let paths = ProblemPaths(site: place?.root ?? current, from: pathsFrom)
        // Messages name the page by its absolute path, which `paths` prints from the folder
        // the command ran in; standard input (`-`) keeps its name.
        let name = file == "-" ? file : URL(fileURLWithPath: file).path
        do throws(SiteError) {
            let site = try SiteFolder(at: place?.root ?? current)
            site.warnings.forEach { standardError.print($0.placed(by: paths).description) }
            let data: Data
            switch file == "-" ? FileIO.readStandardInput() : FileIO.read(file) {
            case .success(let read): data = read
            case .failure(let failure): throw SiteError(file: name, cannot: .readFile, code: failure.code)
            }
            var links: SiteLinks?
            if let place { links = try SiteLinks(content: site.content, source: place.source) }
            let builder = PageBuilder(settings: PageSettings(config: site.config), renderer: try site.makeRenderer())
            let text = SourceText(decoding: data)
            text.warnings(file: name).forEach { standardError.print($0.placed(by: paths).description) }
            let (document, html) = try builder.page(
                markdown: text.text, file: name, source: place?.source, sourceHash: PageBuilder.sourceHash(of: data),
                links: links)
            if let links {
                builder.linkWarnings(of: document, file: name, links: links).forEach {
                    standardError.print($0.placed(by: paths).description)
                }
            } else if SiteLinks.hasRelativeLinks(document) {
                standardError.print("render: links left as written: " + Self.siteless(file))
            }
            standardOutput.printRaw(html)
            return 0
        } catch {
            error.placed(by: paths).allProblems.forEach { standardError.print($0.description) }
            return 1
        }
    }

    /// Why the links of the page `file`, which lies in no site, cannot be resolved.
    static func siteless(_ file: String) -> String {
        file == "-"
            ? "the page comes from standard input, in no site"
            : "the page is in no site (no \(SiteFolder.contentFolder)/ folder above it)"
    }
}
