// Debian's Chromium as the browser test and the README's screenshots start it (playwright-core drives it).
export const CHROMIUM = '/usr/bin/chromium';
/** As this machine's notes say Chromium must start here: no network of its own, a fresh profile. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
