import Foundation
import Testing

/// foldmark's modules import FoundationEssentials, never all of Foundation: one import of
/// Foundation anywhere links it whole, and every command then starts slower (its
/// CoreFoundation and ICU start with the process) in a binary several times the size.
@Suite struct ImportTests {
    static let declarationKinds: Set<Substring> = [
        "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
    ]

    @Test func noModuleOfTheToolImportsAllOfFoundation() throws {
        let sources = BuildCommandTests.packageRoot.appending(path: "Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }
            // The tests' support target is not part of the tool.
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("FoldmarkTestSupport/") }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard var at = words.firstIndex(of: "import") else { continue }
                // `import struct Foundation.Data` and `import Foundation.NSData` link all of
                // Foundation too.
                if at + 1 < words.count, Self.declarationKinds.contains(words[at + 1]) { at += 1 }
                guard at + 1 < words.count else { continue }
                let module = words[at + 1].split(separator: ".").first ?? ""
                #expect(
                    module != "Foundation" && module != "FoundationInternationalization", "\(file): \(line)")
            }
        }
    }
}
