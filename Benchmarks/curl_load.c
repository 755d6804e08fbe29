// What loading libcurl costs on its own (docs/design/0038-large-answer-end-to-end.md): dlopen
// with RTLD_LAZY, as the shim does, then curl_global_init with the flags given; prints RSS and
// the shared objects mapped.
//   cc -O2 -o /tmp/curl_load Benchmarks/curl_load.c
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/curl_load libcurl.so.4 3
//   /tmp/curl_load libcurl-gnutls.so.4 0      (flags -1: no curl_global_init)
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    void *library = dlopen(argv[1], RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    long flags = argc > 2 ? atol(argv[2]) : 3;
    int (*global_init)(long) = (int (*)(long))dlsym(library, "curl_global_init");
    if (flags >= 0 && (global_init == NULL || global_init(flags) != 0)) return 2;
    char command[160];
    snprintf(command, sizeof command,
             "grep -o '/[^ ]*\\.so[^ ]*' /proc/%d/maps | sort -u | wc -l; grep -E 'VmRSS|RssFile' /proc/%d/status",
             (int)getpid(), (int)getpid());
    return system(command);
}
