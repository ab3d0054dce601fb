/// Files of the output that a stage of the build made: all of them, for the
/// ``Manifest``, and those of them it wrote into the staging folder. The others were in
/// place already and stay as they are.
struct StagedFiles: Sendable {
    /// Relative to the output folder.
    var outputs: [String] = []
    /// Relative to the staging folder, which mirrors the output folder.
    var staged: [String] = []

    /// The files that were in place already.
    var unchanged: Int { outputs.count - staged.count }

    /// Adds `other`'s files after these.
    mutating func append(_ other: StagedFiles) {
        outputs += other.outputs
        staged += other.staged
    }
}

extension StagedFiles {
    /// The files of `parts`, in order.
    init(joining parts: [StagedFiles]) {
        outputs.reserveCapacity(parts.reduce(0) { $0 + $1.outputs.count })
        staged.reserveCapacity(parts.reduce(0) { $0 + $1.staged.count })
        for part in parts { append(part) }
    }
}
