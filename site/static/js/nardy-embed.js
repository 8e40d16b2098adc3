// For site owners: put a puzzle of the course on your page, at the height it needs, and hear what happens in
// it. A classic script (no module: it loads from another site without CORS), documented on /{lang}/embedding/.
//
//   <nardy-puzzle puzzle="head-first-move" lang="ru" style="display:block;height:780px"></nardy-puzzle>
//   (without a height the element keeps about what a puzzle of its width needs until the puzzle says)
//   <nardy-puzzle board="pos=w%2F24%3A15%2F24%3A15&dice=6-5" lang="ru" …>  any position, on the free board
//   <script src="https://<this site>/static/js/nardy-embed.js" async></script>
//
// The element frames <site>/embed/<lang>/<puzzle>.html and keeps the frame exactly as tall as the puzzle
// (taller after a solve, shorter after a reset), so there is never a scrollbar inside it. It re-dispatches the
// puzzle's messages as events on itself (nardy:ready, nardy:move, nardy:solved, nardy:resize; `detail` is the
// message) and has two commands: reset() and setLang('ru' | 'en'). Messages are taken from its own frame and
// the site's origin only; commands are sent to the site's origin only, and the frame takes them from this
// page's origin only (the `host` the element names in the frame's address).
// Plain iframes of the same embeds that carry `data-nardy-embed` get the same height keeping.
(() => {
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!script || customElements.get('nardy-puzzle')) return;
  const site = new URL('../../', script.src); // this file is <site>/static/js/nardy-embed.js
  const ID = /^[a-z0-9][a-z0-9-]{0,80}$/;
  const LANGS = ['ru', 'en'];

  const BOARD_PARAMS = ['pos', 'dice', 'game', 'rules'];
  // a height below this is no height the page chose (an iframe's default is 150 px)
  const MIN_GIVEN_HEIGHT = 300;

  /** About as tall as a puzzle of this width is (measured: 700-780 px up to 480 px wide, 880-960 from 640 up).
   * @param {number} width @returns {number} */
  const expectedHeight = (width) => Math.round(Math.min(930, Math.max(720, 0.55 * width + 500)));

  /** The frame's address: the puzzle's embed page, or the free board's with a position (`board` is its query:
   * pos, dice, game, rules), told which origin may command it.
   * @param {string} puzzle @param {string} board @param {string} lang @returns {string | null} */
  const embedURL = (puzzle, board, lang) => {
    const folder = `embed/${LANGS.includes(lang) ? lang : 'ru'}/`;
    let url;
    if (ID.test(puzzle)) url = new URL(`${folder}${puzzle}.html`, site);
    else if (board) {
      url = new URL(`${folder}play.html`, site);
      const given = new URLSearchParams(board);
      for (const name of BOARD_PARAMS) if (given.get(name)) url.searchParams.set(name, String(given.get(name)));
    } else return null;
    if (window.location.origin !== 'null') url.searchParams.set('host', window.location.origin);
    return url.href;
  };

  /** Keeps `frame` as tall as its puzzle; calls `heard` with each message from it. Returns a function that stops.
   * @param {HTMLIFrameElement} frame @param {(data: {type: string, height?: number}) => void} heard */
  const follow = (frame, heard) => {
    /** @param {MessageEvent} event */
    const listener = (event) => {
      if (event.source !== frame.contentWindow || event.origin !== site.origin) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || typeof data.type !== 'string' || !data.type.startsWith('nardy:')) return;
      if (data.type === 'nardy:resize' && Number.isFinite(data.height) && data.height > 0 && data.height < 20000) {
        frame.style.height = `${Math.ceil(data.height)}px`;
      }
      heard(data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  };

  class NardyPuzzle extends HTMLElement {
    static get observedAttributes() {
      return ['puzzle', 'board', 'lang'];
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(':host { display: block; } iframe { display: block; width: 100%; height: 100%; border: 0; }');
      root.adoptedStyleSheets = [sheet];
      this.frame = document.createElement('iframe');
      this.frame.loading = 'lazy';
      root.append(this.frame);
      /** @type {(() => void) | null} */
      this.stop = null;
      /** @type {ResizeObserver | null} */
      this.guessing = null;
    }

    connectedCallback() {
      this.stop = follow(this.frame, (data) => {
        if (data.type === 'nardy:resize') {
          this.style.height = 'auto'; // the frame's own height rules from now on
          this.stopGuessing();
        }
        this.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true, composed: true }));
      });
      this.guessHeight();
      this.load();
    }

    disconnectedCallback() {
      if (this.stop) this.stop();
      this.stop = null;
      this.stopGuessing();
    }

    /** Where the page gave the element no height, the space a puzzle of its width takes is kept for it until
     * the puzzle says its own: a frame that grew from 150 px once scrolled into view moved the page by 600-780. */
    guessHeight() {
      if (this.style.height || this.getBoundingClientRect().height >= MIN_GIVEN_HEIGHT || typeof ResizeObserver === 'undefined') return;
      this.guessing = new ResizeObserver(() => {
        this.style.height = `${expectedHeight(this.getBoundingClientRect().width)}px`;
      });
      this.guessing.observe(this);
    }

    stopGuessing() {
      if (this.guessing) this.guessing.disconnect();
      this.guessing = null;
    }

    attributeChangedCallback() {
      if (this.isConnected) this.load();
    }

    load() {
      const puzzle = this.getAttribute('puzzle') || '';
      const src = embedURL(puzzle, this.getAttribute('board') || '', this.getAttribute('lang') || 'ru');
      if (!src) return;
      if (this.frame.src !== src) this.frame.src = src;
      this.frame.title = this.getAttribute('title') || puzzle;
    }

    /** Sets the puzzle back to its start. */
    reset() {
      this.command({ type: 'nardy:reset' });
    }

    /** Shows the same puzzle in the other language. @param {string} lang */
    setLang(lang) {
      if (LANGS.includes(lang)) this.setAttribute('lang', lang);
    }

    /** @param {object} message */
    command(message) {
      if (this.frame.contentWindow) this.frame.contentWindow.postMessage(message, site.origin);
    }
  }

  customElements.define('nardy-puzzle', NardyPuzzle);
  for (const frame of document.querySelectorAll('iframe[data-nardy-embed]')) {
    follow(/** @type {HTMLIFrameElement} */ (frame), () => {});
  }
})();
