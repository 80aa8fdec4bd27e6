export { WebhooksSettingsTab } from './components/WebhooksSettingsTab';
