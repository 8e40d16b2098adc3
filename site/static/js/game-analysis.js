// The free board's analysis of a finished game (the game_analysis request, nardy_core.analysis): each side's
// decisions, errors, error rate and rating band; the chart of White's chances; the biggest mistakes, each with
// the better play and why, to show on the board or to practise later; every turn in a table; and a stepper
// through the game's turns on the board. The judging is Python's; this module words it and lays it out.

import { chancesChart } from './analysis-chart.js';
import { make } from './dom.js';
import { diceText, equityText, percentText } from './feedback.js';
import { sideHeading, sidesTable } from './game-review.js';
import { t } from './i18n.js';

/** @typedef {import('./board/types.js').Side} Side */
/** @typedef {import('./rules-client.js').AnalysedTurn} AnalysedTurn */
/** @typedef {import('./rules-client.js').GameAnalysisAnswer} GameAnalysisAnswer */
/** @typedef {import('./rules-client.js').SideAnalysisJson} SideAnalysisJson */
/**
 * @typedef {object} AnalysisActions  what the free board does for the view
 * @property {(turn: AnalysedTurn) => void} show       the position the turn was played from, its play and the better one drawn
 * @property {() => void} end                          the game's last position again
 * @property {((turn: AnalysedTurn) => Promise<boolean>) | null} practise  the turn's position into the review queue (true: added)
 */

const WORST_SHOWN = 5; //: mistakes listed first: the few a learner can take in at once
const SIDES = /** @type {const} */ (['white', 'black']);

/** "Ход 12 белых, 6-4". @param {AnalysedTurn} turn */
export function turnTitle(turn) {
  return t('analysis.turn_title', { n: turn.number, side: t(`analysis.side_of.${turn.side}`), dice: diceText(turn.dice) });
}

/** The table of each side's figures. @param {GameAnalysisAnswer} analysis @param {Record<Side, string>} players */
function figuresTable(analysis, players) {
  /** @type {[string, (figures: SideAnalysisJson) => string][]} */
  const rows = [
    ['analysis.decisions', (f) => String(f.decisions)],
    ['analysis.inaccuracies', (f) => String(f.inaccuracies)],
    ['analysis.mistakes', (f) => String(f.mistakes)],
    ['analysis.blunders', (f) => String(f.blunders)],
    ['analysis.error_rate', (f) => (f.decisions ? equityText(f.error_rate) : t('game_review.none'))],
    ['analysis.band_label', (f) => (f.band ? t(`analysis.band.${f.band}`) : t('game_review.none'))],
  ];
  if (analysis.white.cube_decisions + analysis.black.cube_decisions > 0) {
    rows.push(['analysis.cube_decisions', (f) => String(f.cube_decisions)], ['analysis.cube_errors', (f) => String(f.cube_errors)]);
  }
  return sidesTable(players, rows.map(([key, value]) => [key, (side) => value(analysis[side])]), 'analysis-sides');
}

/** One of the biggest mistakes: what was played, what was better and why, with its buttons.
 * @param {AnalysedTurn} turn @param {Record<Side, string>} players @param {AnalysisActions} actions */
function mistakeItem(turn, players, actions) {
  const judged = /** @type {NonNullable<AnalysedTurn['judged']>} */ (turn.judged);
  const item = make('li', { 'data-grade': judged.grade, 'data-turn': String(turn.index) });
  const head = make('p');
  head.append(make('strong', {}, `${turnTitle(turn)}.`), ' ',
    t('analysis.played_line', { play: turn.play || t('moves.pass'), grade: t(`analysis.grade.${judged.grade}`), loss: equityText(judged.loss) }));
  item.append(head, make('p', {}, t('tutor.better', { play: judged.best.play })));
  for (const why of judged.why) item.append(make('p', { class: 'tutor-why' }, t(why.message, why.params)));
  const buttons = make('p', { class: 'tutor-actions' });
  const show = make('button', { type: 'button', 'data-action': 'analysis-show' }, t('analysis.show'));
  show.addEventListener('click', () => actions.show(turn));
  buttons.append(show);
  const practise = actions.practise;
  if (practise && players[turn.side] !== 'computer') {
    const later = make('button', { type: 'button', 'data-action': 'practise-later', 'aria-live': 'polite' }, t('analysis.practise'));
    later.addEventListener('click', async () => {
      if (later.getAttribute('aria-disabled') === 'true') return;
      // aria-disabled, not disabled: the button keeps the keyboard's focus, and its new words are read out
      later.setAttribute('aria-disabled', 'true');
      const added = await practise(turn);
      later.textContent = t(added ? 'analysis.practise_added' : 'analysis.practise_failed');
      if (!added) later.removeAttribute('aria-disabled');
    });
    buttons.append(later);
  }
  item.append(buttons);
  return item;
}

/** Every turn in a table (the chart's words). @param {GameAnalysisAnswer} analysis */
function turnsTable(analysis) {
  const box = make('details', { class: 'analysis-turns' });
  box.append(make('summary', {}, t('analysis.all_turns', { n: analysis.turns.length })));
  const head = make('tr');
  for (const key of ['analysis.col_turn', 'analysis.col_play', 'analysis.col_grade', 'analysis.col_loss', 'analysis.col_chance']) {
    head.append(make('th', { scope: 'col' }, t(key)));
  }
  const body = make('tbody');
  for (const turn of analysis.turns) {
    const row = make('tr', { 'data-turn': String(turn.index) });
    row.append(make('th', { scope: 'row' }, turnTitle(turn)), make('td', {}, turn.play || t('moves.pass')),
      make('td', {}, turn.judged ? t(`analysis.grade.${turn.judged.grade}`) : t('analysis.forced')),
      make('td', {}, turn.judged ? equityText(turn.judged.loss) : ''), make('td', {}, percentText(turn.white_win)));
    body.append(row);
  }
  const table = make('table', { class: 'game-review-table analysis-table' });
  const thead = make('thead');
  thead.append(head);
  table.append(thead, body);
  box.append(table);
  return box;
}

/** «‹ Предыдущий ход · Ход 3 из 60 · Следующий ход › · К концу партии»: the game's turns one by one on the board.
 * @param {GameAnalysisAnswer} analysis @param {AnalysisActions} actions */
function stepper(analysis, actions) {
  const box = make('p', { class: 'analysis-stepper tutor-actions' });
  const back = /** @type {HTMLButtonElement} */ (make('button', { type: 'button', 'data-action': 'analysis-back' }, t('analysis.step_back')));
  const next = /** @type {HTMLButtonElement} */ (make('button', { type: 'button', 'data-action': 'analysis-next' }, t('analysis.step_next')));
  const end = make('button', { type: 'button', 'data-action': 'analysis-end' }, t('analysis.step_end'));
  const where = make('span', { 'data-analysis-where': '' });
  let index = -1;
  const go = (/** @type {number} */ to) => {
    index = Math.max(0, Math.min(analysis.turns.length - 1, to));
    where.textContent = t('analysis.step_where', { n: index + 1, total: analysis.turns.length });
    back.disabled = index === 0;
    next.disabled = index === analysis.turns.length - 1;
    actions.show(analysis.turns[index]);
  };
  back.addEventListener('click', () => go(index - 1));
  next.addEventListener('click', () => go(index + 1));
  end.addEventListener('click', () => {
    index = analysis.turns.length;
    where.textContent = t('analysis.step_start', { n: analysis.turns.length });
    back.disabled = false;
    next.disabled = true;
    actions.end();
  });
  where.textContent = t('analysis.step_start', { n: analysis.turns.length });
  back.disabled = true;
  box.append(back, where, next, end);
  return box;
}

/**
 * Fills ``box`` with the analysis of a finished game.
 * @param {HTMLElement} box @param {GameAnalysisAnswer} analysis @param {Record<Side, string>} players 'human' | 'computer'
 * @param {number} takebacks turns the learner took back in this game @param {AnalysisActions} actions
 */
export function showGameAnalysis(box, analysis, players, takebacks, actions) {
  const heading = make('h2', { id: 'game-analysis-title' }, t('analysis.title'));
  const parts = [heading];
  for (const side of SIDES) {
    const figures = analysis[side];
    if (players[side] === 'computer' || !figures.band) continue;
    parts.push(make('p', { class: 'analysis-verdict' }, t('analysis.verdict', {
      who: sideHeading(side, players), band: t(`analysis.band.${figures.band}`), rate: equityText(figures.error_rate), n: figures.decisions,
    })));
  }
  if (takebacks) parts.push(make('p', {}, t('analysis.takebacks', { n: takebacks })));
  parts.push(figuresTable(analysis, players));
  const figure = make('figure', { class: 'analysis-chart' });
  figure.append(chancesChart(analysis), make('figcaption', {}, t('analysis.chart_caption')));
  parts.push(figure);
  parts.push(make('h3', {}, t('analysis.worst_title')));
  // the learner's own mistakes first (a weak computer's would crowd them out), each side's costliest first
  const learner = (/** @type {AnalysedTurn} */ turn) => players[turn.side] !== 'computer';
  const ranked = analysis.worst.map((place) => analysis.turns[place]);
  const worst = [...ranked.filter(learner), ...ranked.filter((turn) => !learner(turn))].slice(0, WORST_SHOWN);
  if (worst.length) {
    const list = make('ol', { class: 'analysis-worst' });
    for (const turn of worst) list.append(mistakeItem(turn, players, actions));
    parts.push(list);
  } else {
    parts.push(make('p', {}, t('analysis.no_mistakes')));
  }
  if (analysis.turns.length) parts.push(stepper(analysis, actions), turnsTable(analysis));
  box.replaceChildren(...parts);
  box.setAttribute('aria-labelledby', 'game-analysis-title');
  box.hidden = false;
}
