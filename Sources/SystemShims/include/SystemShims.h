#ifndef BOARD_SYSTEM_SHIMS_H
#define BOARD_SYSTEM_SHIMS_H

#include <stdint.h>

/// Starts writing the file's changed pages in `offset ..< offset + count` to disk, without waiting for them:
/// Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Swift's Glibc module leaves out. Returns 0, or -1
/// with `errno` set. A hint only: on other systems it does nothing and returns 0.
int board_start_writeback(int fd, int64_t offset, int64_t count);

#endif
