// The service worker: after the first visit the whole site (page, engine,
// rule sets) answers from the cache, so the page works offline.  The list
// of files and the version are written into this file when the site is
// built (tools/web-assets.mjs); it asks no other host for anything.
const VERSION = 'dev';
const FILES = ['./', 'index.html', 'app.js', 'game.js', 'i18n.js', 'share.js', 'engine.js', 'worker.js', 'style.css', 'manifest.webmanifest', 'icon.svg'];
const CACHE = 'dokoref-' + VERSION;

self.addEventListener('install', (ev) => {
	ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (ev) => {
	ev.waitUntil(caches.keys()
		.then((keys) => Promise.all(keys.filter((k) => k.startsWith('dokoref-') && k !== CACHE).map((k) => caches.delete(k))))
		.then(() => self.clients.claim()));
});

self.addEventListener('fetch', (ev) => {
	const url = new URL(ev.request.url);
	if (ev.request.method !== 'GET' || url.origin !== self.location.origin) return;
	ev.respondWith(caches.open(CACHE).then(async (c) => {
		const hit = await c.match(ev.request, { ignoreSearch: true });
		if (hit) return hit;
		const r = await fetch(ev.request);
		if (r.ok) c.put(ev.request, r.clone());
		return r;
	}));
});
