"""The lab's helpers (provisional: show only)."""

from __future__ import annotations

import json

from nardy_core import Position, Roll, board_model


def show(position: Position | str, dice: Roll | tuple[int, int] | None = None, caption: str | None = None) -> None:
    """Show ``position`` on the lab's board."""
    if isinstance(position, str):
        position = Position.from_notation(position)
    roll = Roll(*dice) if isinstance(dice, tuple) else dice
    payload = json.dumps({"notation": position.notation(), "model": board_model(position, roll), "caption": caption})
    try:
        import nardy_lab_bridge  # type: ignore[import-not-found]
    except ImportError:
        print(f"[board] {position.notation()}" + (f" {roll}" if roll else ""))
        return
    nardy_lab_bridge.show(payload)
