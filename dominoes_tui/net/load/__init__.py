"""`dominoes host --load-check`: a server under many bot tables and their watchers, with
hosted analyses running beside them."""
