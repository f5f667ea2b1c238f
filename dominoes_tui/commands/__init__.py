"""One module per `dominoes` subcommand: `add_arguments(parser)` and `run(args) -> int`."""
