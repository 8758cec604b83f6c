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
        .target(name: "BoardCLI", dependencies: ["BoardKit"]),
        .executableTarget(
            name: "board", dependencies: ["BoardCLI"],
            // A release binary carries the Swift runtime inside: no shared libraries to load and bind at each
            // start, which is about a third of a start-up (4.4 -> 3.0 ms here) and matters inside commit hooks.
            // Linked at a fixed address (`-no-pie`), it has no 25,000 relocations to apply and their pages to
            // copy at each start: 275 -> 215 page faults, 5.5 -> 4.7 million instructions for a small `check`.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]),
        // `swift run -c release board-bench`: speed and memory on generated boards of 1,000 to 1,000,000 items.
        .executableTarget(name: "board-bench", dependencies: ["BoardKit", "BoardCLI"]),
        .testTarget(name: "BoardKitTests", dependencies: ["BoardKit"], exclude: ["Fixtures"]),
        .testTarget(name: "BoardCLITests", dependencies: ["BoardCLI", "BoardKit", "board"], exclude: ["Golden"]),
    ]
)
