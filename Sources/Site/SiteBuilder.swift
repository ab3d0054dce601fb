import Foundation
import Renderer
import Sections

/// Builds a whole site into an output folder.
///
/// Every page is rendered into a staging folder beside the output first; only when all of
/// them succeeded are the files moved into place, each with one `rename`. A failed build
/// therefore leaves the previous output exactly as it was. foldmark never deletes a file
/// it did not write: the staging folder is its own, and pages replace pages.
public struct SiteBuilder: Sendable {
    public var site: SiteFolder
    public var output: URL
    /// Whether pages with `draft: true` are built; they are left out otherwise.
    public var includesDrafts: Bool

    public init(site: SiteFolder, output: URL, includesDrafts: Bool = false) {
        self.site = site
        self.output = output.standardizedFileURL
        self.includesDrafts = includesDrafts
    }

    public func build() async throws(BuildFailure) -> BuildReport {
        let start = Date()
        let sources: SourceTree
        let pageBuilder: PageBuilder
        do {
            try checkOutputLocation()
            sources = try SourceTree(content: site.content)
            pageBuilder = PageBuilder(config: site.config, renderer: try site.makeRenderer())
        } catch {
            throw BuildFailure(errors: [error], warnings: site.warnings)
        }
        let staging = output.deletingLastPathComponent()
            .appending(path: ".\(output.lastPathComponent).foldmark-staging-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: staging) }

        var errors: [SiteError] = []
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            for folder in Set((sources.pages + sources.assets).map { ($0 as NSString).deletingLastPathComponent }) {
                try FileManager.default.createDirectory(at: staging.appending(path: folder), withIntermediateDirectories: true)
            }
        } catch {
            throw BuildFailure(errors: [SiteError(file: output.path, message: "cannot write: \(error.localizedDescription)")])
        }

        let rendered = await renderPages(sources.pages, with: pageBuilder, into: staging)
        errors += rendered.errors
        for asset in sources.assets {
            do {
                try FileManager.default.copyItem(
                    at: site.content.appending(path: asset), to: staging.appending(path: asset))
            } catch {
                errors.append(SiteError(file: SiteFolder.contentFolder + "/" + asset, message: "cannot copy the asset"))
            }
        }
        let warnings = site.warnings + sources.warnings
        guard errors.isEmpty else { throw BuildFailure(errors: errors.sorted(by: Self.inFileOrder), warnings: warnings) }

        let pages = sources.pages.filter { !rendered.drafts.contains($0) }
        let written = pages.map(OutputPath.forSource) + sources.assets
        do {
            try publish(written, from: staging)
        } catch {
            throw BuildFailure(errors: [SiteError(file: output.path, message: "cannot write: \(error.localizedDescription)")])
        }
        return BuildReport(
            pages: pages.count, drafts: rendered.drafts.count, assets: sources.assets.count, warnings: warnings,
            seconds: Date().timeIntervalSince(start))
    }

    /// Renders the pages on every core, each task taking every n-th page; pages are
    /// independent, so the result does not depend on the number of tasks.
    private func renderPages(
        _ pages: [String], with builder: PageBuilder, into staging: URL
    ) async -> (errors: [SiteError], drafts: Set<String>) {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pages.count))
        let content = site.content
        let includesDrafts = includesDrafts
        return await withTaskGroup(of: ([SiteError], [String]).self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var errors: [SiteError] = []
                    var drafts: [String] = []
                    for index in stride(from: worker, to: pages.count, by: workers) {
                        let path = pages[index]
                        do throws(SiteError) {
                            let written = try Self.buildPage(
                                path, content: content, builder: builder, staging: staging, includesDrafts: includesDrafts)
                            if !written { drafts.append(path) }
                        } catch {
                            errors.append(error)
                        }
                    }
                    return (errors, drafts)
                }
            }
            return await group.reduce(into: ([], [])) { result, part in
                result.errors += part.0
                result.drafts.formUnion(part.1)
            }
        }
    }

    /// Renders one page into the staging folder; `false` if it is a draft left out.
    private static func buildPage(
        _ path: String, content: URL, builder: PageBuilder, staging: URL, includesDrafts: Bool
    ) throws(SiteError) -> Bool {
        let name = SiteFolder.contentFolder + "/" + path
        let markdown = try SiteFolder.readText(content.appending(path: path), name: name)
        let (document, html) = try builder.page(markdown: markdown, file: name, rootPath: OutputPath.rootPath(of: path))
        if document.frontMatter.isDraft && !includesDrafts { return false }
        guard FileManager.default.createFile(atPath: staging.appending(path: OutputPath.forSource(path)).path, contents: Data(html.utf8))
        else {
            throw SiteError(file: name, message: "cannot write its page")
        }
        return true
    }

    /// Moves each staged file over its place in the output folder.
    private func publish(_ files: [String], from staging: URL) throws {
        for file in files {
            let destination = output.appending(path: file)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if rename(staging.appending(path: file).path, destination.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
        }
    }

    /// The output may not be the site folder, lie inside `Content/`, or contain `Content/`:
    /// pages would mix with sources.
    private func checkOutputLocation() throws(SiteError) {
        let out = output.path
        let content = site.content.standardizedFileURL.path.trimmingSuffix("/")
        let root = site.root.path.trimmingSuffix("/")
        let bad = out.trimmingSuffix("/") == root || out.hasPrefix(content + "/") || out.trimmingSuffix("/") == content
            || (content + "/").hasPrefix(out.trimmingSuffix("/") + "/")
        if bad {
            throw SiteError(
                file: out, message: "the output folder must not be the site folder, be inside Content/ or contain it")
        }
    }

    static func inFileOrder(_ a: SiteError, _ b: SiteError) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0) < (b.file, b.line ?? 0, b.column ?? 0)
    }
}

/// A build that wrote nothing, with every error found (not only the first).
public struct BuildFailure: Error, Sendable {
    public var errors: [SiteError]
    public var warnings: [SiteError] = []
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : self
    }
}
