#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The few libcurl declarations this file needs (the values are libcurl's ABI, stable since 7.x), so the
// build does not depend on curl's headers and the binary does not link libcurl.
typedef void CURL;
struct curl_slist;
typedef int CURLcode;
typedef int CURLoption;
typedef int CURLINFO;

#define OPT_LONG 0
#define OPT_OBJECT 10000
#define OPT_FUNCTION 20000
#define OPT_OFF_T 30000

enum {
    OPT_WRITEDATA = OPT_OBJECT + 1,
    OPT_URL = OPT_OBJECT + 2,
    OPT_ERRORBUFFER = OPT_OBJECT + 10,
    OPT_WRITEFUNCTION = OPT_FUNCTION + 11,
    OPT_HTTPHEADER = OPT_OBJECT + 23,
    OPT_HEADERDATA = OPT_OBJECT + 29,
    OPT_LOW_SPEED_LIMIT = OPT_LONG + 19,
    OPT_LOW_SPEED_TIME = OPT_LONG + 20,
    OPT_NOPROGRESS = OPT_LONG + 43,
    OPT_FOLLOWLOCATION = OPT_LONG + 52,
    OPT_XFERINFODATA = OPT_OBJECT + 57,
    OPT_MAXREDIRS = OPT_LONG + 68,
    OPT_HEADERFUNCTION = OPT_FUNCTION + 79,
    OPT_NOSIGNAL = OPT_LONG + 99,
    OPT_ACCEPT_ENCODING = OPT_OBJECT + 102,
    OPT_MAXFILESIZE_LARGE = OPT_OFF_T + 117,
    OPT_SOCKOPTFUNCTION = OPT_FUNCTION + 148,
    OPT_SOCKOPTDATA = OPT_OBJECT + 149,
    OPT_TIMEOUT_MS = OPT_LONG + 155,
    OPT_CONNECTTIMEOUT_MS = OPT_LONG + 156,
    OPT_PROTOCOLS = OPT_LONG + 181,
    OPT_REDIR_PROTOCOLS = OPT_LONG + 182,
    OPT_CLOSESOCKETFUNCTION = OPT_FUNCTION + 208,
    OPT_CLOSESOCKETDATA = OPT_OBJECT + 209,
    OPT_XFERINFOFUNCTION = OPT_FUNCTION + 219,
    OPT_PROTOCOLS_STR = OPT_OBJECT + 318,
    OPT_REDIR_PROTOCOLS_STR = OPT_OBJECT + 319,
};

#define PROTO_HTTP 1L
#define PROTO_HTTPS 2L
#define INFO_LONG 0x200000
#define INFO_RESPONSE_CODE (INFO_LONG + 2)
#define GLOBAL_ALL 3
#define ERROR_SIZE 256
/// What a write or header callback answers to stop the transfer (CURL_WRITEFUNC_ERROR; an older libcurl
/// stops on any answer other than the length it gave).
#define WRITE_STOP ((size_t)0xFFFFFFFF)
/// CURL_SOCKOPT_OK and CURL_SOCKOPT_ERROR.
#define SOCKOPT_OK 0
#define SOCKOPT_ERROR 1

struct nyt_curl_library {
    const char *soname;
    /// For tests: the options (`CURLOPT_…`, comma-separated) whose setting answers `failing_code`.
    char failing_options[256];
    CURLcode failing_code;
    /// Whether every function was found and libcurl initialized; `error` says why not.
    int usable;
    char error[ERROR_SIZE];
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
};

/// Formats into `buffer`. A message cut to the buffer's size is still a message, so vsnprintf's answer
/// (the length it wanted) is not needed.
static void say(char *buffer, size_t size, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    (void)vsnprintf(buffer, size, format, arguments);
    va_end(arguments);
}

// MARK: - Loading

/// Loads `library->soname` and its functions and initializes it; `usable` says whether that worked.
/// A loaded library is never closed: libcurl and OpenSSL leave exit handlers that must stay mapped.
static void open_library(nyt_curl_library *library) {
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        say(library->error, sizeof library->error, "%s", reason ? reason : library->soname);
        return;
    }
#define SYMBOL(field, name)                                                                  \
    *(void **)(&library->field) = dlsym(handle, name);                                      \
    if (!library->field) {                                                                   \
        say(library->error, sizeof library->error, "%s has no %s", library->soname, name);  \
        return;                                                                              \
    }
    SYMBOL(global_init, "curl_global_init")
    SYMBOL(easy_init, "curl_easy_init")
    SYMBOL(easy_setopt, "curl_easy_setopt")
    SYMBOL(easy_perform, "curl_easy_perform")
    SYMBOL(easy_getinfo, "curl_easy_getinfo")
    SYMBOL(easy_cleanup, "curl_easy_cleanup")
    SYMBOL(easy_strerror, "curl_easy_strerror")
    SYMBOL(slist_append, "curl_slist_append")
    SYMBOL(slist_free_all, "curl_slist_free_all")
#undef SYMBOL
    CURLcode code = library->global_init(GLOBAL_ALL);
    if (code != 0) {
        const char *words = library->easy_strerror(code);
        say(library->error, sizeof library->error, "curl_global_init failed with code %d: %s", code, words ? words : "unknown error");
        return;
    }
    library->usable = 1;
}

static nyt_curl_library process_library = {.soname = "libcurl.so.4"};
static pthread_once_t process_once = PTHREAD_ONCE_INIT;

static void open_process_library(void) {
    open_library(&process_library);
}

/// The process's libcurl, loaded by the first caller; the others wait for that load.
static const nyt_curl_library *process(void) {
    // pthread_once fails only for a once-control that was never initialized; this one is static.
    (void)pthread_once(&process_once, open_process_library);
    return &process_library;
}

int nyt_curl_load(char *message, size_t size) {
    const nyt_curl_library *library = process();
    if (library->usable) return 0;
    if (message && size) say(message, size, "%s", library->error);
    return -1;
}

const nyt_curl_library *nyt_curl_library_for_testing(const char *soname, const char *failing_options, int failing_code) {
    nyt_curl_library *library = calloc(1, sizeof *library);
    if (!library) return NULL;
    char *name = strdup(soname);
    if (!name) {
        free(library);
        return NULL;
    }
    library->soname = name;
    if (failing_options) say(library->failing_options, sizeof library->failing_options, "%s", failing_options);
    library->failing_code = failing_code;
    open_library(library);
    return library;
}

// MARK: - Checked calls

/// One request being prepared or made: the library, the handle and where failures are told.
typedef struct transfer {
    const nyt_curl_library *library;
    CURL *handle;
    nyt_curl_result *result;
} transfer;

/// The shim's error: records that `call` (on `option`, when given) failed at `step` with `code` — its
/// name, its code and libcurl's words for it — and answers -1. Answers 0 when `code` is CURLE_OK.
static int check(const transfer *t, int step, const char *call, const char *option, CURLcode code) {
    if (code == 0) return 0;
    nyt_curl_result *result = t->result;
    result->step = step;
    result->code = code;
    if (option) {
        say(result->call, sizeof result->call, "%s(%s)", call, option);
    } else {
        say(result->call, sizeof result->call, "%s", call);
    }
    const char *words = code > 0 ? t->library->easy_strerror(code) : "it answered NULL";
    say(result->message, sizeof result->message, "%s", words ? words : "unknown error");
    return -1;
}

/// The same for a call that answers a pointer, NULL being its failure (it has no code: -1).
static int check_pointer(const transfer *t, const char *call, const void *pointer) {
    return pointer ? 0 : check(t, NYT_CURL_STEP_SETUP, call, NULL, -1);
}

/// Whether the tests' library makes setting `option` fail (it is one of `failing_options`).
static int fails_for_testing(const transfer *t, const char *option) {
    size_t length = strlen(option);
    const char *item = t->library->failing_options;
    while (*item) {
        const char *end = strchr(item, ',');
        size_t item_length = end ? (size_t)(end - item) : strlen(item);
        if (item_length == length && strncmp(item, option, length) == 0) return 1;
        if (!end) break;
        item = end + 1;
    }
    return 0;
}

// curl_easy_setopt, one function per kind of value (it is variadic: each kind must be passed as itself).
static CURLcode setopt_long(const transfer *t, CURLoption option, const char *name, long value) {
    return fails_for_testing(t, name) ? t->library->failing_code : t->library->easy_setopt(t->handle, option, value);
}

static CURLcode setopt_pointer(const transfer *t, CURLoption option, const char *name, const void *value) {
    return fails_for_testing(t, name) ? t->library->failing_code : t->library->easy_setopt(t->handle, option, value);
}

static CURLcode setopt_function(const transfer *t, CURLoption option, const char *name, void (*value)(void)) {
    return fails_for_testing(t, name) ? t->library->failing_code : t->library->easy_setopt(t->handle, option, value);
}

static CURLcode setopt_offset(const transfer *t, CURLoption option, const char *name, int64_t value) {
    return fails_for_testing(t, name) ? t->library->failing_code : t->library->easy_setopt(t->handle, option, value);
}

/// Sets option `name` (a value of `kind`: long, pointer, function, offset), answering -1 when libcurl
/// refuses it (recorded by `check`), else 0.
#define SET(t, kind, name, value)                                                                   \
    check(t, NYT_CURL_STEP_SETUP, "curl_easy_setopt", "CURLOPT_" #name,                             \
          setopt_##kind(t, OPT_##name, "CURLOPT_" #name, value))

/// Lets the request (`list`/`mask` options) or its redirects speak only `list`: by name (libcurl 7.85
/// and later), else by the bitmask an older libcurl knows.
static int allow_only(const transfer *t, CURLoption list_option, const char *list_name, CURLoption mask_option,
                      const char *mask_name, const char *list, long mask) {
    CURLcode code = setopt_pointer(t, list_option, list_name, list);
    if (code == NYT_CURL_UNKNOWN_OPTION) {
        return check(t, NYT_CURL_STEP_SETUP, "curl_easy_setopt", mask_name, setopt_long(t, mask_option, mask_name, mask));
    }
    return check(t, NYT_CURL_STEP_SETUP, "curl_easy_setopt", list_name, code);
}

// MARK: - Callbacks

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    const nyt_curl_callbacks *callbacks = context;
    size_t length = size * count;
    return callbacks->header(callbacks->context, data, length) == 0 ? length : WRITE_STOP;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    const nyt_curl_callbacks *callbacks = context;
    size_t length = size * count;
    return callbacks->body(callbacks->context, data, length) == 0 ? length : WRITE_STOP;
}

static int on_progress(void *context, int64_t total, int64_t now, int64_t up_total, int64_t up_now) {
    (void)total, (void)now, (void)up_total, (void)up_now;
    const nyt_curl_callbacks *callbacks = context;
    return callbacks->cancelled(callbacks->context) ? 1 : 0;
}

static int on_socket(void *context, int socket, int purpose) {
    (void)purpose;
    const nyt_curl_callbacks *callbacks = context;
    return callbacks->socket_opened(callbacks->context, socket) == 0 ? SOCKOPT_OK : SOCKOPT_ERROR;
}

static int on_close_socket(void *context, int socket) {
    const nyt_curl_callbacks *callbacks = context;
    return callbacks->close_socket(callbacks->context, socket) == 0 ? 0 : 1;
}

// MARK: - The request

/// Sets every option of the request, the restrictions first; -1 (the failure recorded) when one could not
/// be set: the request must then not be sent.
static int configure(const transfer *t, const char *url, const struct curl_slist *headers, long timeout_ms,
                     long connect_timeout_ms, long stall_seconds, int64_t maximum_body, int plain_http, char *error,
                     const nyt_curl_callbacks *callbacks) {
    const char *protocols = plain_http ? "http" : "https";
    long mask = plain_http ? PROTO_HTTP : PROTO_HTTPS;
    if (allow_only(t, OPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", OPT_PROTOCOLS, "CURLOPT_PROTOCOLS", protocols, mask) ||
        allow_only(t, OPT_REDIR_PROTOCOLS_STR, "CURLOPT_REDIR_PROTOCOLS_STR", OPT_REDIR_PROTOCOLS,
                   "CURLOPT_REDIR_PROTOCOLS", protocols, mask) ||
        SET(t, long, FOLLOWLOCATION, 0L) || SET(t, long, MAXREDIRS, 0L)) {
        return -1;
    }
    if (SET(t, pointer, ERRORBUFFER, error) || SET(t, long, NOSIGNAL, 1L) || SET(t, pointer, URL, url) ||
        SET(t, pointer, ACCEPT_ENCODING, "") || SET(t, long, TIMEOUT_MS, timeout_ms) ||
        SET(t, long, CONNECTTIMEOUT_MS, connect_timeout_ms)) {
        return -1;
    }
    // A transfer slower than the minimum rate for `stall_seconds` has stalled: a slow link that still moves
    // goes on (an archive month of 30 MB takes minutes on some), a server that stops sending does not.
    if (stall_seconds > 0 && (SET(t, long, LOW_SPEED_LIMIT, (long)NYT_CURL_MINIMUM_RATE) || SET(t, long, LOW_SPEED_TIME, stall_seconds))) {
        return -1;
    }
    if (maximum_body > 0 && SET(t, offset, MAXFILESIZE_LARGE, maximum_body)) return -1;
    if (headers && SET(t, pointer, HTTPHEADER, headers)) return -1;
    if (SET(t, function, HEADERFUNCTION, (void (*)(void))on_header) || SET(t, pointer, HEADERDATA, callbacks) ||
        SET(t, function, WRITEFUNCTION, (void (*)(void))on_body) || SET(t, pointer, WRITEDATA, callbacks) ||
        SET(t, long, NOPROGRESS, 0L) || SET(t, function, XFERINFOFUNCTION, (void (*)(void))on_progress) ||
        SET(t, pointer, XFERINFODATA, callbacks) || SET(t, function, SOCKOPTFUNCTION, (void (*)(void))on_socket) ||
        SET(t, pointer, SOCKOPTDATA, callbacks) || SET(t, function, CLOSESOCKETFUNCTION, (void (*)(void))on_close_socket) ||
        SET(t, pointer, CLOSESOCKETDATA, callbacks)) {
        return -1;
    }
    return 0;
}

void nyt_curl_get(const nyt_curl_library *library, const char *url, const char *const *headers, int header_count,
                  long timeout_ms, long connect_timeout_ms, long stall_seconds, int64_t maximum_body, int plain_http,
                  const nyt_curl_callbacks *callbacks, nyt_curl_result *result) {
    memset(result, 0, sizeof *result);
    if (!library) library = process();
    if (!library->usable) {
        result->step = NYT_CURL_STEP_LOAD;
        result->code = -1;
        say(result->message, sizeof result->message, "%s", library->error);
        return;
    }
    transfer t = {.library = library, .handle = library->easy_init(), .result = result};
    if (check_pointer(&t, "curl_easy_init", t.handle) != 0) return;

    struct curl_slist *list = NULL;
    int ready = 1;
    for (int index = 0; index < header_count && ready; index++) {
        struct curl_slist *longer = library->slist_append(list, headers[index]);
        if (check_pointer(&t, "curl_slist_append", longer) == 0) {
            list = longer;
        } else {
            ready = 0;
        }
    }
    char error[ERROR_SIZE] = "";
    if (ready && configure(&t, url, list, timeout_ms, connect_timeout_ms, stall_seconds, maximum_body, plain_http, error, callbacks) == 0) {
        CURLcode code = library->easy_perform(t.handle);
        result->step = NYT_CURL_STEP_TRANSFER;
        result->code = code;
        const char *words = error[0] ? error : library->easy_strerror(code);
        say(result->message, sizeof result->message, "%s", words ? words : "unknown error");
        long status = 0;
        CURLcode read = library->easy_getinfo(t.handle, INFO_RESPONSE_CODE, &status);
        if (read == 0) {
            result->status = status;
        } else if (code == 0) {
            check(&t, NYT_CURL_STEP_RESULT, "curl_easy_getinfo", "CURLINFO_RESPONSE_CODE", read);
        }
        // After a failed transfer its own failure is the one to tell; its status then stays unknown (0).
    }
    // Neither call answers anything to check.
    library->easy_cleanup(t.handle);
    if (list) library->slist_free_all(list);
}
