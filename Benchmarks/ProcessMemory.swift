import Foundation

/// Memory figures of a running process from `/proc/<pid>/status`.
enum ProcessMemory {
    /// Peak resident set size (VmHWM) in kB, or nil when the process is gone.
    static func peakResidentKilobytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n")
            .first { $0.hasPrefix("VmHWM:") }
            .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .flatMap { Int($0) }
    }
}
