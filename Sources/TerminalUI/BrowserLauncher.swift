import CSpawn
import FoundationEssentials
import NewsCore

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a web page in the person's browser: the first program of `$BROWSER` (a `:`-separated list;
/// `%s` stands for the URL, else the URL is the last argument) found on `PATH`, else `xdg-open`.
/// The browser runs detached, in a session of its own, with its input and output on /dev/null,
/// so nothing it prints reaches the reader's screen and the reader never waits for it.
public struct BrowserLauncher: Sendable {
    private let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The command line that would open `url`: program path first; nil when no browser is found.
    func commandLine(for url: String) -> [String]? {
        let candidates = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init) + ["xdg-open"]
        for candidate in candidates {
            var words = candidate.split(separator: " ").map(String.init)
            guard let program = words.first, let path = executablePath(program) else { continue }
            words[0] = path
            if words.contains(where: { $0.contains("%s") }) {
                return words.map { $0.replacing("%s", with: url) }
            }
            return words + [url]
        }
        return nil
    }

    /// Starts the browser on `url` without waiting for it; false when there is no browser to start, when
    /// it cannot be started, or when `url` is not an NYT web address (see `launch`).
    public func open(_ url: String) -> Bool {
        do {
            try launch(url)
            return true
        } catch {
            return false
        }
    }

    /// Starts the browser on `url` without waiting for it. Only an NYT web address is opened (`ArticleLink`:
    /// such a URL starts with `https://` or `http://`, so it can never be read as an option; xdg-open does
    /// not take `--`). The browser gets the reader's environment without `NYT_API_KEY`.
    func launch(_ url: String) throws(BrowserLaunchError) {
        guard let url = ArticleLink(url).openable else { throw .notArticleLink }
        guard let arguments = commandLine(for: url) else { throw .noBrowser }
        let child: pid_t
        do {
            child = try spawn(arguments)
        } catch {
            throw .cannotStart(arguments[0], error)
        }
        // Reap it whenever it ends, so no zombie is left behind. Without a thread for that, it stays a
        // zombie (an entry in the process table, nothing more) until the reader exits.
        _ = DetachedThread.start {
            var status: Int32 = 0
            // ECHILD, the one other failure, would mean it was reaped already.
            _ = try? SystemCall.retryingOnInterrupt("waitpid") { waitpid(child, &status, 0) }
        }
    }

    /// Starts `arguments` (program path first) detached: in a session of its own, with none of the reader's
    /// signal handling, blocked signals or descriptors, its standard streams on /dev/null.
    private func spawn(_ arguments: [String]) throws(SystemCallError) -> pid_t {
        var attributes = posix_spawnattr_t()
        try SystemCall.checkErrorNumber("posix_spawnattr_init") { posix_spawnattr_init(&attributes) }
        // glibc's destroy functions only free memory and return 0.
        defer { _ = posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc, 0x80): a session of its own, so the terminal's signals miss it.
        let setSession: Int16 = 0x80
        try SystemCall.checkErrorNumber("posix_spawnattr_setflags") { nyt_spawnattr_reset_signals(&attributes, setSession) }

        var actions = posix_spawn_file_actions_t()
        try SystemCall.checkErrorNumber("posix_spawn_file_actions_init") { posix_spawn_file_actions_init(&actions) }
        defer { _ = posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, mode) in [(0, O_RDONLY), (1, O_WRONLY), (2, O_WRONLY)] as [(Int32, Int32)] {
            try SystemCall.checkErrorNumber("posix_spawn_file_actions_addopen") {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", mode, 0)
            }
        }
        // Nothing else of the reader's (the database, the wake pipe) goes to the browser.
        try SystemCall.checkErrorNumber("posix_spawn_file_actions_addclosefrom_np") { nyt_spawn_close_from(&actions, 3) }

        var pid: pid_t = 0
        let spawned = arguments.withCStringArray { argv in
            childEnvironment.withCStringArray { envp in
                var result = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
                // A program file still open for writing somewhere (just installed or written, or inherited
                // for a moment by another thread's child) cannot run yet (ETXTBSY): try again briefly.
                for _ in 0..<Self.busyRetries where result == ETXTBSY {
                    _ = usleep(20_000)  // a signal cutting the pause short only makes the next try sooner
                    result = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
                }
                return result
            }
        }
        try SystemCall.checkErrorNumber("posix_spawn") { spawned }
        return pid
    }

    /// `NAME=value` for every variable the browser gets: all of ours but the API key.
    var childEnvironment: [String] {
        environment.filter { $0.key != "NYT_API_KEY" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// Attempts after the first while the program file is busy, 20 ms apart.
    static let busyRetries = 10

    private func executablePath(_ program: String) -> String? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? program : nil
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// Why a web page could not be opened.
enum BrowserLaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address is not an NYT web page.
    case notArticleLink
    /// Neither `$BROWSER` nor `xdg-open` names a program on `PATH`.
    case noBrowser
    /// The program (its path) was found but could not be started.
    case cannotStart(String, SystemCallError)

    var description: String {
        switch self {
        case .notArticleLink: return "Only NYT web pages are opened."
        case .noBrowser: return "No browser found (set BROWSER)."
        case .cannotStart(let program, let failure): return "\(program) could not be started: \(failure.reason)."
        }
    }
}
