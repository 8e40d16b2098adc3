// Spaced review: a puzzle the learner missed, solved with a hint or whose answer they saw comes back after
// 1, 3 and 7 days. Its schedule is a step and a due time, kept with its progress entry (progress.js, schema
// v2): a miss puts it on the first step, due a day later; a clean solve (three stars) once it is due moves it
// on a step; after the last step it leaves the queue. A clean solve before it is due changes nothing: the
// point of waiting is to remember after a pause.

/** days until the review of each step (step 1 waits a day, step 2 three, step 3 a week) */
export const INTERVAL_DAYS = [1, 3, 7];
export const LAST_STEP = INTERVAL_DAYS.length;
export const DAY_MS = 86_400_000;

/** @typedef {{step: number, due: number}} Schedule  step 0: not in the queue (due is then 0) */
/** @typedef {{lesson: string | null, solved: boolean, hints: number, stars: number, attempts: number, at: number} & Schedule} Entry */

export const NOT_QUEUED = Object.freeze({ step: 0, due: 0 });

/** A miss, a hint that led to the solve, or the answer seen: the first step, due a day later.
 * @param {number} now @returns {Schedule} */
export function afterMiss(now) {
  return { step: 1, due: now + INTERVAL_DAYS[0] * DAY_MS };
}

/**
 * The schedule after a solve that earned `stars`.
 * @param {Schedule} schedule @param {number} stars @param {number} now @returns {Schedule}
 */
export function afterSolve(schedule, stars, now) {
  if (stars < 3) return afterMiss(now);
  if (schedule.step === 0 || now < schedule.due) return { step: schedule.step, due: schedule.due };
  const step = schedule.step + 1;
  return step > LAST_STEP ? { ...NOT_QUEUED } : { step, due: now + INTERVAL_DAYS[step - 1] * DAY_MS };
}

/**
 * The schedule of an entry kept before reviews existed (schema v1): what went wrong then comes back now.
 * @param {{solved: boolean, hints: number, stars: number, attempts: number, at: number}} entry @returns {Schedule}
 */
export function fromHistory(entry) {
  return wentBadly(entry) ? { step: 1, due: entry.at + INTERVAL_DAYS[0] * DAY_MS } : { ...NOT_QUEUED };
}

/** What the record shows, schedule aside: solved with fewer than three stars, or tried and unsolved.
 * @param {{solved: boolean, hints: number, stars: number, attempts: number}} entry */
function wentBadly(entry) {
  return entry.solved ? entry.stars < 3 : entry.attempts > 0 || entry.hints > 0;
}

/**
 * The puzzles waiting for review, soonest first: those due by `now`, and the later ones.
 * @param {Record<string, Entry>} puzzles @param {number} now
 * @returns {{due: [string, Entry][], later: [string, Entry][]}}
 */
export function queue(puzzles, now) {
  const waiting = Object.entries(puzzles).filter(([, entry]) => entry.step > 0).sort((a, b) => a[1].due - b[1].due || (a[0] < b[0] ? -1 : 1));
  return { due: waiting.filter(([, entry]) => entry.due <= now), later: waiting.filter(([, entry]) => entry.due > now) };
}

/** Whether a puzzle went badly: in the queue, unsolved after tries, or solved with fewer than three stars.
 * @param {Entry} entry */
export function struggled(entry) {
  return entry.step > 0 || wentBadly(entry);
}

/** Whole days from `now` until `due`, at least 1 (for "in N days").
 * @param {number} due @param {number} now */
export function daysUntil(due, now) {
  return Math.max(1, Math.ceil((due - now) / DAY_MS));
}
