// Runtime configuration, read by the web app at start. Self-hosters may edit this file
// after the build, for example to point the app at an API on another address:
//   window.__SHAREBIN_CONFIG__ = { apiBaseUrl: 'https://paste.example.com' };
window.__SHAREBIN_CONFIG__ = window.__SHAREBIN_CONFIG__ || {};
