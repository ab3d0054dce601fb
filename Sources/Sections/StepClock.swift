#if canImport(Glibc)
    import Glibc
#endif

/// A point in time on the system's monotonic clock, in nanoseconds: for timing the steps
/// of each page, several a page. `ContinuousClock`'s instants are as cheap to read, but a
/// `Duration` turns into seconds only through a division of 128-bit numbers, which cost
/// more than the step it timed for a page taken from the build cache.
public struct StepClock: Sendable, Comparable {
    public let nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static var now: StepClock {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return StepClock(nanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
    }

    /// The seconds from `start` to this instant (0 if it is earlier).
    public func seconds(since start: StepClock) -> Double {
        Double(nanoseconds &- min(start.nanoseconds, nanoseconds)) / 1e9
    }

    public static func < (a: StepClock, b: StepClock) -> Bool { a.nanoseconds < b.nanoseconds }
}
