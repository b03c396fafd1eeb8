import CSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end and times it from just before `posix_spawn` to `waitpid` returning
/// (a blocking wait, so the time is not rounded to a polling interval).
enum TimedProcess {
    /// Exit status and milliseconds of `executable` run with `arguments` in exactly `environment`;
    /// its output goes to `outputPath` (stdout and stderr).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], outputPath: String) throws -> (status: Int32, milliseconds: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        nyt_spawn_close_from(&actions, 3)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        nyt_spawnattr_reset_signals(&attributes, 0)
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw BenchError.unexpected("cannot start \(executable) (\(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchError.unexpected("lost \(executable)") }
        }
        let elapsed = Stopwatch.now() - start
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, elapsed)
    }
}
