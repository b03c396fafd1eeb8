import ArgumentParser
import FoundationEssentials
import NewsCore
import ReaderConfig
import TerminalUI

/// `nytreader config`: the effective settings, where each came from, and the files in use.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective settings and the files in use.",
        discussion: """
            Prints the paths of the config file, cache, API key file, log and image cache, whether an API key is set \
            (never the key itself), then every setting as a line of TOML with where its value came from: \
            default, config file line N, environment or option. Problems in the config file are reported \
            on stderr, one line each. Creates nothing and touches no network.

            Settings, in $XDG_CONFIG_HOME/nytreader/config.toml (~/.config/...), each with its default:
              default_section = "home"      the section the reader opens
              refresh_after_minutes = 15    refresh on launch when older (0: always)
              auto_refresh_minutes = 15     refresh the feed on screen this often (0: off)
              retention_days = 30           keep articles gone from every feed
              maximum_articles = 20000      most unsaved articles in the cache
              feeds = ["home"]              followed: first in s, refreshed by R, 'refresh'
              mark_read_on_select = false   true: an article selected half a second is read
              mouse = true                  clicks and the wheel in the reader
              copy_links = true             y copies the link (OSC 52)
              list_width = 40               the list's share of the width, 20-80 (< and >)
              request_timeout_seconds = 15  give up on the NYT when it stalls this long
              images = "auto"               auto, kitty, iterm, sixel, symbols or off
              image_height_percent = 40     the most of the detail pane the photo takes
              image_cache_mb = 200          pictures kept for offline reading (0: none)
              prefetch_images = false       true: a refresh fetches its articles' photos too
              [colors]                      (colors = false alone turns them off)
              enabled = true                false: no colors (also NO_COLOR=1)
              title = "blue"                the header
              selected = "cyan"             the selected row
              dim = 8                       times, bylines, hints
              accent = "cyan"               kickers and links
              status = "default"            the status line
              error = "red"                 failures on the status line
              unread = "green"              the unread mark
              [keys]                        none rebound by default
              browser = "O"                 rebind an action to other keys

            Examples:
              nytreader config
              nytreader config --db /tmp/test.sqlite --api-key-file ~/nyt.key
              XDG_CONFIG_HOME=/tmp/cfg nytreader config

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions

    func run() async throws {
        try await Terminal.reportingFailures {
            let configuration = Configuration.reportingProblems(options: common)
            if let warning = (try? configuration.apiKey())?.permissionWarning {
                Terminal.printError(warning)
            }
            // Entries the key map rejects were warned about above; they are listed as not in effect (one that
            // took another action's last key is in effect, and only warned about).
            let unused = Set(KeyMap(overrides: configuration.settings.keys).problems.filter { !$0.isApplied }.map(\.action))
            let standardColors = Dictionary(uniqueKeysWithValues: ColorRole.configurable.map { ($0, $0.standardColor) })
            configuration.report(unusedKeyBindings: unused, standardColors: standardColors).forEach(Terminal.print)
        }
    }
}
