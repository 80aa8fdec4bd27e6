export { PromptSelect } from './components/PromptSelect';
