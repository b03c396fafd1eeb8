import Foundation
import TestSupport
import Testing

/// The Debian package `make deb` builds, made here from the binary under test and the manual page
/// `make test` generated: its binary runs from an extracted root, and it carries its dependencies, the
/// manual page and the completions.
@Suite("The Debian package", .serialized, .timeLimit(.minutes(2)))
struct DebPackageTests {
    static var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("Packaging/make-deb.sh: extracted, the binary runs; Depends names the real libraries; man page and completions inside")
    func package() throws {
        let scratch = try TemporaryDirectory()
        let built = try Subprocess.run(
            "/bin/bash",
            [
                Self.checkout.appendingPathComponent("Packaging/make-deb.sh").path, ProgramBinary.url.path,
                ManPageTests.page.path, scratch.path("out"),
            ],
            environment: ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"], timeout: 90
        )
        try #require(built.status == 0, "\(built.errorOutput)")
        let file = built.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(file.hasSuffix("_amd64.deb") || file.hasSuffix(".deb"))

        let root = scratch.path("root")
        let extracted = try Subprocess.run("/usr/bin/dpkg-deb", ["-x", file, root])
        try #require(extracted.status == 0, "\(extracted.errorOutput)")
        let version = try Subprocess.run(root + "/usr/bin/nytreader", ["--version"], environment: ["HOME": scratch.url.path])
        #expect(version.status == 0)
        #expect(!version.output.isEmpty)

        let control = try Subprocess.run("/usr/bin/dpkg-deb", ["-f", file, "Depends"]).output
        for package in ["libncursesw6", "libsqlite3-0", "libcurl4", "libc6"] {
            #expect(control.contains(package), "Depends: \(control)")
        }
        for path in [
            "/usr/share/man/man1/nytreader.1.gz", "/usr/share/bash-completion/completions/nytreader",
            "/usr/share/zsh/vendor-completions/_nytreader", "/usr/share/fish/vendor_completions.d/nytreader.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: root + path), "\(path)")
        }
        let listing = try Subprocess.run("/usr/bin/dpkg-deb", ["-c", file]).output
        #expect(listing.contains("root/root"), "files owned by root")
        let sections = try Subprocess.run("/usr/bin/readelf", ["-S", "-W", root + "/usr/bin/nytreader"]).output
        #expect(sections.contains(".text") && !sections.contains(".symtab"), "the binary is stripped")
    }
}
