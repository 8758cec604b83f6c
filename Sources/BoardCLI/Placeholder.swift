enum BoardCLIPlaceholder {}
