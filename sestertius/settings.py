"""The server's settings: one object (:class:`Settings`, pydantic-settings) holding everything ``concordia serve``
and the web app read from the environment (``SESTERTIUS_<NAME>``) or the command line (``--<name>``). The command
line wins over the environment, which wins over the defaults. ``concordia serve --help`` lists them and
docs/DEPLOYMENT.md tables them.

A value that does not fit is refused in one line naming the setting (:func:`refusal`). The worker processes of
``concordia serve --workers N`` get the settings of the command through the environment (:meth:`Settings.environ`).

The engine's data layer reads ``SESTERTIUS_OVERRIDES`` itself (``sestertius.data.overrides``: the engine imports
no pydantic); it is declared here with the others so that it is checked, shown and documented in one place."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PREFIX = "SESTERTIUS_"
PORTS = (1, 65535)  # 0 ("any free port") is refused: the address printed for the browser would be wrong
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")  # uvicorn's


def _whole(value: Any, minimum: int, maximum: int | None = None) -> int:
    within = f"from {minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"must be a whole number ({within}), not {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"must be a whole number ({within}), not {value!r}") from None
    if number < minimum or (maximum is not None and number > maximum):
        raise ValueError(f"must be {within}, not {number}")
    return number


def _seconds(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if isinstance(value, bool) or not math.isfinite(number) or number <= 0:
        raise ValueError(f"must be a number of seconds above 0, not {str(value)!r}")
    return number


class Settings(BaseSettings):
    """Every setting of the server. Each field's description is its help (``concordia serve --help``)."""
    model_config = SettingsConfigDict(env_prefix=PREFIX, extra="forbid", frozen=True)

    host: str = Field(default="127.0.0.1", description="the address to listen on")
    port: int = Field(default=8000, description=f"the port to listen on, from {PORTS[0]} to {PORTS[1]} (0, any "
                      "free port, is refused: the address shown for the browser would be wrong)")
    db: str | None = Field(default=None, description="database URL, or a SQLite file's path (default: SQLite file "
                           "games.sqlite3 in the user data folder)")
    workers: int = Field(default=1, description="worker processes sharing the port (more than 1 needs a PostgreSQL "
                         "database)")
    keep_alive: float = Field(default=75.0, description="seconds an idle HTTP connection is kept open for the next "
                              "request (a person thinking over a decision keeps theirs)")
    log: str = Field(default="warning", description="uvicorn's log level: " + ", ".join(LOG_LEVELS) + " (info and "
                     "below turn the access log on)")
    campaigns: Path | None = Field(default=None, description="the Solitaria campaigns file (SQLite; default: "
                                   "campaigns.sqlite3 in the user data folder)")
    overrides: Path | None = Field(default=None, description="the data overrides file (TOML; default: "
                                   "overrides.toml in the user config folder, if there is one)")
    bot_processes: int = Field(default=1, description="processes per server process that make the bots' decisions "
                               "in the background, at a lower priority (each makes one at a time: the cap on the "
                               "bots' CPU)")

    # the limits per client (sestertius/web/limits.py): the rates are "burst,per_second" (a token bucket each)
    rate_limits: bool = Field(default=True, description="the four rates per client address below (off: none, as "
                              "for a load test from one address)")
    limit_games: str = Field(default="20,0.5", description="games created per client address: so many at once, "
                             "then so many a second")
    limit_unknown: str = Field(default="30,1", description="requests for game ids that turn out unknown, per client "
                               "address (once spent, ids not in memory are refused before the database is read)")
    limit_decisions: str = Field(default="100,20", description="decisions and undos per client address")
    limit_websockets: str = Field(default="30,2", description="new WebSockets per client address")
    body_seconds: float = Field(default=10.0, description="seconds a request body may take to arrive after its "
                                "headers (then 408, the connection closed)")
    forwarded_allow_ips: str = Field(default="127.0.0.1", description="the proxies whose X-Forwarded-For names the "
                                     "client (addresses or networks, comma-separated; * for any)")
    connection_requests: int = Field(default=100, description="requests a keep-alive connection serves before it is "
                                     "closed (so that every worker process gets its share of the clients)")
    connection_seconds: float = Field(default=60.0, description="seconds a keep-alive connection serves before it "
                                      "is closed")

    @field_validator("limit_games", "limit_unknown", "limit_decisions", "limit_websockets", mode="before")
    @classmethod
    def _rate(cls, v: Any) -> str:
        burst, _, per_second = str(v).partition(",")
        try:
            _whole(burst.strip(), 1)
            _seconds(per_second.strip())
        except ValueError:
            raise ValueError(f"must be a burst and a rate, as 20,0.5 (at least 1 and above 0), not {str(v)!r}") \
                from None
        return f"{burst.strip()},{per_second.strip()}"

    @field_validator("body_seconds", "connection_seconds", "keep_alive", mode="before")
    @classmethod
    def _limit_seconds(cls, v: Any) -> float:
        return _seconds(v)

    @field_validator("port", mode="before")
    @classmethod
    def _port(cls, v: Any) -> int:
        return _whole(v, *PORTS)

    @field_validator("workers", "bot_processes", "connection_requests", mode="before")
    @classmethod
    def _at_least_one(cls, v: Any) -> int:
        return _whole(v, 1)

    @field_validator("log", mode="before")
    @classmethod
    def _log(cls, v: Any) -> str:
        level = str(v).strip().lower()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}, not {str(v)!r}")
        return level

    @field_validator("host", "db", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        if isinstance(v, str) and not v.strip():
            raise ValueError("must not be empty")
        return v

    def environ(self) -> dict[str, str]:
        """The settings as environment variables (those not at their default): what a worker process of
        ``concordia serve --workers N`` reads back."""
        return {env_name(k): str(v) for k, v in self.model_dump(exclude_defaults=True).items() if v is not None}


def env_name(field: str) -> str:
    return PREFIX + field.upper()


def flag(field: str) -> str:
    return "--" + field.replace("_", "-")


class SettingsError(ValueError):
    """Settings refused; the message is one line naming the setting (:func:`refusal`)."""


def load(**given: Any) -> Settings:
    """The settings: ``given`` (the command line's, None meaning not given) over the environment over the defaults.
    Raises SettingsError with one line naming the first setting refused and where it came from."""
    given = {k: v for k, v in given.items() if v is not None}
    try:
        return Settings(**given)
    except ValidationError as e:
        raise SettingsError(refusal(e, given)) from None


def refusal(error: ValidationError, given: dict[str, Any]) -> str:
    """One line: the first refused setting (its option if the command line gave it, else its variable) and why."""
    first = error.errors()[0]
    field = str(first["loc"][0]) if first.get("loc") else "?"
    where = f"argument {flag(field)}" if field in given else env_name(field)
    why = str(first.get("msg", "")).removeprefix("Value error, ")
    if first.get("type") == "extra_forbidden":
        why = "not a setting"
    return f"{where}: {why}"
