import Foundation

/// What the kernel says of the TCP sockets of one port (`/proc/net/tcp` and `tcp6`), for a
/// test's failure message: a connection the server never answered shows whether it is
/// still waiting to be accepted, or was accepted and its request not read.
enum TCPTable {
    private static let stateNames = [
        "01": "established", "02": "syn-sent", "03": "syn-received", "04": "fin-wait-1",
        "05": "fin-wait-2", "06": "time-wait", "07": "close", "08": "close-wait", "09": "last-ack",
        "0A": "listen", "0B": "closing",
    ]

    /// The server's sockets on `port` and the clients' sockets to it, counted by state,
    /// with the bytes waiting to be read; and how many descriptors this process has open.
    static func describe(port: UInt16) -> String {
        let hexPort = String(format: "%04X", port)
        var server: [String: Int] = [:]
        var client: [String: Int] = [:]
        var serverUnread = 0
        var clientUnread = 0
        var listening = ""
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: procfs files have no size, and a read by size stops short.
            let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() ?? Data()
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 4 else { continue }
                let local = fields[1].split(separator: ":").last ?? ""
                let remote = fields[2].split(separator: ":").last ?? ""
                let state = stateNames[String(fields[3])] ?? String(fields[3])
                let queues = fields[4].split(separator: ":")
                let unread = queues.count == 2 ? Int(queues[1], radix: 16) ?? 0 : 0
                if local == hexPort {
                    server[state, default: 0] += 1
                    if state == "listen" {
                        listening = "\(unread) waiting to be accepted"
                    } else if unread > 0 {
                        serverUnread += 1
                    }
                } else if remote == hexPort {
                    client[state, default: 0] += 1
                    if unread > 0 { clientUnread += 1 }
                }
            }
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        func counts(_ states: [String: Int]) -> String {
            states.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        return "port \(port): listening socket \(listening.isEmpty ? "not found" : listening); "
            + "server side \(counts(server)) (\(serverUnread) with a request not read); "
            + "client side \(counts(client)) (\(clientUnread) with an answer not read); "
            + "\(descriptors) descriptors open in this process"
    }
}
