#include "apicli_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#if defined(__APPLE__)
#define APICLI_CURL_LIBRARY "libcurl.4.dylib"
#else
#define APICLI_CURL_LIBRARY "libcurl.so.4"
#endif

// The entry points used, filled once by `load` under `pthread_once`.
static struct {
    apicli_curl_version_info_head *(*version_info)(int);
    CURLcode (*global_init)(long);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_pause)(CURL *, int);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Opening the library and finding its entry points, apart from `curl_global_init`, so
/// that `apicli_curl_preload` can do it on a thread of its own.
static pthread_once_t once_opened = PTHREAD_ONCE_INIT;
static int opened = 0;
static const char *load_error = "libcurl was not loaded";
/// Holds the "too old" message, written once by `load`.
static char version_message[160];

#define FIND(field, name)                                            \
    do {                                                             \
        *(void **)(&api.field) = dlsym(library, name);               \
        if (api.field == NULL) {                                     \
            load_error = "libcurl.so.4 lacks " name " (libcurl " APICLI_CURL_MIN_VERSION " or later is needed)"; \
            return;                                                  \
        }                                                            \
    } while (0)

static void open_library(void) {
    // Lazy: the ~10,000 relocations of libcurl's dependency tree are bound as used (~0.4 ms less).
    void *library = dlopen(APICLI_CURL_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        load_error = "libcurl (" APICLI_CURL_LIBRARY ") is not installed";
        return;
    }
    FIND(version_info, "curl_version_info");
    // Before anything else: an older libcurl has these entry points but not every option used.
    const apicli_curl_version_info_head *info = api.version_info(CURLVERSION_FIRST);
    if (info == NULL) {
        load_error = "libcurl did not say its version";
        return;
    }
    const char *problem = apicli_curl_version_problem(info->version, info->version_num, version_message,
                                                      sizeof version_message);
    if (problem != NULL) {
        load_error = problem;
        return;
    }
    FIND(global_init, "curl_global_init");
    FIND(multi_init, "curl_multi_init");
    FIND(multi_cleanup, "curl_multi_cleanup");
    FIND(multi_setopt, "curl_multi_setopt");
    FIND(multi_add_handle, "curl_multi_add_handle");
    FIND(multi_remove_handle, "curl_multi_remove_handle");
    FIND(multi_perform, "curl_multi_perform");
    FIND(multi_poll, "curl_multi_poll");
    FIND(multi_wakeup, "curl_multi_wakeup");
    FIND(multi_info_read, "curl_multi_info_read");
    FIND(easy_init, "curl_easy_init");
    FIND(easy_cleanup, "curl_easy_cleanup");
    FIND(easy_setopt, "curl_easy_setopt");
    FIND(easy_getinfo, "curl_easy_getinfo");
    FIND(easy_pause, "curl_easy_pause");
    FIND(easy_strerror, "curl_easy_strerror");
    FIND(slist_append, "curl_slist_append");
    FIND(slist_free_all, "curl_slist_free_all");
    opened = 1;
}

static void load(void) {
    pthread_once(&once_opened, open_library);
    if (!opened) return;
    // Here, not in `open_library`: OpenSSL's set-up registers exit handlers, and a process
    // that exits while a preloading thread is still inside it could race them. An exit
    // during `dlopen` only waits for the loader's lock.
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        load_error = "libcurl could not be initialised";
        return;
    }
    load_error = NULL;
}

const char *apicli_curl_version_problem(const char *version, unsigned int version_num, char *buffer, size_t size) {
    if (version_num >= APICLI_CURL_MIN_VERSION_NUM) return NULL;
    snprintf(buffer, size, "libcurl %s is too old: apicli needs libcurl %s or later",
             version != NULL ? version : "(unknown version)", APICLI_CURL_MIN_VERSION);
    return buffer;
}

const char *apicli_curl_load(void) {
    pthread_once(&once, load);
    return load_error;
}

static void *preload(void *unused) {
    (void)unused;
    pthread_once(&once_opened, open_library);
    return NULL;
}

void apicli_curl_preload(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Nothing is lost when the thread cannot start: the first request opens the library.
    (void)pthread_create(&thread, &attributes, preload, NULL);
    pthread_attr_destroy(&attributes);
}

CURLM *apicli_multi_init(void) { return api.multi_init(); }
void apicli_multi_cleanup(CURLM *multi) { api.multi_cleanup(multi); }
CURLMcode apicli_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return api.multi_setopt(multi, option, value);
}
CURLMcode apicli_multi_add(CURLM *multi, CURL *easy) { return api.multi_add_handle(multi, easy); }
CURLMcode apicli_multi_remove(CURLM *multi, CURL *easy) { return api.multi_remove_handle(multi, easy); }
CURLMcode apicli_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMcode apicli_multi_poll(CURLM *multi, int timeout_ms) {
    return api.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}
CURLMcode apicli_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }

int apicli_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = api.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

CURL *apicli_easy_init(void) { return api.easy_init(); }
void apicli_easy_cleanup(CURL *easy) { api.easy_cleanup(easy); }
CURLcode apicli_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return api.easy_setopt(easy, option, value);
}
CURLcode apicli_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return api.easy_setopt(easy, option, value);
}
CURLcode apicli_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return api.easy_setopt(easy, option, value);
}
CURLcode apicli_easy_setopt_callback(CURL *easy, CURLoption option, apicli_curl_data_fn value) {
    return api.easy_setopt(easy, option, value);
}
CURLcode apicli_easy_set_ca_blob(CURL *easy, const void *bytes, size_t length) {
    struct curl_blob blob = {(void *)bytes, length, CURL_BLOB_COPY};
    return api.easy_setopt(easy, CURLOPT_CAINFO_BLOB, &blob);
}
CURLcode apicli_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return api.easy_getinfo(easy, info, value);
}
CURLcode apicli_easy_getinfo_string(CURL *easy, CURLINFO info, const char **value) {
    return api.easy_getinfo(easy, info, value);
}
const char *apicli_easy_strerror(CURLcode code) { return api.easy_strerror(code); }
CURLcode apicli_easy_unpause(CURL *easy) { return api.easy_pause(easy, APICLI_CURLPAUSE_CONT); }

struct curl_slist *apicli_slist_append(struct curl_slist *list, const char *line) {
    return api.slist_append(list, line);
}
void apicli_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }
