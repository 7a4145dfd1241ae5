"""One module per node's prompt(s), adapted in our own words from the papers' appendices."""
