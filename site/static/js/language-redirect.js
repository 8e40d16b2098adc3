// The site root sends a visitor to their language; the page itself links both, and a meta refresh covers
// browsers without JavaScript.
const preferred = (navigator.languages || [navigator.language || 'ru']).map((l) => String(l).toLowerCase());
const lang = preferred.find((l) => l.startsWith('ru') || l.startsWith('en')) || 'ru';
window.location.replace(lang.startsWith('en') ? 'en/' : 'ru/');
