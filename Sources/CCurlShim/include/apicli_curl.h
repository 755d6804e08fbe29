// libcurl, loaded on first use.
//
// apicli never links libcurl: the paths that send nothing (cache hits, --offline,
// store, config, help, --version) must not pay for loading it and its ~30
// dependencies. This shim opens `libcurl.so.4` with dlopen the first time a
// request is sent and calls it through function pointers found with dlsym.
//
// Nor does it need libcurl's header to build: the stock image has libcurl.so.4
// but not curl/curl.h, so the few types and numbers used are declared in
// apicli_curl_abi.h, from libcurl's stable ABI.
#ifndef APICLI_CURL_H
#define APICLI_CURL_H

#include <stddef.h>
#include "apicli_curl_abi.h"

/// Opens libcurl once per process (thread-safe). Returns NULL on success, else a
/// static message saying what is missing, or that the libcurl found is too old.
const char *apicli_curl_load(void);

/// Starts opening libcurl (and finding its entry points) on a detached thread of its
/// own, so that it overlaps work the caller does before its first request; that
/// request's `apicli_curl_load` then waits for it, or finds it done, and initialises
/// libcurl. Harmless when called again or after a load.
void apicli_curl_preload(void);

/// Whether a libcurl of `version_num` (0xXXYYZZ, as `curl_version_info` gives it)
/// has everything used here. Returns NULL when it does, else a message naming
/// `version` and the oldest version that works, written into `buffer`.
const char *apicli_curl_version_problem(const char *version, unsigned int version_num, char *buffer, size_t size);

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
/// Resumes a transfer whose write callback returned `APICLI_CURL_WRITEFUNC_PAUSE` (call on the multi's thread).
CURLcode apicli_easy_unpause(CURL *easy);

struct curl_slist *apicli_slist_append(struct curl_slist *list, const char *line);
void apicli_slist_free_all(struct curl_slist *list);

#endif
