"""Hosted play, a sub-package a room, each standing only on those before it: wire/ (what
both ends speak), host/ (what every part of a server stands on), gateways/ (SSH, the
browser, the vouch), tables/ (one hosted table), records/ (finished matches), evening/
(the club evening), server/ (the table server), client/ (the client side) and load/
(the load check). The README's layout lists each room's files in that order."""
