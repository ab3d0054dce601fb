// foldmark-floor: the libcmark-only floor of the foldmark benchmark.
//
//     foldmark-floor SRC_DIR OUT_DIR [--threads N]
//
// Walks SRC_DIR for `*.md` files and, for each one, reads it, converts it with
// `cmark_markdown_to_html` (CMARK_OPT_DEFAULT) and writes the HTML to OUT_DIR under the
// same relative path with `.html`. Nothing else: no sections, no templates. It is what a
// generator built on libcmark cannot beat, so the benchmark compares foldmark with it.
// One thread by default; `--threads N` lets N threads take pages from a shared counter.
// Files are walked, read and written with plain POSIX calls. Prints one line: pages,
// bytes in, seconds. Exit status: 0; 1 if a page failed; 2 on a usage error or when
// SRC_DIR cannot be walked or OUT_DIR made.
import CCmark
import Foundation
import Synchronization

struct Arguments {
    var source: String
    var output: String
    var threads = 1

    static let usage = "usage: foldmark-floor SRC_DIR OUT_DIR [--threads N]"

    init(_ arguments: [String]) throws(FloorError) {
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--threads" {
                index += 1
                guard index < arguments.count, let count = Int(arguments[index]), count > 0 else {
                    throw FloorError("--threads needs a positive number\n\(Self.usage)")
                }
                threads = count
            } else if argument.hasPrefix("-") {
                throw FloorError("unknown option '\(argument)'\n\(Self.usage)")
            } else {
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 2 else { throw FloorError(Self.usage) }
        source = positional[0]
        output = positional[1]
    }
}

struct FloorError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The relative paths of every `*.md` file under `root`, sorted. It walks with `readdir`
/// (Foundation's enumerator looks up each file's owner and group in /etc/passwd).
func markdownFiles(under root: String) throws(FloorError) -> [String] {
    var pages: [String] = []
    var folders = [""]
    while let folder = folders.popLast() {
        let path = folder.isEmpty ? root : root + "/" + folder
        guard let directory = opendir(path) else { throw FloorError("cannot read the folder '\(path)'") }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let relative = folder.isEmpty ? name : folder + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var status = stat()
                guard lstat(root + "/" + relative, &status) == 0 else { continue }
                type = (status.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (status.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : 0
            }
            if type == Int32(DT_DIR) {
                folders.append(relative)
            } else if type == Int32(DT_REG), name.hasSuffix(".md") {
                pages.append(relative)
            }
        }
    }
    return pages.sorted()
}

/// Converts one page; returns the number of Markdown bytes read.
func convert(_ page: String, from source: String, to output: String) throws(FloorError) -> Int {
    guard let markdown = readFile(source + "/" + page) else {
        throw FloorError("\(page): cannot read the file")
    }
    let html = markdown.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) {
            cmark_markdown_to_html($0.baseAddress, $0.count, CMARK_OPT_DEFAULT)
        }
    }
    guard let html else { throw FloorError("\(page): cmark returned no HTML") }
    defer { free(html) }
    let target = output + "/" + page.dropLast(".md".count) + ".html"
    guard writeFile(target, bytes: UnsafeRawBufferPointer(start: html, count: strlen(html))) else {
        throw FloorError("\(page): cannot write '\(target)'")
    }
    return markdown.count
}

/// The whole file, read with plain POSIX calls (Foundation's readers add stat and open calls).
func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while true {
        if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4096)) }
        let count = bytes.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        }
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { break }
        filled += count
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
}

/// Writes the file with plain POSIX calls: no temporary file, no fsync (Foundation's
/// `createFile` writes atomically and syncs every file, which is not what is measured).
func writeFile(_ path: String, bytes: UnsafeRawBufferPointer) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    var written = 0
    while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { close(descriptor); return false }
        written += count
    }
    return close(descriptor) == 0
}

/// What the workers share: the next page to take and the totals.
final class Progress: Sendable {
    let next = Atomic<Int>(0)
    let bytes = Atomic<Int>(0)
    let failures = Mutex<[String]>([])
}

/// Converts pages until none is left, taking the next unconverted one each time.
func work(on pages: [String], from source: String, to output: String, progress: Progress) {
    while true {
        let index = progress.next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < pages.count else { return }
        do {
            let bytes = try convert(pages[index], from: source, to: output)
            progress.bytes.wrappingAdd(bytes, ordering: .relaxed)
        } catch {
            progress.failures.withLock { $0.append(error.message) }
        }
    }
}

func run() throws(FloorError) -> Int32 {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let start = Date()
    let pages = try markdownFiles(under: arguments.source)
    let folders = Set(pages.map { ($0 as NSString).deletingLastPathComponent })
    for folder in folders.sorted() {
        do {
            try FileManager.default.createDirectory(
                atPath: arguments.output + "/" + folder, withIntermediateDirectories: true)
        } catch {
            throw FloorError("cannot create '\(arguments.output)/\(folder)': \(error.localizedDescription)")
        }
    }

    let progress = Progress()
    let threads = min(arguments.threads, max(pages.count, 1))
    if threads == 1 {
        work(on: pages, from: arguments.source, to: arguments.output, progress: progress)
    } else {
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            let (source, output) = (arguments.source, arguments.output)
            let thread = Thread {
                work(on: pages, from: source, to: output, progress: progress)
                done.leave()
            }
            thread.start()
        }
        done.wait()
    }
    let seconds = Date().timeIntervalSince(start)

    let failures = progress.failures.withLock { $0 }
    for failure in failures.sorted() {
        FileHandle.standardError.write(Data("foldmark-floor: error: \(failure)\n".utf8))
    }
    let converted = pages.count - failures.count
    let threadNote = "\(threads) thread\(threads == 1 ? "" : "s")"
    print("foldmark-floor: \(converted) pages, \(progress.bytes.load(ordering: .relaxed)) bytes in, "
        + String(format: "%.3f", seconds) + " s (\(threadNote))")
    return failures.isEmpty ? 0 : 1
}

do {
    exit(try run())
} catch {
    FileHandle.standardError.write(Data("foldmark-floor: error: \(error.message)\n".utf8))
    exit(2)
}
