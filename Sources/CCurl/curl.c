#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
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
    OPT_NOPROGRESS = OPT_LONG + 43,
    OPT_FOLLOWLOCATION = OPT_LONG + 52,
    OPT_NOSIGNAL = OPT_LONG + 99,
    OPT_ACCEPT_ENCODING = OPT_OBJECT + 102,
    OPT_HEADERFUNCTION = OPT_FUNCTION + 79,
    OPT_MAXFILESIZE_LARGE = OPT_OFF_T + 117,
    OPT_TIMEOUT_MS = OPT_LONG + 155,
    OPT_CONNECTTIMEOUT_MS = OPT_LONG + 156,
    OPT_XFERINFODATA = OPT_OBJECT + 57,
    OPT_XFERINFOFUNCTION = OPT_FUNCTION + 219,
    OPT_PROTOCOLS_STR = OPT_OBJECT + 318,
    OPT_REDIR_PROTOCOLS_STR = OPT_OBJECT + 319,
};

#define INFO_LONG 0x200000
#define INFO_RESPONSE_CODE (INFO_LONG + 2)
#define GLOBAL_ALL 3
#define ERROR_SIZE 256

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[ERROR_SIZE];

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "libcurl could not be loaded: %s", dlerror());
        return;
    }
#define SYMBOL(field, name)                                                                  \
    *(void **)(&curl.field) = dlsym(library, name);                                         \
    if (!curl.field) {                                                                       \
        snprintf(load_error, sizeof load_error, "libcurl has no %s", name);                 \
        curl.easy_init = NULL;                                                               \
        return;                                                                              \
    }
    SYMBOL(global_init, "curl_global_init")
    SYMBOL(easy_setopt, "curl_easy_setopt")
    SYMBOL(easy_perform, "curl_easy_perform")
    SYMBOL(easy_getinfo, "curl_easy_getinfo")
    SYMBOL(easy_cleanup, "curl_easy_cleanup")
    SYMBOL(easy_strerror, "curl_easy_strerror")
    SYMBOL(slist_append, "curl_slist_append")
    SYMBOL(slist_free_all, "curl_slist_free_all")
    SYMBOL(easy_init, "curl_easy_init")
#undef SYMBOL
    if (curl.global_init(GLOBAL_ALL) != 0) {
        snprintf(load_error, sizeof load_error, "libcurl could not be initialized");
        curl.easy_init = NULL;
    }
}

int nyt_curl_load(char *message, size_t size) {
    pthread_once(&load_once, load);
    if (curl.easy_init) return 0;
    if (message && size) snprintf(message, size, "%s", load_error);
    return -1;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    const nyt_curl_callbacks *callbacks = context;
    size_t length = size * count;
    return callbacks->header(callbacks->context, data, length) == 0 ? length : 0;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    const nyt_curl_callbacks *callbacks = context;
    size_t length = size * count;
    return callbacks->body(callbacks->context, data, length) == 0 ? length : 0;
}

static int on_progress(void *context, int64_t total, int64_t now, int64_t up_total, int64_t up_now) {
    (void)total, (void)now, (void)up_total, (void)up_now;
    const nyt_curl_callbacks *callbacks = context;
    return callbacks->cancelled(callbacks->context);
}

void nyt_curl_get(const char *url, const char *const *headers, int header_count, long timeout_ms,
                  long connect_timeout_ms, int64_t maximum_body, const char *protocols,
                  const nyt_curl_callbacks *callbacks, nyt_curl_result *result) {
    memset(result, 0, sizeof *result);
    if (nyt_curl_load(result->message, sizeof result->message) != 0) {
        result->code = NYT_CURL_NOT_LOADED;
        return;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        result->code = NYT_CURL_NOT_LOADED;
        snprintf(result->message, sizeof result->message, "libcurl could not start a transfer");
        return;
    }
    struct curl_slist *list = NULL;
    for (int index = 0; index < header_count; index++) list = curl.slist_append(list, headers[index]);

    char error[ERROR_SIZE] = "";
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, OPT_PROTOCOLS_STR, protocols);
    curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS_STR, protocols);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    if (maximum_body > 0) curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (int64_t)maximum_body);
    if (list) curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, (void *)callbacks);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, (void *)callbacks);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, OPT_XFERINFODATA, (void *)callbacks);

    result->code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    snprintf(result->message, sizeof result->message, "%s", error[0] ? error : curl.easy_strerror(result->code));

    curl.easy_cleanup(handle);
    if (list) curl.slist_free_all(list);
}
