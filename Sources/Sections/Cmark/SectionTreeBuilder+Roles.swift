/// What a section's place on the page makes of its folding: a member of an accordion, a
/// panel of a tab set, the page's title.
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

    /// Makes `sections` the panels of a tab set (the children of a `{.tabs}` heading): a
    /// panel is chosen, not folded, so no fold rule, `{.collapsed}` or accordion applies
    /// to it. Their own subsections fold as usual.
    static func formTabSet(_ sections: inout [Section]) {
        for index in sections.indices {
            sections[index].isCollapsed = false
            sections[index].accordion = nil
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
