import Foundation

/// A new pseudo-terminal, both sides open until it goes away. glibc's pty functions are not visible to
/// Swift (they need _XOPEN_SOURCE), so they are looked up by name.
final class PseudoTerminal {
    /// The side a terminal emulator holds: what the program writes comes out here.
    let master: Int32
    /// The side a program holds, and its path (/dev/pts/N).
    let terminal: Int32
    let path: String

    struct Unavailable: Error {}

    init() throws {
        typealias DescriptorCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let program = dlopen(nil, RTLD_NOW)
        guard let openSymbol = dlsym(program, "posix_openpt"), let grantSymbol = dlsym(program, "grantpt"),
            let unlockSymbol = dlsym(program, "unlockpt"), let nameSymbol = dlsym(program, "ptsname")
        else { throw Unavailable() }
        let master = unsafeBitCast(openSymbol, to: DescriptorCall.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Unavailable() }
        guard unsafeBitCast(grantSymbol, to: DescriptorCall.self)(master) == 0,
            unsafeBitCast(unlockSymbol, to: DescriptorCall.self)(master) == 0,
            let name = unsafeBitCast(nameSymbol, to: NameCall.self)(master)
        else {
            close(master)
            throw Unavailable()
        }
        let path = String(cString: name)
        let terminal = open(path, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            close(master)
            throw Unavailable()
        }
        self.master = master
        self.terminal = terminal
        self.path = path
    }

    deinit {
        close(terminal)
        close(master)
    }
}
