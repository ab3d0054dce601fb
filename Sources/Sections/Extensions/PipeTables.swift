internal import CCmark

enum PipeTables {
    static func apply(to root: OpaquePointer, source: SourceLines, cmarkOptions: Int32) {}
}
