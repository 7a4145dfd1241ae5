"""Checking nodes: an answer written elsewhere, checked sentence by sentence against its documents."""
