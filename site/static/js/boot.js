// Loaded with `async` from <head>: starts the Python worker while the rest of a long lesson page is still
// being parsed, instead of after it. app.js imports the same runtime.js module, so there is still one worker.
import { getRuntime } from './runtime.js';

if (document.documentElement.dataset.python === 'eager') {
  performance.mark('nardy:boot-start');
  getRuntime();
}
