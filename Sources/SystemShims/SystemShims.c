#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <sys/xattr.h>
#endif
#include "SystemShims.h"

int board_copy_extended_attributes(int from, int to) {
#ifdef __linux__
    /* A new file in a folder with a default ACL takes that ACL: where the board had none, its new file has none
       either (it let in whoever the folder's ACL named, helper-71). */
    if (fgetxattr(from, "system.posix_acl_access", NULL, 0) < 0 && errno == ENODATA) {
        (void)fremovexattr(to, "system.posix_acl_access");
    }
    ssize_t size = flistxattr(from, NULL, 0);
    if (size <= 0) return 0;
    char *names = malloc((size_t)size);
    if (!names) return 1;
    size = flistxattr(from, names, (size_t)size);
    int missed = 0;
    for (ssize_t at = 0; size > 0 && at < size; at += (ssize_t)strlen(names + at) + 1) {
        const char *name = names + at;
        ssize_t length = fgetxattr(from, name, NULL, 0);
        char *value = length >= 0 ? malloc(length > 0 ? (size_t)length : 1) : NULL;
        if (value) length = fgetxattr(from, name, value, (size_t)length);
        if (!value || length < 0 || fsetxattr(to, name, value, (size_t)length, 0) != 0) missed++;
        free(value);
    }
    free(names);
    return missed;
#else
    (void)from;
    (void)to;
    return 0;
#endif
}

int board_start_writeback(int fd, int64_t offset, int64_t count) {
#ifdef __linux__
    return sync_file_range(fd, offset, count, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
    (void)offset;
    (void)count;
    return 0;
#endif
}

int board_exchange(int folder, const char *first, const char *second) {
#ifdef __linux__
    return renameat2(folder, first, folder, second, RENAME_EXCHANGE);
#else
    (void)folder;
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

int board_open_unnamed(int folder, int mode) {
#ifdef __linux__
    return openat(folder, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    (void)folder;
    (void)mode;
    errno = ENOSYS;
    return -1;
#endif
}

int board_take_read_lease(int fd) {
#ifdef __linux__
    // A lease break is noticed by asking, not by a signal: SIGIO's default action would end the process.
    signal(SIGIO, SIG_IGN);
    return fcntl(fd, F_SETLEASE, F_RDLCK);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int board_holds_read_lease(int fd) {
#ifdef __linux__
    return fcntl(fd, F_GETLEASE) == F_RDLCK;
#else
    (void)fd;
    return 0;
#endif
}

int board_take_write_lease(int fd) {
#ifdef __linux__
    signal(SIGIO, SIG_IGN);
    return fcntl(fd, F_SETLEASE, F_WRLCK);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int board_holds_write_lease(int fd) {
#ifdef __linux__
    return fcntl(fd, F_GETLEASE) == F_WRLCK;
#else
    (void)fd;
    return 0;
#endif
}

int board_release_lease(int fd) {
#ifdef __linux__
    return fcntl(fd, F_SETLEASE, F_UNLCK);
#else
    (void)fd;
    return 0;
#endif
}

void board_map_allocations_from(int bytes) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
#endif
}

/* Every signal whose default action ends the process and that a program or a person sends (not a fault of
   board's own, such as SIGSEGV or SIGABRT): a run ended by any of them while a file had the temporary name left it
   there (helper-67: SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE and SIGVTALRM). */
static const int board_interrupts[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM,
                                       SIGPROF, SIGXCPU
#ifdef SIGPWR
                                       , SIGPWR
#endif
#ifdef SIGSTKFLT
                                       , SIGSTKFLT
#endif
};
enum { board_interrupt_count = sizeof board_interrupts / sizeof board_interrupts[0] };
static struct sigaction board_interrupt_handlers[board_interrupt_count];
static pthread_mutex_t board_interrupt_lock = PTHREAD_MUTEX_INITIALIZER;
static int board_interrupt_depth = 0;
static volatile sig_atomic_t board_interrupt_kept = 0;

static void board_keep_interrupt(int number) {
    if (board_interrupt_kept == 0) board_interrupt_kept = number;
}

void board_defer_interrupts(void) {
    pthread_mutex_lock(&board_interrupt_lock);
    if (board_interrupt_depth++ == 0) {
        struct sigaction keep;
        memset(&keep, 0, sizeof keep);
        keep.sa_handler = board_keep_interrupt;
        sigemptyset(&keep.sa_mask);
        for (int i = 0; i < board_interrupt_count; i++) sigaction(board_interrupts[i], &keep, &board_interrupt_handlers[i]);
    }
    pthread_mutex_unlock(&board_interrupt_lock);
}

void board_resume_interrupts(void) {
    int kept = 0;
    pthread_mutex_lock(&board_interrupt_lock);
    if (board_interrupt_depth > 0 && --board_interrupt_depth == 0) {
        for (int i = 0; i < board_interrupt_count; i++) sigaction(board_interrupts[i], &board_interrupt_handlers[i], NULL);
        kept = board_interrupt_kept;
        board_interrupt_kept = 0;
    }
    pthread_mutex_unlock(&board_interrupt_lock);
    if (kept != 0) raise(kept);
}
