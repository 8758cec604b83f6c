import BoardCLI
