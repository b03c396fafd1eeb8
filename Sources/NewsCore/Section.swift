/// A Top Stories section, e.g. `world` or `books/review`.
public struct Section: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Any name; use `init?(validating:)` for names a person typed.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Accepts only the sections the Top Stories API serves (case-insensitive).
    public init?(validating name: String) {
        let lowered = name.lowercased()
        guard Section.allNames.contains(lowered) else { return nil }
        self.rawValue = lowered
    }

    public var description: String { rawValue }

    /// A name for people: `books/review` → `Books Review`, `nyregion` → `N.Y. Region`.
    public var displayName: String {
        Section.displayNames[rawValue] ?? Section.words(of: rawValue)
    }

    /// `books/review` → `Books Review`, `the-daily` → `The Daily`.
    private static func words(of name: String) -> String {
        name
            .split(whereSeparator: { $0 == "/" || $0 == "-" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    /// A name for people from the section name an article carries: `us` → `U.S.`, `climate` → `Climate`,
    /// `middleeast` → `Middle East`, `the-daily` → `The Daily`, `U.S.` stays as it is.
    public static func displayName(forArticleSection name: String) -> String {
        // Every row of the list names its section, every frame: the usual names are looked up, not made.
        if let known = knownDisplayNames[name] ?? articleSectionNames[name] { return known }
        if let section = Section(validating: name) { return section.displayName }
        guard let first = name.first, first.isLowercase else { return name }
        return words(of: name)
    }

    public static let home = Section(rawValue: "home")
    public static let world = Section(rawValue: "world")

    /// Every section the Top Stories v2 API serves, in the NYT's order.
    public static let all: [Section] = allNames.map(Section.init(rawValue:))

    private static let allNames: [String] = [
        "arts", "automobiles", "books/review", "business", "fashion", "food", "health", "home",
        "insider", "magazine", "movies", "nyregion", "obituaries", "opinion", "politics",
        "realestate", "science", "sports", "sundayreview", "technology", "theater", "t-magazine",
        "travel", "upshot", "us", "world",
    ]

    /// `displayName` of every section the API serves, by its name.
    private static let knownDisplayNames = Dictionary(uniqueKeysWithValues: all.map { ($0.rawValue, $0.displayName) })

    private static let displayNames: [String: String] = [
        "nyregion": "N.Y. Region",
        "realestate": "Real Estate",
        "sundayreview": "Sunday Review",
        "t-magazine": "T Magazine",
        "us": "U.S.",
        "home": "Home Page",
    ]

    /// The sections and subsections articles carry that are no Top Stories section and whose name is words
    /// written together, as the NYT's pages name them: capitalised, `middleeast` would read `Middleeast`;
    /// and a section's name that stands for a Top Stories section's.
    private static let articleSectionNames: [String: String] = [
        "artanddesign": "Art & Design",
        "asia": "Asia Pacific",
        "dealbook": "DealBook",
        "energy-environment": "Energy & Environment",
        "middleeast": "Middle East",
        "mutual-funds": "Mutual Funds",
        // The name the APIs other than Top Stories give the section Top Stories calls `nyregion`.
        "New York": "N.Y. Region",
        "personaltech": "Personal Tech",
        "smallbusiness": "Small Business",
        "sunday-review": "Sunday Review",
        "todayspaper": "Today's Paper",
        "well": "Well",
        "yourmoney": "Your Money",
    ]
}
