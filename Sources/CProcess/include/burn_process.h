#ifndef BURN_PROCESS_H
#define BURN_PROCESS_H

/// Process-wide settings and calls burn-captions makes for itself (prctl is variadic, and
/// malloc.h is not in Swift's Glibc module).

/// Turns transparent huge pages off for this process: x264 asks for 2 MiB pages
/// (madvise), each of which is then resident in full. Returns 0, or -1 with errno.
int burn_disable_transparent_huge_pages(void);

/// Gives the memory malloc holds free back to the system (malloc_trim): what reading the
/// captions, the timing fix's audio pass and layout freed, before the frames need theirs.
/// Returns 1 when memory was released.
int burn_release_free_memory(void);
#endif
