#include "burn_av_log.h"

#include <libavutil/log.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[512];
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void keeping_callback(void *object, int level, const char *format, va_list arguments) {
    if (level <= AV_LOG_ERROR) {
        va_list copy;
        va_copy(copy, arguments);
        char line[512];
        int length = vsnprintf(line, sizeof line, format, copy);
        va_end(copy);
        if (length > 0) {
            size_t used = strlen(line);
            while (used > 0 && (line[used - 1] == '\n' || line[used - 1] == ' ')) line[--used] = 0;
            if (used > 0) memcpy(last_error, line, used + 1);
        }
    }
    if (level <= av_log_get_level()) av_log_default_callback(object, level, format, arguments);
}

static void install(void) { av_log_set_callback(keeping_callback); }

void burn_av_log_keep_errors(void) { pthread_once(&installed, install); }

void burn_av_log_clear(void) { last_error[0] = 0; }

int burn_av_log_last_error(char *out, int capacity) {
    if (capacity <= 0) return 0;
    size_t length = strnlen(last_error, sizeof last_error);
    if ((int)length >= capacity) length = (size_t)capacity - 1;
    memcpy(out, last_error, length);
    out[length] = 0;
    return (int)length;
}
