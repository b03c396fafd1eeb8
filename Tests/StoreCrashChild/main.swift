// store-crash-child DATABASE COUNT FIRST-GENERATION
//
// Writes generations FIRST-GENERATION, FIRST-GENERATION + 1, … of `CrashRefreshPlan` into the store at
// DATABASE, each replacing the whole feed in one refresh, until it is killed. Before and after each
// refresh it writes `begin G` / `end G` to stdout, unbuffered, so the test can tell where the kill landed.
// A test that dies without killing it does not leave it writing: it stops once its parent is gone.
import ArticleStore
import Foundation
import TestSupport

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let first = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: store-crash-child DATABASE COUNT FIRST-GENERATION\n".utf8))
    exit(64)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

do {
    let store = try ArticleStore(path: arguments[1], policy: RetentionPolicy(maximumUnsavedArticles: 4 * count))
    var generation = first
    let parent = getppid()
    while getppid() == parent {
        let snapshot = CrashRefreshPlan.snapshot(generation: generation, count: count)
        say("begin \(generation)")
        try store.apply(snapshot, origin: .network)
        say("end \(generation)")
        generation += 1
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
