// Where the site's own files are: every page says in <html data-root> how far it sits below the site root
// (an embed, a lesson and the home page differ), so a path from the build resolves the same from any of them.

/** An absolute URL for a path relative to the site root. @param {string} [path] @param {Document} [doc] */
export function siteURL(path = '', doc = document) {
  return new URL(path, new URL(doc.documentElement.dataset.root || './', doc.baseURI)).href;
}
