"""The web app's routes, one router per area: the pages, the data for the lobby and the board, games, replays and
records, the WebSocket, campaigns."""
