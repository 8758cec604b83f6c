// The benchmark's yardstick: read a file and count its lines, as fast as C does it (fread + memchr).
// `board-bench` compares every `board` command with this program's time on the same file.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: board-linecount FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    static char buffer[1 << 20];
    size_t count, lines = 0;
    while ((count = fread(buffer, 1, sizeof buffer, file)) > 0) {
        const char *at = buffer, *end = buffer + count;
        while ((at = memchr(at, '\n', (size_t)(end - at))) != NULL) {
            lines++;
            at++;
        }
    }
    fclose(file);
    printf("%zu\n", lines);
    return 0;
}
