// What a build knows about where it came from.
//
// The commit is given to the build by `Scripts/build-release` (the APICLI_COMMIT environment
// variable, which Package.swift turns into a C define for this target alone), so that
// `apicli --version` names the source of a released binary. A build without it (a debug
// `swift build`) says no commit rather than a wrong one. It is C because a Swift define
// cannot hold a string, and a define on this one file rebuilds nothing else when it changes.
#ifndef APICLI_BUILD_INFO_H
#define APICLI_BUILD_INFO_H

/// The commit the binary was built from (hexadecimal, perhaps ending in `-modified`), or "".
const char *apicli_build_commit(void);

#endif
