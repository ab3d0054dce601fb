import Foundation
import Testing

@testable import Site

@Suite struct ContentPackTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "foldmark-packs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Appends land in the packs only through the buffer; what `close` has written reads
    /// back at every location handed out, small and larger than the buffer alike.
    @Test func locationsReadBackAfterClose() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let packs = try ContentPacks(folder: folder, tag: "t", workers: 2)
        var written: [(ContentLocation, String)] = []
        for number in 0..<300 {
            let size = number % 50 == 0 ? ContentPacks.bufferSize + 3 : number * 37 % 9000
            let text = String(repeating: "é\(number % 10)", count: size / 3 + 1)
            written.append((try #require(packs.append(text, worker: number % 2)), text))
        }
        #expect(packs.close())
        for (location, text) in written {
            #expect(ContentPacks.read(location, in: folder) == text)
        }
    }

    /// A pack that cannot be written (here: /dev/full, which is always out of space) makes
    /// `close` say so, or an append fail once the buffer had to be written: a build never
    /// keeps locations into content that is not there.
    @Test func aFailedWriteIsReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appending(path: "t-0.pack"), withDestinationURL: URL(fileURLWithPath: "/dev/full"))
        let small = try ContentPacks(folder: folder, tag: "t", workers: 1)
        #expect(small.append("fits in the buffer", worker: 0) != nil)
        #expect(!small.close())

        // Appends that fill the buffer: the one that has to write it out fails.
        let filling = try ContentPacks(folder: folder, tag: "t", workers: 1)
        let text = String(repeating: "x", count: ContentPacks.bufferSize / 8)
        for _ in 0..<8 { #expect(filling.append(text, worker: 0) != nil) }
        #expect(filling.append(text, worker: 0) == nil)
        #expect(!filling.close())

        // A large page goes to the file at once, and fails at once.
        let large = try ContentPacks(folder: folder, tag: "t", workers: 1)
        #expect(large.append(String(repeating: "x", count: ContentPacks.bufferSize / 2), worker: 0) == nil)
        #expect(!large.close())
    }
}
