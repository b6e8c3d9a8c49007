// Zapier's CommonJS runtime loads `index.js` at the app's root: hand it the compiled app.
module.exports = require('./dist/index.js');
