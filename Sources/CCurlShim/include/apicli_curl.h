// libcurl, loaded on first use.
//
// apicli never links libcurl: the paths that send nothing (cache hits, --offline,
// store, config, help, --version) must not pay for loading it and its ~30
// dependencies. This shim opens `libcurl.so.4` with dlopen the first time a
// request is sent and calls it through function pointers found with dlsym.
// curl.h is used for its types and constants only.
#ifndef APICLI_CURL_H
#define APICLI_CURL_H

#include <stddef.h>
#include <curl/curl.h>

/// Opens libcurl once per process (thread-safe). Returns NULL on success, else a
/// static message saying what is missing.
const char *apicli_curl_load(void);

/// The callback libcurl calls with body bytes or with one header line.
typedef size_t (*apicli_curl_data_fn)(char *data, size_t size, size_t count, void *context);

CURLM *apicli_multi_init(void);
void apicli_multi_cleanup(CURLM *multi);
CURLMcode apicli_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode apicli_multi_add(CURLM *multi, CURL *easy);
CURLMcode apicli_multi_remove(CURLM *multi, CURL *easy);
CURLMcode apicli_multi_perform(CURLM *multi, int *running);
CURLMcode apicli_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode apicli_multi_wakeup(CURLM *multi);
/// One finished transfer, if any: returns 1 and fills `easy` and `result`.
int apicli_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

CURL *apicli_easy_init(void);
void apicli_easy_cleanup(CURL *easy);
CURLcode apicli_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode apicli_easy_setopt_string(CURL *easy, CURLoption option, const char *value);
CURLcode apicli_easy_setopt_pointer(CURL *easy, CURLoption option, void *value);
CURLcode apicli_easy_setopt_callback(CURL *easy, CURLoption option, apicli_curl_data_fn value);
/// A copied in-memory PEM bundle (CURLOPT_CAINFO_BLOB).
CURLcode apicli_easy_set_ca_blob(CURL *easy, const void *bytes, size_t length);
CURLcode apicli_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);
CURLcode apicli_easy_getinfo_string(CURL *easy, CURLINFO info, const char **value);
const char *apicli_easy_strerror(CURLcode code);

struct curl_slist *apicli_slist_append(struct curl_slist *list, const char *line);
void apicli_slist_free_all(struct curl_slist *list);

#endif
