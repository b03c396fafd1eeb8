import CCurl
import NewsCore
import Synchronization

/// libcurl, loaded once per process (about thirty libraries and OpenSSL's configuration): by the first
/// request, or ahead of it on a thread of its own, so that a command that is about to make requests
/// loads it while it opens the cache. A program that never asks never maps it.
public enum CurlLibrary {
    /// Whether `startLoading` has started a load.
    private static let loadStarted = Atomic<Bool>(false)

    /// Starts loading libcurl on a thread of its own and returns at once; only the first call does
    /// anything. A request made before the load is done waits for it instead of loading again.
    public static func startLoading() {
        guard !loadStarted.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Whether the load worked is for the first request to say, in words; here it only starts early.
        if !DetachedThread.start({ _ = nyt_curl_load(nil, 0) }) {
            // No thread: the first request loads it.
            loadStarted.store(false, ordering: .releasing)
        }
    }

    /// Returns once a load begun by `startLoading` is over (at once when none was begun). A process must
    /// not exit while another thread is still initializing libcurl and OpenSSL: their exit handlers would
    /// run against a half-made state.
    public static func finishLoading() {
        guard loadStarted.load(ordering: .acquiring) else { return }
        // Whether the load worked does not matter here: the first request says so, in words.
        _ = nyt_curl_load(nil, 0)
    }

    /// The libcurl a transport uses: the process's own, or one a test loads to see a failure.
    struct Instance: @unchecked Sendable {
        /// nil for the process's libcurl. A loaded library is immutable and never freed.
        let library: OpaquePointer?

        /// The process's libcurl (libcurl.so.4), loaded once by whichever request or `startLoading` is first.
        static let process = Instance(library: nil)

        /// For tests: `soname` loaded now (one that does not exist gives a library that cannot be loaded),
        /// setting any of `failingOptions` (e.g. `CURLOPT_PROTOCOLS_STR`) answering `failingCode`. Nil
        /// without memory.
        static func testing(
            soname: String = "libcurl.so.4", failingOptions: [String] = [], failingCode: Int32 = Int32(NYT_CURL_BAD_FUNCTION_ARGUMENT)
        ) -> Instance? {
            nyt_curl_library_for_testing(soname, failingOptions.joined(separator: ","), failingCode).map { Instance(library: $0) }
        }
    }
}
