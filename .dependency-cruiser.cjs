/**
 * The layers of the code, kept by `npm run depcheck` (dependency-cruiser). A rule names the edge
 * that must not exist; every violation fails the check.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: two files (or two features) that each need the other. Move the shared part downhill.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-features',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist)/', '\\.test\\.tsx?$', '^apps/server/src/test/', '^apps/web/src/test/'] },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
