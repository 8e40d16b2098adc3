// The chart of a game analysed: White's chance to win after each turn (nardy_core.analysis), as an SVG line
// over labelled 0 / 50 / 100 % lines. It is read without colour: the scale is written, the turns judged a
// mistake or a blunder are marked by shape (a square, a diamond) and named in the figure's text; the table of
// every turn beside it says the same in words.

import { SVG_NS } from './board/constants.js';
import { percentText } from './feedback.js';
import { t } from './i18n.js';

/** @typedef {import('./rules-client.js').GameAnalysisAnswer} GameAnalysisAnswer */

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 48; //: room for the scale's words
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 24;

/** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** White's chances: at the start, after each turn, and at the result where a cube action ended the game.
 * @param {GameAnalysisAnswer} analysis */
export function analysisChances(analysis) {
  const chances = [analysis.start_white_win, ...analysis.turns.map((turn) => turn.white_win)];
  const result = analysis.result;
  if (result && result.winner) {
    const final = result.winner === 'white' ? 1 : 0;
    if (chances[chances.length - 1] !== final) chances.push(final);
  }
  return chances;
}

/** The chart, and a sentence saying what it shows (its accessible name).
 * @param {GameAnalysisAnswer} analysis @returns {SVGSVGElement} */
export function chancesChart(analysis) {
  const chances = analysisChances(analysis);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (/** @type {number} */ i) => LEFT + (chances.length > 1 ? (i / (chances.length - 1)) * plotWidth : 0);
  const y = (/** @type {number} */ p) => TOP + (1 - p) * plotHeight;
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'analysis-chart__svg', role: 'img' }));
  for (const level of [0, 0.5, 1]) {
    svg.append(
      svgEl('line', { class: `analysis-chart__grid${level === 0.5 ? ' is-even' : ''}`, x1: LEFT, x2: WIDTH - RIGHT, y1: y(level), y2: y(level) }),
      svgEl('text', { class: 'analysis-chart__scale', x: LEFT - 6, y: y(level) + 5, 'text-anchor': 'end' }, percentText(level)),
    );
  }
  svg.append(svgEl('text', { class: 'analysis-chart__scale', x: LEFT, y: HEIGHT - 4 }, t('analysis.chart_start')));
  svg.append(svgEl('text', { class: 'analysis-chart__scale', x: WIDTH - RIGHT, y: HEIGHT - 4, 'text-anchor': 'end' }, t('analysis.chart_end')));
  const points = chances.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  svg.append(svgEl('polyline', { class: 'analysis-chart__line', points }));
  analysis.turns.forEach((turn, i) => {
    const grade = turn.judged ? turn.judged.grade : '';
    if (grade !== 'mistake' && grade !== 'blunder') return;
    const cx = x(i + 1);
    const cy = y(turn.white_win);
    const mark = grade === 'blunder'
      ? svgEl('polygon', { points: `${cx},${cy - 8} ${cx + 8},${cy} ${cx},${cy + 8} ${cx - 8},${cy}` })
      : svgEl('rect', { x: cx - 5, y: cy - 5, width: 10, height: 10 });
    mark.setAttribute('class', `analysis-chart__mark is-${grade}`);
    svg.append(mark);
  });
  svg.setAttribute('aria-label', chartSummary(analysis, chances));
  return svg;
}

/** What the chart shows, in a sentence: the chances at the start, at their highest and lowest, at the end, and
 * how many turns are marked.
 * @param {GameAnalysisAnswer} analysis @param {number[]} chances */
function chartSummary(analysis, chances) {
  const marked = analysis.turns.filter((turn) => turn.judged && (turn.judged.grade === 'mistake' || turn.judged.grade === 'blunder')).length;
  return t('analysis.chart_summary', {
    start: percentText(chances[0]), high: percentText(Math.max(...chances)), low: percentText(Math.min(...chances)),
    end: percentText(chances[chances.length - 1]), n: marked,
  });
}
