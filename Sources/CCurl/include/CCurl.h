#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

/// One GET through libcurl's easy interface, with libcurl loaded (dlopen) on first use, so a program that
/// never makes a request never maps it. No redirect is followed: the caller decides on each 3xx.
///
/// Every libcurl call is checked: a call that fails before the transfer stops the request before anything
/// is sent, and the result names the call and its code.

/// A loaded libcurl: its functions, or why it could not be loaded.
typedef struct nyt_curl_library nyt_curl_library;

/// Callbacks from the transfer, on the calling thread. Each returns 0 to go on, anything else to stop.
typedef struct nyt_curl_callbacks {
    void *context;
    /// Each header line of the response as received (status line included, CRLF kept).
    int (*header)(void *context, const char *line, size_t length);
    /// Each piece of the body.
    int (*body)(void *context, const char *data, size_t length);
    /// Called often while the transfer runs (also while it waits): a nonzero answer cancels it.
    int (*cancelled)(void *context);
    /// A socket the transfer made, before it connects: 0 to go on. The caller may shut it down (not
    /// close it) to wake the transfer from a wait, until `close_socket` has it.
    int (*socket_opened)(void *context, int socket);
    /// Closes a socket the transfer is done with; 0 when that worked.
    int (*close_socket)(void *context, int socket);
} nyt_curl_callbacks;

/// Which step ended the exchange.
enum {
    /// The transfer ran: `code` is curl_easy_perform's answer (0 when the exchange completed).
    NYT_CURL_STEP_TRANSFER = 0,
    /// libcurl could not be loaded (`message` says why); nothing was sent.
    NYT_CURL_STEP_LOAD = 1,
    /// A call that prepares the request failed (`call` names it, `code` is its CURLcode, or -1 for a call
    /// that answers NULL); nothing was sent.
    NYT_CURL_STEP_SETUP = 2,
    /// The transfer completed, but a call reading its result failed (`call`, `code`).
    NYT_CURL_STEP_RESULT = 3,
};

typedef struct nyt_curl_result {
    /// The step that ended the exchange (NYT_CURL_STEP_…).
    int step;
    /// libcurl's CURLcode for that step (0 when the exchange completed; -1 for a call without one).
    int code;
    /// The libcurl call that failed, e.g. `curl_easy_setopt(CURLOPT_PROTOCOLS_STR)` (empty for the transfer).
    char call[64];
    /// The HTTP status of the response (0 when none arrived).
    long status;
    /// libcurl's words for `code`, or why the library could not be loaded.
    char message[256];
} nyt_curl_result;

/// CURLcode values the caller tells apart.
enum {
    NYT_CURL_OK = 0,
    NYT_CURL_COULDNT_RESOLVE = 6,
    NYT_CURL_COULDNT_CONNECT = 7,
    NYT_CURL_PARTIAL_FILE = 18,
    NYT_CURL_WRITE_ERROR = 23,
    NYT_CURL_TIMEOUT = 28,
    NYT_CURL_ABORTED = 42,
    NYT_CURL_BAD_FUNCTION_ARGUMENT = 43,
    NYT_CURL_UNKNOWN_OPTION = 48,
    NYT_CURL_GOT_NOTHING = 52,
    NYT_CURL_SEND_ERROR = 55,
    NYT_CURL_RECV_ERROR = 56,
    NYT_CURL_PEER_FAILED_VERIFICATION = 60,
    NYT_CURL_BAD_CONTENT_ENCODING = 61,
    NYT_CURL_FILESIZE_EXCEEDED = 63,
    NYT_CURL_SSL_CACERT_BADFILE = 77,
};

/// Loads the process's libcurl (libcurl.so.4) once; 0 when it is usable, else -1 with the reason in
/// `message` (size `size`; may be NULL).
int nyt_curl_load(char *message, size_t size);

/// A libcurl of its own, for tests: `soname` loaded at once (a name that does not exist gives a library
/// that cannot be loaded), and, when `failing_options` names options (e.g. "CURLOPT_PROTOCOLS_STR", several
/// separated by commas), every attempt to set one answers `failing_code` without reaching libcurl. It is
/// never freed (NULL without memory). The program itself never calls this.
const nyt_curl_library *nyt_curl_library_for_testing(const char *soname, const char *failing_options, int failing_code);

/// The rate (bytes a second) below which a transfer that lasts `stall_seconds` has stalled.
#define NYT_CURL_MINIMUM_RATE 1024

/// GETs `url` with `headers` ("Name: value", `header_count` of them) through `library` (NULL for the
/// process's libcurl). Only https is spoken, or only plain http when `plain_http` is nonzero, for the
/// request and for any redirect; libcurl follows no redirect. `timeout_ms` bounds the whole exchange,
/// `connect_timeout_ms` the connection, and `stall_seconds` (0 for no such limit) a transfer slower than
/// NYT_CURL_MINIMUM_RATE; `maximum_body` (bytes, 0 for none) stops a body that announces a larger length
/// before it is read. A request whose restrictions could not all be set is not sent.
void nyt_curl_get(const nyt_curl_library *library, const char *url, const char *const *headers, int header_count,
                  long timeout_ms, long connect_timeout_ms, long stall_seconds, int64_t maximum_body, int plain_http,
                  const nyt_curl_callbacks *callbacks, nyt_curl_result *result);

#endif
