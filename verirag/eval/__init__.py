"""Evaluation: ALCE-procedure metrics, baselines as graph switches, and the resumable runner."""

from verirag.eval.metrics import CitationScores, citation_scores, em_recall, evidence_recall, f1

__all__ = ["CitationScores", "citation_scores", "em_recall", "evidence_recall", "f1"]
