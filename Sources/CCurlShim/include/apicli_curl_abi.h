// The part of libcurl's ABI that apicli uses: opaque handles, the option, info
// and result numbers, and the few structs passed across.
//
// These numbers are fixed by libcurl's ABI promise (an option or code keeps its
// number forever; new ones are only added), so declaring them here is as good
// as including curl/curl.h, which the stock image does not have. Taken from
// libcurl 7.88.1's curl/curl.h and curl/multi.h (Debian 12's libcurl4-openssl-dev).
// The oldest libcurl with everything below is 7.85.0 (CURLOPT_PROTOCOLS_STR),
// which `apicli_curl_load` checks at run time.
#ifndef APICLI_CURL_ABI_H
#define APICLI_CURL_ABI_H

#include <stddef.h>

/// 7.85.0, as `curl_version_info` encodes it (0xXXYYZZ).
#define APICLI_CURL_MIN_VERSION_NUM 0x075500
#define APICLI_CURL_MIN_VERSION "7.85.0"

typedef void CURL;
typedef void CURLM;

struct curl_slist {
    char *data;
    struct curl_slist *next;
};

#define CURL_ERROR_SIZE 256
#define CURL_GLOBAL_DEFAULT 3L
/// What a write callback returns to pause its transfer (libcurl keeps the bytes and hands them again on resume).
#define APICLI_CURL_WRITEFUNC_PAUSE 0x10000001
/// `curl_easy_pause` bits: receive and send again.
#define APICLI_CURLPAUSE_CONT 0

typedef enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_URL_MALFORMAT = 3,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WEIRD_SERVER_REPLY = 8,
    CURLE_HTTP2 = 16,
    CURLE_PARTIAL_FILE = 18,
    CURLE_OUT_OF_MEMORY = 27,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35,
    CURLE_ABORTED_BY_CALLBACK = 42,
    CURLE_GOT_NOTHING = 52,
    CURLE_SEND_ERROR = 55,
    CURLE_RECV_ERROR = 56,
    CURLE_SSL_CERTPROBLEM = 58,
    CURLE_PEER_FAILED_VERIFICATION = 60,
    CURLE_BAD_CONTENT_ENCODING = 61,
    CURLE_FILESIZE_EXCEEDED = 63,
    CURLE_SSL_CACERT_BADFILE = 77,
    CURLE_SSL_ISSUER_ERROR = 83,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CURLE_SSL_INVALIDCERTSTATUS = 91,
    CURLE_HTTP2_STREAM = 92,
} CURLcode;

/// An option's number is its type's base (long 0, object pointer 10000,
/// function 20000, off_t 30000, blob 40000) plus its index.
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_NOBODY = 44,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_SSL_VERIFYPEER = 64,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_SSL_VERIFYHOST = 81,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_MAXFILESIZE_LARGE = 30117,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_PIPEWAIT = 237,
    CURLOPT_CAINFO_BLOB = 40309,
    CURLOPT_PROTOCOLS_STR = 10318,
    CURLOPT_REDIR_PROTOCOLS_STR = 10319,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_COPYPOSTFIELDS = 10165,
} CURLoption;

/// An info's number is its type's base (string 0x100000, long 0x200000) plus its index.
typedef enum {
    CURLINFO_RESPONSE_CODE = 0x200002,
    CURLINFO_OS_ERRNO = 0x200019,
    CURLINFO_CAINFO = 0x10003D,
} CURLINFO;

typedef enum {
    CURLM_OK = 0,
} CURLMcode;

typedef enum {
    CURLMOPT_MAXCONNECTS = 6,
} CURLMoption;

typedef enum {
    CURLMSG_DONE = 1,
} CURLMSG;

typedef struct {
    CURLMSG msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

/// Passed to curl_multi_poll as NULL only.
struct curl_waitfd;

#define CURL_BLOB_COPY 1U
struct curl_blob {
    void *data;
    size_t len;
    unsigned int flags;
};

/// `curl_version_info(CURLVERSION_FIRST)`: only the fields every age of the struct has.
#define CURLVERSION_FIRST 0
typedef struct {
    int age;
    const char *version;
    unsigned int version_num;
} apicli_curl_version_info_head;

#endif
