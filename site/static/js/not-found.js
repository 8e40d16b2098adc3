// The 404 page's only script, written inline into 404.html (allowed by its hash: builder/pages.py
// with_inline_script). A host serves 404.html for a missing path at any depth, and the site may live in a
// subfolder (a project page of a code host: <user>.<host>/nardy/), so no address written in the page is right for sure.
// This finds the site's root, the folder of the missing path that holds the build's manifest, and points the
// page's links, style and icon there; until it answers (or without it) they point at the host's root.
(async () => {
  const folders = (window.location.pathname.match(/[^/]+(?=\/)/g) || []); // the path's folders, not its file
  const languages = (document.documentElement.dataset.languages || '').split(' ');
  // the folder just above a language (…/ru/lessons/x/) first: most often the only question asked
  const language = folders.findIndex((name) => languages.includes(name));
  const depths = [...new Set([...(language >= 0 ? [language] : []), ...folders.map((_, i) => folders.length - i), 0])];
  for (const depth of depths) {
    const root = `/${folders.slice(0, depth).map((name) => `${name}/`).join('')}`;
    try {
      const answer = await fetch(`${root}build-manifest.json`, { cache: 'no-store' });
      const manifest = answer.ok ? await answer.json() : null;
      if (!manifest || typeof manifest.version !== 'string') continue;
      for (const element of document.querySelectorAll('[data-from-root]')) {
        element.setAttribute('href', root + (element.getAttribute('data-from-root') || ''));
      }
      document.documentElement.dataset.root = root;
      return;
    } catch {
      // not this folder (a network error, an answer that is not JSON): try the next one up
    }
  }
})();
