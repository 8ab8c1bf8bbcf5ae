"""Interfaces for researchers (docs/RESEARCH.md): the fixed action encoding (``actions``, no dependency), the
observation encoding (``observations``, numpy), a PettingZoo environment (``pettingzoo_env``), a Gymnasium
environment (``gym_env``), an OpenSpiel game (``openspiel_game``), games on every core or a Ray cluster
(``parallel``) and tournaments (``tournament``). Nothing is imported here: each module pulls in only its own optional
dependencies (``pip install -e '.[rl]'``, ``'.[cluster]'``)."""
