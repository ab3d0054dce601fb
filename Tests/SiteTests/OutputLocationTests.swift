import Foundation
import Testing

@testable import Site

/// Where `foldmark build --out` may write: never the site folder, nothing inside
/// `Content/`, nothing that holds `Content/`, whatever path or link names it.
struct OutputLocationTests {
    /// A site folder with `Content/` in a new temporary folder, and that folder.
    private static func makeSite() throws -> (folder: URL, root: URL, content: URL) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "foldmark-out-\(UUID().uuidString)")
        let root = folder.appending(path: "site")
        let content = root.appending(path: "Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        return (folder, root, content)
    }

    @Test func aFolderBesideTheSourcesIsAllowed() throws {
        let (folder, root, content) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(SiteBuilder.isOutputLocationAllowed(root.appending(path: "_site"), root: root, content: content))
        #expect(SiteBuilder.isOutputLocationAllowed(folder.appending(path: "public/new"), root: root, content: content))
        // A name that starts like Content's is another folder.
        #expect(SiteBuilder.isOutputLocationAllowed(root.appending(path: "Content2"), root: root, content: content))
    }

    @Test func theRootOfTheFileSystemHoldsEverySite() throws {
        let (folder, root, content) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!SiteBuilder.isOutputLocationAllowed(URL(filePath: "/"), root: root, content: content))
        #expect(!SiteBuilder.isOutputLocationAllowed(URL(filePath: "/tmp/.."), root: root, content: content))
    }

    @Test func theSiteContentAndWhatHoldsThemAreRefused() throws {
        let (folder, root, content) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        for refused in [root, content, content.appending(path: "out/deeper"), folder, root.appending(path: "x/..")] {
            #expect(!SiteBuilder.isOutputLocationAllowed(refused, root: root, content: content), "\(refused.path)")
        }
    }

    @Test func aLinkIntoContentIsFollowed() throws {
        let (folder, root, content) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appending(path: "link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: content)
        #expect(!SiteBuilder.isOutputLocationAllowed(link, root: root, content: content))
        #expect(
            !SiteBuilder.isOutputLocationAllowed(link.appending(path: "not-yet/made"), root: root, content: content))
    }
}
