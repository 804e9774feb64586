"""Runs the example notebooks of ``examples/`` from a clean kernel of the running Python (nbclient).

The site (``docs/notebook_pages.py``, whose executed notebooks mkdocs-jupyter renders) and the test
suite (``tests/test_notebooks.py``) run every notebook this one way:

- the kernel is the Python running this code: a kernelspec for ``sys.executable`` is written into
  a temporary folder (ipykernel's ``write_kernel_spec``), so a fresh virtual environment needs no
  ``ipykernel install``, and no other kernelspec on the machine (a user's ``python3`` pointing at
  another Python) can be picked up instead;
- the kernel's channels are encrypted with CurveZMQ keys its manager makes (or, where pyzmq has no
  CurveZMQ, run over local sockets in that folder), so the kernel logs no warning about plain TCP
  into the site's build log, which must hold none;
- the notebook runs in ``examples/``, the run stops at the first error, and the kernel is shut
  down and its sockets closed when it ends.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import nbformat
import zmq
from ipykernel.kernelspec import write_kernel_spec
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

__all__ = ["EXAMPLES", "KERNEL_NAME", "TIMEOUT", "notebook_paths", "run_notebook"]

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
"""The folder of the example notebooks."""

KERNEL_NAME = "cardmath-python"
"""The name of the kernelspec written for the running Python."""

TIMEOUT = 300
"""The most seconds one cell may run."""


def notebook_paths() -> list[Path]:
    """The example notebooks, by name."""
    return sorted(EXAMPLES.glob("*.ipynb"))


def _kernel_manager(folder: Path) -> AsyncKernelManager:
    """A manager of a kernel of the running Python, its kernelspec written into ``folder``."""
    write_kernel_spec(folder / KERNEL_NAME)
    options: dict[str, Any] = {}
    if zmq.has("curve"):
        options["transport_encryption"] = "auto"
    elif os.name == "posix":
        options.update(transport="ipc", ip=str(folder / "kernel"))
    return AsyncKernelManager(
        kernel_name=KERNEL_NAME, kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(folder)]), **options
    )


def run_notebook(path: Path, timeout: int = TIMEOUT) -> Any:
    """Execute a notebook from a clean kernel and return it with its outputs.

    Args:
        path: The notebook (``.ipynb``); it runs in its own folder.
        timeout: The most seconds one cell may run.

    Returns:
        The executed notebook (an ``nbformat.NotebookNode``); the file is not changed.

    Raises:
        nbclient.exceptions.CellExecutionError: When a cell raises.
    """
    notebook = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory(prefix="cardmath-kernel-") as folder:
        client = NotebookClient(
            notebook,
            km=_kernel_manager(Path(folder)),
            timeout=timeout,
            allow_errors=False,
            resources={"metadata": {"path": str(path.parent)}},
        )
        # The manager is ours, so nbclient would leave the kernel running: ask it to clean up.
        client.execute(cleanup_kc=True)
    return notebook
