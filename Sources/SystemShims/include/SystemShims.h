#ifndef BOARD_SYSTEM_SHIMS_H
#define BOARD_SYSTEM_SHIMS_H

#include <stdint.h>

/// Starts writing the file's changed pages in `offset ..< offset + count` to disk, without waiting for them:
/// Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Swift's Glibc module leaves out. Returns 0, or -1
/// with `errno` set. A hint only: on other systems it does nothing and returns 0.
int board_start_writeback(int fd, int64_t offset, int64_t count);

/// Swaps two names in the folder open as `folder` atomically (Linux's `renameat2` with `RENAME_EXCHANGE`). Returns
/// 0, or -1 with `errno` set (`EINVAL` or `ENOSYS` where the file system or the system cannot).
int board_exchange(int folder, const char *first, const char *second);

/// Opens a new file without a name in the folder open as `folder` (`O_TMPFILE`), for writing. Returns the
/// descriptor, or -1 with `errno` set where the file system cannot.
int board_open_unnamed(int folder, int mode);

/// Takes a read lease on the file (`F_SETLEASE`): it fails with `EAGAIN` while another process has the file open
/// for writing, and while it is held, another process opening the file for writing waits and breaks it. SIGIO, the
/// signal of a break, is ignored. Returns 0, or -1 with `errno` set.
int board_take_read_lease(int fd);

/// 1 while the read lease is held and unbroken, else 0.
int board_holds_read_lease(int fd);

/// Takes a write lease on the file (`F_SETLEASE`), which only a process holding the sole descriptor of the file may:
/// while it is held, another process opening the file waits and breaks it. SIGIO is ignored. Returns 0, or -1 with
/// `errno` set.
int board_take_write_lease(int fd);

/// 1 while the write lease is held and unbroken (no one waits to open the file), else 0.
int board_holds_write_lease(int fd);

/// Gives the lease up, letting a waiting writer go on. Returns 0, or -1 with `errno` set.
int board_release_lease(int fd);

/// Copies the extended attributes of the file `from` onto the file `to` (Linux's `flistxattr`, `fgetxattr` and
/// `fsetxattr`): a POSIX ACL (`system.posix_acl_access`) and `user.*` attributes among them. An attribute this
/// process may not set is passed over. Returns how many were not copied; on other systems it does nothing and
/// returns 0.
int board_copy_extended_attributes(int from, int to);

/// Gives every allocation of `bytes` or more a mapping of its own (glibc's `M_MMAP_THRESHOLD`, fixed, where glibc
/// would raise it to the size of each large block freed). Does nothing on other systems.
void board_map_allocations_from(int bytes);

/// From here until the matching `board_resume_interrupts`, SIGINT, SIGTERM, SIGHUP and SIGQUIT wait: the first that
/// comes is kept, and raised again under the handlers there were before once the last deferring call has resumed.
/// Calls nest, from any thread.
void board_defer_interrupts(void);

/// Ends one `board_defer_interrupts`; the last one puts the earlier handlers back and raises the signal kept, if any.
void board_resume_interrupts(void);

#endif
