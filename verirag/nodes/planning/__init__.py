"""Planning nodes: a question with several parts split, each part answered, the answer composed."""
