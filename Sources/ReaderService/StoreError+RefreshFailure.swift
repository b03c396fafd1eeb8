import NewsCore

extension StoreError {
    /// How a refresh that could not write the cache says so.
    var refreshFailure: RefreshFailure {
        .cache(code)
    }
}
