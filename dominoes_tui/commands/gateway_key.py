"""The table server's gateway key as both gateways (`dominoes ssh`, `dominoes web`) find
it: the one in this machine's server data folder, or `--gateway-key FILE` (net/gateways/vouch.py)."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..i18n import _, pgettext


def add_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--gateway-key", type=Path, default=None, metavar=pgettext("metavar", "FILE"),
                   help=_("the table server's gateway key, with which the gateway vouches for its members so that "
                        "their name claims count per person there and every per-address limit at the address "
                        "each really came from (default: gateway.key in this machine's server data folder)"))


def key_path(args: argparse.Namespace) -> Path:
    """Where the gateway reads the key (at each session: the server may make it later)."""
    from ..net.gateways.vouch import KEY_FILE
    from ..net.server.server import data_home

    return args.gateway_key or data_home() / KEY_FILE
