#if canImport(Glibc)
    import Glibc
#endif

/// A point in time on the system's monotonic clock, in nanoseconds: for timing the steps
/// of each page, several a page. A `ContinuousClock` instant is as cheap to read, but a
/// `Duration` becomes seconds only through a division of 128-bit numbers, which doubles
/// the cost of a lap (a page taken from the build cache takes one).
public struct StepClock: Sendable {
    private let nanoseconds: UInt64

    private init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static var now: StepClock {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return StepClock(nanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
    }

    /// The seconds from `start` to this instant (0 if it is earlier).
    public func seconds(since start: StepClock) -> Double {
        Double(nanoseconds &- min(start.nanoseconds, nanoseconds)) / 1e9
    }
}
