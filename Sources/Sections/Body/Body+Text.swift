extension Body {
    /// Appends `other`'s HTML and blocks, the blocks moved to their place after this body's HTML.
    public mutating func append(_ other: Body) {
        guard !isEmpty else {
            self = other
            return
        }
        let shift = html.utf8.count
        html += other.html
        blocks += other.blocks.map { Block(offset: $0.offset + shift, content: $0.content) }
    }

    /// Calls `visit` with the HTML of each run of the body's text in reading order: cmark's
    /// HTML around and inside the blocks, and the labels that foldmark's own markup gave
    /// the blocks before the theme laid them out (the title of a callout's kind when it
    /// has none, a code block's language and its Copy button). Fold rules count the words
    /// of these runs and the search index their terms, in the same way whatever a site's
    /// theme shows, and as they did when that markup was part of the parsed HTML.
    ///
    /// Every run ends where that HTML had a tag, which ends a word for both, so the runs
    /// read one after the other give the words that the HTML in one piece gave.
    public func forEachTextRun(_ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var html = html  // withUTF8 on a native string copies nothing
        html.withUTF8 { bytes in
            var start = 0
            for block in blocks {
                let offset = min(max(block.offset, start), bytes.count)
                visit(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                start = offset
                block.content.forEachTextRun(visit)
            }
            visit(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }
}

extension Body.Block.Content {
    fileprivate func forEachTextRun(_ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch self {
        case .callout(let callout):
            if callout.titleHTML.isEmpty {
                Self.visit(callout.kind.rawValue.prefix(1).uppercased() + callout.kind.rawValue.dropFirst(), visit)
            } else {
                Self.visit(callout.titleHTML.html, visit)
            }
            callout.body.forEachTextRun(visit)
        case .codeBlock(let code):
            if let language = code.language { Self.visit(HTMLFragment.escape(language), visit) }
            Self.visit("Copy", visit)
            Self.visit(code.html.html, visit)
        case .table(let table):
            for cell in table.header { Self.visit(cell.html, visit) }
            for row in table.rows {
                for cell in row { Self.visit(cell.html, visit) }
            }
        case .taskItem:
            break
        }
    }

    private static func visit(_ html: String, _ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var html = html
        html.withUTF8 { visit($0) }
    }
}
