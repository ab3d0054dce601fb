import Basics
import Sections
import Synchronization

/// What one template rendered for the items of a list that many renderings share (see
/// ``TemplateData/memo``): a page of a large site shows nearly the same navigation as the
/// others of its folder, item for item.
///
/// Only the output of an item whose rendering looked up no name below the item on the
/// context stack is kept: it depends on nothing but the item, the tags rendered and how
/// deep in partials they are, which make its key. An item whose partial reads a name of
/// the page (`{{page.title}}`) is rendered again for every page.
final class TemplateMemo: Sendable {
    /// Where an item was rendered, and what it gave.
    private struct Rendering {
        /// The section instruction that renders the list.
        var instruction: Int
        /// How many fields the item has. (An object without fields starts at the same slot
        /// as the object after it.)
        var fields: Int32
        /// How many partials enclose the section.
        var depth: Int
        var output: [UInt8]
    }

    /// By the slot where the item's fields start: a short list, one for each place the
    /// templates render the item. (Indexed, not hashed: a lookup is one per item.)
    private let rendered: Mutex<[[Rendering]]>

    /// For items whose fields start before slot `slots`.
    init(slots: Int) {
        rendered = Mutex(Array(repeating: [], count: slots + 1))
    }

    /// Appends to `output` what was kept for `item`, and returns whether there was any. (The
    /// kept bytes are copied under the lock rather than handed out: an array returned would
    /// be retained and released for every item of every page.)
    func appendOutput(
        for item: TemplateData.Value, instruction: Int, depth: Int, to output: inout UniqueBuffer<UInt8>
    ) -> Bool {
        rendered.withLock { rendered in
            let slot = Int(item.start)
            // By index, in place: a copy of a rendering would retain its output.
            for index in rendered[slot].indices {
                guard rendered[slot][index].instruction == instruction, rendered[slot][index].fields == item.count,
                    rendered[slot][index].depth == depth
                else { continue }
                rendered[slot][index].output.withUnsafeBufferPointer { output.append(contentsOf: $0) }
                return true
            }
            return false
        }
    }

    func keep(_ output: [UInt8], for item: TemplateData.Value, instruction: Int, depth: Int) {
        let rendering = Rendering(instruction: instruction, fields: item.count, depth: depth, output: output)
        rendered.withLock { $0[Int(item.start)].append(rendering) }
    }
}
