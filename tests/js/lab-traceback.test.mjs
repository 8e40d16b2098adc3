import assert from 'node:assert/strict';
import { test } from 'node:test';

import { learnerTraceback } from '../../site/static/js/lab/traceback.js';

const RUNTIME_ERROR = `Traceback (most recent call last):
  File "/lib/python3.14/site-packages/_pyodide/_base.py", line 597, in eval_code_async
    await CodeRunner(
  File "main.py", line 7, in <module>
    total(3)
  File "main.py", line 4, in total
    return 1 / 0
           ~~^~~
ZeroDivisionError: division by zero`;

test('a runtime error keeps the program\'s frames and points at the line that raised', () => {
  const { traceback, line } = learnerTraceback(RUNTIME_ERROR);
  assert.equal(line, 4);
  assert.ok(!traceback.includes('_pyodide'));
  assert.ok(traceback.startsWith('Traceback (most recent call last):\n  File "main.py", line 7'));
  assert.ok(traceback.endsWith('ZeroDivisionError: division by zero'));
});

test('a syntax error points at its line', () => {
  const text = `Traceback (most recent call last):
  File "/lib/python3.14/site-packages/_pyodide/_base.py", line 591, in eval_code_async
    CodeRunner(
  File "main.py", line 2
    print("a"
         ^
SyntaxError: '(' was never closed`;
  const { traceback, line } = learnerTraceback(text);
  assert.equal(line, 2);
  assert.ok(traceback.startsWith('Traceback (most recent call last):\n  File "main.py", line 2'));
  assert.ok(traceback.endsWith("SyntaxError: '(' was never closed"));
});

test('an error outside the program keeps its last line only', () => {
  assert.deepEqual(learnerTraceback('Traceback:\n  File "x.py", line 1\nValueError: no'), { traceback: 'ValueError: no', line: null });
});
