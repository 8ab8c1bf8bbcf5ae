"""The web tests' client: FastAPI's test client, each request's answer taken once the bots it woke have decided."""
from __future__ import annotations

import warnings

with warnings.catch_warnings():  # starlette's note about httpx in its test client
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


class SettledClient(TestClient):
    """The bots decide in the background (web/botruns.py): after each request this client waits until they have,
    so that the tests of what follows a decision see the position where a person is to decide (or the game's end).
    ``settle = False`` takes the answers as they come (the tests of the bots in the background)."""

    settle = True

    def request(self, *args, **kwargs):  # type: ignore[override]
        answer = super().request(*args, **kwargs)
        if self.settle:
            assert self.app.state.service.bots.idle(timeout=300), "the bots did not finish deciding"
        return answer
