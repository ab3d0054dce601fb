import Sections

/// A page's ``Body`` values, as `{{{body}}}` and `{{{preamble}}}` place them: cmark's HTML
/// as it is, and each of foldmark's blocks through the theme's partial for its kind
/// (`callout.html`, `code-block.html`, `table.html`, `task-checkbox.html`), with the
/// values documented in `Content/reference/templates.md`.
extension TemplateData {
    /// Adds `body`: a text when it has no blocks (most bodies), else a markup value whose
    /// pieces are the HTML between the blocks and the blocks' values.
    mutating func add(_ body: Body, _ fields: PageFields) -> Value {
        guard !body.blocks.isEmpty else { return text(body.html) }
        var html = body.html  // withUTF8 on a native string copies nothing
        return html.withUTF8 { bytes in
            let mark = begin()
            var start = 0
            for block in body.blocks {
                let offset = min(max(block.offset, start), bytes.count)
                if offset > start {
                    markupPiece(text(UnsafeBufferPointer(rebasing: bytes[start..<offset])), partial: -1)
                }
                start = offset
                switch block.content {
                case .callout(let callout): markupPiece(add(callout, fields), partial: fields[.callout])
                case .codeBlock(let code): markupPiece(add(code, fields), partial: fields[.codeBlock])
                case .table(let table): markupPiece(add(table, fields), partial: fields[.table])
                case .taskItem(let item):
                    let entry = begin()
                    field(fields[.checked], .bool(item.isChecked))
                    field(fields[.text], text: item.text)
                    markupPiece(endObject(entry), partial: fields[.taskCheckbox])
                }
            }
            if start < bytes.count { markupPiece(text(UnsafeBufferPointer(rebasing: bytes[start...])), partial: -1) }
            return endMarkup(mark)
        }
    }

    private mutating func add(_ callout: Callout, _ fields: PageFields) -> Value {
        let body = add(callout.body, fields)
        let entry = begin()
        field(fields[.kind], text: callout.kind.rawValue)
        // Every kind's flag, so that none is looked up in a callout around this one.
        for kind in Callout.Kind.allCases { field(fields[Self.name(of: kind)], .bool(kind == callout.kind)) }
        field(fields[.titleHTML], callout.titleHTML.isEmpty ? .null : text(callout.titleHTML.html))
        field(fields[.foldable], .bool(callout.folding != .none))
        field(fields[.open], .bool(callout.folding != .collapsed))
        field(fields[.body], body)
        return endObject(entry)
    }

    private static func name(of kind: Callout.Kind) -> PageFields.Name {
        switch kind {
        case .note: .note
        case .tip: .tip
        case .important: .important
        case .warning: .warning
        case .caution: .caution
        }
    }

    private mutating func add(_ code: CodeBlock, _ fields: PageFields) -> Value {
        let entry = begin()
        field(fields[.language], code.language.map { text($0) } ?? .null)
        field(fields[.options], code.options.isEmpty ? .null : text(code.options))
        field(fields[.text], text: code.text)
        field(fields[.code], text: code.html.html)
        return endObject(entry)
    }

    private mutating func add(_ table: Table, _ fields: PageFields) -> Value {
        let header = add(cells: table.header, table.alignments, fields)
        let rows = begin()
        for row in table.rows {
            let cells = add(cells: row, table.alignments, fields)
            let entry = begin()
            field(fields[.cells], cells)
            item(endObject(entry))
        }
        let rowList = endList(rows)
        let entry = begin()
        field(fields[.header], header)
        field(fields[.rows], rowList)
        field(fields[.hasRows], .bool(!table.rows.isEmpty))
        return endObject(entry)
    }

    /// A row's cells, each with its column's alignment.
    private mutating func add(cells: [HTMLFragment], _ alignments: [Table.Alignment], _ fields: PageFields) -> Value {
        let list = begin()
        for (cell, alignment) in zip(cells, alignments) {
            let entry = begin()
            field(fields[.align], alignment == .none ? .null : text(alignment.rawValue))
            field(fields[.html], text: cell.html)
            item(endObject(entry))
        }
        return endList(list)
    }
}
