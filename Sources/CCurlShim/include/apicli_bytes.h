// Byte search for the secret scrubber (APIHTTP), which lives with the curl shim as
// the one C target APIHTTP has on Linux.
#ifndef APICLI_BYTES_H
#define APICLI_BYTES_H

#include <stddef.h>

/// The first occurrence of `needle` in `haystack`, or NULL: glibc's `memmem`.
const void *apicli_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
