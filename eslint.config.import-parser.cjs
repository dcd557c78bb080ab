/**
 * The parser eslint-plugin-import uses to read the modules that `import/no-cycle` follows (its own
 * second parse of every file, `import/parsers` in eslint.config.js). The rule needs each module's
 * imports and exports only: this is typescript-estree's plain parse, without the scope analysis that
 * @typescript-eslint/parser adds and without tokens or comments (the plugin reads JSDoc from them; no rule
 * here uses it). ESLint's own parse of each file is unchanged.
 */
const { parse } = require('@typescript-eslint/typescript-estree');
const { visitorKeys } = require('@typescript-eslint/visitor-keys');

exports.parseForESLint = (code, options) => {
  const ast = parse(code, { ...options, tokens: false, comment: false });
  // ESLint's SourceCode, which the plugin builds over the tree, wants both arrays.
  return { ast: { ...ast, tokens: [], comments: [] }, visitorKeys };
};
