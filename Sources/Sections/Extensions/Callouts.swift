internal import CCmark

enum Callouts {
    static func apply(to root: OpaquePointer, source: SourceLines, cmarkOptions: Int32) {}
}
