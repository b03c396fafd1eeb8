// picture-probe FILE COLUMNS ROWS PROTOCOL [REPEAT]
//
// Prints which picture libraries the process has mapped and its resident memory, then decodes FILE and
// draws it into COLUMNS × ROWS cells (PROTOCOL: symbols, sixel, kitty or iterm) REPEAT times (default 1),
// then prints the same again with the fastest and the median time of one decode and draw:
//
//     before jpeg=0 png=0 chafa=0 rss_kb=5120
//     after jpeg=1 png=0 chafa=1 rss_kb=9216 cells=45x15 fastest_us=2100 median_us=2300
import Glibc
import TerminalPictures

func say(_ line: String, to descriptor: Int32 = 1) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// The bytes of the file at `path`, or nil when it cannot be opened.
func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}

/// The text of a /proc file.
func procFile(_ path: String) -> String { String(decoding: contents(of: path) ?? [], as: UTF8.self) }

func state() -> String {
    let maps = procFile("/proc/self/maps")
    let rss =
        procFile("/proc/self/status").split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] } ?? "?"
    func mapped(_ library: String) -> Int { maps.contains(library) ? 1 : 0 }
    return "jpeg=\(mapped("libjpeg.so")) png=\(mapped("libpng16.so")) chafa=\(mapped("libchafa.so")) rss_kb=\(rss)"
}

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

let arguments = CommandLine.arguments
guard arguments.count >= 5, let columns = Int(arguments[2]), let rows = Int(arguments[3]),
    let graphicsProtocol = PictureProtocol(rawValue: arguments[4])
else {
    say("usage: picture-probe FILE COLUMNS ROWS PROTOCOL [REPEAT]", to: 2)
    exit(64)
}
let repeats = arguments.count > 5 ? max(Int(arguments[5]) ?? 1, 1) : 1
guard let bytes = contents(of: arguments[1]) else {
    say("picture-probe: cannot open \(arguments[1])", to: 2)
    exit(66)
}

say("before \(state())")
let renderer = PictureRenderer()
var times: [UInt64] = []
var box = CellBox(columns: 0, rows: 0)
do {
    for _ in 0..<repeats {
        let start = now()
        let picture = try renderer.render(encoded: bytes, in: CellBox(columns: columns, rows: rows), as: graphicsProtocol)
        times.append((now() - start) / 1000)
        box = picture.box
    }
} catch {
    say("failed \(error)")
    exit(1)
}
times.sort()
say("after \(state()) cells=\(box.columns)x\(box.rows) fastest_us=\(times[0]) median_us=\(times[times.count / 2])")
