// libyaml, loaded when the first YAML document is read.
//
// apicli never links libyaml: only `provider add --openapi` with a YAML document
// needs it, so every other run must not pay for loading it. This shim opens
// `libyaml-0.so.2` with dlopen on first use and calls it through function
// pointers found with dlsym. The types come from <yaml.h> (libyaml-dev, on the
// stock image); the soname fixes the ABI those types describe.
#ifndef APICLI_YAML_H
#define APICLI_YAML_H

// On Linux libyaml's header is needed to build, as SQLite's is. Elsewhere (macOS without
// Homebrew's libyaml) the shim is empty: APIDocuments imports it on Linux only, and says
// there that YAML cannot be read.
#if !__has_include(<yaml.h>) && defined(__linux__)
#error "apicli needs libyaml's header yaml.h to build: install libyaml-dev (Debian, Ubuntu) or libyaml-devel (Fedora)"
#endif
#if __has_include(<yaml.h>)
#include <stddef.h>
#include <yaml.h>

/// Opens libyaml once per process (thread-safe). Returns NULL on success, else a
/// static one-line message saying what is missing.
const char *apicli_yaml_load(void);

/// Tries to open `library` and find every entry point used, without keeping it:
/// NULL when it would work, else the message `apicli_yaml_load` would give,
/// written into `buffer`. Lets tests see the "not installed" line without
/// uninstalling libyaml.
const char *apicli_yaml_probe(const char *library, char *buffer, size_t size);

/// libyaml's own version ("0.2.5"); only after a successful load.
const char *apicli_yaml_version(void);

/// The parser calls used, each only after a successful `apicli_yaml_load`.
int apicli_yaml_parser_initialize(yaml_parser_t *parser);
void apicli_yaml_parser_delete(yaml_parser_t *parser);
/// Reads `length` bytes of UTF-8 at `input`, which must outlive the parser.
void apicli_yaml_parser_set_utf8_input(yaml_parser_t *parser, const unsigned char *input, size_t length);
int apicli_yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event);
void apicli_yaml_event_delete(yaml_event_t *event);

#endif
#endif
