"""Publishing a folder to the web host a club already has: a target's address (`target.py`), the sync that
puts only what changed there safely (`sync.py`), and one module a protocol (`local.py`, `ftp.py`, `sftp.py`)."""

from prefprint.io.remote.errors import PublishError
from prefprint.io.remote.sync import MANIFEST, SyncReport, sync
from prefprint.io.remote.target import PASSWORD_ENV, Target, parse_target, public_url, upload_keys

__all__ = [
    "MANIFEST",
    "PASSWORD_ENV",
    "PublishError",
    "SyncReport",
    "Target",
    "parse_target",
    "public_url",
    "sync",
    "upload_keys",
]
