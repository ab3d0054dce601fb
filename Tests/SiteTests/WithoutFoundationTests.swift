// foldmark links FoundationEssentials, not all of Foundation (see Package.swift). What it
// wrote in place of Foundation's calls is held here to those calls, which the tests may use.
@testable import Basics
import Foundation
import Testing

@testable import Site

@Suite struct WithoutFoundationTests {
    /// Strings with the bytes each replacement treats apart: ASCII punctuation, escapes,
    /// accents, other scripts, emoji.
    static let samples: [String] = {
        var samples = [
            "", "a", "a b", "a/b/c.html", "ß?x#y%z;w", "Crème brûlée", "한국어", "Ωμέγα", "🦊 fox", "a\u{0301}",
            "100%", "%zz", "%4", "%41%42", "%c3%a9t%C3%A9", "%ff", "a%2Fb", "x/./y/../z", "~user", "(a)[b]{c}",
        ]
        samples += (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) + "x" }
        return samples
    }()

    @Test func percentEncodingMatchesFoundationsForURLPaths() {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%;")
        for sample in Self.samples {
            #expect(
                OutputPath.percentEncoded(sample) == sample.addingPercentEncoding(withAllowedCharacters: allowed),
                "\(sample)")
        }
    }

    @Test func percentDecodingMatchesFoundations() {
        for sample in Self.samples + ["%e9", "%C3", "%C3%", "%%", "a%20b%2"] {
            #expect(PercentEncoding.decoded(sample) == sample.removingPercentEncoding, "\(sample)")
        }
    }

    @Test func stemsMatchNSStrings() {
        let paths = [
            "a.md", "a/b.md", "a/b/c.html", "/tmp/x/y.md", "/x", "docs/.hidden", "docs/.notes.md", "a.b.c", "a/b",
            "deep/er/and/deeper/page.markdown", "no-extension", "a//b.md",
        ]
        for path in paths {
            #expect(
                FileIO.stem(of: path) == ((path as NSString).lastPathComponent as NSString).deletingPathExtension,
                "\(path)")
        }
    }

    /// The folders of output paths, which the publisher makes and removes, are NSString's
    /// with a trailing `/`.
    @Test func outputFoldersMatchNSStrings() {
        for path in ["a.html", "a/b.html", "a/b/c.html", "ü/é.html", "deep/er/and/deeper/page.html"] {
            let folder = (path as NSString).deletingLastPathComponent
            #expect(OutputPath.folder(of: path) == (folder.isEmpty ? "" : folder + "/"), "\(path)")
            #expect(OutputPath.parent(of: OutputPath.folder(of: path)) == OutputPath.folder(of: folder), "\(path)")
        }
    }

    @Test func fixedDecimalsMatchPrintf() {
        var values: [Double] = [
            0, 0.04, 0.05, 0.06, 0.125, 0.25, 0.375, 1, 1.5, 2.675, 9.995, 99.95, 123.456, 1e6 + 0.5,
        ]
        values += stride(from: 0.0, to: 20, by: 0.0137)
        for value in values {
            for digits in 0...3 {
                #expect(
                    NumberText.fixed(value, digits: digits) == String(format: "%.\(digits)f", value),
                    "\(value) with \(digits)")
            }
        }
        for value in [0, 7, 42, 123, -3, -42] {
            #expect(NumberText.padded(value, width: 2) == String(format: "%02d", value))
        }
    }

    /// The search folds terms with the standard library's decomposition; Foundation's
    /// gives the same for every letter before Unicode 16 (the standard library knows the
    /// decompositions of the scripts added in 16.0, Foundation's tables do not yet).
    @Test func foldingMatchesFoundationsDecomposition() {
        var checked = 0
        for value in 0xA0..<0x2_0000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.age.map({ $0 < (16, 0) }) ?? false,
                scalar.properties.generalCategory != .surrogate
            else { continue }
            let token = String(scalar) + "x"
            var expected = ""
            for part in token.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
                if SearchTerms.kind(of: part) == .mark { continue }
                expected.unicodeScalars.append(part == "ς" ? "σ" : part)
            }
            #expect(SearchTerms.fold(token) == expected, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 50_000)
    }

    @Test func writeFailuresNameTheFileAndTheReason() throws {
        let failure = WriteFailure(path: "/nowhere/a.html", code: ENOENT)
        #expect(FileIO.describe(failure) == "/nowhere/a.html: No such file or directory")
        #expect(FileIO.describe(failure, withPath: false) == "No such file or directory")
        let folder = FileManager.default.temporaryDirectory.appending(path: "foldmark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder)  // a file where a folder is wanted
        do {
            try FileManager.default.createDirectory(
                at: folder.appending(path: "sub"), withIntermediateDirectories: true)
            Issue.record("a folder was made inside a file")
        } catch {
            #expect(FileIO.describe(error) == folder.appending(path: "sub").path + ": Not a directory")
            #expect(FileIO.describe(error, withPath: false) == "Not a directory")
        }
    }
}
