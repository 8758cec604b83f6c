#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "SystemShims.h"

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

int board_exchange(const char *first, const char *second) {
#ifdef __linux__
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

int board_open_unnamed(const char *folder, int mode) {
#ifdef __linux__
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
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
