import Foundation
import Site

/// The `foldmark` command: parses arguments, runs a command, prints messages and returns
/// the exit status (0 success, 1 content errors, 2 usage errors).
struct CommandLineTool {
    static let version = "0.1.0"
    static let usage = """
        foldmark \(version): Markdown folders to static sites of collapsible sections

        USAGE:
          foldmark build [SITE] [--out DIR] [--drafts]
                                      build SITE/Content into SITE/_site (SITE: current folder);
                                      --drafts includes pages with 'draft: true'
          foldmark render FILE.md             write one standalone page to standard output
          foldmark --help                     show this help
          foldmark --version                  show the version

        A site is a folder with Content/ (Markdown pages and assets), an optional Templates/
        (overriding the default theme file by file) and an optional foldmark.yml.
        Exit status: 0 success, 1 content errors, 2 usage errors.
        """

    var standardOutput: OutputStream
    var standardError: OutputStream

    func run(_ arguments: [String]) async -> Int32 {
        do {
            guard let command = arguments.first else { throw UsageError("no command given") }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "-h", "--help", "help":
                standardOutput.print(Self.usage)
                return 0
            case "--version", "version":
                standardOutput.print("foldmark \(Self.version)")
                return 0
            case "build":
                return await build(try BuildArguments(parsing: rest))
            case "render":
                return try render(rest)
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            standardError.print("foldmark: error: \(error.message)\nRun 'foldmark --help' for usage.")
            return 2
        } catch {
            standardError.print("foldmark: error: \(error)")
            return 1
        }
    }

    private func build(_ arguments: BuildArguments) async -> Int32 {
        let root = URL(fileURLWithPath: arguments.site, isDirectory: true)
        let output = arguments.output.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? root.appending(path: "_site", directoryHint: .isDirectory)
        do {
            let site = try SiteFolder(at: root)
            let report = try await SiteBuilder(site: site, output: output, includesDrafts: arguments.includesDrafts).build()
            report.warnings.forEach { standardError.print($0.description) }
            standardOutput.print(report.summary + " → " + output.path)
            return 0
        } catch let error as SiteError {
            standardError.print(error.description)
        } catch let failure as BuildFailure {
            failure.warnings.forEach { standardError.print($0.description) }
            failure.errors.forEach { standardError.print($0.description) }
            standardError.print("Build failed with \(failure.errors.count) error\(failure.errors.count == 1 ? "" : "s"); nothing was written.")
        } catch {
            standardError.print("foldmark: error: \(error)")
        }
        return 1
    }

    /// `foldmark render FILE.md`: the page with the current folder's theme and configuration.
    private func render(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard arguments.count == 1, let file = arguments.first, !file.hasPrefix("-") || file == "-" else {
            throw UsageError("render takes exactly one Markdown file")
        }
        do throws(SiteError) {
            let site = try SiteFolder(at: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            guard let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file) else {
                throw SiteError(file: file, message: "cannot read the file")
            }
            let builder = PageBuilder(config: site.config, renderer: try site.makeRenderer())
            let (_, html) = try builder.page(markdown: SiteFolder.decode(data), file: file, rootPath: "")
            standardOutput.printRaw(html)
            return 0
        } catch {
            standardError.print(error.description)
            return 1
        }
    }
}
