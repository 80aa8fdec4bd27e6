export { IntegrationSelect } from './components/IntegrationSelect';
