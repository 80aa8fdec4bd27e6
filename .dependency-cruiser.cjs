/**
 * The layers of the code, kept by `npm run depcheck` (dependency-cruiser). Each rule names an
 * import that must not exist; any one found fails the check. Tests are left out: they sit on top
 * and may reach anything.
 *
 * Server, downhill: db, channels -> platform -> modules/<feature> -> modules/index.ts,
 * composition.ts, app.ts, main.ts. Features import each other only without circles.
 * Web: lib, components -> features (each through its index.ts) -> pages, app.
 */
const server = 'apps/server/src';
const web = 'apps/web/src';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two files that need each other (through any number of others). Move the shared part downhill.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },

    // Server
    {
      name: 'server-platform-below-modules',
      severity: 'error',
      comment: 'platform/ and db/ serve every feature and know none: move the type or function down, or let the composition root hand it in.',
      from: { path: `^${server}/(platform|db)/` },
      to: { path: `^${server}/(modules|composition\\.ts|app\\.ts|main\\.ts)` },
    },
    {
      name: 'server-channels-below-modules',
      severity: 'error',
      comment:
        'channels/ speak to WhatsApp; what the product does with an event is the modules\' business. ' +
        'A provider\'s own HTTP routes (the Cloud webhook) may answer with the platform\'s AppError.',
      from: { path: `^${server}/channels/` },
      to: { path: `^${server}/(modules|platform|composition\\.ts|app\\.ts|main\\.ts)`, pathNot: `^${server}/platform/errors\\.ts$` },
    },
    {
      name: 'server-no-circular-features',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two features that need each other. The exceptions, each kept to named files by the rules below: ' +
        'tickets and messages (the ticket transitions say the farewell through the outbound store), and ' +
        'contacts, tickets and messages (deleting a contact tells its tickets\' audience; a message event ' +
        'carries its contact as the contacts API answers it).',
      from: { path: `^${server}/modules/[^/]+$`, pathNot: `^${server}/modules/(tickets|messages|contacts)$` },
      to: { circular: true },
    },
    {
      name: 'server-tickets-reach-messages-once',
      severity: 'error',
      comment: 'Messages build on tickets; only the ticket transitions (farewell, rating request) store messages.',
      from: { path: `^${server}/modules/tickets/`, pathNot: `^${server}/modules/tickets/tickets\\.transitions\\.ts$` },
      to: { path: `^${server}/modules/messages/` },
    },
    {
      name: 'server-contacts-reach-tickets-once',
      severity: 'error',
      comment: 'Tickets build on contacts; deleting a contact only tells its tickets\' audience.',
      from: { path: `^${server}/modules/contacts/` },
      to: { path: `^${server}/modules/tickets/`, pathNot: `^${server}/modules/tickets/tickets\\.audience\\.ts$` },
    },
    {
      name: 'server-messages-read-contacts-data',
      severity: 'error',
      comment: 'Messages build on contacts; they only read and present a contact as data.',
      from: { path: `^${server}/modules/messages/` },
      to: { path: `^${server}/modules/contacts/`, pathNot: `^${server}/modules/contacts/contacts\\.(repository|presenter)\\.ts$` },
    },
    {
      name: 'server-top-of-the-hill',
      severity: 'error',
      comment: 'The seed, the bot and the route list are used by the composition root and main.ts only.',
      from: { path: `^${server}/(modules|platform|channels|db)/`, pathNot: `^${server}/modules/(seed|bot)/` },
      to: { path: `^${server}/modules/(seed/|bot/|index\\.ts)` },
    },

    // Web
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'components/ and lib/ are shared building blocks: they never import a feature.',
      from: { path: `^${web}/(components|lib)/` },
      to: { path: `^${web}/(features|pages|app)/` },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment: 'A feature reaches another feature only through that feature\'s index.ts.',
      from: { path: `^${web}/features/([^/]+)/` },
      to: { path: `^${web}/features/`, pathNot: [`^${web}/features/$1/`, `^${web}/features/[^/]+/index\\.tsx?$`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist)/', '\\.test\\.tsx?$', `^${server}/test/`, `^${web}/test/`] },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
