"""The web API's pydantic models: request bodies (:mod:`.requests`) and answers with the one error answer
(:mod:`.answers`). Every route declares its answer model and its error answers, so that the OpenAPI schema
(``/openapi.json``, ``/docs``) lists every answer."""
from sestertius.web.models.answers import (
                                           BoardChoice,
                                           BoardGeometry,
                                           Campaign,
                                           CampaignGame,
                                           CampaignList,
                                           CardInfo,
                                           Catalog,
                                           CreatedGame,
                                           ErrorAnswer,
                                           GameList,
                                           GameRecord,
                                           GameSummary,
                                           GameView,
                                           GeoCity,
                                           GeoProvince,
                                           GeoRoute,
                                           LegalEntry,
                                           Meta,
                                           NamedChoice,
                                           OptionsCheck,
                                           PlayerView,
                                           ReplayNext,
                                           ReplayStep,
                                           SeatInfo,
                                           SeatLink,
                                           ViewAnswer,
                                           errors,
)
from sestertius.web.models.requests import (
                                           CampaignGameSpec,
                                           CreateGame,
                                           Decision,
                                           NewCampaign,
                                           SeatQuery,
                                           SeatSpec,
                                           UndoBody,
                                           WatchQuery,
)

__all__ = ["BoardChoice", "BoardGeometry", "Campaign", "CampaignGame", "CampaignGameSpec", "CampaignList", "CardInfo",
           "Catalog", "CreateGame", "CreatedGame", "Decision", "ErrorAnswer", "GameList", "GameRecord", "GameSummary",
           "GameView", "GeoCity", "GeoProvince", "GeoRoute", "LegalEntry", "Meta", "NamedChoice", "NewCampaign",
           "OptionsCheck", "PlayerView", "ReplayNext", "ReplayStep", "SeatInfo", "SeatLink", "SeatQuery", "SeatSpec",
           "UndoBody", "ViewAnswer", "WatchQuery", "errors"]
