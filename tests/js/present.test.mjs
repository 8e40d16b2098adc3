import assert from 'node:assert/strict';
import { test } from 'node:test';

import { groupSlides, MAX_TEXT_PARTS, slideAfter } from '../../site/static/js/present/deck.js';
import { isBoardModel, isDrawing, readState, VERSION } from '../../site/static/js/present/messages.js';

test('every board is a slide of its own and prose is grouped from heading to heading', () => {
  assert.deepEqual(groupSlides(['heading', 'text', 'text', 'widget', 'widget', 'heading', 'text', 'widget']),
    [[0, 1, 2], [3], [4], [5, 6], [7]]);
  assert.deepEqual(groupSlides(['text', 'widget', 'text']), [[0], [1], [2]]);
  assert.deepEqual(groupSlides([]), []);
});

test('long prose is split, and a heading never ends a slide alone', () => {
  const kinds = /** @type {('heading' | 'text')[]} */ (['heading', ...Array(MAX_TEXT_PARTS + 2).fill('text')]);
  const slides = groupSlides(kinds);
  assert.equal(slides.length, 2);
  assert.ok(slides.every((slide) => slide.length <= MAX_TEXT_PARTS));
  assert.deepEqual(slides.flat(), kinds.map((_, i) => i));
});

test('stepping stays inside the deck', () => {
  assert.equal(slideAfter(0, 3, 'next'), 1);
  assert.equal(slideAfter(2, 3, 'next'), null);
  assert.equal(slideAfter(0, 3, 'previous'), null);
  assert.equal(slideAfter(1, 3, 'last'), 2);
  assert.equal(slideAfter(0, 3, 'first'), null);
});

const model = {
  game: 'long', has_bar: false, captions: ['home', 'head'], to_move: 'white', points: { 24: { side: 'white', count: 15 }, 12: { side: 'black', count: 15 } },
  bar: { white: 0, black: 0 }, off: { white: 0, black: 0 }, pips: { white: 360, black: 360 },
  dice: [{ value: 6, used: false }, { value: 5, used: false }], cube: null,
};
const board = { model, perspective: 'white', flipped: false, selected: null, selectable: ['24'], destinations: [['18', [6]]], highlights: [['13', ['hint']]] };
const widget = { boards: [board], drawings: [{ rings: [13], arrows: [[24, 18]] }], texts: ['Ход белых', null], shown: [true], hints: 1, answers: [], success: null, number: '' };
const state = { kind: 'state', v: VERSION, page: '/ru/lessons/head/', slide: 2, count: 5, widget };

test('a well-formed state is read as it is', () => {
  assert.equal(readState(state), state);
  assert.equal(readState({ ...state, widget: null })?.slide, 2);
});

test('anything else is dropped whole', () => {
  const broken = [
    null, 'state', [], { ...state, v: VERSION + 1 }, { ...state, kind: 'html' }, { ...state, slide: 5 },
    { ...state, page: 'https://elsewhere.example/' }, { ...state, widget: { ...widget, texts: [{ html: '<img>' }] } },
    { ...state, widget: { ...widget, boards: [{ ...board, highlights: [['13', ['<script>']]] }] } },
    { ...state, widget: { ...widget, boards: [{ ...board, selected: '25' }] } },
    { ...state, widget: { ...widget, texts: ['x'.repeat(5000)] } },
    { ...state, page: '/.//evil.example/x' }, { ...state, page: '//evil.example/' }, { ...state, page: '/\\evil.example/' },
    { ...state, widget: { ...widget, boards: [{ ...board, model: { ...model, pips: undefined } }] } },
  ];
  for (const message of broken) assert.equal(readState(message), null, JSON.stringify(message)?.slice(0, 80));
});

test('board models are held to the game', () => {
  assert.ok(isBoardModel(model));
  // a game is a name, which the mirror matches to its own board's: never markup, never missing
  for (const game of ['<b>long</b>', '', 'x'.repeat(40), 7, null]) assert.ok(!isBoardModel({ ...model, game }), String(game));
  assert.ok(!isBoardModel({ ...model, has_bar: 'no' }));
  assert.ok(!isBoardModel({ ...model, captions: ['<img>'] }));
  assert.ok(!isBoardModel({ ...model, captions: undefined }));
  assert.ok(!isBoardModel({ ...model, points: { 25: { side: 'white', count: 1 } } }));
  assert.ok(!isBoardModel({ ...model, points: { 1: { side: 'white', count: 16 } } }));
  assert.ok(!isBoardModel({ ...model, dice: [{ value: 7, used: false }] }));
  assert.ok(isBoardModel({ ...model, cube: { value: 2, owner: 'black', offered_by: null, turned: false } }));
});

test('drawings name points 1..24', () => {
  assert.ok(isDrawing({ rings: [], arrows: [] }));
  assert.ok(!isDrawing({ rings: [0], arrows: [] }));
  assert.ok(!isDrawing({ rings: [], arrows: [[1, 25]] }));
});
