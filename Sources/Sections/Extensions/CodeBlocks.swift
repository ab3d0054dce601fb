internal import CCmark

enum CodeBlocks {
    static func apply(to root: OpaquePointer) {}
}
