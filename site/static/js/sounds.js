// A few short sounds, made here with Web Audio (no sound files to download): a step, a hit, a mistake (a refused
// step, a wrong answer) and a solved puzzle. They play only when the learner switched them on (settings page, preferences.js), never in a
// hidden tab. The boards and puzzles only announce what happened, as DOM events that bubble to the document:
//   checker-moved {hit}   board/view.js, a one-checker change drawn on a board (a learner's step or the computer's)
//   mistake               turn-controller.js, a step the rules refused; puzzle.js, a wrong answer (a point, a
//                         choice, a number, a turn the puzzle does not accept)
//   puzzle-solved         puzzle.js, a puzzle solved without its solution shown

import { preferences } from './preferences.js';

/** @typedef {'step' | 'hit' | 'refused' | 'solved'} Sound */
/** @typedef {{frequency: number, at: number, length: number, type?: OscillatorType, volume?: number, glideTo?: number}} Tone */

/** @type {Record<Sound, Tone[]>} each a handful of tones under half a second, quiet */
const SOUNDS = {
  // a checker set down on wood: a short, low knock
  step: [{ frequency: 320, at: 0, length: 0.06, type: 'triangle', volume: 0.35, glideTo: 180 }],
  // a blot sent to the bar: two knocks, the second lower
  hit: [{ frequency: 360, at: 0, length: 0.06, type: 'triangle', volume: 0.35, glideTo: 200 },
    { frequency: 220, at: 0.08, length: 0.09, type: 'triangle', volume: 0.3, glideTo: 110 }],
  // not allowed: a soft low double buzz
  refused: [{ frequency: 150, at: 0, length: 0.09, type: 'square', volume: 0.08 },
    { frequency: 130, at: 0.12, length: 0.11, type: 'square', volume: 0.08 }],
  // solved: three rising notes
  solved: [{ frequency: 523.25, at: 0, length: 0.12, type: 'sine', volume: 0.25 },
    { frequency: 659.25, at: 0.1, length: 0.12, type: 'sine', volume: 0.25 },
    { frequency: 783.99, at: 0.2, length: 0.25, type: 'sine', volume: 0.25 }],
};

/** @type {AudioContext | null} */
let context = null;

function audio() {
  if (!context) {
    const Context = window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (/** @type {unknown} */ (window)).webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/**
 * Plays ``kind`` if sounds are on (``always``: the settings page's «Послушать», asked for by the learner).
 * @param {Sound} kind @param {{always?: boolean, delay?: number}} [options] delay in seconds
 */
export function playSound(kind, { always = false, delay = 0 } = {}) {
  if ((!always && !soundOn()) || document.hidden || !SOUNDS[kind]) return;
  let ctx;
  try {
    ctx = audio();
  } catch {
    return; // audio refused by the browser: sounds are a nicety
  }
  if (!ctx) return;
  const start = ctx.currentTime + delay;
  for (const tone of SOUNDS[kind]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type || 'sine';
    oscillator.frequency.setValueAtTime(tone.frequency, start + tone.at);
    if (tone.glideTo) oscillator.frequency.exponentialRampToValueAtTime(tone.glideTo, start + tone.at + tone.length);
    // a quick fade in and out: no click at either end
    gain.gain.setValueAtTime(0.0001, start + tone.at);
    gain.gain.exponentialRampToValueAtTime(tone.volume || 0.2, start + tone.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.at + tone.length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + tone.at);
    oscillator.stop(start + tone.at + tone.length + 0.02);
  }
}

let listening = false;
/** @type {boolean | null} the preference, read once and again when it changes: not from storage at every step */
let on = null;

function soundOn() {
  if (on === null) {
    on = preferences().sound;
    window.addEventListener('nardy-preferences', () => {
      on = preferences().sound;
    });
  }
  return on;
}

/** Plays the sounds of what the page's boards and puzzles announce; once per visit. */
export function listenForSounds() {
  if (listening) return;
  listening = true;
  document.addEventListener('checker-moved', (event) => {
    playSound(/** @type {CustomEvent<{hit: boolean}>} */ (event).detail?.hit ? 'hit' : 'step');
  });
  document.addEventListener('mistake', () => playSound('refused'));
  document.addEventListener('puzzle-solved', () => playSound('solved'));
}
