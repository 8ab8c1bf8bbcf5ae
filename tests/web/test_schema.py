"""The API against its own OpenAPI schema (schemathesis): for every operation, requests generated from the schema,
valid and not, get answers that the schema declares (status, content type, body, headers, Allow on a 405), and none
is a server error. A bounded number of examples per operation keeps it to seconds.

One check is left out: that every request the schema allows is accepted. The schema says what each value may be on
its own; which combinations make a game (the number of seats and of players, a board that a mode can be played on,
a seat with its own secret) is the engine's and the service's to say, with a 422, 403 or 409 that the schema
declares."""
from __future__ import annotations

import tempfile
import warnings

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from sestertius.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

EXAMPLES = 50  # per operation

_FILES = tempfile.TemporaryDirectory(prefix="sestertius-schema-")  # removed when the test process ends
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    APP = create_app(f"sqlite:///{_FILES.name}/games.sqlite3", campaigns_path=f"{_FILES.name}/campaigns.sqlite3")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_answers_as_its_schema_says(case):
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])
