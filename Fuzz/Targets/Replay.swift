#if !FUZZING
    import FoundationEssentials
    import Glibc

    /// Without libFuzzer (the ordinary build): runs inputs through a target once each, to replay a crash
    /// under a debugger or check the seeds. `nytreader-fuzz TARGET FILE_OR_FOLDER...`, or `--list`.
    @main
    enum Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--list" {
                for target in FuzzTarget.all { print(target.name) }
                return
            }
            guard let name = arguments.first, let target = FuzzTarget.named(name) else {
                let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
                FuzzCheck.printError("usage: nytreader-fuzz TARGET FILE_OR_FOLDER...  (targets: \(names))\n")
                exit(2)
            }
            var count = 0
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FuzzCheck.printError("nytreader-fuzz: cannot read \(file)\n")
                        exit(1)
                    }
                    data.withUnsafeBytes { target.run($0) }
                    count += 1
                }
            }
            print("\(target.name): \(count) inputs passed")
        }

        /// The file itself, or the files in a folder (sorted).
        private static func files(at path: String) -> [String] {
            var isFolder = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }
        }
    }
#endif
