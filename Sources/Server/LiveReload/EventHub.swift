import FoundationEssentials
import Site
import Synchronization

/// The live-reload channel: every open ``EventStream``, the state of the last build, and
/// a short history of what each build changed.
///
/// Each build gets a generation number, and every served page carries the generation it
/// was served at. A browser that connects (or reconnects) with an older generation first
/// hears about every build it missed, so a build that finishes between a page's request
/// and its stream's connection is never lost. A page served by another run of the server
/// (another ``serverID``) is told to reload.
final class EventHub: Sendable {
    /// Open streams at most: each holds a connection and a little memory.
    static let streamLimit = 256
    static let historyLimit = 64
    /// A build that changed more files is announced (and kept) without its list, which
    /// makes every page reload: the list of a full rebuild of a large site is larger than a
    /// stream may fall behind by (``EventStream/backlogLimit``), and every browser would be
    /// dropped instead of told.
    static let changedLimit = 1_000

    struct Build: Sendable {
        var generation: Int
        /// `nil`: any page may have changed.
        var changed: [String]?
    }

    private struct State {
        var streams: [ObjectIdentifier: EventStream] = [:]
        var generation = 0
        var history: [Build] = []
        var status: [UInt8] = LiveReloadMessage.status(errors: [])
        var isClosed = false
    }

    let serverID: String
    private let state = Mutex(State())

    init(serverID: String = UUID().uuidString.lowercased().prefix(8).description) {
        self.serverID = serverID
    }

    var generation: Int { state.withLock { $0.generation } }

    var streamCount: Int { state.withLock { $0.streams.count } }

    /// A new stream that starts with the build status and the builds missed since
    /// `since`; nil when the hub is closed or full.
    func subscribe(since: Int?, server: String?) -> EventStream? {
        state.withLock { state -> EventStream? in
            guard !state.isClosed, state.streams.count < Self.streamLimit else { return nil }
            var initial = LiveReloadMessage.retry + state.status
            if let missed = Self.missed(since: since, server: server, serverID: serverID, state: state) {
                initial += missed
            }
            let stream = EventStream(initial: initial) { [weak self] stream in self?.remove(stream) }
            state.streams[ObjectIdentifier(stream)] = stream
            return stream
        }
    }

    /// A build succeeded and wrote or removed `changed` (paths in the output folder).
    func buildSucceeded(changed: [String]) {
        let messages = state.withLock { state -> [UInt8] in
            state.generation += 1
            let changed = changed.count <= Self.changedLimit ? changed : nil
            state.history.append(Build(generation: state.generation, changed: changed))
            if state.history.count > Self.historyLimit { state.history.removeFirst() }
            state.status = LiveReloadMessage.status(errors: [])
            return state.status + LiveReloadMessage.build(generation: state.generation, changed: changed)
        }
        broadcast(messages)
    }

    /// A build failed: pages keep the last good build and show `errors` over it.
    func buildFailed(_ errors: [SiteError]) {
        let message = state.withLock { state -> [UInt8] in
            state.status = LiveReloadMessage.status(errors: errors)
            return state.status
        }
        broadcast(message)
    }

    /// A comment line for every stream: writing to a browser that went away is how the
    /// server finds out that it did, and frees its connection.
    func heartbeat() {
        broadcast(LiveReloadMessage.heartbeat)
    }

    /// Ends every stream and refuses new ones, so that the daemon can stop.
    func close() {
        let streams = state.withLock { state -> [EventStream] in
            state.isClosed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.close() }
    }

    private func broadcast(_ bytes: [UInt8]) {
        let streams = state.withLock { Array($0.streams.values) }
        for stream in streams { stream.send(bytes) }
    }

    private func remove(_ stream: EventStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    private static func missed(since: Int?, server: String?, serverID: String, state: State) -> [UInt8]? {
        guard let server, let since else { return nil }
        guard server == serverID, since <= state.generation else {
            return LiveReloadMessage.build(generation: state.generation, changed: nil)
        }
        guard since < state.generation else { return nil }
        let missed = state.history.filter { $0.generation > since }
        guard let oldest = missed.first, oldest.generation == since + 1 else {
            return LiveReloadMessage.build(generation: state.generation, changed: nil)
        }
        var changed: Set<String> = []
        for build in missed {
            guard let files = build.changed else {
                return LiveReloadMessage.build(generation: state.generation, changed: nil)
            }
            changed.formUnion(files)
        }
        return LiveReloadMessage.build(
            generation: state.generation, changed: changed.count <= Self.changedLimit ? changed.sorted() : nil)
    }
}
