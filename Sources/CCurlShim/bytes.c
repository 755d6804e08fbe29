// glibc declares memmem only with _GNU_SOURCE, which Swift's Glibc module does not set.
#define _GNU_SOURCE
#include <string.h>

#include "apicli_bytes.h"

const void *apicli_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
