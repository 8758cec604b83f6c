// The benchmark's yardstick: read a file and count its lines, as fast as C does it (fread + memchr).
// `board-bench` compares every `board` command with this program's time on the same file.
// With `--rewrite`, it also replaces the file as safely as `board` does — the same bytes written to a new file,
// flushed to disk, renamed over it, the folder flushed: the least a command that changes the board must pay.
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rewrite(const char *path, const char *bytes, size_t size) {
    size_t length = strlen(path);
    char *temporary = malloc(length + 16), *folder = strdup(path);
    if (!temporary || !folder) return 1;
    snprintf(temporary, length + 16, "%s.linecount", path);
    int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 1;
    for (size_t done = 0; done < size;) {
        ssize_t count = write(fd, bytes + done, size - done);
        if (count <= 0) return 1;
        done += (size_t)count;
    }
    if (fsync(fd) != 0 || close(fd) != 0 || rename(temporary, path) != 0) return 1;
    int directory = open(dirname(folder), O_RDONLY | O_DIRECTORY);
    if (directory < 0 || fsync(directory) != 0) return 1;
    close(directory);
    free(temporary);
    free(folder);
    return 0;
}

int main(int argc, char **argv) {
    int replace = argc == 3 && strcmp(argv[1], "--rewrite") == 0;
    if (argc != 2 && !replace) {
        fprintf(stderr, "usage: board-linecount [--rewrite] FILE\n");
        return 2;
    }
    const char *path = argv[argc - 1];
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        return 1;
    }
    static char buffer[1 << 20];
    char *whole = NULL;
    size_t count, lines = 0, size = 0;
    while ((count = fread(buffer, 1, sizeof buffer, file)) > 0) {
        const char *at = buffer, *end = buffer + count;
        while ((at = memchr(at, '\n', (size_t)(end - at))) != NULL) {
            lines++;
            at++;
        }
        if (replace) {
            char *grown = realloc(whole, size + count);
            if (!grown) return 1;
            whole = grown;
            memcpy(whole + size, buffer, count);
            size += count;
        }
    }
    fclose(file);
    if (replace && rewrite(path, whole ? whole : "", size) != 0) {
        perror(path);
        return 1;
    }
    free(whole);
    printf("%zu\n", lines);
    return 0;
}
