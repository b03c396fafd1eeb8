/// The words, names and sections the article generator draws from.
enum Vocabulary {
    /// Top Stories sections with a subsection some of them use.
    static let sections: [(String, String)] = [
        ("world", "asia"), ("world", "europe"), ("world", "middleeast"), ("world", "africa"), ("world", "americas"),
        ("us", "politics"), ("us", ""), ("nyregion", ""), ("business", "economy"), ("business", "dealbook"),
        ("technology", ""), ("science", ""), ("climate", ""), ("health", ""), ("sports", "baseball"),
        ("sports", "soccer"), ("arts", "music"), ("arts", "television"), ("books", "review"), ("movies", ""),
        ("theater", ""), ("style", ""), ("food", ""), ("travel", ""), ("magazine", ""), ("opinion", ""),
        ("realestate", ""), ("upshot", ""), ("obituaries", ""), ("t-magazine", ""),
    ]

    static let kickers = ["Live Updates", "News Analysis", "The Morning", "Opinion", "Critic’s Pick", "The Interview", "Wordplay"]

    static let stopWords = [
        "the", "of", "and", "to", "in", "a", "for", "on", "with", "as", "at", "by", "after", "over", "from",
        "is", "are", "was", "his", "her", "their", "new", "its", "into", "about", "more", "than", "how", "why", "what",
    ]

    /// Content words, most frequent first.
    static let contentWords = [
        "trump", "year", "people", "state", "city", "president", "government", "war", "police", "officials",
        "week", "election", "court", "house", "world", "health", "school", "family", "women", "market",
        "company", "china", "report", "plan", "law", "deal", "million", "season", "team", "party",
        "policy", "climate", "change", "vote", "voters", "senate", "billion", "trade", "tariffs", "economy",
        "ukraine", "russia", "israel", "gaza", "iran", "europe", "migrants", "border", "federal", "reserve",
        "interest", "rates", "inflation", "prices", "workers", "union", "strike", "students", "university", "campus",
        "supreme", "ruling", "judge", "trial", "lawsuit", "investigation", "prosecutors", "charges", "prison", "jury",
        "film", "music", "album", "concert", "museum", "theater", "novel", "book", "artist", "fashion",
        "restaurant", "recipe", "chef", "travel", "hotel", "island", "beach", "mountain", "storm", "hurricane",
        "wildfire", "flood", "drought", "heat", "energy", "oil", "gas", "solar", "electric", "vehicles",
        "technology", "artificial", "intelligence", "chatbot", "startup", "apple", "google", "microsoft", "amazon", "tesla",
        "baseball", "yankees", "mets", "football", "soccer", "basketball", "knicks", "olympics", "tennis", "coach",
        "hospital", "doctors", "patients", "vaccine", "virus", "cancer", "drug", "study", "scientists", "research",
        "space", "nasa", "moon", "rocket", "telescope", "ocean", "species", "fossil", "dinosaur", "whales",
        "mayor", "governor", "congress", "republicans", "democrats", "campaign", "candidate", "debate", "primary", "poll",
        "military", "troops", "missile", "drone", "attack", "ceasefire", "talks", "diplomats", "sanctions", "summit",
        "housing", "rent", "apartment", "mortgage", "neighborhood", "subway", "bridge", "airport", "flights", "train",
        "stocks", "investors", "banks", "crypto", "bitcoin", "earnings", "profits", "layoffs", "jobs", "wages",
        "electoral", "electricity", "elected", "presidential", "presidency", "climatic", "tariff", "courts", "courtroom", "trades",
        "immigration", "asylum", "refugees", "protest", "protesters", "activists", "rights", "abortion", "guns", "shooting",
        "obituary", "dies", "legacy", "memoir", "history", "archive", "photographs", "portrait", "garden", "wine",
        "reykjavik", "lagos", "nairobi", "mumbai", "jakarta", "seoul", "tokyo", "beijing", "shanghai", "taipei",
        "brussels", "berlin", "paris", "london", "madrid", "rome", "athens", "istanbul", "cairo", "tehran",
        "texas", "california", "florida", "ohio", "georgia", "arizona", "michigan", "pennsylvania", "brooklyn", "queens",
    ]

    /// Running sums of the Zipf weights 1/(k+1) of `contentWords`.
    static let zipfCumulative: [Double] = {
        var total = 0.0
        return contentWords.indices.map { index in
            total += 1 / Double(index + 1)
            return total
        }
    }()

    static var zipfTotal: Double { zipfCumulative.last ?? 0 }

    static let accented = [
        "Café", "São Paulo", "Zürich", "Montréal", "Pokémon", "Beyoncé", "Málaga", "Kraków", "Ciudad Juárez",
        "Bogotá", "Besançon", "Gdańsk", "naïve", "résumé", "Düsseldorf", "Curaçao", "Reykjavík", "Yaoundé",
        "Niño", "Québec", "Ålesund", "Córdoba", "Plzeň", "Brontë",
    ]

    static let cjkPhrases = [
        "東京", "選挙", "経済", "北京", "上海", "中国", "日本", "気候変動", "首相", "大統領", "市場", "株価", "台風",
        "地震", "五輪", "香港", "台湾", "韓国", "人工知能", "半導体", "円安", "物価", "外交", "貿易", "经济", "选举",
    ]

    static let cjkJoiners = ["の", "で", "が", "と", "、", "は", ""]

    static let firstNames = [
        "Maggie", "Peter", "David", "Katie", "Jonathan", "Sarah", "Michael", "Emily", "Jeremy", "Nicholas",
        "José", "María", "Zoë", "Søren", "François", "Chloé", "Motoko", "Javier", "Aurelien", "Isabel",
        "Ana", "Mark", "Jim", "Patricia", "Erica", "Lisa", "Andrew", "Hiroko", "Vivian", "Thomas",
    ]

    static let lastNames = [
        "Haberman", "Baker", "Sanger", "Benner", "Swan", "Schmidt", "Barbaro", "Cochrane", "Weisman", "Kristof",
        "García", "Núñez", "Müller", "Kjærgaard", "Lefèvre", "Rich", "Tabuchi", "Hernández", "Breeden", "Kwai",
        "Wang", "Mazzetti", "Tankersley", "Smialek", "Green", "Zhong", "Ross Sorkin", "Yee", "Fuller", "Gibbons-Neff",
    ]
}
