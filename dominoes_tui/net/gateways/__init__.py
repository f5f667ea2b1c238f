"""The gateways that bring people to a table server: the SSH gateway, the browser server
and its page, the vouch a gateway gives its people, the secrets it hands its sessions,
and the analysis slots its sessions share."""
