import FoundationEssentials
import Site

extension CommandLineTool {
    /// `foldmark init DIR`: a new site in `DIR`.
    func initialize(_ arguments: InitArguments) -> Int32 {
        let folder = arguments.folder
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do throws(SiteError) {
            let changes = try SiteInitializer.create(at: url, force: arguments.force)
            for change in changes {
                switch change {
                case .created(let path):
                    standardOutput.print("created \(folder)/\(path)")
                case .extended(let path, let lines):
                    standardOutput.print("added \(lines.joined(separator: " and ")) to \(folder)/\(path)")
                }
            }
            standardOutput.print("Preview it with: foldmark serve \(folder)")
            return 0
        } catch {
            standardError.print(error.placed(by: ProblemPaths(site: url, from: pathsFrom)).description)
            return 1
        }
    }
}
