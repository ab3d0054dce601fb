import Foundation
import Renderer
import Sections

/// The two parallel passes over the pages of a build (see ``SiteBuilder``), writing into
/// the staging folder.
struct PagePass: Sendable {
    var site: SiteFolder
    var sources: SourceTree
    var renderer: PageRenderer
    var staging: URL
    var options: BuildOptions
    var baseURL: String?

    struct Result {
        /// Files written into the staging folder, relative to it.
        var outputs: [String] = []
        var errors: [SiteError] = []
        var warnings: [SiteError] = []
        var drafts = 0
        var pageCount = 0
        var timings: [(String, Double)] = []
    }

    /// What the first pass learns about one Markdown source.
    private enum FirstPass: Sendable {
        case page(SitePage, [Double])
        case draft
        case failed(SiteError)
    }

    static let firstPassSteps = ["read", "parse", "render", "write"]

    func run() async -> Result {
        var result = Result()
        let resolver = LinkResolver(pages: Set(sources.pages), folders: Set(sources.folders), assets: Set(sources.assets))
        let first = await Parallel.map(sources.pages.count) { [self] index in
            firstPass(sources.pages[index], resolver: resolver)
        }
        var pages: [SitePage] = []
        var drafts: Set<String> = []
        var stepTimes = [Double](repeating: 0, count: Self.firstPassSteps.count)
        for (index, outcome) in first.enumerated() {
            switch outcome {
            case .page(let page, let times):
                pages.append(page)
                for step in times.indices { stepTimes[step] += times[step] }
            case .draft:
                drafts.insert(sources.pages[index])
            case .failed(let error):
                result.errors.append(error)
            }
        }
        result.timings = Array(zip(Self.firstPassSteps, stepTimes))
        result.drafts = drafts.count
        guard result.errors.isEmpty else { return result }

        let clock = ContinuousClock()
        let siteStart = clock.now
        pages += FolderIndex.missingIndexes(for: pages)
        let navigation = Navigation(pages: pages.filter { !Self.isNotFoundPage($0) }, homeTitle: homeTitle)
        let checker = LinkChecker(
            resolver: resolver,
            sectionIDs: Dictionary(
                pages.compactMap { page in
                    guard case .markdown(let source) = page.kind else { return nil }
                    return (source, page.sectionIDs)
                }, uniquingKeysWith: { first, _ in first }),
            drafts: drafts)
        for page in pages {
            guard case .markdown(let source) = page.kind else { continue }
            result.warnings += checker.warnings(for: page.links, in: source)
        }
        result.timings.append(("site", (clock.now - siteStart).seconds))

        let layoutStart = clock.now
        let navigable = pages.filter { !Self.isNotFoundPage($0) }
        let positions = Dictionary(navigable.enumerated().map { ($1.output, $0) }, uniquingKeysWith: { first, _ in first })
        let allPages = pages
        let failures = await Parallel.map(allPages.count) { [self] index in
            secondPass(allPages[index], navigation: navigation, position: positions[allPages[index].output])
        }
        result.errors += failures.compactMap { $0 }
        result.outputs = pages.map(\.output)
        result.pageCount = pages.count
        do throws(SiteError) {
            result.outputs += try writeExtras(pages)
        } catch {
            result.errors.append(error)
        }
        result.timings.append(("layout", (clock.now - layoutStart).seconds))
        return result
    }

    private var homeTitle: String { site.config.title.isEmpty ? "Home" : site.config.title }

    static func isNotFoundPage(_ page: SitePage) -> Bool { page.output == "404.html" }

    /// Parses one page, renders its content into the staging folder, and keeps what the
    /// site needs to know of it.
    private func firstPass(_ source: String, resolver: LinkResolver) -> FirstPass {
        let clock = ContinuousClock()
        var times: [Double] = []
        var mark = clock.now
        func lap() {
            let now = clock.now
            times.append((now - mark).seconds)
            mark = now
        }
        let name = SiteFolder.contentFolder + "/" + source
        do throws(SiteError) {
            let markdown = try SiteFolder.readText(site.content.appending(path: source), name: name)
            lap()
            var parseOptions = site.config.parseOptions
            parseOptions.includesDrafts = options.includesDrafts
            let document: Document
            do {
                document = try Document(parsing: markdown, options: parseOptions) { url in
                    resolver.rewrite(url, from: source)
                }
            } catch {
                throw SiteError(file: name, error)
            }
            if document.frontMatter.isDraft && !options.includesDrafts { return .draft }
            lap()
            let content = renderer.renderContent(document)
            lap()
            let output = OutputPath.forSource(source)
            guard FileIO.write(content, toPath: staging.appending(path: output).path) else {
                throw SiteError(file: name, message: "cannot write its page")
            }
            lap()
            let fallback = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            let page = SitePage(
                kind: .markdown(source: source), output: output, title: document.title ?? fallback,
                order: document.frontMatter.order, document: SitePage.skeleton(of: document),
                sectionIDs: Set(document.allSections.map(\.id)), links: document.links)
            return .page(page, times)
        } catch {
            return .failed(error)
        }
    }

    /// Wraps a page's content in the layout, with its navigation.
    private func secondPass(_ page: SitePage, navigation: Navigation, position: Int?) -> SiteError? {
        let url = staging.appending(path: page.output)
        let content: String
        switch page.kind {
        case .markdown:
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return SiteError(file: page.sourceName, message: "cannot read back its staged content")
            }
            content = String(decoding: data, as: UTF8.self)
        case .folderIndex(let folder):
            content = FolderIndex.content(for: folder, navigation: navigation)
        }
        var context = PageContext(
            siteTitle: site.config.title, language: site.config.language, fallbackTitle: page.title,
            rootPath: OutputPath.rootPath(of: page.output), canonicalURL: baseURL.map { $0 + page.output },
            tocDepth: site.config.tocDepth)
        if let position, !Self.isNotFoundPage(page) {
            context.navigation = navigation.navigation(for: position)
            context.breadcrumbs = navigation.breadcrumbs(for: position)
            (context.previous, context.next) = navigation.neighbours(of: position)
        }
        let html = renderer.renderPage(page.document, content: content, context: context)
        guard FileIO.write(html, toPath: url.path) else {
            return SiteError(file: page.sourceName, message: "cannot write its page")
        }
        return nil
    }
}
