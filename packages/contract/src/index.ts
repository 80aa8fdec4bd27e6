export * from './auth.js';
export * from './common.js';
export * from './companies.js';
export * from './connections.js';
export * from './constants.js';
export * from './contacts.js';
export * from './dashboard.js';
export * from './errors.js';
export * from './events.js';
export * from './messages.js';
export * from './permissions.js';
export * from './plans.js';
export * from './queues.js';
export * from './quick-messages.js';
export * from './schedules.js';
export * from './settings.js';
export * from './tags.js';
export * from './ticket-notes.js';
export * from './tickets.js';
export * from './tickets/visibility.js';
export * from './users.js';
export * from './kanban.js';

export * from './files.js';
export * from './prompts.js';

export * from './chats.js';

export * from './announcements.js';
export * from './helps.js';
export * from './platform.js';
export * from './contact-lists.js';
export * from './messages-api.js';
export * from './billing.js';
export * from './campaigns.js';
export * from './outgoing-webhooks.js';
export * from './queue-integrations.js';
