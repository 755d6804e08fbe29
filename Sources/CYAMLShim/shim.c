#include "apicli_yaml.h"

#if __has_include(<yaml.h>)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#if defined(__APPLE__)
#define APICLI_YAML_LIBRARY "libyaml-0.2.dylib"
#else
#define APICLI_YAML_LIBRARY "libyaml-0.so.2"
#endif

#define APICLI_YAML_MISSING(name) \
    "reading YAML needs libyaml (" name "), which is not installed: install it " \
    "(Debian and Ubuntu: apt-get install libyaml-0-2) or convert the document to JSON"

/// The entry points used, filled once by `load` under `pthread_once`.
typedef struct {
    const char *(*get_version_string)(void);
    int (*parser_initialize)(yaml_parser_t *);
    void (*parser_delete)(yaml_parser_t *);
    void (*parser_set_input_string)(yaml_parser_t *, const unsigned char *, size_t);
    void (*parser_set_encoding)(yaml_parser_t *, yaml_encoding_t);
    int (*parser_parse)(yaml_parser_t *, yaml_event_t *);
    void (*event_delete)(yaml_event_t *);
} apicli_yaml_api;

static apicli_yaml_api api;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libyaml was not loaded";
static char load_message[256];

/// Opens `library` and fills `table`; NULL on success, else a message in `buffer`.
static const char *open_library(const char *library, apicli_yaml_api *table, int keep, char *buffer, size_t size) {
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(buffer, size, APICLI_YAML_MISSING("%s"), library);
        return buffer;
    }
#define FIND(field, name)                                                                      \
    do {                                                                                       \
        *(void **)(&table->field) = dlsym(handle, name);                                       \
        if (table->field == NULL) {                                                            \
            snprintf(buffer, size, "%s lacks %s; apicli needs libyaml 0.2 or later", library, name); \
            dlclose(handle);                                                                   \
            return buffer;                                                                     \
        }                                                                                      \
    } while (0)
    FIND(get_version_string, "yaml_get_version_string");
    FIND(parser_initialize, "yaml_parser_initialize");
    FIND(parser_delete, "yaml_parser_delete");
    FIND(parser_set_input_string, "yaml_parser_set_input_string");
    FIND(parser_set_encoding, "yaml_parser_set_encoding");
    FIND(parser_parse, "yaml_parser_parse");
    FIND(event_delete, "yaml_event_delete");
#undef FIND
    if (!keep) dlclose(handle);
    return NULL;
}

static void load(void) {
    load_error = open_library(APICLI_YAML_LIBRARY, &api, 1, load_message, sizeof load_message);
}

const char *apicli_yaml_load(void) {
    pthread_once(&once, load);
    return load_error;
}

const char *apicli_yaml_probe(const char *library, char *buffer, size_t size) {
    apicli_yaml_api table;
    return open_library(library, &table, 0, buffer, size);
}

const char *apicli_yaml_version(void) { return api.get_version_string(); }

int apicli_yaml_parser_initialize(yaml_parser_t *parser) { return api.parser_initialize(parser); }
void apicli_yaml_parser_delete(yaml_parser_t *parser) { api.parser_delete(parser); }

void apicli_yaml_parser_set_utf8_input(yaml_parser_t *parser, const unsigned char *input, size_t length) {
    api.parser_set_input_string(parser, input, length);
    // The reader has already refused byte-order marks and UTF-16/32: never let libyaml guess.
    api.parser_set_encoding(parser, YAML_UTF8_ENCODING);
}

int apicli_yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event) { return api.parser_parse(parser, event); }
void apicli_yaml_event_delete(yaml_event_t *event) { api.event_delete(event); }

#endif
