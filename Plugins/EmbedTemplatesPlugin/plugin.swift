import Foundation
import PackagePlugin

/// Compiles the repository's `Templates/` folder into the `Site` module, so the `foldmark`
/// binary carries its default theme wherever it runs. `Templates/` stays the single source
/// of truth: every file in it is an input of the build command, so editing one rebuilds.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path())
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding default templates",
                executable: try context.tool(named: "EmbedTemplates").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
