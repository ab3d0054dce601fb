import CCmark
import Foundation
import Synchronization
import Testing

@testable import Sections

@Suite struct CmarkArenaTests {
    /// cmark's own HTML for `markdown`, parsed with its default allocator.
    static func referenceHTML(_ markdown: String) -> String {
        guard let buffer = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// The HTML of `markdown` parsed and rendered inside an arena.
    static func arenaHTML(_ markdown: String) -> String {
        CmarkArena.withPage {
            var text = markdown
            let root = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { CmarkNode.parse($0, options: CMARK_OPT_DEFAULT) }
            }
            guard let root else { return "" }
            return CmarkNode.html(root, options: CMARK_OPT_DEFAULT)
        }
    }

    /// Pages small and large: the large ones take several chunks, and buffers that grow
    /// past a chunk's end move to a new one.
    static let pages: [String] = [
        "",
        "# Title\n\nSome *emphasis*, `code`, a [link](https://example.org \"t\") and ![an image](a.png).\n",
        "- a\n  - b\n    1. c\n\n       > d\n- e\n\n```swift\nlet x = 1\n```\n\n***\n\n<div>\nhtml\n</div>\n",
        "[ref]\n\n[ref]: /url 'title'\n\n> quote with **strong** and <span>inline html</span>\n",
        String(repeating: "## Section\n\nA paragraph with *some* words and a [link](x.html).\n\n", count: 20_000),
        String(repeating: "word ", count: 400_000),  // one paragraph of 2 MB: a buffer that grows
        String(repeating: "> ", count: 500) + "deep\n",
    ]

    @Test(arguments: pages.indices)
    func treeInAnArenaRendersAsCmarksOwn(page: Int) {
        #expect(Self.arenaHTML(Self.pages[page]) == Self.referenceHTML(Self.pages[page]))
    }

    @Test func blocksAreZeroedAlignedAndKeepTheirBytesWhenTheyGrow() throws {
        try CmarkArena.withPage {
            let memory = CmarkArena.memory
            #expect(memory != cmark_get_default_mem_allocator())
            let calloc = try #require(memory.pointee.calloc)
            let realloc = try #require(memory.pointee.realloc)
            let block = try #require(calloc(10, 100))
            #expect(Int(bitPattern: block) % 16 == 0)
            #expect(UnsafeRawBufferPointer(start: block, count: 1000).allSatisfy { $0 == 0 })
            UnsafeMutableRawBufferPointer(start: block, count: 1000).copyBytes(from: (0..<1000).map { UInt8($0 % 251) })
            // The last block grows where it is...
            let grown = try #require(realloc(block, 5000))
            #expect(grown == block)
            // ...another one moves, with its bytes; as does one larger than a chunk.
            let other = try #require(calloc(1, 16))
            let moved = try #require(realloc(grown, CmarkArena.chunkSize * 3))
            #expect(moved != grown && moved != other)
            #expect(Int(bitPattern: moved) % 16 == 0)
            #expect(
                UnsafeRawBufferPointer(start: moved, count: 1000).elementsEqual((0..<1000).map { UInt8($0 % 251) }))
            #expect(calloc(Int.max, 2) == nil)
            #expect(calloc(Int.max, 1) == nil)
            #expect(realloc(moved, Int.max) == nil)
        }
    }

    /// The next page reuses the chunks of the last: what it gets is zeroed all the same.
    @Test func blocksOfTheNextPageAreZeroed() throws {
        let first = try CmarkArena.withPage {
            let block = try #require(CmarkArena.memory.pointee.calloc?(64, 64))
            block.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 4096)
            return block
        }
        try CmarkArena.withPage {
            let block = try #require(CmarkArena.memory.pointee.calloc?(64, 64))
            #expect(block == first)
            #expect(UnsafeRawBufferPointer(start: block, count: 4096).allSatisfy { $0 == 0 })
        }
    }

    @Test func outsideAPageCmarkUsesItsDefaultAllocator() {
        #expect(CmarkArena.memory == cmark_get_default_mem_allocator())
        CmarkArena.withPage { #expect(CmarkArena.memory != cmark_get_default_mem_allocator()) }
        #expect(CmarkArena.memory == cmark_get_default_mem_allocator())
        // A tree made outside a page is cmark's own: freed node by node, as ever.
        let node = CmarkNode.new(CMARK_NODE_PARAGRAPH)
        #expect(node != nil)
        cmark_node_free(node)
    }

    /// A large page leaves at most ``CmarkArena/keptBytes`` behind in its thread's arena.
    @Test func aPageLeavesLittleMemoryBehind() {
        let markdown = String(repeating: "Some words in a paragraph, *emphasis* and `code`.\n\n", count: 100_000)
        // On a thread of its own: the arena is per thread.
        let held = Mutex<(during: Int, after: Int)>((0, 0))
        let done = DispatchSemaphore(value: 0)
        Thread {
            let during = CmarkArena.withPage {
                var text = markdown
                let root = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { CmarkNode.parse($0, options: CMARK_OPT_DEFAULT) }
                }
                #expect(root != nil)
                return CmarkArena.heldBytes
            }
            held.withLock { $0 = (during, CmarkArena.heldBytes) }
            done.signal()
        }.start()
        done.wait()
        let (during, after) = held.withLock { $0 }
        #expect(during > CmarkArena.keptBytes)
        #expect(after <= CmarkArena.keptBytes)
        #expect(after > 0)
    }

    /// A page parses into the same document in an arena as without one (a page over
    /// ``CmarkArena/largestPage`` is parsed without).
    @Test func documentsAreTheSameWithAndWithoutAnArena() throws {
        let body =
            "# A {#a}\n\n| x | y |\n|---|---|\n| 1 | [b](b.md) |\n\n> [!NOTE]\n> a note\n\n- [ ] task\n\n"
            + "```js\ncode\n```\n\n## B\n\ntext\n"
        let small = try Document(parsing: body)
        let padding = "\n\n## Padding\n\n" + String(repeating: "padding words ", count: CmarkArena.largestPage / 10)
        let large = try Document(parsing: body + padding)
        #expect((body + padding).utf8.count > CmarkArena.largestPage)
        #expect(small.preamble == large.preamble)
        #expect(small.sections[0].body == large.sections[0].body)
        #expect(small.sections[0].children[0] == large.sections[0].children[0])
        #expect(small.links == large.links)
    }
}
