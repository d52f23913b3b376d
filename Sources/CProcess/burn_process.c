#include "burn_process.h"

#include <malloc.h>
#include <sys/prctl.h>

int burn_disable_transparent_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

int burn_release_free_memory(void) {
    return malloc_trim(0);
}
