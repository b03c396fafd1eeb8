import CSpawn
import NewsCore
import FoundationEssentials
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
    public func commandLine(for url: String) -> [String]? {
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

    /// Starts the browser on `url` without waiting for it; false when there is no browser to start, or
    /// when `url` is not an NYT web address (`ArticleLink`: such a URL starts with `https://` or `http://`,
    /// so it can never be read as an option; xdg-open does not take `--`). The browser gets the reader's
    /// environment without `NYT_API_KEY`.
    public func open(_ url: String) -> Bool {
        guard let url = ArticleLink(url).openable, let arguments = commandLine(for: url) else { return false }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc, 0x80): a session of its own, so the terminal's signals miss it; and
        // none of the reader's signal handling or blocked signals.
        let setSession: Int16 = 0x80
        nyt_spawnattr_reset_signals(&attributes, setSession)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the reader's (the database, the wake pipe) goes to the browser.
        nyt_spawn_close_from(&actions, 3)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let envp = childEnvironment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
        // A program file still open for writing somewhere (just installed or written, or inherited
        // for a moment by another thread's child) cannot run yet (ETXTBSY): try again briefly.
        for _ in 0..<Self.busyRetries where spawned == ETXTBSY {
            usleep(20_000)
            spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp)
        }
        guard spawned == 0 else { return false }
        // Reap it whenever it ends, so no zombie is left behind.
        let child = pid
        DetachedThread.start {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return true
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
