// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "board",
    products: [
        .executable(name: "board", targets: ["board"]),
        .library(name: "BoardKit", targets: ["BoardKit"]),
    ],
    targets: [
        // The document model: parsing, validation, edits. Pure values, no I/O.
        .target(name: "BoardKit"),
        // The command line: argument parsing, commands, file I/O. A library so tests reach it.
        .target(name: "BoardCLI", dependencies: ["BoardKit", "BoardDisplay", "BoardLanguageServer", "BoardTerminal", "SystemShims"]),
        // `board ui`'s terminal: raw mode, the alternate screen, signals, reading keys, drawing frames. Thin: what it
        // draws and what the keys do is BoardDisplay's.
        .target(name: "BoardTerminal"),
        // The board drawn for a terminal, pure: display widths, escaping, the columns `show` prints.
        .target(name: "BoardDisplay", dependencies: ["BoardKit"]),
        // `board lsp`: the Language Server Protocol over BoardKit, a pure state machine (frames in, messages out).
        .target(name: "BoardLanguageServer", dependencies: ["BoardKit"]),
        // C calls that Swift's Glibc module does not declare.
        .target(name: "SystemShims"),
        .executableTarget(
            name: "board", dependencies: ["BoardCLI", "SystemShims"],
            // A release binary is linked statically, the Swift runtime and the C libraries inside, at a fixed
            // address: no shared libraries to find, load and bind and no relocations to apply at each start.
            // A small `check` went from 6.4 to 4.0 ms and from 210 to 132 page faults; commit hooks start it
            // often. `board` uses no C function that needs glibc's shared libraries at run time (name services).
            // The toolchain's lld links it: gold warned that the runtime's one dlopen call would need them, which
            // alarmed newcomers. `-s` strips the symbols (17 MB down to 9.7).
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "-s"],
                                          .when(platforms: [.linux], configuration: .release))]),
        // `swift run -c release board-bench`: speed and memory on generated boards of 1,000 to 1,000,000 items.
        .executableTarget(name: "board-bench", dependencies: ["BoardKit", "BoardCLI", "BoardDisplay", "BoardLanguageServer", "board-linecount"]),
        // The benchmark's yardstick: a C program that reads a file and counts its lines.
        .executableTarget(name: "board-linecount"),
        .testTarget(name: "BoardKitTests", dependencies: ["BoardKit"], exclude: ["Fixtures"]),
        .testTarget(name: "BoardLanguageServerTests", dependencies: ["BoardLanguageServer", "BoardKit"]),
        .testTarget(name: "BoardCLITests", dependencies: ["BoardCLI", "BoardDisplay", "BoardKit", "board"], exclude: ["Golden"]),
    ]
)
