internal import CCmark

enum TaskLists {
    static func apply(to root: OpaquePointer, source: SourceLines) {}
}
