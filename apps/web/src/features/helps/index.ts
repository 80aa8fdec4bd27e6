export { HelpsSettingsTab } from './components/HelpsSettingsTab';
