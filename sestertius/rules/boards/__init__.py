"""Boards with rules of their own: Sicilia's volcano, Balearica's start boats, Roma's gates and ship track. Each
module defines a subclass of :class:`~sestertius.rules.boards.base.BoardRules`; the table of boards is in
:mod:`sestertius.rules.rulebook`. The engine calls the hooks at fixed points of the card steps, so a board changes
the game by overriding hooks or pushing steps of its own, never by editing the card code."""
