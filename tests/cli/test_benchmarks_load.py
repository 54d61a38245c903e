"""Every benchmark loads: its imports name what the package has (a benchmark is run by
hand, and one that imported a function since removed failed only when someone ran it)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[2] / "benchmarks").glob("bench_*.py"))


def test_there_are_benchmarks() -> None:
    assert len(BENCHMARKS) >= 10


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda path: path.stem)
def test_a_benchmark_loads(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"_loaded_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)  # (its dataclasses look it up there)
    spec.loader.exec_module(module)
    assert callable(getattr(module, "main", None)), "run as a script, by its main()"
