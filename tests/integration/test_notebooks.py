"""The notebooks run top to bottom, offline, with the real local model (their own asserts must hold)."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def test_there_are_three_notebooks():
    assert [p.name for p in NOTEBOOKS] == [
        "01_quickstart.ipynb",
        "02_inside_the_graph.ipynb",
        "03_evaluation.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path, corpus_store, tmp_path):
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    errors = [
        o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"
    ]
    assert not errors
