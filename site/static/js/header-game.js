// The site's header names one game as current and links to that game's course, puzzles and rules. A page
// that plays any game (the free board, /{lang}/play/?game=…) is written once with the default game's header;
// this points the header at the game on its board whenever that changes. The build marks what follows the
// board (templates/base.html: the games' folders, each link's section, each game's link); nothing here knows
// a game's name.

/** @param {string} game the game on the board (a game's value, as the board model and the address carry it) */
export function showGameInHeader(game) {
  const nav = /** @type {HTMLElement | null} */ (document.querySelector('[data-game-prefixes]'));
  if (!nav) return; // a page whose header has one game, or none (an embed)
  /** @type {Record<string, string>} the games' folders, as the build wrote them */
  const prefixes = JSON.parse(nav.dataset.gamePrefixes || '{}');
  if (!Object.hasOwn(prefixes, game)) return;
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('a[data-game-section]'))) {
    link.href = `${nav.dataset.gameBase || ''}${prefixes[game]}${link.dataset.gameSection || ''}`;
  }
  // the games' links, in the header's menu of games
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('a[data-game]'))) {
    if (link.dataset.game === game) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
  // the menu's button names the current game
  for (const name of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.game-menu-name[data-game]'))) {
    name.hidden = name.dataset.game !== game;
  }
}
