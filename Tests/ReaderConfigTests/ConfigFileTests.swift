import Foundation
import NewsCore
@_spi(Testing) import ReaderConfig
import TestSupport
import Testing

@Suite("The config file")
struct ConfigFileTests {
    static let file = "~/.config/nytreader/config.toml"

    func parse(_ text: String) -> (Settings, [ConfigProblem]) {
        var settings = Settings()
        let problems = ConfigFile.apply(text, displayName: Self.file, to: &settings)
        return (settings, problems)
    }

    @Test("A good file sets every setting and remembers each one's line")
    func goodFile() {
        let (settings, problems) = parse(
            """
            # nytreader settings
            default_section = "World"
            refresh_after_minutes = 0
            retention_days = 7
            maximum_articles = 5000
            colors = false
            request_timeout_seconds = 2.5
            auto_refresh_minutes = 0.5

            [keys]
            refresh = "R"
            "mark_all_read" = "M"
            """)
        #expect(problems.isEmpty)
        #expect(settings.defaultSection == Setting(.world, source: .configFile(line: 2)))
        #expect(settings.refreshAfterMinutes == Setting(0, source: .configFile(line: 3)))
        #expect(settings.retentionDays == Setting(7, source: .configFile(line: 4)))
        #expect(settings.maximumArticles == Setting(5000, source: .configFile(line: 5)))
        #expect(settings.colors == Setting(false, source: .configFile(line: 6)))
        #expect(settings.requestTimeoutSeconds == Setting(2.5, source: .configFile(line: 7)))
        #expect(settings.keys == [.refresh: "R", .markAllRead: "M"])
        #expect(settings.autoRefreshMinutes == Setting(0.5, source: .configFile(line: 8)))
        #expect(settings.keyBindings[.refresh]?.source == .configFile(line: 11))
        #expect(settings.keyBindings[.markAllRead]?.source == .configFile(line: 12))
    }

    @Test("feeds names the feeds followed, by the names --feed takes; a repeat counts once; mark_read_on_select is true or false")
    func followedFeeds() {
        let (settings, problems) = parse(
            """
            feeds = ["home", "World", "technology", "popular:viewed:1", "latest", "saved", "archive:2024-03", "home"]
            mark_read_on_select = true
            """)
        #expect(problems.isEmpty)
        #expect(
            settings.followedFeeds.value == [
                .topStories(.home), .topStories(.world), .topStories(Section(rawValue: "technology")), .mostPopular(.viewed, .day), .latest,
                .saved,
                .archive(ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 30_000))!),
            ])
        #expect(settings.followedFeeds.source == .configFile(line: 1))
        #expect(settings.markReadOnSelect == Setting(true, source: .configFile(line: 2)))
        #expect(Settings().followedFeeds.value == [.topStories(.home)], "home by default")
        #expect(Settings().markReadOnSelect.value == false)

        let (bad, badProblems) = parse(
            """
            feeds = ["world", "weather"]
            mark_read_on_select = "yes"
            """)
        #expect(
            badProblems.map(\.description) == [
                "\(Self.file) line 1: 'feeds' has an unknown feed 'weather' (a section, latest, saved, popular:viewed|emailed|shared:1|7|30, archive:YYYY-MM)",
                "\(Self.file) line 2: 'mark_read_on_select' must be true or false",
            ])
        #expect(bad == Settings())
        let several = parse(#"feeds = ["home", "wrld", "popular:viewed:2", "home", "archive:2024-13"]"#).1.map(\.description)
        #expect(
            several == [
                "\(Self.file) line 1: 'feeds' has unknown feeds 'wrld', 'popular:viewed:2', 'archive:2024-13' (a section, latest, saved, "
                    + "popular:viewed|emailed|shared:1|7|30, archive:YYYY-MM)"
            ], "every unknown feed named at once")
        let many = parse("feeds = [" + (1...8).map { "\"x\($0)\"" }.joined(separator: ", ") + "]").1.first?.message
        #expect(many?.hasPrefix("'feeds' has unknown feeds 'x1', 'x2', 'x3', 'x4', 'x5' and 3 more (") == true, "\(many ?? "")")
        #expect(parse("feeds = \"world\"").1.first?.message.hasPrefix("'feeds' must be a list of feed names") == true)
        #expect(parse("feeds = []").0.followedFeeds.value.isEmpty, "none followed")
    }

    @Test("An empty file and a missing file leave every default in place")
    func missingAndEmpty() throws {
        let directory = try TemporaryDirectory()
        var settings = Settings()
        let problems = ConfigFile.load(directory.url.appendingPathComponent("config.toml"), displayName: "config.toml", into: &settings)
        #expect(problems.isEmpty)
        #expect(settings == Settings())
        #expect(settings.defaultSection == Setting(.home, source: .defaultValue))
        #expect(settings.refreshAfterMinutes.value == 15)
        #expect(settings.retentionDays.value == 30)
        #expect(settings.maximumArticles.value == 20_000)
        #expect(settings.colors.value == true)
        #expect(settings.requestTimeoutSeconds.value == 15)
        #expect(settings.autoRefreshMinutes.value == 15)
        #expect(settings.keys.isEmpty)

        let (empty, emptyProblems) = parse("")
        #expect(emptyProblems.isEmpty)
        #expect(empty == Settings())
    }

    @Test("An unknown key is named with its line; the other settings still apply")
    func unknownKey() {
        let (settings, problems) = parse(
            """
            retention_days = 10

            # British spelling
            colour = false
            """)
        #expect(problems.map(\.description) == ["\(Self.file) line 4: unknown key 'colour'"])
        #expect(problems.first?.key == "colour")
        #expect(settings.retentionDays == Setting(10, source: .configFile(line: 1)))
        #expect(settings.colors == Setting(true, source: .defaultValue))
    }

    @Test("A bad value is named with its line and key; that setting keeps its default")
    func badValues() {
        let (settings, problems) = parse(
            """
            default_section = "weather"
            refresh_after_minutes = "soon"
            retention_days = -3
            maximum_articles = 20000000
            colors = "yes"
            request_timeout_seconds = 0
            auto_refresh_minutes = -1
            list_width = 90
            """)
        #expect(
            problems.map(\.description) == [
                "\(Self.file) line 1: 'default_section' has an unknown section 'weather' (see 'nytreader sections')",
                "\(Self.file) line 2: 'refresh_after_minutes' must be a whole number from 0 to 525600 (got \"soon\")",
                "\(Self.file) line 3: 'retention_days' must be a whole number from 1 to 3650 (got -3)",
                "\(Self.file) line 4: 'maximum_articles' must be a whole number from 100 to 1000000 (got 20000000)",
                "\(Self.file) line 5: 'colors' must be true or false",
                "\(Self.file) line 6: 'request_timeout_seconds' must be a number of seconds from 1 to 300 (got 0)",
                "\(Self.file) line 7: 'auto_refresh_minutes' must be a number of minutes from 0 (off) to 1440 (got -1)",
                "\(Self.file) line 8: 'list_width' must be a whole number from 20 to 80 (got 90)",
            ])
        #expect(settings == Settings())
    }

    @Test("Key bindings must be non-empty strings in a table")
    func keyBindings() {
        let (settings, problems) = parse(
            """
            [keys]
            refresh = "R"
            quit = ""
            open = 3
            """)
        #expect(
            problems.map(\.description) == [
                "\(Self.file) line 3: 'keys.quit' names no key: give one in the quotes, like \"R\"",
                "\(Self.file) line 4: 'keys.open' must be a key name in quotes, like \"R\"",
            ])
        #expect(settings.keys == [.refresh: "R"])

        let (notATable, tableProblems) = parse("keys = \"R\"\n")
        #expect(tableProblems.map(\.key) == ["keys"])
        #expect(tableProblems.first?.line == 1)
        #expect(notATable.keys.isEmpty)
    }

    @Test("An entry naming no action is a problem with its line, and is kept apart from the bindings")
    func unknownAction() {
        let (settings, problems) = parse(
            """
            [keys]
            refrsh = "R"
            quit = "Q"
            """)
        #expect(problems.count == 1)
        #expect(problems.first?.key == "keys.refrsh")
        #expect(problems.first?.line == 2)
        #expect(problems.first?.message.hasPrefix("'keys.refrsh': unknown action (actions: up, down, page_up,") == true)
        #expect(settings.keys == [.quit: "Q"])
        #expect(settings.unknownKeyBindings == ["refrsh": Setting("R", source: .configFile(line: 2))])
    }

    @Test("Dotted keys, inline tables and an unknown table are found on their lines")
    func otherShapes() {
        let (settings, problems) = parse(
            """
            keys.refresh = "R"
            keys.quit = { sequence = "Q" }

            [colour]
            enabled = true
            """)
        #expect(settings.keyBindings[.refresh] == Setting("R", source: .configFile(line: 1)))
        #expect(
            problems.map(\.description) == [
                "\(Self.file) line 2: 'keys.quit' must be a key name in quotes, like \"R\"",
                "\(Self.file) line 4: unknown key 'colour'",
            ])
    }

    @Test("A multi-line string does not confuse the line numbers")
    func multilineString() {
        let (_, problems) = parse(
            """
            note = '''
            colours = 1
            '''
            colours = true
            """)
        #expect(
            problems.map(\.description) == [
                "\(Self.file) line 1: unknown key 'note'",
                "\(Self.file) line 4: unknown key 'colours'",
            ])
    }

    @Test("Lines ended by CR LF are counted as lines")
    func crlfLines() {
        let (settings, problems) = parse("retention_days = 10\r\ncolour = 1\r\n\r\nmouse = \"x\"\r\n")
        #expect(
            problems.map(\.description) == [
                "\(Self.file) line 2: unknown key 'colour'", "\(Self.file) line 4: 'mouse' must be true or false",
            ])
        #expect(settings.retentionDays == Setting(10, source: .configFile(line: 1)))
    }

    @Test("A syntax error gives one warning with its line, and all defaults")
    func syntaxError() {
        let (settings, problems) = parse(
            """
            retention_days = 10
            colors = false
            default_section = "world
            """)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 3)
        #expect(problems.first?.key == nil)
        #expect(problems.first?.description.hasPrefix("\(Self.file) line 3: not valid TOML (") == true)
        #expect(problems.first?.description.hasSuffix("); using the defaults") == true)
        #expect(settings == Settings())
    }

    @Test(
        "A table header whose name starts with no key character is one warning and all defaults, not a crash (found by fuzzing)",
        arguments: ["[\n", "[ \r\n", "[[\n", "[é]\n", "[[😀]]\n", "[[[x]]]\n", "[[ [x]]]\n", "[=\n", "[\t#\n", "[\u{301}x]\n"])
    func unreadableTableHeader(header: String) {
        let (settings, problems) = parse("retention_days = 10\n\n" + header + "refresh = \"R\"\n")
        #expect(problems.map(\.line) == [3], "\(header.debugDescription)")
        #expect(problems.first?.key == nil)
        #expect(problems.first?.message == "not valid TOML (a table header starts with its name: [name]); using the defaults")
        #expect(settings == Settings())
    }

    @Test(
        "After a byte-order mark, a first line's table header is checked as any other (found by fuzzing)",
        arguments: ["[é]\n", "[\u{FFFD}8", "[=\n"])
    func unreadableHeaderAfterByteOrderMark(header: String) {
        let (settings, problems) = parse("\u{FEFF}" + header + "refresh = \"R\"\n")
        #expect(problems.map(\.line) == [1], "\(header.debugDescription)")
        #expect(problems.first?.message == "not valid TOML (a table header starts with its name: [name]); using the defaults")
        #expect(settings == Settings())
        let (marked, none) = parse("\u{FEFF}[keys]\nrefresh = \"R\"\n")
        #expect(none.isEmpty && marked.keys == [.refresh: "R"], "a header after the mark is read as usual")
        #expect(marked.keyBindings[.refresh]?.source == .configFile(line: 2))
    }

    @Test(
        "A date whose T is not followed by a digit is one warning and all defaults, not a crash (found by fuzzing)",
        arguments: [
            "when = 1979-05-27Tkeys2:00Z\n", "when = 1979-05-27T\n", "when = 1979-05-27t:00\n",
            "list = [1, 1979-05-27Tx]\n", "\"quoted key\" = 1979-05-27Tkeys2:00Z\n",
        ])
    func unreadableDateTime(line: String) {
        let (settings, problems) = parse("retention_days = 10\n\n" + line)
        #expect(problems.map(\.line) == [3], "\(line.debugDescription)")
        #expect(problems.first?.message == "not valid TOML (a date's T is followed by its time: 1979-05-27T07:32:00Z); using the defaults")
        #expect(settings == Settings())
    }

    @Test(
        "A } where an array expects a value is one warning and all defaults, not a crash (found by fuzzing)",
        arguments: [
            ("feeds = [}\n", 3), ("feeds = [\"home\", }\n", 3), ("keys.refresh = [[[}}}\n", 3), ("colors = { a = [} }\n", 3),
            ("feeds = [[\"a\"], [}]]\n", 3), ("feeds = [ # a comment\n}\n", 4), ("feeds = [\n\n}\n", 5),
        ])
    func unreadableArrayValue(text: String, line: Int) {
        let (settings, problems) = parse("retention_days = 10\n\n" + text)
        #expect(problems.map(\.line) == [line], "\(text.debugDescription)")
        #expect(problems.first?.message == "not valid TOML (an array holds values between its brackets: [1, 2]); using the defaults")
        #expect(settings == Settings())
    }

    @Test("Every document of up to five bytes of TOML's punctuation is read or refused, never stops the program")
    func shortDocumentsNeverStop() {
        // toml++ stops the process on 7,086 of these (a failed assertion); a stop here ends the test run.
        let alphabet = Array("[]{},=a1\"\n".utf8)
        var refused = 0
        for length in 1...5 {
            var digits = [Int](repeating: 0, count: length)
            while true {
                let text = String(decoding: digits.map { alphabet[$0] }, as: UTF8.self)
                var settings = Settings()
                if !ConfigFile.apply(text, displayName: Self.file, to: &settings).isEmpty { refused += 1 }
                var position = length - 1
                while position >= 0 {
                    digits[position] += 1
                    if digits[position] < alphabet.count { break }
                    digits[position] = 0
                    position -= 1
                }
                if position < 0 { break }
            }
        }
        #expect(refused > 0)
    }

    @Test("Arrays the parser reads, and braces in strings and comments, are left to it")
    func readableArrays() {
        for text in [
            "feeds = [\"home\", \"world\"]\n", "feeds = [\n  \"home\", # }\n  \"world\",\n]\n", "feeds = [\"}\", '}']\n",
            "feeds = [\"\\\" }\"]\n", "feeds = [\"\"\"\n}\n\"\"\"]\n", "x = 1\n[keys]\nrefresh = \"}\"\n",
        ] {
            #expect(!parse(text).1.contains { $0.message.contains("an array holds values") }, "\(text.debugDescription)")
        }
    }

    @Test("Dates and times the parser reads, or that sit in strings and comments, are left to it")
    func readableDateTimes() {
        for text in [
            "when = 1979-05-27T07:32:00Z\n", "when = 1979-05-27\n", "when = 1979-05-27 # 1979-05-27Tx\n",
            "title = \"1979-05-27Tx\"\n", "title = '1979-05-27T'\n", "title = \"a \\\" 1979-05-27Tx\"\n",
        ] {
            #expect(!parse(text).1.contains { $0.message.contains("a date's T") }, "\(text.debugDescription)")
        }
    }

    @Test("Table headers the parser reads, or refuses on its own, are left to it")
    func readableTableHeaders() {
        #expect(parse("[keys]\nrefresh = \"R\"\n").1.isEmpty)
        #expect(parse("[ \"keys\" ]\nrefresh = \"R\"\n").1.isEmpty)
        #expect(parse("[\t'colors' ]\nenabled = false\n").1.isEmpty)
        for header in ["[]\n", "[[]]\n", "[ [x]]\n", "x = 1\n["] {
            let problems = parse(header).1
            #expect(
                problems.count == 1 && problems[0].message.hasPrefix("not valid TOML (Error while parsing table header"),
                "\(header.debugDescription): \(problems)")
        }
    }

    @Test("A file that is not UTF-8 text is one warning and all defaults")
    func notText() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("config.toml")
        try Data([0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x73, 0x20, 0x3D, 0x20, 0xFF, 0xFE, 0x0A]).write(to: url)
        var settings = Settings()
        let problems = ConfigFile.load(url, displayName: "config.toml", into: &settings)
        #expect(problems.map(\.description) == ["config.toml: cannot be read as UTF-8 text; using the defaults"])
        #expect(settings == Settings())
    }

    @Test("Text from the file reaches messages without control characters")
    func terminalSafeMessages() {
        let (_, problems) = parse("default_section = \"\\u001b[31mred\"\n")
        #expect(
            problems.map(\.description) == [
                "\(Self.file) line 1: 'default_section' has an unknown section 'red' (see 'nytreader sections')"
            ])
    }

    @Test("NO_COLOR turns colors off unless the file turns them on; TERM=dumb always does")
    func colorsFromEnvironment() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("config.toml")
        func colors(_ file: String?, _ environment: [String: String]) throws -> Setting<Bool> {
            if let file { try file.write(to: url, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(at: url) }
            return Settings.load(configFile: url, displayName: "config.toml", environment: environment).settings.colors
        }
        #expect(try colors(nil, [:]) == Setting(true, source: .defaultValue))
        #expect(try colors(nil, ["NO_COLOR": "1"]) == Setting(false, source: .environment("NO_COLOR")))
        #expect(try colors(nil, ["NO_COLOR": ""]) == Setting(true, source: .defaultValue))
        #expect(try colors("colors = true\n", ["NO_COLOR": "1"]) == Setting(true, source: .configFile(line: 1)))
        #expect(try colors("colors = true\n", ["TERM": "dumb"]) == Setting(false, source: .environment("TERM=dumb")))
    }
}
