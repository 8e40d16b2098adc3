"""The exchange formats' requests (:mod:`nardy_core.exchange`), for :mod:`nardy_core.api`.

``share_codes`` writes a position (with ``dice`` and ``cube`` if given) as GNU Backgammon's Position ID and Match
ID and as an XGID, or ``codes: null`` for a game those formats cannot hold; ``shared_position`` reads either
back; ``game_file`` writes a game's record as a Jellyfish match file (``.mat``, which GNU Backgammon imports)
where the game is backgammon, else in the same layout as a text for people.

>>> codes = share_codes({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [5, 2]})["codes"]
>>> codes["gnubg"], codes["xgid"]
('4HPwATDgc/ABMA:MIEKAAAAAAAA', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10')
>>> share_codes({"position": "w/24:15/24:15"})["codes"] is None
True
>>> shared_position({"text": codes["xgid"]})["position"]
'short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5'
"""

from __future__ import annotations

from .answer_types import GameFileAnswer, ShareCodesAnswer, SharedPositionAnswer
from .cube import Cube
from .errors import InputError
from .exchange import codable_cube, describable, match_file, match_id, position_id, read_shared, xgid
from .requests import Json, read_cube, read_optional_roll, read_position, read_record, read_text

MAX_SHARED = 400  #: characters a pasted code may have (an XGID is about 60)


def share_codes(query: Json) -> ShareCodesAnswer:
    """The position's codes for GNU Backgammon and eXtreme Gammon (``codes: null`` where they cannot hold it)."""
    position = read_position(query)
    roll = read_optional_roll(query)
    cube = read_cube(query["cube"]) if "cube" in query else Cube()
    if not position.game.spec.backgammon_formats or not codable_cube(cube.value):
        return {"codes": None}  # long nardy, or a cube that counts 2, 3, 4
    pos_id, m_id = position_id(position), match_id(position, roll, cube)
    return {"codes": {"position_id": pos_id, "match_id": m_id, "gnubg": f"{pos_id}:{m_id}", "xgid": xgid(position, roll, cube)}}


def shared_position(query: Json) -> SharedPositionAnswer:
    """A pasted XGID, or Position ID with or without its Match ID, as the position's notation, the dice (null:
    not thrown) and the cube."""
    text = read_text(query, "text")
    if len(text) > MAX_SHARED:
        raise InputError(f"a shared position is at most {MAX_SHARED} characters", "BAD_NOTATION")
    shared = read_shared(text)
    return {
        "position": shared.position.notation(),
        "dice": None if shared.roll is None else shared.roll.to_list(),
        "cube": shared.cube.to_json(),
    }


def game_file(query: Json) -> GameFileAnswer:
    """The record of a game (as ``game_review`` reads it) as a file: its text, and ``mat`` where GNU Backgammon
    imports it (backgammon), ``txt`` for a game it cannot play."""
    record = read_record(query)
    return {"text": match_file(record), "extension": "mat" if describable(record.rules) else "txt"}
