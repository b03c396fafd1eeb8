#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

/// One GET through libcurl's easy interface, with libcurl loaded (dlopen) on first use, so a program that
/// never makes a request never maps it. No redirect is followed: the caller decides on each 3xx.

/// Callbacks from the transfer, on the calling thread. Each returns 0 to go on, anything else to stop.
typedef struct nyt_curl_callbacks {
    void *context;
    /// Each header line of the response as received (status line included, CRLF kept).
    int (*header)(void *context, const char *line, size_t length);
    /// Each piece of the body.
    int (*body)(void *context, const char *data, size_t length);
    /// Called often while the transfer runs (also while it waits): a nonzero answer cancels it.
    int (*cancelled)(void *context);
} nyt_curl_callbacks;

typedef struct nyt_curl_result {
    /// libcurl's CURLcode (0 when the exchange completed).
    int code;
    /// The HTTP status of the response (0 when none arrived).
    long status;
    /// libcurl's words for `code`.
    char message[256];
} nyt_curl_result;

/// What `code` means to the caller.
enum {
    NYT_CURL_OK = 0,
    NYT_CURL_COULDNT_RESOLVE = 6,
    NYT_CURL_COULDNT_CONNECT = 7,
    NYT_CURL_WRITE_ERROR = 23,
    NYT_CURL_TIMEOUT = 28,
    NYT_CURL_ABORTED = 42,
    NYT_CURL_FILESIZE_EXCEEDED = 63,
    NYT_CURL_SEND_ERROR = 55,
    NYT_CURL_RECV_ERROR = 56,
    NYT_CURL_GOT_NOTHING = 52,
    NYT_CURL_PARTIAL_FILE = 18,
    /// libcurl could not be loaded (see `message`).
    NYT_CURL_NOT_LOADED = -1,
};

/// Loads libcurl once; 0 when it is usable, else -1 with the reason in `message` (size `size`).
int nyt_curl_load(char *message, size_t size);

/// GETs `url` with `headers` ("Name: value", `header_count` of them). `timeout_ms` bounds the whole
/// exchange, `connect_timeout_ms` the connection; `maximum_body` (bytes, 0 for none) stops a body that
/// announces a larger length before it is read. `protocols` is libcurl's list, e.g. "https" or "http,https".
void nyt_curl_get(const char *url, const char *const *headers, int header_count, long timeout_ms,
                  long connect_timeout_ms, int64_t maximum_body, const char *protocols,
                  const nyt_curl_callbacks *callbacks, nyt_curl_result *result);

#endif
