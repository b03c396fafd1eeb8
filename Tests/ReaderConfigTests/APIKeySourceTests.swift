import Foundation
@_spi(Testing) import ReaderConfig
import TestSupport
import Testing

@Suite("Where the API key comes from")
struct APIKeySourceTests {
    let directory: TemporaryDirectory
    let optionFile: URL
    let defaultFile: URL

    init() throws {
        directory = try TemporaryDirectory()
        optionFile = directory.url.appendingPathComponent("option.key")
        defaultFile = directory.url.appendingPathComponent("api-key")
    }

    func write(_ text: String, to url: URL, mode: Int = 0o600) throws {
        try text.write(to: url, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    func source(_ environment: [String: String], option: Bool) -> APIKeySource {
        APIKeySource(environment: environment, keyFile: option ? optionFile : nil, defaultKeyFile: defaultFile)
    }

    @Test("NYT_API_KEY first, then --api-key-file, then the default file")
    func precedence() throws {
        try write("from-option\n", to: optionFile)
        try write("  from-default  \n", to: defaultFile)

        let fromEnvironment = try source(["NYT_API_KEY": " from-env "], option: true).resolve()
        #expect(fromEnvironment == APIKey(value: "from-env", origin: .environment))

        let fromOption = try source(["NYT_API_KEY": "  "], option: true).resolve()
        #expect(fromOption == APIKey(value: "from-option", origin: .file(optionFile, readableByOthers: false)))

        let fromDefault = try source([:], option: false).resolve()
        #expect(fromDefault == APIKey(value: "from-default", origin: .file(defaultFile, readableByOthers: false)))

        try FileManager.default.removeItem(at: defaultFile)
        #expect(try source([:], option: false).resolve() == nil)
    }

    @Test("A key file named by the option must exist and hold a key")
    func optionFileProblems() throws {
        #expect(throws: APIKeyError.missingFile(optionFile.path)) { try source([:], option: true).resolve() }
        try write(" \n", to: optionFile)
        #expect(throws: APIKeyError.emptyFile(optionFile.path)) { try source([:], option: true).resolve() }
        #expect(APIKeyError.emptyFile(optionFile.path).description == "The API key file \(optionFile.path) is empty.")
    }

    @Test("Two lines, inner spaces, controls or a huge file are no key: refused in words that never hold the value")
    func malformedKeys() throws {
        for bad in ["line1\nline2", "two words", "tab\tkey", "esc\u{1B}[2J", "caf\u{E9}", String(repeating: "k", count: 257)] {
            #expect(throws: APIKeyError.malformed("NYT_API_KEY")) { try source(["NYT_API_KEY": bad], option: false).resolve() }
            try write(bad + "\n", to: optionFile)
            #expect(throws: APIKeyError.malformed(optionFile.path)) { try source([:], option: true).resolve() }
        }
        try write(String(repeating: "k", count: 2_000_000), to: optionFile)
        #expect(throws: APIKeyError.malformed(optionFile.path)) { try source([:], option: true).resolve() }
        #expect(!APIKeyError.malformed("NYT_API_KEY").description.contains("line1"))
        try write("  abc-DEF_123.xyz~  \n", to: optionFile)
        #expect(try source([:], option: true).resolve()?.value == "abc-DEF_123.xyz~")
    }

    @Test("A key file others can read gets a warning; a private one does not")
    func permissionWarning() throws {
        try write("shared-key", to: defaultFile, mode: 0o644)
        let shared = try #require(try source([:], option: false).resolve())
        #expect(shared.origin == .file(defaultFile, readableByOthers: true))
        #expect(
            shared.permissionWarning == "the API key file \(defaultFile.path) is readable by other users; run chmod 600 \(defaultFile.path)"
        )

        try write("group-key", to: defaultFile, mode: 0o640)
        #expect(try source([:], option: false).resolve()?.permissionWarning != nil)

        try write("private-key", to: defaultFile, mode: 0o600)
        #expect(try source([:], option: false).resolve()?.permissionWarning == nil)
        #expect(try source(["NYT_API_KEY": "k"], option: false).resolve()?.permissionWarning == nil)
    }

    @Test("Descriptions of a key say where it came from and never show it")
    func neverShown() throws {
        let secret = "s3cr3t-key-value"
        let fromEnvironment = APIKey(value: secret, origin: .environment)
        let fromFile = APIKey(value: secret, origin: .file(defaultFile, readableByOthers: false))
        #expect("\(fromEnvironment)" == "set (NYT_API_KEY)")
        #expect(String(reflecting: fromFile) == "set (file \(defaultFile.path))")
        var dumped = ""
        dump(fromFile, to: &dumped)
        #expect(!dumped.contains(secret))
        #expect(!"\(String(describing: Optional(fromEnvironment)))".contains(secret))
    }
}
