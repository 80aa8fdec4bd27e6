export { CompaniesTab } from './components/CompaniesTab';
export { PlansTab } from './components/PlansTab';
export { SubscriptionView } from './components/SubscriptionView';
