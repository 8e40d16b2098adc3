"""The shapes of the API's answers: one ``TypedDict`` per JSON object an answer holds.

:mod:`nardy_core.api` answers each request kind with one of the ``…Answer`` types (an invalid request with
:class:`ErrorAnswer`); the values inside (the board model, a reason, a game state…) have their own types,
and the modules that write them (``board``, ``cube``, ``scoring``, ``summary``, ``setups``, ``flow``) return
them. The page reads the same shapes through the JSDoc types of ``site/static/js/rules-client.js`` (and
``board/types.js``, ``game-review.js``); ``tests/build/test_answer_types.py`` keeps both identical, key for
key. Nothing here runs: these are types for mypy and for that test.

Values Python holds as plain ``str`` (an enum's value) or ``int | str`` carry, in ``Annotated``, the name of
the JSDoc type the page gives them (``Side`` is ``'white' | 'black'``).

>>> PlayedStep.__required_keys__ == frozenset({"from", "to", "die", "hit", "labels"})
True
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from .flow import CubeVerb
from .games import CaptionKind
from .interactive import Verdict
from .scoring import Kind
from .turn_plan import TurnKind

SideName = Annotated[str, "Side"]  #: ``"white"`` or ``"black"`` (``Side.value``)
GameName = Annotated[str, "GameName"]  #: ``"long"`` or ``"short"`` (``Game.value``)
PointId = Annotated[int | str, "PointId"]  #: an absolute point 1..24, or ``"bar"`` / ``"off"``
PlayerKind = Annotated[str, "PlayerKind"]  #: ``"human"`` or ``"computer"``
Mark = Literal["error", "block"]  #: how the board marks the points of a reason or a setup problem
Phase = Literal["roll", "move", "cube", "over"]  #: what the game waits for
RulesJson = dict[str, Any]  #: rules options as ``Rules.to_dict`` writes them


# ---------------------------------------------------------------------------------------------
# values inside the answers


class Occupant(TypedDict):
    """The checkers on one point of the board model."""

    side: SideName
    count: int


class DieUse(TypedDict):
    """One use of a die in the board model (a double has four)."""

    value: int
    used: bool


class CubeState(TypedDict):
    """The doubling cube (``Cube.to_json``)."""

    value: int
    owner: SideName | None
    offered_by: SideName | None
    turned: bool


class BoardModel(TypedDict):
    """What is on the board, in absolute points (``nardy_core.board``)."""

    game: GameName
    has_bar: bool
    captions: list[CaptionKind]
    points: dict[str, Occupant]
    bar: dict[SideName, int]
    off: dict[SideName, int]
    to_move: SideName | None
    dice: list[DieUse]
    pips: dict[SideName, int] | None  #: None: not shown (a puzzle that asks for a pip count)
    cube: CubeState | None


class ReasonJson(TypedDict):
    """A refused step or turn as the page says and marks it."""

    code: str
    message: str  #: the catalog key of the sentence
    params: dict[str, int | str]
    highlight: list[PointId]
    mark: Mark


PlayedStep = TypedDict("PlayedStep", {
    "from": PointId,
    "to": PointId,
    "die": int,
    "hit": bool,
    "labels": list[int | str],  # the mover's own numbers of from and to, for the page's text
})
PlayedStep.__doc__ = """A step as the page draws it: absolute ``from``/``to``, the die, the hit, the mover's labels."""


class Destination(TypedDict):
    """Where a checker may go this turn, and the dice and steps that take it there."""

    to: PointId
    dice: list[int]
    steps: list[list[PointId]]
    hits: int


class TurnState(TypedDict):
    """A turn in progress: what is played, where each checker may go, whether the turn may end."""

    position: str
    mover: SideName
    dice: list[int]
    dice_left: list[int]
    steps: list[PlayedStep]
    play: str
    moves: dict[str, list[Destination]]
    complete: bool
    must_pass: bool
    max_dice: int
    incomplete_reason: ReasonJson | None
    board: BoardModel
    part: TurnPartJson | None  #: in a game whose turns have parts, the part being played (None in the others)
    handoff: list[int]  #: the dice a complete turn of parts hands to the opponent (none in the other games)


class TurnPartJson(TypedDict):
    """Which part of a turn made of parts is being played (гюльбар, бешеные нарды: ``nardy_core.turn_plan``)."""

    kind: TurnKind  #: an own roll played as one part, a cascade of stages, or dice the opponent handed over
    index: int  #: the part being played, 0-based
    parts: list[list[int]]  #: every part's dice, in the order they are played
    dice: list[int]  #: the roll thrown (two dice), or the dice handed over


TurnFields = TypedDict("TurnFields", {  # noqa: UP013 (NotRequired: see EventJson)
    "first_turn": bool,
    "dice": NotRequired[list[int]],  # the roll thrown (absent for dice handed over)
    "roll_no": NotRequired[int],  # in a game whose turns have parts: the roll's number in the game
    "own_roll_no": NotRequired[int],  # ... and among the mover's own rolls
    "handoff": NotRequired[list[int]],  # the dice the opponent handed over, played before the roll
})
TurnFields.__doc__ = """What a turn request adds to the position and the rules for the move a game waits for."""


class SetupProblem(TypedDict):
    """What keeps a setup from being a position (``setups.Problem.to_json``)."""

    code: str
    message: str
    params: dict[str, Any]
    highlight: list[int]
    mark: Mark


class ResultJson(TypedDict):
    """How a game ended (``scoring.Result.to_json``)."""

    winner: SideName | None
    kind: Kind
    base: int
    cube: int
    points: int


# written as a call: under postponed annotations Python 3.11's TypedDict does not see NotRequired in a class
EventJson = TypedDict("EventJson", {  # noqa: UP013
    "side": SideName,
    "dice": NotRequired[list[int]],
    "play": NotRequired[str],
    "cube": NotRequired[CubeVerb],
    "handoff": NotRequired[list[int]],
})
EventJson.__doc__ = """One event of a game's record: a turn (``dice``, ``play``), dice handed over played (``handoff``,
``play``) or a cube action (``cube``)."""


class GameStateJson(TypedDict):
    """A game on the free board: the state the page sends back, and what it shows and who acts next."""

    game: GameName
    rules: RulesJson
    players: dict[SideName, PlayerKind]
    position: str
    first_mover: SideName
    has_moved: list[SideName]
    roll: list[int] | None
    extra_roll_for: SideName | None
    first_turn: bool
    to_move: SideName
    opening: list[list[int]]
    cube: CubeState
    cube_in_play: bool
    may_double: bool
    phase: Phase
    actor: SideName | None
    computer: bool
    result: ResultJson | None
    last: EventJson | None
    last_board_play: str | None  #: ``last``'s play in the board's numbering (what the page says of it)
    last_steps: list[PlayedStep]  #: ``last``'s steps, to show them on the board (none after a cube action)
    board: BoardModel
    handoff: list[int]  #: the dice the opponent handed to the side to move, played before he rolls
    rolls: list[int]  #: [White's, Black's] own rolls so far (when doubles cascade)
    turn: TurnFields | None  #: what the side to move plays now, as a turn request's fields (None unless a move is awaited)
    tutor: bool  #: the engine hints and judges this game's turns (not a game whose turns have parts)


#: a figure of a side's review (``summary.FIGURES``)
Figure = Literal["turns", "passes", "head_empty_after", "longest_row", "first_bear_off", "borne_off", "pips", "hits"]


class SideReviewJson(TypedDict, total=False):
    """How one side's game went (``summary.SideReview.to_json``): the figures that apply to the game."""

    turns: int
    passes: int
    head_empty_after: int | None
    longest_row: int
    first_bear_off: int | None
    borne_off: int
    pips: int
    hits: int


Outcome = TypedDict("Outcome", {  # noqa: UP013 (NotRequired: see EventJson)
    "white": dict[str, int],
    "black": dict[str, int],
    "play": str,
    "handoff": NotRequired[list[int]],  # a turn made of parts: the dice it hands to the opponent
})
Outcome.__doc__ = """One distinct final position of a turn (each side in its own numbering) and one play reaching it."""


# ---------------------------------------------------------------------------------------------
# the answers, one per request kind


class ErrorDetail(TypedDict):
    """Why a request was refused: a stable code, an English message for developers, parameters."""

    code: str
    message: str
    params: dict[str, Any]


class ErrorAnswer(TypedDict):
    """The answer to an invalid request (any kind)."""

    error: ErrorDetail


class PingAnswer(TypedDict):
    """``ping``."""

    pong: bool
    version: str


TurnsAnswer = TypedDict("TurnsAnswer", {  # noqa: UP013 (NotRequired: see EventJson)
    "outcomes": list[Outcome],
    "turn": NotRequired[TurnKind],  # a game whose turns have parts: an own roll as one part, a cascade, a hand-off
    "parts": NotRequired[list[list[int]]],  # ... and the dice of its parts, in order
})
TurnsAnswer.__doc__ = """``turns``: every distinct legal final position (none when the turn passes)."""


CheckAnswer = TypedDict("CheckAnswer", {  # noqa: UP013 (NotRequired: see EventJson)
    "verdict": Verdict,
    "code": str | None,
    "step": int | None,
    "handoff": NotRequired[list[int]],  # a legal play of a turn made of parts: the dice it hands over
})
CheckAnswer.__doc__ = """``check``: the verdict on a play, the code and 1-based step of the first refused move."""


class DescribeAnswer(TypedDict):
    """``describe``: a position, its board model, any forbidden block (absolute points) and the winner."""

    position: str
    game: GameName
    board: BoardModel
    forbidden_blocks: dict[str, list[int]]  #: side -> absolute points (only a side that has one)
    winner: SideName | None


class SetupAnswer(TypedDict):
    """``setup``: what the board editor holds, judged."""

    board: BoardModel
    position: str | None
    playable: bool
    problems: list[SetupProblem]
    rules: RulesJson


class StepAnswer(TypedDict):
    """``try_step``: whether the step was accepted, the steps it played, the reason if not, the new state."""

    accepted: bool
    steps: list[PlayedStep]
    reason: ReasonJson | None
    state: TurnState


class ExplainAnswer(TypedDict):
    """``explain_point``: why the checker cannot move now (``None``: it can)."""

    reason: ReasonJson | None


class BotTurnAnswer(TypedDict):
    """``bot_turn``: the computer's play for a position."""

    play: str
    steps: list[PlayedStep]


class GameReviewAnswer(TypedDict):
    """``game_review``: each side's figures, and the result once the game is over."""

    game: GameName
    figures: list[Figure]
    white: SideReviewJson
    black: SideReviewJson
    result: ResultJson | None


# ---------------------------------------------------------------------------------------------
# the engine (nardy_core.engine_api)


class HintPlay(TypedDict):
    """One legal play of a hint: its text, each side after it in its own numbering, the mover's cubeless equity
    and chances (win, win a mars, lose a mars; a mars counts koks)."""

    play: str
    white: dict[str, int]
    black: dict[str, int]
    equity: float
    win: float
    win_mars: float
    lose_mars: float


class HintAnswer(TypedDict):
    """``hint``: every legal play, best first (none when the turn passes)."""

    plays: list[HintPlay]


Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]


class AdvisedPlay(TypedDict):
    """A play as the tutor shows it: written in the board's numbering (White's, the numbers the board shows),
    its steps to draw, the mover's cubeless equity and chances, and what it loses against the best."""

    play: str
    steps: list[PlayedStep]
    equity: float
    win: float
    win_mars: float
    lose_mars: float
    loss: float
    grade: Grade


class AdviseAnswer(TypedDict):
    """``advise``: the best plays of a turn, best first (at most ``limit``; none when the turn passes)."""

    plays: list[AdvisedPlay]
    total: int


class WhyJson(TypedDict):
    """A reason the best play is better (``nardy_core.tutor.Why``): its code, catalog key and numbers."""

    code: str
    message: str
    params: dict[str, int]


class JudgeAnswer(TypedDict):
    """``judge``: a legal play graded against the best of its roll, with the reasons, most telling first."""

    grade: Grade
    loss: float
    rank: int
    total: int
    played: AdvisedPlay
    best: AdvisedPlay
    why: list[WhyJson]


class EvaluateAnswer(TypedDict):
    """``evaluate``: the side to move's chances and cubeless money equity (and whether the race tables gave them)."""

    win: float
    win_mars: float
    win_koks: float
    lose_mars: float
    lose_koks: float
    equity: float
    exact: bool


class CubeAdviceJson(TypedDict):
    """The cube decision (``cube_advice.CubeAdvice.to_json``): equities per unit of the cube's value."""

    action: Literal["double", "no_double", "too_good"]
    response: Literal["take", "drop", "beaver"]
    no_double: float
    double_take: float
    double_drop: float
    may_double: bool


class CubeAnswer(TypedDict):
    """``cube``: the side to move's chances, its cubeless equity and the cube decision."""

    win: float
    win_mars: float
    lose_mars: float
    equity: float
    advice: CubeAdviceJson


# ---------------------------------------------------------------------------------------------
# a whole game analysed (nardy_core.analysis)

Band = Literal["world_class", "expert", "advanced", "intermediate", "casual", "beginner", "novice"]
CubeMove = Literal["double", "no_double", "take", "drop", "beaver"]


class AnalysedTurn(TypedDict):
    """A turn of the record: where it was played from, what was played (the board's numbering), White's
    chance to win after it, and, where its roll had more than one play, the tutor's verdict."""

    index: int
    number: int
    side: SideName
    dice: list[int]
    position: str
    first_turn: bool
    play: str
    steps: list[PlayedStep]
    white_win: float
    judged: JudgeAnswer | None


class AnalysedCube(TypedDict):
    """A cube decision made (or a double missed, ``no_double``) against the engine's advice."""

    index: int
    side: SideName
    move: CubeMove
    right: CubeMove
    loss: float
    grade: Grade


class SideAnalysisJson(TypedDict):
    """One side's figures: decisions, equity lost, its rate per decision and its band, errors by grade, the cube's."""

    decisions: int
    loss: float
    error_rate: float
    band: Band | None
    inaccuracies: int
    mistakes: int
    blunders: int
    cube_decisions: int
    cube_errors: int
    cube_loss: float


class GameAnalysisAnswer(TypedDict):
    """``game_analysis``: every turn and cube decision judged, the chances over the game, each side's figures,
    the biggest mistakes (places in ``turns``, costliest first) and the result."""

    game: GameName
    start_white_win: float
    turns: list[AnalysedTurn]
    cube: list[AnalysedCube]
    white: SideAnalysisJson
    black: SideAnalysisJson
    worst: list[int]
    result: ResultJson | None


# ---------------------------------------------------------------------------------------------
# backgammon's exchange formats (nardy_core.exchange_api)


class ShareCodes(TypedDict):
    """A position's codes: GNU Backgammon's Position ID and Match ID (and the two as gnubg pastes them) and the XGID."""

    position_id: str
    match_id: str
    gnubg: str
    xgid: str


class ShareCodesAnswer(TypedDict):
    """``share_codes``: the codes, or null for a game these formats cannot hold."""

    codes: ShareCodes | None


class SharedPositionAnswer(TypedDict):
    """``shared_position``: a pasted code read: the position's notation, the dice (null: not thrown), the cube."""

    position: str
    dice: list[int] | None
    cube: CubeState


class GameFileAnswer(TypedDict):
    """``game_file``: a game's record as a file's text, and its extension (``mat``: GNU Backgammon imports it)."""

    text: str
    extension: Literal["mat", "txt"]
