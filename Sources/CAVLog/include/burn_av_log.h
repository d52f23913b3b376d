#ifndef BURN_AV_LOG_H
#define BURN_AV_LOG_H
/* FFmpeg's log, kept: the last error-level message of each thread is remembered, so a
   failure such as an encoder that cannot open can say why ("Cannot load libcuda.so.1").
   Messages at or below FFmpeg's log level are still printed as FFmpeg would. */

/* Installs the keeping callback (once; later calls do nothing). */
void burn_av_log_keep_errors(void);

/* Forgets this thread's last error message. */
void burn_av_log_clear(void);

/* Copies this thread's last error message (without its trailing newline) into out, and
   returns its length; 0 when there was none since the last clear. */
int burn_av_log_last_error(char *out, int capacity);
#endif
