"""Puts every notebook of ``examples/`` into the site with its outputs, at build time.

Each notebook is executed from a clean kernel (notebook_runner.py) and written, outputs and all,
as the site's file ``notebooks/NAME.ipynb``, which mkdocs-jupyter renders as a page (mkdocs.yml
lists the pages in its navigation). The notebooks are kept in the repository without outputs, so
the figures a page shows are the ones the library computed when the site was built.
"""

from __future__ import annotations

import sys
from pathlib import Path

import mkdocs_gen_files
import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from notebook_runner import notebook_paths, run_notebook

for notebook in notebook_paths():
    with mkdocs_gen_files.open(f"notebooks/{notebook.name}", "w") as stream:
        nbformat.write(run_notebook(notebook), stream)
