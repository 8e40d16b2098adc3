// The header's menu of games (<details class="game-menu">, templates/base.html) closes as a menu does: on
// Escape, with the focus back on the current game, and on a click or a focus anywhere outside it. The listeners
// sit on the document, so a header swapped in by in-page navigation needs nothing more. Without JavaScript the
// menu still opens and closes from its own summary.

/** @returns {HTMLDetailsElement[]} the open menus (one header, one menu; none on an embed) */
function openMenus() {
  return [.../** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll('details.game-menu[open]'))];
}

/** Close the open menus that do not hold ``target`` (every one for null). @param {EventTarget | null} target */
function closeOutside(target) {
  for (const menu of openMenus()) {
    if (!(target instanceof Node) || !menu.contains(target)) menu.open = false;
  }
}

export function listenForGameMenu() {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      const summary = /** @type {HTMLElement | null} */ (menu.querySelector('summary'));
      if (summary) summary.focus();
    }
  });
  document.addEventListener('click', (event) => closeOutside(event.target));
  document.addEventListener('focusin', (event) => closeOutside(event.target));
}
