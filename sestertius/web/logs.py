"""No secret in the logs. The app never logs a secret itself, and no client is told to put one in a URL; but a
server's own debugging output may show what a client sent (the WebSocket's first message at level debug, request
headers at level trace), and an old link or a careless client may still put ``key=`` in a URL, which the access
log records. A filter on the server's loggers blanks every secret it recognises in a line before it is written:
``"key": "..."`` in JSON, the ``X-Seat-Key``, ``X-Owner-Key`` and ``X-Campaign-Key`` headers, ``key=`` and
``keys=`` in a URL."""
from __future__ import annotations

import logging
import re

LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi", "websockets", "sestertius", "sestertius.web")

_SECRETS = [
    (re.compile(r'("key"\s*:\s*")[^"]*(")'), r"\1…\2"),
    (re.compile(r"(x-(?:seat|owner|campaign)-key'?\s*[,:]\s*b?')[^']*(')", re.I), r"\1…\2"),
    (re.compile(r"(x-(?:seat|owner|campaign)-key:\s*)\S+", re.I), r"\1…"),
    (re.compile(r"([?&#](?:key|keys)=)[^&\s\"']*"), r"\1…"),
]


def redact(text: str) -> str:
    for pattern, blank in _SECRETS:
        text = pattern.sub(blank, text)
    return text


class RedactSecrets(logging.Filter):
    """Blanks the secrets of a log line: in its text arguments (formatters such as uvicorn's access log read them
    one by one), else in the message formatted with its arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        try:
            text = record.getMessage()
        except Exception:  # a record that cannot be formatted is left to logging's own error report
            return True
        clean = redact(text)
        if clean != text:  # a secret inside an argument that is not text (a frame, a scope)
            record.msg, record.args = clean, None
        return True


def install() -> None:
    """Put the filter on the server's loggers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
