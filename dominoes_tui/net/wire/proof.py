"""Proof of a name that no other server can borrow (docs/PROTOCOL.md, "Identity").

A player holds an Ed25519 key pair; a table server pins the public half for the name at
its first claim. To prove the name the client signs, with the private half, a message
that names the server's own challenge (fresh for this connection) and the address the
client really connected to, as WebAuthn's signature names the origin: a server that
records the proof has a signature over its own challenge and its own address, which
the club's server never accepts. Nothing that crosses the wire can be used again.

A name claimed before keys (by a secret, kept as its SHA-256 in names.json) moves to
the key at the first key login that also proves the old secret: by an HMAC keyed with
that SHA-256 over the same message, so the old secret never crosses the wire again
either (`secret_proof`). Pure functions here; names.py keeps the claims, client.py signs.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import ipaddress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

PROOF_VERSION = "dominoes identity proof 1"
KEY_TEXT = 44  # a public key: 32 bytes in base64
SIGNATURE_TEXT = 88  # a signature: 64 bytes in base64
MAC_TEXT = 64  # an old-secret proof: HMAC-SHA256 in hex


def secret_hash(secret: str) -> str:
    """What a server keeps of an old secret (names.json), and the old proof's HMAC key."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def endpoint(sockaddr: Any) -> str | None:
    """`address:port` of one end of a TCP connection, written one way whoever reads it
    (an IPv4 address mapped into IPv6 as plain IPv4, no scope); None if it is no address."""
    if not isinstance(sockaddr, tuple) or len(sockaddr) < 2:
        return None
    try:
        ip = ipaddress.ip_address(str(sockaddr[0]).split("%")[0])
        port = int(sockaddr[1])
    except (ValueError, TypeError):
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return f"[{ip}]:{port}" if ip.version == 6 else f"{ip}:{port}"


def message(server: str, challenge: str, name: str, public: str) -> bytes:
    """What the client signs: bound to this server (its address as the client reached it),
    this connection (the challenge), the name and the key."""
    return "\n".join((PROOF_VERSION, f"server {server}", f"challenge {challenge}", f"name {name}",
                      f"key {public}")).encode("utf-8")


def secret_proof(secret: str, signed: bytes) -> str:
    """Proof of a secret (an old name claim's, the organizer's) bound to a message, so the
    secret never crosses the wire: HMAC keyed with its SHA-256."""
    return hmac.new(secret_hash(secret).encode("ascii"), signed, hashlib.sha256).hexdigest()


def secret_proof_holds(stored_hash: str, signed: bytes, given: Any) -> bool:
    if not isinstance(given, str) or len(given) != MAC_TEXT:
        return False
    expected = hmac.new(stored_hash.encode("ascii"), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, given)


ORGANIZER_VERSION = "dominoes organizer proof 1"


def organizer_message(server: str) -> bytes:
    """What an organizer's client proves the organizer secret over: the server's address
    as the client reached it. The proof is `secret_proof(secret, organizer_message(server))`:
    a stranger's server that an organizer's client joins learns nothing it can show the
    club's server (whose address differs), and the secret itself never crosses the wire."""
    return f"{ORGANIZER_VERSION}\nserver {server}".encode()


def well_formed_key(public: Any) -> bool:
    if not isinstance(public, str) or len(public) != KEY_TEXT:
        return False
    try:
        return len(base64.b64decode(public, validate=True)) == 32
    except (binascii.Error, ValueError):
        return False


def verify(public: str, signed: bytes, signature: Any) -> bool:
    """Did the holder of `public`'s private half sign `signed`?"""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    if not well_formed_key(public) or not isinstance(signature, str) or len(signature) != SIGNATURE_TEXT:
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public, validate=True))
        key.verify(base64.b64decode(signature, validate=True), signed)
    except (InvalidSignature, binascii.Error, ValueError):
        return False
    return True


class PlayerKey:
    """A player's key pair (the private half never leaves this object but as its file)."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private

    @classmethod
    def generate(cls) -> PlayerKey:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_pem(cls, data: bytes) -> PlayerKey:
        """ValueError if `data` is not an unencrypted Ed25519 private key."""
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import load_pem_private_key

        try:
            private = load_pem_private_key(data, password=None)
        except (TypeError, ValueError) as exc:
            raise ValueError(str(exc)) from None
        if not isinstance(private, Ed25519PrivateKey):
            raise ValueError("not an Ed25519 key")
        return cls(private)

    def pem(self) -> str:
        from cryptography.hazmat.primitives import serialization as s

        return self._private.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()).decode("ascii")

    @property
    def public(self) -> str:
        from cryptography.hazmat.primitives import serialization as s

        raw = self._private.public_key().public_bytes(s.Encoding.Raw, s.PublicFormat.Raw)
        return base64.b64encode(raw).decode("ascii")

    def sign(self, signed: bytes) -> str:
        return base64.b64encode(self._private.sign(signed)).decode("ascii")
