import Foundation
import Logging
import NewsCore
@_spi(Testing) import ReaderConfig
import TestSupport
import Testing

@Suite("The log file")
struct LogFileTests {
    func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("Lines carry a UTC time, the level, the label, the message and sorted metadata")
    func format() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(url: directory.url.appendingPathComponent("state/nytreader.log"))
        // 2024-05-01T12:00:00.250Z
        let now = Date(timeIntervalSince1970: 1_714_564_800.25)
        var logger = Logger(label: "nytreader") { FileLogHandler(label: $0, file: file, now: { now }) }
        logger[metadataKey: "feed"] = "top:world"
        logger.info("GET /svc/topstories/v2/world.json 200 12 ms 345 bytes", metadata: ["attempt": "1"])
        logger.debug("not written at info level")
        logger.warning("two\nlines \u{1B}[31mred")

        #expect(
            try lines(file.url) == [
                "2024-05-01T12:00:00.250Z info nytreader: GET /svc/topstories/v2/world.json 200 12 ms 345 bytes attempt=1 feed=top:world",
                "2024-05-01T12:00:00.250Z warning nytreader: two lines red feed=top:world",
            ])
        #expect(PrivateFiles.permissions(of: file.url.path) == 0o600)
        #expect(PrivateFiles.permissions(of: file.url.deletingLastPathComponent().path) == 0o700)
    }

    @Test("Debug lines are written at debug level")
    func debugLevel() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(url: directory.url.appendingPathComponent("nytreader.log"))
        let logger = Logger(label: "nytreader") { FileLogHandler(label: $0, file: file, level: .debug) }
        logger.debug("sent")
        #expect(try lines(file.url).count == 1)
        #expect(try lines(file.url).first?.contains(" debug nytreader: sent") == true)
    }

    @Test("Nothing is created until something is logged")
    func lazy() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(url: directory.url.appendingPathComponent("state/nytreader.log"))
        _ = file.rotatedURL
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("state").path))
    }

    @Test("Secrets are replaced in every line")
    func redaction() throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(url: directory.url.appendingPathComponent("nytreader.log"))
        file.redact("Zq7-secret")
        file.write("GET /x?api-key=Zq7-secret failed; echo Zq7-secretZq7-secret")
        #expect(try lines(file.url) == ["GET /x?api-key=<redacted> failed; echo <redacted><redacted>"])
    }

    @Test("At the cap the file moves to .1 and a new one starts; a full file from before is rotated first")
    func rotation() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("nytreader.log")
        let line = String(repeating: "x", count: 99)  // 100 bytes with the line break
        let file = LogFile(url: url, maximumSize: 1_000)
        for _ in 0..<10 { file.write(line) }
        #expect(try Data(contentsOf: url).count == 1_000)
        #expect(!FileManager.default.fileExists(atPath: file.rotatedURL.path))

        file.write("eleventh")
        #expect(try lines(url) == ["eleventh"])
        #expect(try Data(contentsOf: file.rotatedURL).count == 1_000)
        #expect(PrivateFiles.permissions(of: url.path) == 0o600)

        // A later run finds the file at its cap: it rotates before writing.
        try Data(repeating: 0x79, count: 1_000).write(to: url)
        let later = LogFile(url: url, maximumSize: 1_000)
        later.write("first of the later run")
        #expect(try lines(url) == ["first of the later run"])
        #expect(try Data(contentsOf: later.rotatedURL) == Data(repeating: 0x79, count: 1_000))
    }

    @Test(
        "Two processes sharing the log (a cron refresh beside the open reader): each line lands in the file at the path, and neither file passes the cap"
    )
    func sharedWithAnotherProcess() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("nytreader.log")
        let reader = LogFile(url: url, maximumSize: 1_000)
        let cron = LogFile(url: url, maximumSize: 1_000)
        let line = String(repeating: "x", count: 89)  // 100 bytes with the "reader " or "cron   " label
        for round in 0..<25 {
            reader.write("reader \(line)")
            if round % 3 == 0 { cron.write("cron   \(line)") }
            #expect(try Data(contentsOf: url).count <= 1_000)
            if FileManager.default.fileExists(atPath: reader.rotatedURL.path) {
                #expect(try Data(contentsOf: reader.rotatedURL).count <= 1_000)
            }
        }
        reader.write("the reader's last line")
        cron.write("cron's last line")
        #expect(try lines(url).suffix(2) == ["the reader's last line", "cron's last line"])
    }

    @Test("A file that cannot be rotated (a directory in the way of .1) turns logging off and says why, at its cap or on opening")
    func rotationBlocked() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("nytreader.log")
        let file = LogFile(url: url, maximumSize: 100)
        try FileManager.default.createDirectory(at: file.rotatedURL.appendingPathComponent("kept"), withIntermediateDirectories: true)
        for _ in 0..<3 { file.write(String(repeating: "x", count: 59)) }
        #expect(try lines(url).count == 1, "the line that would pass the cap and those after it are dropped")
        #expect(file.problem == "not logging: \(url.path) cannot become nytreader.log.1: Is a directory")

        // A later run finds the file at its cap and cannot rotate it: nothing is written, no endless retry.
        let later = LogFile(url: url, maximumSize: 10)
        later.write("first of the later run")
        #expect(try lines(url).count == 1)
        #expect(later.problem?.hasPrefix("not logging: \(url.path) cannot become nytreader.log.1") == true)
    }

    @Test("Lines written from many threads at once stay whole")
    func concurrentWrites() async throws {
        let directory = try TemporaryDirectory()
        let file = LogFile(url: directory.url.appendingPathComponent("nytreader.log"))
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for number in 0..<200 { file.write("writer \(writer) line \(number) end") }
                }
            }
        }
        let written = try lines(file.url)
        #expect(written.count == 1_600)
        #expect(written.allSatisfy { $0.range(of: #"^writer \d line \d+ end$"#, options: .regularExpression) != nil })
        #expect(Set(written).count == 1_600)
    }

    @Test("A symbolic link planted at the log's path is not followed: its target is untouched, nothing is logged")
    func plantedSymlink() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("victim")
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        let log = directory.url.appendingPathComponent("nytreader.log")
        try FileManager.default.createSymbolicLink(atPath: log.path, withDestinationPath: target)
        let file = LogFile(url: log)
        file.write("a line that must not land in the target")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: log.path) == target)
        #expect(file.problem?.contains("symbolic link") == true, "\(file.problem ?? "no problem")")

        // Looked at before the first line: the same, said before anything is written.
        let checked = LogFile(url: log)
        #expect(checked.check()?.contains("is a symbolic link") == true)
        checked.write("nor this one")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }

    @Test("A FIFO, a directory or a hard link at the log's path: nothing blocks, nothing is written there", .timeLimit(.minutes(1)))
    func otherPlantedFiles() throws {
        let directory = try TemporaryDirectory()
        // A FIFO nobody reads: opening it for writing would wait for a reader forever.
        let fifo = directory.url.appendingPathComponent("fifo.log")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let toFIFO = LogFile(url: fifo)
        #expect(toFIFO.check()?.contains("not a regular file") == true)
        toFIFO.write("line")
        let unchecked = LogFile(url: fifo)
        unchecked.write("line")
        #expect(unchecked.problem != nil)

        let folder = directory.url.appendingPathComponent("folder.log")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let toFolder = LogFile(url: folder)
        toFolder.write("line")
        #expect(toFolder.problem != nil)

        // A second name for a file elsewhere: appending would change that file.
        let target = directory.path("linked")
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        let hardLink = directory.url.appendingPathComponent("hard.log")
        #expect(link(target, hardLink.path) == 0)
        let toHardLink = LogFile(url: hardLink)
        #expect(toHardLink.check() == nil, "a regular file: only opening can tell")
        toHardLink.write("line")
        #expect(toHardLink.problem != nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }

    @Test("The descriptor is private and close-on-exec; an existing log readable by others becomes 0600")
    func descriptorAndMode() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("nytreader.log")
        try "old line\n".write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o644)
        let file = LogFile(url: url)
        #expect(file.check() == nil)
        file.write("new line")
        #expect(try lines(url) == ["old line", "new line"])
        #expect(PrivateFiles.permissions(of: url.path) == 0o600)
        #expect(file.problem == nil)
        // The open descriptor of the log, found through /proc, carries FD_CLOEXEC.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }
        let logDescriptor = try #require(
            descriptors.first { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == url.path })
        #expect(fcntl(logDescriptor, F_GETFD) & FD_CLOEXEC != 0)
    }
}
