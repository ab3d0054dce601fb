import Sections

extension SearchTerms {
    /// Hands `sink` the terms of a section's body or a page's preamble: of its text runs
    /// (``Body/forEachTextRun(_:)``) one after the other, in order.
    @inline(__always)
    static func forEach<Sink: SearchTermSink & ~Copyable>(in body: Body, into sink: inout Sink) {
        guard !body.blocks.isEmpty else { return forEach(inHTML: body.html, into: &sink) }
        body.forEachTextRun { scan($0, isHTML: true, into: &sink) }
    }

    /// Calls `visit` with the UTF-8 bytes of each term of the text runs of `body`, in order.
    static func forEach(in body: Body, _ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(visit) { visit in
            var sink = ClosureSink(body: visit)
            forEach(in: body, into: &sink)
        }
    }
}
