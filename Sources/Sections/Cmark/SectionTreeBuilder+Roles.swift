/// What a section's place on the page makes of its folding: a member of an accordion, the
/// page's title.
extension SectionTreeBuilder {
    /// Makes `sections` siblings of one accordion. The fold rules still say which start
    /// open, but only the first of those does: the browser would close the others anyway.
    static func formAccordion(_ sections: inout [Section], name: String) {
        var hasOpen = false
        for index in sections.indices {
            sections[index].accordion = name
            sections[index].isCollapsed = hasOpen || sections[index].isCollapsed
            if !sections[index].isCollapsed { hasOpen = true }
        }
    }

    /// Gives the page's document-level `sections` their roles: an accordion under the
    /// page's `accordion: true`, and the title when the page has one.
    func formTopLevel(_ sections: inout [Section]) {
        if isAccordion { Self.formAccordion(&sections, name: Self.topLevelAccordion) }
        Self.formTitle(&sections)
    }

    /// Makes the first of `sections` the page's title when it is one (see
    /// ``Document/hasTitleHeading``): the title never folds, whatever the fold rules, an
    /// accordion or its own `{.collapsed}` say; its subsections keep what they say.
    static func formTitle(_ sections: inout [Section]) {
        guard Document.hasTitleHeading(sections) else { return }
        sections[0].isCollapsed = false
        sections[0].accordion = nil
    }
}
