import Basics

/// The theme's files of a build (see ``PagePass/writeThemeFiles()``), which every page
/// links to: written into the staging folder before any page is laid out.
struct StagedTheme: Sendable {
    var theme: ThemeFiles
    var files = StagedFiles()
    /// The error of a file that could not be written, which stops the build before the
    /// layout; the time it took, as part of the layout's.
    var report = StageReport()
}

extension PagePass {
    /// Writes the theme's files that are not in place yet into the staging folder.
    func writeThemeFiles() -> StagedTheme {
        let start = ContinuousClock.now
        var staged = StagedTheme(theme: ThemeFiles(renderer: renderer))
        for file in staged.theme.all {
            staged.files.outputs.append(file.path)
            // A theme file's name holds the hash of its content: one in place under the same
            // name is the same, as a page in place is trusted (not written, read back and
            // compared on every build).
            if FileIO.exists(outputPath + file.path) { continue }
            guard FileIO.write(file.text, toPath: stagingPath + file.path) else {
                staged.report.errors.append(SiteError(file: outputPath + file.path, cannot: .writeThemeFile))
                return staged
            }
            staged.files.staged.append(file.path)
        }
        staged.report.timings.append(("layout", (ContinuousClock.now - start).seconds))
        return staged
    }
}
