"""Graph nodes: one module per mechanism."""
