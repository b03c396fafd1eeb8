import Foundation

/// A new pseudo-terminal. glibc's pty functions are not visible to Swift (they need _XOPEN_SOURCE), so
/// they are looked up by name.
struct PseudoTerminal {
    let master: Int32
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
        self.master = master
        path = String(cString: name)
    }
}
