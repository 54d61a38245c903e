"""rules.json and cards.json are exactly what the generator makes from the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ddz_tui.gen import datagen

ROOT = Path(__file__).resolve().parents[2]

COUNTS = {
    "single": 15, "pair": 13, "trio": 13, "trio_single": 182, "trio_pair": 156,
    "seq_single5": 8, "seq_single6": 7, "seq_single7": 6, "seq_single8": 5,
    "seq_single9": 4, "seq_single10": 3, "seq_single11": 2, "seq_single12": 1,
    "seq_pair3": 10, "seq_pair4": 9, "seq_pair5": 8, "seq_pair6": 7,
    "seq_pair7": 6, "seq_pair8": 5, "seq_pair9": 4, "seq_pair10": 3,
    "seq_trio2": 11, "seq_trio3": 10, "seq_trio4": 9, "seq_trio5": 8, "seq_trio6": 7,
    "seq_trio_single2": 968, "seq_trio_single3": 3282,
    "seq_trio_single4": 7184, "seq_trio_single5": 10388,
    "seq_trio_pair2": 605, "seq_trio_pair3": 1200, "seq_trio_pair4": 1134,
    "bomb_single": 1326, "bomb_pair": 858, "bomb": 13, "rocket": 1,
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(datagen.GENERATED))
def test_checked_in_file_is_the_generators_output(name: str) -> None:
    assert (ROOT / name).read_text(encoding="utf-8") == datagen.GENERATED[name]()


def test_check_mode_reports_a_stale_file(tmp_path: Path, capsys) -> None:
    (tmp_path / "cards.json").write_text(datagen.cards_json(), encoding="utf-8")
    (tmp_path / "rules.json").write_text("{}", encoding="utf-8")
    assert datagen.main(["--root", str(tmp_path), "--check"]) == 1
    assert "rules.json" in capsys.readouterr().err
    assert datagen.main(["--root", str(tmp_path)]) == 0
    assert datagen.main(["--root", str(tmp_path), "--check"]) == 0


def test_by_default_it_checks_the_files_at_the_repository_root(capsys) -> None:
    assert datagen.main(["--check"]) == 0, capsys.readouterr().err


def test_every_kind_has_the_documented_count() -> None:
    kinds = json.loads((ROOT / "rules.json").read_text(encoding="utf-8"))["kinds"]
    assert {kind: sum(map(len, levels)) for kind, levels in kinds.items()} == COUNTS
    assert sum(COUNTS.values()) == 27471


def test_no_play_has_two_kinds_or_two_levels() -> None:
    kinds = json.loads((ROOT / "rules.json").read_text(encoding="utf-8"))["kinds"]
    plays = [play for levels in kinds.values() for level in levels for play in level]
    assert len(plays) == len(set(plays)) == 27471


def test_chain_levels_are_the_lowest_rank() -> None:
    kinds = datagen.build_kinds()
    assert kinds["seq_single5"][0] == ["34567"]
    assert kinds["seq_single5"][-1] == ["TJQKA"]
    assert kinds["seq_single12"] == [["3456789TJQKA"]]
    assert kinds["trio_single"][1][0] == "3444"
