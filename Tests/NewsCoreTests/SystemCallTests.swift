import Foundation
import NewsCore
import Testing

@Suite("C calls and their failures")
struct SystemCallTests {
    @Test("A call that returns -1 throws the errno it left, named by the call")
    func failure() {
        #expect(throws: SystemCallError("fcntl", errno: EBADF)) { try SystemCall.check("fcntl") { fcntl(-1, F_GETFL) } }
        #expect(throws: SystemCallError("close", errno: EBADF)) { try SystemCall.retryingOnInterrupt("close") { close(-1) } }
        #expect(SystemCallError("pipe", errno: EMFILE).description == "pipe: Too many open files")
        #expect(SystemCallError("open", errno: ENOENT).reason == "No such file or directory")
    }

    @Test("A call that succeeds returns its result")
    func success() throws {
        var descriptors: [Int32] = [-1, -1]
        #expect(try SystemCall.check("pipe") { pipe(&descriptors) } == 0)
        defer {
            for descriptor in descriptors { close(descriptor) }
        }
        #expect(try SystemCall.check("fcntl") { fcntl(descriptors[0], F_GETFD) } >= 0)
    }

    @Test("An interrupted call is called again; any other failure is not")
    func interrupted() {
        var calls = 0
        let result = try? SystemCall.retryingOnInterrupt("read") { () -> Int in
            calls += 1
            guard calls == 3 else {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
        #expect(throws: SystemCallError("read", errno: EINTR)) {
            try SystemCall.check("read") { () -> Int in
                errno = EINTR
                return -1
            }
        }
    }

    @Test("A call that returns an error number throws it")
    func errorNumber() throws {
        #expect(throws: SystemCallError("posix_spawn", errno: ENOENT)) { try SystemCall.checkErrorNumber("posix_spawn") { ENOENT } }
        try SystemCall.checkErrorNumber("pthread_create") { 0 }
    }

    @Test("writeAll writes every byte, and throws for a descriptor that cannot be written")
    func writeAll() throws {
        var descriptors: [Int32] = [-1, -1]
        try SystemCall.check("pipe") { pipe(&descriptors) }
        defer {
            for descriptor in descriptors { close(descriptor) }
        }
        // Fits in the pipe (64 KiB), so no reader is needed while it is written.
        let text = String(repeating: "line of text\n", count: 1_000)
        try SystemCall.writeAll(text.utf8, to: descriptors[1])
        var buffer = [UInt8](repeating: 0, count: 13_000)
        var total = 0
        while total < buffer.count {
            let count = buffer[total...].withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            total += count
        }
        #expect(String(decoding: buffer, as: UTF8.self) == text)

        #expect(throws: SystemCallError("write", errno: EBADF)) { try SystemCall.writeAll("x".utf8, to: -1) }
        #expect(throws: SystemCallError("write", errno: EBADF)) { try SystemCall.writeAll("x".utf8, to: descriptors[0]) }
    }
}

@Suite("C string arrays")
struct CStringArrayTests {
    @Test("Each string is a NUL-terminated copy; a NULL entry ends the array")
    func strings() {
        let strings = ["/usr/bin/xdg-open", "", "é ü", "https://www.nytimes.com/a"]
        let read: [String] = strings.withCStringArray { pointer in
            #expect(pointer[strings.count] == nil)
            return (0..<strings.count).map { String(cString: pointer[$0]!) }
        }
        #expect(read == strings)
        let constant: [String] = strings.withConstCStringArray { pointer in
            #expect(pointer[strings.count] == nil)
            return (0..<strings.count).map { String(cString: pointer[$0]!) }
        }
        #expect(constant == strings)
        #expect([String]().withCStringArray { $0[0] == nil })
    }
}
