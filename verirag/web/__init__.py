"""The web page for people: served by LangGraph's own server next to the graph (see :mod:`.app`)."""
