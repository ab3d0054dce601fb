import Foundation
import Testing

/// foldmark's modules import FoundationEssentials, never all of Foundation: one import of
/// Foundation anywhere links it whole, and every command then starts slower (its
/// CoreFoundation and ICU start with the process) in a binary several times the size.
@Suite struct ImportTests {
    @Test func noModuleOfTheToolImportsAllOfFoundation() throws {
        let sources = BuildCommandTests.packageRoot.appending(path: "Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
                let module = words[at + 1]
                #expect(
                    module != "Foundation" && module != "FoundationInternationalization", "\(file): \(line)")
            }
        }
    }
}
