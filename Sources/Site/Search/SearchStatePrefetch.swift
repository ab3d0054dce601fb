import Basics
import FoundationEssentials
import Synchronization

/// The search index's state of the last build (``SearchIndexState``), read on a thread of
/// its own from the moment it is known to be needed: when the first pass parses a page
/// (an edit), rather than once every page has been through the first pass. A build that
/// parses no page finds its index in place and never reads it.
final class SearchStatePrefetch: Sendable {
    private let file: URL
    private let key: String
    private let damage: CacheDamage?
    private let reading = Mutex<Background<SearchIndexState?>?>(nil)

    /// A state that does not verify is noted in `damage`.
    init(file: URL, key: String, damage: CacheDamage? = nil) {
        self.file = file
        self.key = key
        self.damage = damage
    }

    /// Starts reading the state, unless that has begun.
    func start() {
        reading.withLock { reading in
            if reading == nil {
                reading = Background { [file, key, damage] in
                    SearchIndexState(reading: file, key: key, damage: damage)
                }
            }
        }
    }

    /// The state, once read; `nil` if there is none for this key.
    func state() async -> SearchIndexState? {
        start()
        return await reading.withLock { $0! }.value
    }
}
