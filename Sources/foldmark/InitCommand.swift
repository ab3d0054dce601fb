import FoundationEssentials
import Site

extension CommandLineTool {
    /// `foldmark init DIR`: a new site in `DIR`.
    func initialize(_ arguments: InitArguments) -> Int32 {
        let folder = arguments.folder
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do throws(SiteError) {
            let created = try SiteInitializer.create(at: url, force: arguments.force)
            created.forEach { standardOutput.print("created \(folder)/\($0)") }
            standardOutput.print("Build it with: foldmark build \(folder)")
            return 0
        } catch {
            standardError.print(error.placed(by: ProblemPaths(site: url, from: pathsFrom)).description)
            return 1
        }
    }
}
