"""checks of the support decision, one module each (their order: verirag.verify.pipeline)."""
