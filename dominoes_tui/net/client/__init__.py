"""The client side of hosted play: a connection to a table server, the table behind it
(a TableClient over a socket) and a client's tokens."""
