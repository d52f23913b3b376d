#ifndef BURN_PROCESS_H
#define BURN_PROCESS_H

/// Process-wide settings the burn-captions command makes for itself (prctl is variadic,
/// which Swift cannot call).

/// Turns transparent huge pages off for this process: x264 asks for 2 MiB pages
/// (madvise), each of which is then resident in full. Returns 0, or -1 with errno.
int burn_disable_transparent_huge_pages(void);

#endif
