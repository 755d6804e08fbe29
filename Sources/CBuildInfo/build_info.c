#include "apicli_build_info.h"

#ifndef APICLI_COMMIT
#define APICLI_COMMIT ""
#endif

const char *apicli_build_commit(void) {
    return APICLI_COMMIT;
}
